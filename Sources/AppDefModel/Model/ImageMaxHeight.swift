/// The `image-max-height` feature of a screen: the largest share of the screen's height, in
/// percent, that its image may take. The model reads it and a rule reports what it refuses, so
/// both read it here, the one way.
package enum ImageMaxHeight {
    /// The percentage written as digits only, from 1 to 100.
    package static func percent(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 3, text.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(text), (1...100).contains(value)
        else { return nil }
        return value
    }
}
