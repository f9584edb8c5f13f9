import CGtk
import Dispatch
import FoundationEssentials

/// GTK start-up and main-loop helpers shared by the app and the tests.
@MainActor
public enum MainLoop {
    private static var bridgeInstalled = false

    /// Initializes GTK for this process; false when no display can be opened.
    public static func initialize() -> Bool {
        gtk_init_check(nil, nil) != 0
    }

    /// Makes DispatchQueue.main and @MainActor tasks run under the GLib main loop. Idempotent.
    public static func installMainQueueBridge() {
        guard !bridgeInstalled else { return }
        bridgeInstalled = true
        _ = tandem_install_main_queue_bridge()
    }

    /// Runs one pending main-loop iteration without blocking; true if something was dispatched.
    @discardableResult
    public static func iterate(blocking: Bool = false) -> Bool {
        g_main_context_iteration(nil, blocking ? 1 : 0) != 0
    }

    /// Spins the main loop until `condition` holds or `timeout` seconds pass; returns the condition.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            if !iterate() { usleep(2_000) }
        }
        return true
    }

    /// Dispatches whatever the main loop has ready (idle sources, timeouts due, events) until
    /// nothing is left; false if something kept being ready (`limit` dispatches). Whatever an
    /// idle moment would start has then started: a test can check that something did not.
    @discardableResult
    public static func runUntilIdle(limit: Int = 10_000) -> Bool {
        for _ in 0..<limit where !iterate() { return true }
        return false
    }

    /// Spins the main loop for `seconds`.
    public static func run(for seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if !iterate() { usleep(2_000) }
        }
    }
}
