import Dispatch
import Documents
import FoundationEssentials
import Gtk
import Localization
import SafeFiles
import Scenes

/// Tandem's application delegate: the command line, app-wide actions, and which window shows what.
@MainActor
final class TandemAppDelegate: ApplicationDelegate, EditorHost {
    weak var application: Application?
    /// The one source of truth for every document's text.
    let store = DocumentStore()
    /// The editor preferences, applied live to every window.
    private(set) lazy var preferences = EditorPreferences()
    /// Where the user was in files whose last window closed (state folder; none without one).
    private lazy var places = RecentPlaces(folder: application?.sessionStore?.folder)
    /// The delegate of every editor window now open, by session.
    private var editors: [SceneSession: EditorSceneDelegate] = [:]
    lazy var restorer = SessionRestorer(appDelegate: self)
    /// The Sessions submenu and what it does.
    private(set) lazy var sessions = SessionSwitcher(appDelegate: self)
    var waiters = LaunchWaiters()
    /// Every editor window by title and folder: the menu's Windows section and the switcher.
    let windows = WindowList()
    /// Quick Open while it shows (one at a time: its window is modal).
    var quickOpen: QuickOpen?
    /// The turn after drawing in which the journal's writer is woken for the keys just shown.
    private var journalWake: IdleSource?
    /// Ends the logout inhibition held while some unsaved text cannot be kept.
    private var journalLogoutRelease: (@MainActor () -> Void)?

    /// Declares the options `--help` lists; `--version` is answered in the launching process.
    func configureCommandLine(of application: Application) {
        application.describeCommandLine(
            parameters: "[FILE[:LINE[:COL]]…] [+LINE[:COL] FILE…] [-]",
            summary: localized("Open plain-text files in Tandem. A second launch hands its files to the running instance."),
            flags: [("new-window", localized("Open the files in new windows even if they are already shown")),
                    ("wait", localized("Return only when the windows of the files are closed (for EDITOR and git)")),
                    ("version", localized("Print the version and exit")),
                    ("list-sessions", localized("Print the names of the sessions kept, one a line, and exit"))],
            options: [("session", localized("NAME"), localized("Open the files in the named session, bringing back its windows (a new name starts one)"))])
        application.answerLocally { flag in
            if flag("list-sessions") {
                for name in SessionStore.sessionNames() { print(name.text) }
                return 0
            }
            guard flag("version") else { return nil }
            print("tandem \(TandemVersion.string)")
            return 0
        }
    }

    func applicationDidFinishLaunching(_ application: Application) {
        self.application = application
        StallMonitor.startIfAsked()
        store.maximumFileSize = { [unowned self] in self.preferences.maximumFileSize }
        RemoteFiles.install(ServerFiles())
        if let folder = application.sessionStore?.folder {
            let journals = JournalStore(folder: folder + "/journals")
            journals.legacyDraftFolder = folder + "/drafts"
            // A keystroke's record wakes the journal's thread once the key's frame is drawn.
            journals.afterDrawing = { [unowned self] body in
                self.journalWake = IdleSource(priority: MainLoopPriority.beforeTextLayout) { body(); return false }
            }
            store.journals = journals
        }
        store.journalTroubleChanged = { [unowned self] in self.holdLogoutWhileTextIsNotKept() }
        application.quitOnTerminationSignals()
        AppActions.install(in: application, appDelegate: self)
        for shortcut in KeyboardShortcut.all { application.setShortcuts([shortcut.keys] + shortcut.alternatives, forAction: shortcut.action) }
        updateAppActions()
    }

    /// `tandem -`: the launcher's standard input, read to its end, in a new untitled window
    /// (as gedit does with a pipe); what cannot be read as text is said in that window.
    func openStandardInput(of commandLine: CommandLineInvocation) {
        // The process must not end while the pipe is read, though no window is open yet.
        let release = application?.keepRunning()
        commandLine.readStandardInput(limit: Int(clamping: preferences.maximumFileSize)) { [weak self] bytes in
            defer { release?() }
            guard let self else { return }
            guard let bytes else {
                let notice = localized("The standard input could not be read, or is larger than the largest file Tandem opens.")
                self.openWindow(on: self.store.newUntitled(), at: nil, notices: [notice])
                return
            }
            do throws(TextFileError) {
                let file = try TextFile.decode(bytes, name: localized("the standard input"))
                self.openWindow(on: self.store.newUntitled(holding: file), at: nil)
            } catch {
                self.openWindow(on: self.store.newUntitled(), at: nil, notices: [error.message])
            }
        }
    }

    func application(_ application: Application, configurationForConnecting session: SceneSession,
                     options: ConnectionOptions) -> SceneConfiguration {
        editorConfiguration(EditorConnection(document: store.newUntitled()))
    }

    /// The configuration of an editor window showing `connection`: its delegate gets the store,
    /// the preferences and this app delegate (as its host) in its initializer.
    func editorConfiguration(_ connection: EditorConnection) -> SceneConfiguration {
        SceneConfiguration(name: "Editor", role: "editor") { [unowned self] session in
            let editor = EditorSceneDelegate(environment: EditorEnvironment(store: store, preferences: preferences, places: places, host: self),
                                             connection: connection)
            editors[session] = editor
            return editor
        }
    }

    /// The editor delegate of a connected scene.
    func editor(of scene: WindowScene) -> EditorSceneDelegate? { editors[scene.session] }

    /// Background windows give their text back (the store keeps it).
    func applicationDidReceiveMemoryWarning(_ application: Application) {
        for editor in editors.values { editor.didReceiveMemoryWarning() }
    }

    func editorDidClose(_ session: SceneSession) {
        let document = editors[session]?.document
        editors[session] = nil
        // A window opened for `--wait` (a commit message) is not restored at the next launch
        // nor reopened as a closed window, once what it shows is saved; unsaved text is kept.
        if waiters.isHolding(session), document?.isDirty == false, let application {
            if application.isTerminating {
                application.requestSceneSessionDestruction(session)
            } else {
                // Once the application has filed the session as closed.
                DispatchQueue.main.async { application.requestSceneSessionDestruction(session) }
            }
        }
        // An untitled document never typed in leaves nothing to bring back: its window or tab is
        // not offered by Reopen Closed Window (GNOME Text Editor drops such drafts too).
        if let document, document.path == nil, document.storage.count == 0, !document.canUndo, !document.canRedo,
           let application, !application.isTerminating {
            DispatchQueue.main.async { application.requestSceneSessionDestruction(session) }
        }
        // After the closing window has let go of the document (and of its name).
        DispatchQueue.main.async { [weak self] in self?.retitleWindows(on: nil) }
        waiters.windowDidClose(session)
        windows.windowClosed(session)
        // The application files the session as recently closed once the window is gone.
        DispatchQueue.main.async { [weak self] in self?.updateAppActions() }
    }

    func windowNumber(for document: Document) -> Int {
        let taken = Set(editors.values.filter { $0.document === document && $0.windowNumber > 0 }.map(\.windowNumber))
        defer { DispatchQueue.main.async { [weak self] in self?.retitleWindows(on: nil) } }
        return (1...).first { !taken.contains($0) }!
    }

    func sharesName(_ document: Document) -> Bool {
        editors.values.contains { $0.document !== document && $0.document.displayName == document.displayName }
    }

    func spellingGroup(for document: Document) -> SpellingGroup? {
        editors.values.lazy.filter { $0.document === document }.compactMap(\.spellingGroup).first
    }

    var windowsMenu: Menu { windows.menu }

    func windowsMenuWillOpen() {
        windows.menuWillOpen()
        sessions.menuWillOpen()
    }

    /// Opens the named sessions `names` and brings back their windows (`SessionRestorer.restore`).
    func restoreSessions(_ names: [SessionName?]) -> String? { restorer.restore(names) }

    func windowRetitled(_ session: SceneSession, title: String, folder: String?) {
        windows.windowRetitled(session, title: title, folder: folder)
    }

    func windowBecameActive(_ session: SceneSession) {
        windows.windowBecameActive(session)
        application?.currentSessionName = session.sessionName
    }

    func chooseWindow(forTabOf scene: WindowScene) {
        windows.presentMoveChooser(for: scene) { [weak scene] target in
            guard let scene, scene.activationState != .disconnected, target.activationState != .disconnected else { return }
            scene.moveToWindow(of: target)
            scene.application.requestSceneSessionActivation(scene.session)  // its tab shown, its window raised
        }
    }

    /// Windows on one document are numbered in their titles while there are several, and
    /// documents of one name say their folder (nil: every window, as a window came or went).
    private func retitleWindows(on document: Document?) {
        for editor in editors.values where document == nil || editor.document === document { editor.updateTitle() }
    }

    /// Reopen Closed Window is on only when a window was closed.
    func updateAppActions() {
        guard let application else { return }
        application.setAction("reopen-closed-window", enabled: !application.recentlyClosedSessions.isEmpty)
    }

    /// A save on its way finishes first (or is cancelled from its window's bar), the main loop
    /// running meanwhile and the windows saying "Saving…"; then the documents whose unsaved text
    /// their journal could not keep are asked about, as closing asks (Cancel stays open).
    func applicationShouldTerminate(_ application: Application, reply: @escaping @MainActor (Bool) -> Void) {
        store.whenSavesFinish { [weak self] in
            guard let self else { return reply(true) }
            let ask: @MainActor () -> Void = {
                self.store.whenUnsavedTextIsKept { [weak self] notKept in
                    guard let self else { return reply(true) }
                    // Records that cannot be written: the windows, and the journals they name,
                    // would not come back.
                    let lost = application.sessionStore?.failure == nil ? notKept : self.store.openDocuments.filter(\.isDirty)
                    guard !lost.isEmpty else { return reply(true) }
                    self.askBeforeQuitting(losing: lost, reply: reply)
                }
            }
            // Records that failed are tried once more first: room may have come back.
            if let sessions = application.sessionStore { sessions.retryFailedWrites(then: ask) } else { ask() }
        }
    }

    func applicationWillTerminate(_ application: Application) {
        // Reached with saves in flight only when the loop ended without `terminate` (the session
        // manager at logout, which a save holds off): the loop is over, nothing waits on it.
        store.waitForSaves()
        for document in store.finishJournals() {
            // No window is left to say it in (a logout that would not wait, or records that failed
            // at the last moment): standard error is.
            StandardError.write("tandem: " + localized("the unsaved changes to “%1” could not be kept: %2",
                                                       document.displayName, document.journalProblem ?? localized("the state folder cannot be written")))
        }
        places.waitUntilWritten()
    }

    /// While some unsaved text cannot be kept (its journal fails), logging out asks the user
    /// first, through the session manager, naming the document.
    private func holdLogoutWhileTextIsNotKept() {
        let notKept = store.openDocuments.filter { $0.journalProblem != nil }
        if notKept.isEmpty {
            journalLogoutRelease?()
            journalLogoutRelease = nil
        } else if journalLogoutRelease == nil {
            journalLogoutRelease = application?.inhibitLogout(
                reason: localized("Unsaved changes to “%1” cannot be kept until the next launch", notKept[0].displayName))
        }
    }

    func application(_ application: Application, didDiscardSceneSessions sessions: Set<SceneSession>) {
        // A discarded window's journal goes too, unless an open document or a kept session still needs it.
        let stillNeeded = Set(store.openDocuments.map(\.draftID))
            .union((application.openSessions + application.recentlyClosedSessions).compactMap {
                EditorState.decode($0.stateRestorationRecord?.payload)?.draftID })
        for session in sessions {
            if let draftID = EditorState.decode(session.stateRestorationRecord?.payload)?.draftID, !stillNeeded.contains(draftID) {
                store.journals?.delete(draftID)
            }
        }
    }

    /// File > Reopen Closed Window: the most recently closed window, from its record.
    func reopenClosedWindow() { restorer.reopenClosedWindow() }

    // MARK: Opening

    func open(_ files: [OpenFileContext], allowBinary: Bool, from origin: WindowScene?) {
        // A folder (chosen, dropped, or recent) is a project: a window with its files beside.
        let folders = files.filter { FileSystem.isFolder($0.path) }
        for folder in folders { openFolder(folder.path, from: origin) }
        // A chooser cancelled answers with no files: that opens nothing.
        open(files.filter { !FileSystem.isFolder($0.path) }, forceNewWindow: false, openUntitledIfNothing: false,
             allowBinary: allowBinary, origin: origin)
    }

    /// Opens a new window on a new, untitled document.
    func openUntitled() {
        openWindow(on: store.newUntitled(), at: nil)
    }

    func openWindow(on document: Document) { openWindow(on: document, at: nil) }

    func openTab(on document: Document?, beside scene: WindowScene) {
        application?.requestSceneSessionActivation(
            configuration: editorConfiguration(EditorConnection(document: document ?? store.newUntitled())), asTabOf: scene)
    }

    func openSplit(on document: Document?, beside scene: WindowScene) {
        application?.requestSceneSessionActivation(
            configuration: editorConfiguration(EditorConnection(document: document ?? store.newUntitled())), asTabOf: scene, split: true)
    }

    /// Opens another window on an open document (both then edit the same text live).
    @discardableResult
    func openWindow(on document: Document, at place: OpenFileContext?, offer: OpenAnywayOffer? = nil,
                    notices: [String] = [], asTabOf neighbour: WindowScene? = nil) -> WindowScene? {
        application?.requestSceneSessionActivation(
            configuration: editorConfiguration(EditorConnection(document: document, openAnyway: offer)),
            options: ConnectionOptions(files: place.map { [$0] } ?? [], notices: notices), asTabOf: neighbour)
    }

    /// The scene of the window used last (where files open as tabs), if one is open.
    /// The scene of the window used last in the current named session (where files open as
    /// tabs), if one is open.
    var lastUsedScene: WindowScene? {
        guard let application else { return nil }
        let current = application.currentSessionName
        return windows.mostRecentlyActive(in: current)?.scene ?? application.connectedScenes(in: current).last
    }

    /// The window of the current named session already showing `document`, if any (a file open
    /// in two sessions is one document with a window in each).
    func scene(showing document: Document) -> WindowScene? {
        guard let application else { return nil }
        return application.connectedScenes(in: application.currentSessionName).first { editor(of: $0)?.document === document }
    }
}
