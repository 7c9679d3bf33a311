/// One slot per task of a parallel loop, each written by its own task only: results kept in
/// the order of the tasks, with no lock. The slots are raw memory allocated once, so that tasks
/// writing different slots never touch shared state (an array would be one value, whose
/// concurrent mutation Swift forbids), and they are read after the loop has ended.
package final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value?>
    private let count: Int

    package init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// Stores the result of task `index`. Called once per index, from any thread.
    package func store(_ value: Value, at index: Int) {
        precondition(index >= 0 && index < count, "no slot \(index)")
        slots[index] = value
    }

    /// The results in task order, once every task has stored its own.
    package var values: [Value] {
        (0..<count).map { slots[$0]! }
    }
}
