import Synchronization

/// A request to stop work running off the main thread: set from the main thread, checked by the
/// work between its chunks (a search between blocks of text, a load between blocks of a file).
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// Asks the work to stop at its next check.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether the work should stop.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
