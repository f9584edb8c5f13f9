import SafeFiles
import Synchronization

/// One fault for `FileCalls`, as SQLite's I/O-error tests plan them: the `nth` call of `kind`
/// fails with `code`, and with `persistent` every call of that kind after it too (a disk that
/// stays full or dead). A write fault with `partial` first lets that write take half of what it
/// was asked, then fails the next one: a disk that fills during a write. Counts every call, so a
/// plan that never fails (`counting`) tells a test how many calls of each kind a path makes.
public final class FaultPlan: Sendable {
    public let kind: FileCalls.Kind
    public let nth: Int
    public let code: Int32
    public let persistent: Bool
    public let partial: Bool
    private let state = Mutex<(counts: [FileCalls.Kind: Int], hit: Bool)>(([:], false))

    public init(_ kind: FileCalls.Kind, nth: Int, code: Int32, persistent: Bool = false, partial: Bool = false) {
        self.kind = kind
        self.nth = nth
        self.code = code
        self.persistent = persistent
        self.partial = partial
    }

    /// A plan that fails nothing and counts every call.
    public static func counting() -> FaultPlan { FaultPlan(.open, nth: .max, code: 0) }

    /// The calls, with this plan's fault in them.
    public var calls: FileCalls { FileCalls { [self] kind, bytes in decide(kind, bytes) } }

    /// Whether the fault was reached (a plan whose `nth` call never came tested nothing).
    public var wasHit: Bool { state.withLock { $0.hit } }

    /// How many calls of `kind` were made.
    public func count(of kind: FileCalls.Kind) -> Int { state.withLock { $0.counts[kind, default: 0] } }

    private func decide(_ kind: FileCalls.Kind, _ bytes: Int) -> FileCalls.Fault? {
        state.withLock { state -> FileCalls.Fault? in
            state.counts[kind, default: 0] += 1
            let number = state.counts[kind]!
            guard kind == self.kind, nth != .max else { return nil }
            // A partial write's fault falls on the write after the short one.
            let failing = partial ? nth + 1 : nth
            if partial && number == nth && bytes > 1 {
                state.hit = true
                return .shortWrite(bytes / 2)
            }
            guard number == failing || (persistent && number > failing) else { return nil }
            state.hit = true
            return .fail(code)
        }
    }
}
