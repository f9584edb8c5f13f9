/// Hands finished reads from the background to the main thread; `poll` (tests) can wait for them
/// where the main queue is not serviced.
final class ReadInbox: @unchecked Sendable {
    // @unchecked: `items` and `pending` are only touched under `condition`'s lock.
    private let condition = ConditionLock()
    private var items: [(Int, Int, DiskSync.DiskRead)] = []
    private var pending = 0

    func expect() { condition.withLock { pending += 1 } }

    func put(_ item: (Int, Int, DiskSync.DiskRead)) {
        condition.withLock {
            items.append(item)
            pending -= 1
            condition.broadcast()
        }
    }

    func takeAll() -> [(Int, Int, DiskSync.DiskRead)] {
        condition.withLock {
            defer { items.removeAll() }
            return items
        }
    }

    /// Waits (up to a second) until every read asked for has finished.
    func wait() {
        condition.withLock {
            let deadline = ConditionLock.deadline(in: 1)
            while pending > 0 && condition.wait(until: deadline) {}
        }
    }
}
