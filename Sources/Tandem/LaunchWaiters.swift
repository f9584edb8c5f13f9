import Gtk
import Scenes

/// `tandem --wait` launches waiting for their windows to close (for EDITOR and git).
@MainActor
struct LaunchWaiters {
    private struct Waiter {
        let commandLine: CommandLineInvocation
        var sessions: Set<SceneSession>
    }
    private var waiters: [Waiter] = []

    /// Keeps the launching process waiting until every one of `sessions` has closed.
    /// Holding the invocation keeps it waiting; releasing it lets it exit.
    mutating func hold(_ commandLine: CommandLineInvocation, until sessions: [SceneSession]) {
        guard !sessions.isEmpty else { return }
        waiters.append(Waiter(commandLine: commandLine, sessions: Set(sessions)))
    }

    /// Whether a launch waits for `session`'s window (it was opened for an EDITOR run).
    func isHolding(_ session: SceneSession) -> Bool {
        waiters.contains { $0.sessions.contains(session) }
    }

    /// A window closed: launches waiting only for it may return.
    mutating func windowDidClose(_ session: SceneSession) {
        for index in waiters.indices { waiters[index].sessions.remove(session) }
        waiters.removeAll { $0.sessions.isEmpty }
    }
}
