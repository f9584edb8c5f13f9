import Foundation
import Gtk

/// The one application object of the process (UIKit's UIApplication) over a GtkApplication.
@MainActor
public final class Application {
    /// The GTK application underneath: actions, accelerators and command-line options go here.
    public let native: NativeApplication
    /// The app's delegate (held strongly: it lives as long as the process).
    public let delegate: ApplicationDelegate
    /// Sessions that exist now, with or without a window.
    public private(set) var openSessions: Set<SceneSession> = []
    /// Scenes with a window, oldest first.
    public private(set) var connectedScenes: [WindowScene] = []
    /// True once a quit was requested: closing windows then keeps their sessions.
    public private(set) var isTerminating = false

    /// Creates the application with its D-Bus id; nothing runs until `run`.
    public init(id: String, delegate: ApplicationDelegate) {
        self.delegate = delegate
        native = NativeApplication(id: id)
        MainLoop.installMainQueueBridge()
        native.onStartup { [unowned self] in self.delegate.applicationDidFinishLaunching(self) }
        native.onCommandLine { [unowned self] commandLine in
            self.delegate.application(self, didReceive: commandLine)
        }
        native.onShutdown { [unowned self] in
            self.isTerminating = true
            self.delegate.applicationWillTerminate(self)
        }
    }

    /// Runs the main loop (or forwards the command line to the running instance); returns the exit code.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        native.run(arguments: arguments)
    }

    /// Registers and runs startup without entering the main loop (tests spin the loop themselves).
    public func registerWithoutRunning() -> Bool {
        native.register()
    }

    /// Shows `session`'s window, creating the session and connecting a scene as needed.
    @discardableResult
    public func requestSceneSessionActivation(_ session: SceneSession? = nil, role: String = "editor",
                                              options: ConnectionOptions = ConnectionOptions()) -> WindowScene {
        if let scene = session?.scene {
            scene.window.present()
            return scene
        }
        let session = session ?? SceneSession(role: role)
        let configuration = delegate.application(self, configurationForConnecting: session, options: options)
        session.configuration = configuration
        openSessions.insert(session)
        let scene = WindowScene(session: session, delegate: configuration.delegateClass.init(), application: self)
        session.scene = scene
        connectedScenes.append(scene)
        scene.connect(options: options)
        scene.window.present()
        return scene
    }

    /// Drops a session for good: its window closes and the app delegate deletes its data.
    public func requestSceneSessionDestruction(_ session: SceneSession) {
        if let scene = session.scene {
            scene.window.destroy()  // sceneDidDisconnect discards it
        } else {
            discard(session)
        }
    }

    /// Quits: every window is asked to close (each delegate may ask the user); sessions are kept.
    public func requestQuit() {
        isTerminating = true
        for scene in connectedScenes { scene.requestClose() }
    }

    func sceneRefusedToClose(_ scene: WindowScene) {
        // A window that refused (Cancel) means the user changed their mind about quitting.
        isTerminating = false
    }

    func sceneDidDisconnect(_ scene: WindowScene) {
        connectedScenes.removeAll { $0 === scene }
        scene.session.scene = nil
        // Closing one window among others drops its session; closing the last one (or
        // quitting) keeps every session for the next launch.
        if !isTerminating && !connectedScenes.isEmpty {
            discard(scene.session)
        }
    }

    private func discard(_ session: SceneSession) {
        guard openSessions.remove(session) != nil else { return }
        LifecycleTrace.log("discarded", session: session.shortID)
        delegate.application(self, didDiscardSceneSessions: [session])
    }
}
