/// A JSON value whose objects keep their keys in the order given, so that documents such as the
/// manifest come out with the key order of the spec, byte for byte the same on every run. An
/// object is a ``JSONObject``, which holds each key once: no document written from a value can
/// have a duplicate key.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number with a fraction, written exactly: `units` × 10^-`places` (`decimal(453,
    /// places: 2)` is `4.53`), so that the text is the same on every platform.
    case decimal(Int, places: Int)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.decimal(let a, let aPlaces), .decimal(let b, let bPlaces)): a == b && aPlaces == bPlaces
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rendered(pretty: false))
    }

    /// The JSON text: pretty-printed with two-space indentation and a final newline, or compact.
    public func rendered(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, indent: pretty ? 0 : nil)
        if pretty { output += "\n" }
        return output
    }

    private func write(to output: inout String, indent: Int?) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .decimal(let units, let places): output += JSONValue.decimalText(units, places: places)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let items):
            writeContainer(items.map { (nil, $0) }, open: "[", close: "]", to: &output, indent: indent)
        case .object(let object):
            writeContainer(object.members.map { ($0.key, $0.value) }, open: "{", close: "}", to: &output, indent: indent)
        }
    }

    private func writeContainer(
        _ members: [(String?, JSONValue)], open: String, close: String, to output: inout String, indent: Int?
    ) {
        output += open
        guard !members.isEmpty else {
            output += close
            return
        }
        let inner = indent.map { $0 + 2 }
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { output += "," }
            if let inner { output += "\n" + String(repeating: " ", count: inner) }
            if let key {
                JSONValue.writeString(key, to: &output)
                output += indent == nil ? ":" : ": "
            }
            value.write(to: &output, indent: inner)
        }
        if let indent { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

    /// Escapes for JSON and also `<`, `>`, `&` and U+2028/U+2029, so that the text is safe inside
    /// an HTML `<script>` element as well (`</script>` cannot end it early); and every other
    /// control or bidi character, which JSON allows as it is, so that JSON printed on a terminal
    /// cannot rewrite it (a C1 CSI) or reorder the text (the value read back is the same).
    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                output += unicodeEscape(scalar.value)
            default:
                if scalar.isControlOrBidiControl {
                    output += unicodeEscape(scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    /// `units` with a point `places` digits from the right: `453, 2` is `4.53`, `-5, 2` is `-0.05`.
    private static func decimalText(_ units: Int, places: Int) -> String {
        guard places > 0 else { return String(units) }
        let digits = String(units.magnitude)
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let point = padded.index(padded.endIndex, offsetBy: -places)
        return (units < 0 ? "-" : "") + padded[..<point] + "." + padded[point...]
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
