/// The members of a JSON object, in the order given, each key at most once.
///
/// Every object the tool writes is one of these, so no document it writes can hold a key twice:
/// readers disagree on which of two equal keys wins (a browser's `JSON.parse` takes the last,
/// other tools the first, a strict validator refuses the document), so a duplicate would let
/// one reader show what another never sees. A key given again is left out and the first value
/// kept, as the model keeps the first of duplicates in the appDef (which lint reports).
/// Keys are compared as Swift compares strings: two spellings of one text in different Unicode
/// normal forms are one key.
public struct JSONObject: Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The members, each key once, in the order they were first given.
    public private(set) var members: [(key: String, value: JSONValue)] = []
    private var keys: Set<String> = []

    /// An object of `members`; of two members with one key, the first is kept.
    public init(_ members: some Sequence<(String, JSONValue)>) {
        for (key, value) in members { insert(key, value) }
    }

    public init(arrayLiteral members: (String, JSONValue)...) {
        self.init(members)
    }

    /// Adds a member at the end unless the object has the key already; whether it was added.
    @discardableResult
    public mutating func insert(_ key: String, _ value: JSONValue) -> Bool {
        guard keys.insert(key).inserted else { return false }
        members.append((key, value))
        return true
    }

    /// The value of a key, if the object has it.
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    public var isEmpty: Bool { members.isEmpty }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for (key, value) in members {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}
