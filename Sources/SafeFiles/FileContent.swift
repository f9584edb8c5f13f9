import Background
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What a write puts in a file: bytes at hand, or bytes made piece by piece, for a text too big
/// to be held whole (a document that stands on its file's pieces).
public enum FileContent: Sendable {
    case bytes(Data)
    /// `count` bytes in all, handed by `produce` one piece at a time to the closure it is given,
    /// which answers false to stop; `produce` answers false when it could not make them all.
    case pieces(count: Int, produce: @Sendable (_ take: (UnsafeRawBufferPointer) -> Bool) -> Bool)

    /// How many bytes it is.
    public var count: Int {
        switch self {
        case .bytes(let data): data.count
        case .pieces(let count, _): count
        }
    }

    /// Writes it all to `fd` from its current offset: nil, or the errno that stopped it (EIO when
    /// the pieces could not all be made, or came to another length than promised).
    func write(to fd: Int32, calls: FileCalls, cancellation: Cancellation?) -> Int32? {
        switch self {
        case .bytes(let data):
            return data.withUnsafeBytes { calls.writeAll($0, to: fd, cancellation: cancellation) }?.code
        case .pieces(let count, let produce):
            var stop: Int32?, written = 0
            let made = produce { piece in
                if let failure = calls.writeAll(piece, to: fd, cancellation: cancellation) { stop = failure.code; return false }
                written += piece.count
                return true
            }
            if let stop { return stop }
            return made && written == count ? nil : EIO
        }
    }
}
