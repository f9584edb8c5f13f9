import Background
import Dispatch
import Synchronization

/// The file's pieces of a text read and checked on a thread of their own, one ahead of the one
/// being written: a save of a big document reads its old file while it writes the new one,
/// as fast as the slower of the two rather than both in turn. Two buffers, reused piece after
/// piece.
final class PieceReadAhead: @unchecked Sendable {
    private let spans: [FileSpan]
    private var buffers: [[UInt8]] = [[], []]
    private var lengths = [Int](repeating: -1, count: 2)
    // Made at 0 and signalled up: libdispatch ends the process when a semaphore goes with less
    // than it was made with.
    private let free = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    private let ready = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    private let stopped = Atomic<Bool>(false)
    private var taken = 0

    /// Starts reading `spans`, in order.
    init(_ spans: [FileSpan]) {
        self.spans = spans
        for semaphore in free { semaphore.signal() }
        guard !spans.isEmpty else { return }
        Background.longRunning { [self] in read() }
    }

    /// How many pieces ahead the kernel is asked to read from the disk: a file bigger than the
    /// page cache is read while the new one is written, and the disk then serves both in turn.
    static let askedAhead = 32

    private func read() {
        for (index, span) in spans.enumerated() {
            let slot = index % 2
            if index % (Self.askedAhead / 2) == 0, index + Self.askedAhead / 2 < spans.count {
                let from = spans[index + Self.askedAhead / 2], to = spans[min(spans.count, index + Self.askedAhead) - 1]
                if from.base === to.base, to.bytes.upperBound > from.bytes.lowerBound {
                    from.base.willRead(from: from.bytes.lowerBound, count: Int(to.bytes.upperBound - from.bytes.lowerBound))
                }
            }
            free[slot].wait()
            if stopped.load(ordering: .acquiring) { return }
            let count = Int(span.bytes.count)
            if buffers[slot].count < count { buffers[slot] = [UInt8](repeating: 0, count: count) }
            let read = buffers[slot].withUnsafeMutableBytes { span.base.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<count]), at: span.bytes.lowerBound) }
            let intact = read == count && buffers[slot].withUnsafeBufferPointer { SpanHash.of(UnsafeBufferPointer(rebasing: $0[0..<count])) } == span.hash
            lengths[slot] = intact ? count : -1
            ready[slot].signal()
        }
    }

    /// Hands the next piece's bytes to `take` once read: false when they are no longer the bytes
    /// indexed (the file changed under the text, or could not be read), and `take` not called.
    func next(_ take: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        let slot = taken % 2
        taken += 1
        ready[slot].wait()
        let count = lengths[slot]
        let ok = count >= 0 && buffers[slot].withUnsafeBytes { take(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        free[slot].signal()
        return ok
    }

    /// Stops the reading before its next piece (a write that failed, or ended).
    func stop() {
        stopped.store(true, ordering: .releasing)
        for semaphore in free { semaphore.signal() }
    }
}
