/// The Huffman table libjpeg makes for symbols read so often (`jpeg_gen_optimal_table`, in
/// jchuff.c, which its progressive encoder calls for each scan when it optimizes its coding):
/// the code lengths a Huffman tree gives them with a reserved symbol of count 1 (so that no
/// code is all ones), limited to 16 bits, the reserved one taken out; the symbols in order of
/// their length before that limit, then of value. A cached JPEG's tables must be exactly these
/// for the counts its own scans read: tables whose symbols were given other lengths, and the
/// data coded again with them, decoded to the same picture and carried 35 bytes.
///
/// Written by hand, as libjpeg's: libjpeg keeps the function inside its encoder.
enum JPEGOptimalTable {
    /// The number of codes of each length from 1 to 16, and the symbols in code order, for
    /// `uses[symbol]` reads of each symbol (0 to 255).
    static func table(for uses: [Int]) -> (counts: [Int], symbols: [UInt8]) {
        var frequency = uses + [1]  // the reserved symbol, 256
        var codeSize = [Int](repeating: 0, count: 257)
        var others = [Int](repeating: -1, count: 257)
        // The smallest nonzero frequency but `excluded`; of equal ones, the largest symbol.
        func smallest(excluding excluded: Int) -> Int {
            var found = -1
            var value = Int.max
            for symbol in 0...256 where frequency[symbol] > 0 && frequency[symbol] <= value && symbol != excluded {
                value = frequency[symbol]
                found = symbol
            }
            return found
        }
        while true {
            var first = smallest(excluding: -1)
            var second = smallest(excluding: first)
            if second < 0 { break }
            frequency[first] += frequency[second]
            frequency[second] = 0
            // Every symbol in each branch one bit longer, the second branch joined to the first.
            codeSize[first] += 1
            while others[first] >= 0 {
                first = others[first]
                codeSize[first] += 1
            }
            others[first] = second
            codeSize[second] += 1
            while others[second] >= 0 {
                second = others[second]
                codeSize[second] += 1
            }
        }
        var lengths = [Int](repeating: 0, count: 33)
        for symbol in 0...256 where codeSize[symbol] > 0 { lengths[min(codeSize[symbol], 32)] += 1 }
        // Codes longer than 16 bits: a pair of them made one shorter, a shorter one split.
        for length in stride(from: 32, to: 16, by: -1) {
            while lengths[length] > 0 {
                var shorter = length - 2
                while shorter > 0 && lengths[shorter] == 0 { shorter -= 1 }
                guard shorter > 0 else { break }
                lengths[length] -= 2
                lengths[length - 1] += 1
                lengths[shorter + 1] += 2
                lengths[shorter] -= 1
            }
        }
        // The reserved symbol's code, one of the longest.
        var longest = 16
        while longest > 0 && lengths[longest] == 0 { longest -= 1 }
        if longest > 0 { lengths[longest] -= 1 }
        var symbols: [UInt8] = []
        for length in 1...32 {
            for symbol in 0...255 where codeSize[symbol] == length { symbols.append(UInt8(symbol)) }
        }
        return (Array(lengths[1...16]), symbols)
    }
}
