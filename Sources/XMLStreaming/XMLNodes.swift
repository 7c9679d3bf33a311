/// The kind of node the reader stands on.
package enum XMLNodeKind: Sendable, Equatable {
    case element
    case endElement
    case text
    case cdata
    case whitespace
    case comment
    case processingInstruction
    case other
}

/// An attribute with the position of its name.
package struct XMLAttribute: Hashable, Sendable {
    /// The qualified name as written (`lang`, `xml:lang`).
    package var name: String
    /// The normalised value, entities and character references replaced.
    package var value: String
    package var position: SourcePosition

    package init(name: String, value: String, position: SourcePosition) {
        self.name = name
        self.value = value
        self.position = position
    }
}

/// A small element tree read in full by ``XMLStreamReader/readElement()``: only for parts of a
/// document that are known to be small, such as one onboarding screen.
package struct XMLElement: Hashable, Sendable {
    package var name: String
    /// Where the start tag's `<` is.
    package var position: SourcePosition
    package var attributes: [XMLAttribute]
    package var children: [XMLElement]
    /// The character data directly inside the element (text and CDATA, in order), untrimmed.
    package var text: String

    package init(
        name: String, position: SourcePosition, attributes: [XMLAttribute] = [],
        children: [XMLElement] = [], text: String = ""
    ) {
        self.name = name
        self.position = position
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The first attribute with this name.
    package func attribute(_ name: String) -> XMLAttribute? {
        attributes.first { $0.name == name }
    }
}
