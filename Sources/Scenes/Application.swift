import FoundationEssentials
import Gtk

/// The one application object of the process (UIKit's UIApplication) over a GtkApplication.
@MainActor
public final class Application {
    /// The GTK application underneath; delegates use the services in Application+Services.
    let native: NativeApplication
    /// The app's delegate (held strongly: it lives as long as the process).
    public let delegate: ApplicationDelegate
    /// Where sessions and their records are kept across launches (nil: nowhere).
    public let sessionStore: SessionStore?
    /// Sessions that exist now, with or without a window, in window order.
    public internal(set) var openSessions: [SceneSession] = []
    /// Sessions whose window the user closed while others stayed, most recent first (at most 10).
    public internal(set) var recentlyClosedSessions: [SceneSession] = []
    /// How many closed sessions are kept for "Reopen Closed Window".
    public static let recentlyClosedLimit = 10
    /// Scenes with a window, oldest first.
    public private(set) var connectedScenes: [WindowScene] = []
    /// Named sessions open in this process (nil: the default one), in the order they opened:
    /// their scene sessions are in `openSessions`, and their indexes are written as they change.
    public internal(set) var openSessionNames: [SessionName?] = []
    /// The named session a new window joins when no neighbour says otherwise: the one used last.
    public var currentSessionName: SessionName?
    /// The sessions open when the last run wrote its index, read at launch (nil: the default one).
    public internal(set) var sessionNamesOpenLastRun: [SessionName?] = [nil]
    /// Those of them this run has not opened: still open on disk, so a run that showed only some
    /// (`--wait`, `--session`) leaves the others for the next plain launch to bring back.
    var sessionNamesLeftOpen: [SessionName?] = []
    /// The default session's windows as the last run left them, untouched while it is not open.
    var dormantDefaultSessions: [UUID] = []
    /// Each open named session's index as last written, so unchanged ones are not written again.
    var writtenNamedIndexes: [SessionName: [UUID]] = [:]
    /// Named sessions whose windows are closing to stay in them (Switch): not "recently closed".
    var sessionNamesClosing: Set<SessionName?> = []
    /// Named sessions deleted in this run: their windows, recently closed, come back together.
    var deletedSessionNames: Set<SessionName> = []
    /// Discards asked for and not yet done (written in the index until they are).
    var pendingDiscards: Set<UUID> = []
    /// True once a quit was requested: closing windows then keeps their sessions.
    public private(set) var isTerminating = false
    /// GLib's memory monitor, made once the first windows are up (it asks D-Bus for a daemon).
    var memoryMonitor: MemoryMonitor?
    var memoryMonitorStarter: IdleSource?
    /// Windows shown since the last idle moment, whose first record is still to be taken.
    private var awaitingFirstRecord: [WindowScene] = []
    private var firstRecords: IdleSource?
    private var firstRecordsDeadline: TimerSource?

    /// Creates the application with its D-Bus id; nothing runs until `run`.
    public init(id: String, delegate: ApplicationDelegate, sessionStore: SessionStore? = nil) {
        self.delegate = delegate
        self.sessionStore = sessionStore
        native = NativeApplication(id: id)
        MainLoop.installMainQueueBridge()
        // The GtkApplication owns these closures and may outlive this object: hold it weakly.
        native.onStartup { [weak self] in self?.finishLaunching() }
        native.onCommandLine { [weak self] commandLine in
            guard let self else { return 1 }
            // GTK gives the launcher's token to the next window presented (the trace says it came).
            if let token = commandLine.activationToken {
                commandLine.applyActivationToken()
                LifecycleTrace.log("activation token \(token)", session: "app")
            }
            return self.delegate.application(self, didReceive: commandLine)
        }
        native.onShutdown { [weak self] in
            guard let self else { return }
            // The loop may end without requestQuit (the session manager at logout): take a last
            // record of every window still open before the process goes.
            self.isTerminating = true
            for scene in self.connectedScenes { scene.saveRestorationRecord() }
            self.delegate.applicationWillTerminate(self)
            self.saveIndex()
            self.sessionStore?.waitUntilWritten()
        }
    }

    /// Runs the main loop (or forwards the command line to the running instance); returns the exit code.
    /// Without `arguments`, the process's own are passed byte for byte (CommandLine.arguments
    /// would turn a file name that is not UTF-8 into another, existing-looking name).
    public func run(arguments: [String]? = nil) -> Int32 {
        guard let arguments else { return native.runWithProcessArguments() }
        return native.run(arguments: arguments)
    }

    /// Registers and runs startup without entering the main loop (tests spin the loop themselves).
    public func registerWithoutRunning() -> Bool {
        native.register()
    }

    /// Open sessions that have no window yet (read back from the last run), in window order.
    public var unattachedSessions: [SceneSession] { openSessions.filter { $0.scene == nil } }

    /// Shows `session`'s window, creating the session and connecting a scene as needed. The
    /// delegate comes from `configuration`, or else from the app delegate's choice. The scene
    /// becomes a tab of `tabOf`'s window when given (`split`: on the window's right side, beside
    /// it); else of the window its record names, if that
    /// window is open (a window restored whole); else it gets a window of its own.
    @discardableResult
    public func requestSceneSessionActivation(_ session: SceneSession? = nil, role: String = "editor",
                                              configuration: SceneConfiguration? = nil,
                                              options: ConnectionOptions = ConnectionOptions(),
                                              asTabOf neighbour: WindowScene? = nil, split: Bool = false) -> WindowScene {
        if let scene = session?.scene {
            scene.selectTab()
            scene.window.present()
            return scene
        }
        let isNew = session == nil
        let session = session ?? SceneSession(role: role)
        // A new window joins its neighbour's named session, else the current one; a closed
        // window coming back joins its own, which opens if it is not (its other windows unshown).
        if isNew { session.sessionName = neighbour?.session.sessionName ?? currentSessionName }
        if !openSessions.contains(session) { openSessionSet(session.sessionName) }
        let configuration = configuration ?? delegate.application(self, configurationForConnecting: session, options: options)
        session.configuration = configuration
        recentlyClosedSessions.removeAll { $0 === session }
        if !openSessions.contains(session) { openSessions.append(session) }
        let placement = options.restorationRecord?.tab
        let group = neighbour?.tabGroup
            ?? placement.flatMap { placement in tabGroups.first { $0.identifier == placement.group } }
            ?? makeTabGroup(identifier: placement?.group ?? UUID())
        let scene = WindowScene(session: session, delegate: configuration.makeDelegate(session), application: self, tabGroup: group)
        session.scene = scene
        connectedScenes.append(scene)
        scene.connect(options: options)
        if let placement, neighbour == nil {
            // Restored: in its recorded place among the tabs back so far; the one that was shown, shown.
            let side = group.panes[placement.side].scenes
            let before = side.filter { ($0.session.stateRestorationRecord?.tab?.index ?? 0) < placement.index }.count
            group.adopt(scene, at: before, select: placement.isSelected || side.isEmpty, side: placement.side)
            if group.isSplit, let position = placement.splitPosition { group.splitPosition = position }
            if placement.isFront { group.bringForward(scene) }
        } else if split && neighbour != nil {
            group.split(with: scene)
        } else {
            group.adopt(scene)
        }
        scene.window.present()
        saveFirstRecordSoon(of: scene)
        return scene
    }

    /// The windows, each with its tabs, oldest first.
    public private(set) var tabGroups: [WindowTabGroup] = []

    /// A new, empty window for scenes to join.
    func makeTabGroup(identifier: UUID = UUID()) -> WindowTabGroup {
        let group = WindowTabGroup(application: self, identifier: tabGroups.contains { $0.identifier == identifier } ? UUID() : identifier)
        tabGroups.append(group)
        return group
    }

    func tabGroupDidClose(_ group: WindowTabGroup) {
        tabGroups.removeAll { $0 === group }
        tabHandlesMayChange()
    }

    /// A window of one tab shows the handle its tab is dragged by (it has no strip) only while
    /// another window is there to take it; asked again whenever tabs or windows come and go.
    func tabHandlesMayChange() {
        let windows = tabGroups.filter { !$0.scenes.isEmpty }
        for group in windows {
            for scene in group.scenes { scene.showsTabHandle = windows.count > 1 && group.scenes.count == 1 }
        }
    }

    /// Tabs of `group` were added, moved, shown or taken away: each of its scenes' records says
    /// where it is now (once the loop is idle, in one write each; other windows are not touched).
    func tabsDidChange(in group: WindowTabGroup) {
        tabHandlesMayChange()
        for scene in group.scenes { saveFirstRecordSoon(of: scene) }
    }

    /// A first record (and the index) once the loop is idle after the window is shown, and at
    /// the latest a quarter second later: a crash before the first focus change still brings it
    /// back, the first frame does not wait for the encoding, and windows restored together share
    /// one write of the index. The deadline matters while a big file loads: its chunks keep the
    /// loop busy, and a record that waited for idleness was not on disk when a crash came (CI).
    private func saveFirstRecordSoon(of scene: WindowScene) {
        // Once: a new window's tabs change (it is adopted) before it is presented.
        if !awaitingFirstRecord.contains(where: { $0 === scene }) { awaitingFirstRecord.append(scene) }
        guard firstRecords?.isActive != true else { return }
        firstRecords = IdleSource(priority: MainLoopPriority.whenIdle) { [weak self] in
            self?.saveFirstRecords()
            return false
        }
        firstRecordsDeadline = TimerSource(milliseconds: 250) { [weak self] in
            self?.saveFirstRecords()
            return false
        }
    }

    private func saveFirstRecords() {
        firstRecords?.cancel()
        firstRecordsDeadline?.cancel()
        let scenes = awaitingFirstRecord
        awaitingFirstRecord = []
        for scene in scenes where scene.session.scene === scene { scene.saveRestorationRecord() }
        saveIndex()
    }

    /// Brings back the most recently closed window, from its record. False when there is none.
    @discardableResult
    public func reopenRecentlyClosedSession() -> Bool {
        guard let session = recentlyClosedSessions.first else { return false }
        for session in sessionsClosed(with: session) {
            requestSceneSessionActivation(session, options: ConnectionOptions(restorationRecord: session.stateRestorationRecord))
        }
        return true
    }

    /// `first` (the most recently closed) and the sessions closed with it, tabs of one window:
    /// they are next in line in `recentlyClosedSessions`, so Reopen Closed Window brings it whole.
    public func sessionsClosed(with first: SceneSession) -> [SceneSession] {
        if let name = first.sessionName, deletedSessionNames.contains(name), !openSessionNames.contains(name) {
            // A deleted session comes back whole: every window it had.
            return Array(recentlyClosedSessions.prefix { $0.sessionName == name })
        }
        guard let group = first.stateRestorationRecord?.tab?.group else { return [first] }
        return Array(recentlyClosedSessions.prefix { $0.stateRestorationRecord?.tab?.group == group })
    }

    /// Drops a session for good: its window closes and the app delegate deletes its data.
    public func requestSceneSessionDestruction(_ session: SceneSession) {
        if let scene = session.scene {
            scene.close()
        }
        discard([session])
    }

    /// Quits once the delegate says the process may end (`applicationShouldTerminate`), the main
    /// loop running meanwhile, or stays when it says no; asking again while it waits changes nothing.
    public func terminate() {
        guard !isAwaitingTermination, !isTerminating else { return }
        isAwaitingTermination = true
        delegate.applicationShouldTerminate(self) { [weak self] shouldTerminate in
            guard let self else { return }
            self.isAwaitingTermination = false
            if shouldTerminate { self.requestQuit() }
        }
    }

    /// Set from `terminate` until the delegate replies.
    public private(set) var isAwaitingTermination = false

    /// Quits without asking: every window disconnects and leaves its record; sessions are kept.
    public func requestQuit() {
        isTerminating = true
        // Each window goes whole: its scenes' records are taken with every tab in its place.
        for group in tabGroups { group.closeWhole() }
        saveIndex()
        native.quit()
    }

    func sceneDidDisconnect(_ scene: WindowScene) {
        connectedScenes.removeAll { $0 === scene }
        scene.session.scene = nil
        // Closing one window among others sends its session to "recently closed"; closing the
        // last one (or quitting) keeps every session for the next launch.
        let name = scene.session.sessionName
        if sessionNamesClosing.contains(name) {
            // Switched away from: the window stays in its session, to come back with it.
        } else if !isTerminating && !connectedScenes.isEmpty && openSessionNames.count > 1
                    && !connectedScenes.contains(where: { $0.session.sessionName == name }) {
            // The last window of one session among others: that session closes as the app would.
            closeSessionSet(name)
        } else if !isTerminating && !connectedScenes.isEmpty {
            openSessions.removeAll { $0 === scene.session }
            recentlyClosedSessions.insert(scene.session, at: 0)
            if recentlyClosedSessions.count > Self.recentlyClosedLimit {
                discard(Array(recentlyClosedSessions[Self.recentlyClosedLimit...]))
            }
        }
        saveIndex()
    }

    /// Writes a session's record as soon as the scene leaves one (so a crash loses little).
    func sessionDidUpdateRecord(_ session: SceneSession) {
        sessionStore?.save(SavedSession(id: session.persistentIdentifier, role: session.role, userInfo: session.userInfo,
                                        record: session.stateRestorationRecord, sessionName: session.sessionName?.text))
    }
}
