import Gtk

/// The process's controller: launch, the command line, sessions, termination (UIKit's UIApplicationDelegate).
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// One-time, non-UI setup in the primary instance, before the first command line is handled.
    func applicationDidFinishLaunching(_ application: Application)
    /// A launch's command line reached the primary instance; the result is the launcher's exit code.
    func application(_ application: Application, didReceive commandLine: CommandLineInvocation) -> Int32
    /// Which configuration (and so which delegate) serves a session connected without one.
    func application(_ application: Application, configurationForConnecting session: SceneSession,
                     options: ConnectionOptions) -> SceneConfiguration
    /// These sessions were dropped for good: delete whatever was kept for them.
    func application(_ application: Application, didDiscardSceneSessions sessions: Set<SceneSession>)
    /// The user or the system asked to quit: call `reply(true)` once the process may end (at
    /// once, or when work in flight is done or a question answered; the main loop runs
    /// meanwhile, as AppKit's terminateLater), or `reply(false)` to stay (the user cancelled).
    func applicationShouldTerminate(_ application: Application, reply: @escaping @MainActor (Bool) -> Void)
    /// The user asked to close these scenes together (a window with its tabs and sides, a tab,
    /// or every window): call `decision(true)` to let all of them close, now or after a question,
    /// or `decision(false)` to leave every one as it was.
    func application(_ application: Application, shouldClose scenes: [WindowScene], decision: @escaping @MainActor (Bool) -> Void)
    /// Every window of session `name` is to close with the session kept, as at quit (switching
    /// to another session, or closing its last windows while another session stays open): call
    /// `decision(true)` to let them, now or after a question, or `decision(false)` to keep them.
    func application(_ application: Application, shouldCloseSessionSet name: SessionName?, decision: @escaping @MainActor (Bool) -> Void)
    /// The main loop is ending; every scene has disconnected.
    func applicationWillTerminate(_ application: Application)
    /// The system is short of memory: give back what can be rebuilt (background windows' text).
    func applicationDidReceiveMemoryWarning(_ application: Application)
}

public extension ApplicationDelegate {
    func applicationDidFinishLaunching(_ application: Application) {}
    func application(_ application: Application, didDiscardSceneSessions sessions: Set<SceneSession>) {}
    func applicationShouldTerminate(_ application: Application, reply: @escaping @MainActor (Bool) -> Void) { reply(true) }
    func application(_ application: Application, shouldClose scenes: [WindowScene], decision: @escaping @MainActor (Bool) -> Void) {
        decision(true)
    }
    func application(_ application: Application, shouldCloseSessionSet name: SessionName?, decision: @escaping @MainActor (Bool) -> Void) {
        decision(true)
    }
    func applicationWillTerminate(_ application: Application) {}
    func applicationDidReceiveMemoryWarning(_ application: Application) {}
}
