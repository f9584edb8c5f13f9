import Dispatch
import Synchronization

/// Hands finished reads from the background to the main thread; `wait` (tests) can wait for them
/// where the main queue is not serviced.
final class ReadInbox: Sendable {
    private let items = Mutex<[(Int, Int, DiskSync.DiskRead)]>([])
    /// Entered for every read asked for, left when its result is in `items`.
    private let pending = DispatchGroup()

    func expect() { pending.enter() }

    func put(_ item: (Int, Int, DiskSync.DiskRead)) {
        items.withLock { $0.append(item) }
        pending.leave()
    }

    func takeAll() -> [(Int, Int, DiskSync.DiskRead)] {
        items.withLock { items in
            defer { items.removeAll() }
            return items
        }
    }

    /// Waits (up to a second) until every read asked for has finished.
    func wait() { _ = pending.wait(timeout: .now() + 1) }
}
