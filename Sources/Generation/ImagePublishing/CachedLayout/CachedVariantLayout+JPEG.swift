extension CachedVariantLayout {
    /// The scans libjpeg's progressive script writes (`jpeg_simple_progression`), each as its
    /// header after the length: the component count, each component's number and table
    /// selectors, then the spectral selection and the successive approximation.
    static let progressiveScans: [Int: [[UInt8]]] = [
        3: [
            [3, 1, 0x00, 2, 0x10, 3, 0x10, 0, 0, 0x01], [1, 1, 0x00, 1, 5, 0x02], [1, 3, 0x01, 1, 63, 0x01], [1, 2, 0x01, 1, 63, 0x01],
            [1, 1, 0x00, 6, 63, 0x02], [1, 1, 0x00, 1, 63, 0x21], [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0x10], [1, 3, 0x01, 1, 63, 0x10],
            [1, 2, 0x01, 1, 63, 0x10], [1, 1, 0x00, 1, 63, 0x10],
        ],
        1: [
            [1, 1, 0x00, 0, 0, 0x01], [1, 1, 0x00, 1, 5, 0x02], [1, 1, 0x00, 6, 63, 0x02], [1, 1, 0x00, 1, 63, 0x21], [1, 1, 0x00, 0, 0, 0x10],
            [1, 1, 0x00, 1, 63, 0x10],
        ],
    ]

    /// The build's JPEG, as libjpeg writes it progressive for libvips: its quantization tables
    /// (one per segment, 8-bit, 0 then 1), a progressive frame (SOF2) of the listed size whose
    /// components are grey, or YCbCr with the luma sampled at 2×2 or 1×1 and the chroma at
    /// 1×1, then Huffman tables and scans in libjpeg's script, then the end. Component numbers,
    /// sampling factors and a scan script of extra or empty scans are all fields libjpeg reads
    /// without a word. Its quantization tables are those libjpeg writes at the build's quality
    /// (`reference`, each table's 65 bytes), its Huffman tables ones libjpeg makes optimal
    /// (``huffmanTablesProblem(_:)``).
    static func jpegProblem(_ jpeg: [UInt8], width: Int, height: Int, quantization reference: [[UInt8]]) -> String? {
        var offset = 2
        var quantization: [UInt8] = []
        var components: Int?
        var scans: [[UInt8]] = []
        var symbolUse: JPEGSymbolUse?
        var definedTables: [UInt8] = []
        while offset + 2 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            if marker == 0xD9 {
                guard offset + 2 == jpeg.count, let components, scans == progressiveScans[components] else {
                    return "has scans other than libjpeg's progressive script"
                }
                guard let symbolUse, symbolUse.tables.allSatisfy({ !$0.uses.contains(0) }) else {
                    return "has Huffman symbols its data never reaches"
                }
                guard symbolUse.tables.allSatisfy(\.isOptimal) else {
                    return "has a Huffman table other than the one libjpeg makes for what its scans read"
                }
                return nil
            }
            guard let length = jpeg.bigEndianInteger(at: offset + 2, size: 2), length >= 2, offset + 2 + length <= jpeg.count else {
                return "ends inside a segment"
            }
            let data = offset + 4
            switch marker {
            case 0xDB where components == nil:
                // One table, 8-bit, numbered 0 then 1.
                guard length == 67, jpeg[data] == UInt8(quantization.count), quantization.count < reference.count,
                    jpeg[data..<data + 65].elementsEqual(reference[quantization.count])
                else { return "has quantization tables other than the build's at its quality" }
                quantization.append(jpeg[data])
            case 0xC2 where components == nil:
                if let problem = jpegFrameProblem(jpeg, at: data, length: length, tables: quantization.count, width: width, height: height) {
                    return problem
                }
                components = Int(jpeg[data + 5])
                symbolUse = JPEGSymbolUse(
                    width: width, height: height,
                    sampling: (0..<Int(jpeg[data + 5])).map { index in
                        let component = data + 6 + 3 * index
                        return (jpeg[component], Int(jpeg[component + 1] >> 4), Int(jpeg[component + 1] & 0x0F))
                    })
            case 0xC4 where components != nil:
                if let problem = huffmanTablesProblem(jpeg[data..<offset + 2 + length]) { return problem }
                // One table a segment (libjpeg's emit_dht), its class and number.
                guard length == 19 + jpeg[data + 1..<data + 17].reduce(0, { $0 + Int($1) }) else {
                    return "has Huffman table segments other than libjpeg's, one table each"
                }
                definedTables.append(jpeg[data])
                symbolUse?.define(jpeg[data..<offset + 2 + length])
            case 0xDA where components != nil:
                let header = Array(jpeg[data..<data + length - 2])
                // Each scan is the script's next, before its data is read, after the tables it
                // uses, each once, in the order of its components, as libjpeg sends them.
                guard let components, let script = progressiveScans[components], scans.count < script.count, script[scans.count] == header else {
                    return "has scans other than libjpeg's progressive script"
                }
                guard definedTables == tablesSent(before: header) else {
                    return "has Huffman tables other than those each scan uses, before it"
                }
                definedTables = []
                scans.append(header)
                // The scan's data, up to the next marker that is no stuffed byte: its codes
                // must end in its last byte, the rest of which libjpeg fills with 1 bits.
                var next = offset + 2 + length
                while next + 1 < jpeg.count, !(jpeg[next] == 0xFF && jpeg[next + 1] != 0) { next += 1 }
                guard symbolUse?.readScan(header: header, data: offset + 2 + length, end: next, in: jpeg) == true else {
                    return "has scan data other than its codes, or codes its Huffman tables do not decode"
                }
                offset = next
                continue
            default:
                return "has a segment (0x\(String(marker, radix: 16, uppercase: true))) where the build's JPEG has none"
            }
            offset += 2 + length
        }
        return "ends before its end marker"
    }

    /// The Huffman tables libjpeg sends before the scan of `header` (each as its class and
    /// number): a DC first scan's DC tables, an AC scan's AC table, each once, in the order of
    /// the scan's components; none before a DC refinement, which reads bits without a table.
    static func tablesSent(before header: [UInt8]) -> [UInt8] {
        let count = Int(header[0])
        let (start, refining) = (header[1 + 2 * count], header[3 + 2 * count] >> 4 != 0)
        if start == 0 && refining { return [] }
        var sent: [UInt8] = []
        for index in 0..<count {
            let selectors = header[2 + 2 * index]
            let table = start == 0 ? selectors >> 4 : 0x10 | selectors & 0x0F
            if !sent.contains(table) { sent.append(table) }
        }
        return sent
    }

    /// Why the Huffman tables in `tables` (a segment's data) cannot be ones libjpeg makes
    /// optimal (`jpeg_gen_optimal_table`), before their scans are read: each a table of its
    /// class (DC or AC) numbered 0 or 1, its symbols distinct and valid for its class, and its
    /// codes filling the code space but for the all-ones code of one length at least its
    /// longest, which libjpeg keeps free. Whether they are exactly libjpeg's for what the scans
    /// read is ``JPEGOptimalTable``'s to say, once they are read.
    static func huffmanTablesProblem(_ tables: ArraySlice<UInt8>) -> String? {
        var offset = tables.startIndex
        while offset < tables.endIndex {
            guard tables.endIndex - offset >= 17, tables[offset] & 0xEE == 0 else { return "has a Huffman table other than the build's" }
            let isDC = tables[offset] & 0x10 == 0
            let counts = tables[offset + 1..<offset + 17].map(Int.init)
            let total = counts.reduce(0, +)
            guard tables.endIndex - offset - 17 >= total else { return "has a Huffman table other than the build's" }
            var symbols = offset + 17
            var seen = Set<UInt8>()
            for count in counts {
                let ofLength = tables[symbols..<symbols + count]
                guard ofLength.allSatisfy({ (isDC ? $0 <= 11 : $0 & 0x0F <= 10) && seen.insert($0).inserted }) else {
                    return "has a Huffman table other than libjpeg's optimal ones"
                }
                symbols += count
            }
            // In 65,536ths of the code space: what the codes leave free.
            let free = 65_536 - counts.enumerated().reduce(0) { $0 + $1.element << (15 - $1.offset) }
            let longest = (counts.lastIndex(where: { $0 > 0 }) ?? 0) + 1
            guard total > 0, free > 0, free & (free - 1) == 0, free <= 1 << (16 - longest) else {
                return "has a Huffman table other than libjpeg's optimal ones"
            }
            offset = symbols
        }
        return nil
    }

    /// Why the progressive frame header at `data` (`length` with its length field) is not the
    /// build's.
    private static func jpegFrameProblem(_ jpeg: [UInt8], at data: Int, length: Int, tables: Int, width: Int, height: Int) -> String? {
        let count = Int(jpeg[data + 5])
        guard jpeg[data] == 8, jpeg.bigEndianInteger(at: data + 1, size: 2) == height, jpeg.bigEndianInteger(at: data + 3, size: 2) == width,
            length == 8 + 3 * count, count == tables * 2 - 1
        else { return "has a frame header other than the build's" }
        // Grey: component 1, 1×1, table 0. YCbCr: 1 (2×2 or 1×1, table 0), 2 and 3 (1×1, table 1).
        let expected: [[UInt8]] = count == 1 ? [[1, 0x11, 0]] : [[1, jpeg[data + 7], 0], [2, 0x11, 1], [3, 0x11, 1]]
        let given = (0..<count).map { Array(jpeg[data + 6 + 3 * $0..<data + 9 + 3 * $0]) }
        guard given == expected, [0x11, 0x22].contains(jpeg[data + 7]) else { return "has frame components other than the build's" }
        return nil
    }
}
