/// A first-in first-out queue over an array that reuses its storage, for the positions the
/// scanner has seen ahead of the parser. It stays as small as libxml2's read-ahead.
struct FIFO<Element> {
    private var storage: [Element] = []
    private var head = 0

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
