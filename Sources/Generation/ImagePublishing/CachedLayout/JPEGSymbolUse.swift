/// Which symbols of a progressive JPEG's Huffman tables its scans' data reaches, read as a
/// decoder reads them. libjpeg's optimal tables (`jpeg_gen_optimal_table`) hold the symbols its
/// scans use and no other: a table padded with symbols after the used ones, which canonical codes
/// put where no code in the data reaches, decoded as before in both browsers and carried 57
/// bytes in a small picture. Only the Huffman coding is followed, not the coefficients' values:
/// which coefficients are already nonzero, as a refinement scan needs to know.
///
/// Written by hand: libjpeg, which decodes these files, tells no one which symbols it read.
struct JPEGSymbolUse {
    /// A Huffman table as a decoder reads it, and how often each of its symbols was read.
    final class Table {
        let counts: [Int]
        let symbols: [UInt8]
        /// For each length from 1 to 16: the largest code of that length (-1 for none), and
        /// where its codes' symbols start in `symbols`, less the length's first code.
        private var largestCode = [Int](repeating: -1, count: 17)
        private var firstSymbol = [Int](repeating: 0, count: 17)
        private(set) var uses: [Int]

        init(counts: [Int], symbols: [UInt8]) {
            self.counts = counts
            self.symbols = symbols
            uses = [Int](repeating: 0, count: symbols.count)
            var code = 0
            var index = 0
            for length in 1...16 {
                let count = counts[length - 1]
                if count > 0 {
                    firstSymbol[length] = index - code
                    code += count
                    index += count
                    largestCode[length] = code - 1
                }
                code <<= 1
            }
        }

        /// Whether the table is the one libjpeg makes for the symbols read with it.
        var isOptimal: Bool {
            var reads = [Int](repeating: 0, count: 256)
            for (symbol, count) in zip(symbols, uses) { reads[Int(symbol)] += count }
            let optimal = JPEGOptimalTable.table(for: reads)
            return optimal.counts == counts && optimal.symbols == symbols
        }

        /// The next symbol in `bits`, counted; `nil` when no code of 16 bits or less is one.
        func decode(_ bits: inout BitReader) -> UInt8? {
            var code = 0
            for length in 1...16 {
                code = code << 1 | bits.bit()
                if code <= largestCode[length] {
                    let index = firstSymbol[length] + code
                    guard symbols.indices.contains(index) else { return nil }
                    uses[index] += 1
                    return symbols[index]
                }
            }
            return nil
        }
    }

    /// The bits of a scan's data, its stuffed zero bytes taken out; zeros after its end, as
    /// libjpeg reads them.
    struct BitReader {
        let bytes: [UInt8]
        var offset: Int
        private var byte = 0
        private var left = 0

        init(_ bytes: [UInt8], from offset: Int) {
            self.bytes = bytes
            self.offset = offset
        }

        mutating func bit() -> Int {
            if left == 0 {
                byte = 0
                if offset < bytes.count, !(bytes[offset] == 0xFF && offset + 1 < bytes.count && bytes[offset + 1] != 0) {
                    byte = Int(bytes[offset])
                    offset += bytes[offset] == 0xFF ? 2 : 1
                }
                left = 8
            }
            left -= 1
            return byte >> left & 1
        }

        /// Whether the bits read end in the byte before `end`, the rest of that byte 1 bits.
        func endsWithPadding(at end: Int) -> Bool {
            offset == end && (left == 0 || byte & (1 << left - 1) == 1 << left - 1)
        }

        mutating func bits(_ count: Int) -> Int {
            (0..<count).reduce(0) { value, _ in value << 1 | bit() }
        }
    }

    /// A frame component: its sampling factors and its blocks' grid in a scan of it alone.
    struct Component {
        let id: UInt8
        let horizontal: Int
        let vertical: Int
        let blocksAcross: Int
        let blocksDown: Int
    }

    let components: [Component]
    let maximumHorizontal: Int
    let maximumVertical: Int
    let width: Int
    let height: Int
    /// The DC and AC tables now defined, by number.
    private var dcTables: [Int: Table] = [:]
    private var acTables: [Int: Table] = [:]
    /// Every table defined, in order.
    private(set) var tables: [Table] = []
    /// For each component (by index) and block, its coefficients (by zigzag index) nonzero.
    private var nonzero: [[UInt64]]

    /// The decoding of a frame of `width`×`height` whose components have these sampling
    /// factors (horizontal, vertical), by number.
    init(width: Int, height: Int, sampling: [(id: UInt8, horizontal: Int, vertical: Int)]) {
        self.width = width
        self.height = height
        maximumHorizontal = sampling.map(\.horizontal).max() ?? 1
        maximumVertical = sampling.map(\.vertical).max() ?? 1
        let (across, down) = (maximumHorizontal, maximumVertical)
        components = sampling.map { component in
            let columns = (width * component.horizontal + across - 1) / across
            let rows = (height * component.vertical + down - 1) / down
            return Component(
                id: component.id, horizontal: component.horizontal, vertical: component.vertical, blocksAcross: (columns + 7) / 8,
                blocksDown: (rows + 7) / 8)
        }
        nonzero = components.map { [UInt64](repeating: 0, count: $0.blocksAcross * $0.blocksDown) }
    }

    /// Reads the tables of a DHT segment's data (already checked whole).
    mutating func define(_ segment: ArraySlice<UInt8>) {
        var offset = segment.startIndex
        while offset + 17 <= segment.endIndex {
            let counts = segment[offset + 1..<offset + 17].map(Int.init)
            let total = counts.reduce(0, +)
            guard offset + 17 + total <= segment.endIndex else { return }
            let table = Table(counts: counts, symbols: Array(segment[offset + 17..<offset + 17 + total]))
            tables.append(table)
            if segment[offset] & 0x10 == 0 { dcTables[Int(segment[offset] & 0x0F)] = table } else { acTables[Int(segment[offset] & 0x0F)] = table }
            offset += 17 + total
        }
    }

    /// Reads the scan whose header (after its length) is `header` and whose data runs from
    /// `data` to `end` in `jpeg`; `false` when a code is none of its tables', or when its codes
    /// do not end in its last byte with the rest of it 1 bits, as libjpeg ends a scan. Bytes
    /// after the codes, which libjpeg reads ahead and drops without a warning, carried a
    /// message of 7 bytes a scan.
    mutating func readScan(header: [UInt8], data: Int, end: Int, in jpeg: [UInt8]) -> Bool {
        var bits = BitReader(jpeg, from: data)
        guard readCodes(header: header, bits: &bits) else { return false }
        return bits.endsWithPadding(at: end)
    }

    private mutating func readCodes(header: [UInt8], bits: inout BitReader) -> Bool {
        let count = Int(header[0])
        let selected: [(component: Int, dc: Int, ac: Int)] = (0..<count).compactMap { index in
            guard let component = components.firstIndex(where: { $0.id == header[1 + 2 * index] }) else { return nil }
            return (component, Int(header[2 + 2 * index] >> 4), Int(header[2 + 2 * index] & 0x0F))
        }
        guard selected.count == count else { return false }
        let start = Int(header[1 + 2 * count])
        let end = Int(header[2 + 2 * count])
        let refining = header[3 + 2 * count] >> 4 != 0
        if start == 0 {
            return readDC(selected, refining: refining, bits: &bits)
        }
        guard count == 1, let table = acTables[selected[0].ac] else { return false }
        let component = selected[0].component
        var run = 0  // blocks left in an end-of-band run
        for block in nonzero[component].indices {
            var coefficients = nonzero[component][block]
            if refining {
                guard refine(&coefficients, start: start, end: end, run: &run, table: table, bits: &bits) else { return false }
            } else if run > 0 {
                run -= 1
            } else {
                var index = start
                while index <= end {
                    guard let symbol = table.decode(&bits) else { return false }
                    let (zeros, size) = (Int(symbol >> 4), Int(symbol & 0x0F))
                    if size == 0 {
                        if zeros < 15 {
                            run = (1 << zeros) - 1 + bits.bits(zeros)
                            break
                        }
                        index += 16
                        continue
                    }
                    index += zeros
                    _ = bits.bits(size)
                    if index <= 63 { coefficients |= 1 << UInt64(index) }
                    index += 1
                }
            }
            nonzero[component][block] = coefficients
        }
        // libjpeg ends a scan's last end-of-band run at its last block: a run counted past it
        // carried its extra bits (up to 14 a scan).
        return run == 0
    }

    /// A DC scan of the `selected` components: every block of each, in MCUs when the scan has
    /// several. There an MCU at the picture's right or bottom edge holds blocks outside it,
    /// which decoders decode and no one draws: libjpeg gives each the DC value of the block
    /// before it, so that its difference is 0 and its refinement bit that block's. A dummy
    /// block holding anything else carried 27 bytes in a 300×200 picture.
    private func readDC(_ selected: [(component: Int, dc: Int, ac: Int)], refining: Bool, bits: inout BitReader) -> Bool {
        // Each block in order: its component and whether it lies outside the picture.
        var blocks: [(component: Int, table: Int, outside: Bool)] = []
        if selected.count == 1 {
            let component = components[selected[0].component]
            blocks = Array(repeating: (selected[0].component, selected[0].dc, false), count: component.blocksAcross * component.blocksDown)
        } else {
            let across = (width + 8 * maximumHorizontal - 1) / (8 * maximumHorizontal)
            let down = (height + 8 * maximumVertical - 1) / (8 * maximumVertical)
            for row in 0..<down {
                for column in 0..<across {
                    for entry in selected {
                        let component = components[entry.component]
                        for y in 0..<component.vertical {
                            for x in 0..<component.horizontal {
                                let outside =
                                    column * component.horizontal + x >= component.blocksAcross || row * component.vertical + y >= component.blocksDown
                                blocks.append((entry.component, entry.dc, outside))
                            }
                        }
                    }
                }
            }
        }
        var lastBit = [Int](repeating: 0, count: components.count)
        for block in blocks {
            if refining {
                let bit = bits.bit()
                if block.outside && bit != lastBit[block.component] { return false }
                lastBit[block.component] = bit
            } else {
                guard let table = dcTables[block.table], let size = table.decode(&bits), !block.outside || size == 0 else { return false }
                _ = bits.bits(Int(size))
            }
        }
        return true
    }

    /// One block of an AC refinement scan (libjpeg's `decode_mcu_AC_refine`), its coefficients
    /// nonzero before in `coefficients`.
    private func refine(_ coefficients: inout UInt64, start: Int, end: Int, run: inout Int, table: Table, bits: inout BitReader) -> Bool {
        var index = start
        if run == 0 {
            while index <= end {
                guard let symbol = table.decode(&bits) else { return false }
                var zeros = Int(symbol >> 4)
                let size = Int(symbol & 0x0F)
                if size != 0 {
                    guard size == 1 else { return false }
                    _ = bits.bit()  // its sign
                } else if zeros != 15 {
                    run = (1 << zeros) + bits.bits(zeros)
                    break
                }
                // Past `zeros` coefficients still zero, each nonzero one on the way corrected.
                while index <= end {
                    if coefficients >> UInt64(index) & 1 == 1 {
                        _ = bits.bit()
                    } else {
                        if zeros == 0 { break }
                        zeros -= 1
                    }
                    index += 1
                }
                if size != 0, index <= end { coefficients |= 1 << UInt64(index) }
                index += 1
            }
        }
        if run > 0 {
            // The rest of the band: a correction bit for each coefficient nonzero before.
            while index <= end {
                if coefficients >> UInt64(index) & 1 == 1 { _ = bits.bit() }
                index += 1
            }
            run -= 1
        }
        return true
    }
}
