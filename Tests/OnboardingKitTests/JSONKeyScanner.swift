/// Reads JSON text as a strict reader would and lists the keys some object holds twice.
/// Foundation's `JSONSerialization` keeps one of two equal keys without a word, so it cannot
/// tell; this reads only as much of JSON as that needs: nesting, strings (escapes decoded, so
/// `"d\u0065fault"` is `default`), and skips every other value.
struct JSONKeyScanner {
    enum Failure: Error, Equatable {
        case malformed(offset: Int)
    }

    /// Each key given twice in one object, with the path of keys to that object.
    static func duplicateKeys(in text: String) throws(Failure) -> [String] {
        var scanner = JSONKeyScanner(scalars: Array(text.unicodeScalars))
        var duplicates: [String] = []
        try scanner.value(path: "$", duplicates: &duplicates)
        scanner.skipWhitespace()
        guard scanner.offset == scanner.scalars.count else { throw .malformed(offset: scanner.offset) }
        return duplicates
    }

    private let scalars: [Unicode.Scalar]
    private var offset = 0

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private mutating func value(path: String, duplicates: inout [String]) throws(Failure) {
        skipWhitespace()
        guard offset < scalars.count else { throw .malformed(offset: offset) }
        switch scalars[offset] {
        case "{":
            offset += 1
            var keys: Set<[Unicode.Scalar]> = []
            skipWhitespace()
            if take("}") { return }
            repeat {
                skipWhitespace()
                let key = try string()
                if !keys.insert(key).inserted { duplicates.append(path + "." + String(String.UnicodeScalarView(key))) }
                skipWhitespace()
                try expect(":")
                try value(path: path + "." + String(String.UnicodeScalarView(key)), duplicates: &duplicates)
                skipWhitespace()
            } while take(",")
            try expect("}")
        case "[":
            offset += 1
            skipWhitespace()
            if take("]") { return }
            var index = 0
            repeat {
                try value(path: path + "[\(index)]", duplicates: &duplicates)
                index += 1
                skipWhitespace()
            } while take(",")
            try expect("]")
        case "\"":
            _ = try string()
        default:
            // A number, true, false or null: what it is does not matter here.
            let start = offset
            while offset < scalars.count, !",]} \n\r\t".unicodeScalars.contains(scalars[offset]) { offset += 1 }
            guard offset > start else { throw .malformed(offset: offset) }
        }
    }

    /// A string's scalars, escapes decoded (a surrogate pair as its one scalar).
    private mutating func string() throws(Failure) -> [Unicode.Scalar] {
        try expect("\"")
        var result: [Unicode.Scalar] = []
        while offset < scalars.count {
            let scalar = scalars[offset]
            offset += 1
            switch scalar {
            case "\"": return result
            case "\\":
                guard offset < scalars.count else { throw .malformed(offset: offset) }
                let escaped = scalars[offset]
                offset += 1
                switch escaped {
                case "\"", "\\", "/": result.append(escaped)
                case "b": result.append("\u{8}")
                case "f": result.append("\u{C}")
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "u":
                    var code = try hexQuad()
                    if (0xD800..<0xDC00).contains(code), take("\\"), take("u") {
                        code = 0x10000 + ((code - 0xD800) << 10) + (try hexQuad() - 0xDC00)
                    }
                    guard let decoded = Unicode.Scalar(code) else { throw .malformed(offset: offset) }
                    result.append(decoded)
                default: throw .malformed(offset: offset)
                }
            default: result.append(scalar)
            }
        }
        throw .malformed(offset: offset)
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard offset + 4 <= scalars.count,
            let code = UInt32(String(String.UnicodeScalarView(scalars[offset..<offset + 4])), radix: 16)
        else { throw .malformed(offset: offset) }
        offset += 4
        return code
    }

    private mutating func skipWhitespace() {
        while offset < scalars.count, " \n\r\t".unicodeScalars.contains(scalars[offset]) { offset += 1 }
    }

    private func peek(_ scalar: Unicode.Scalar) -> Bool {
        offset < scalars.count && scalars[offset] == scalar
    }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek(scalar) else { return false }
        offset += 1
        return true
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(Failure) {
        guard take(scalar) else { throw .malformed(offset: offset) }
    }
}
