import Documents
import Localization
import Foundation
import Gtk
import Scenes

/// Tandem's application delegate: the command line, app-wide actions, and which window shows what.
@MainActor
final class TandemAppDelegate: ApplicationDelegate {
    private(set) weak var application: Application?
    /// The one source of truth for every document's text.
    let store = DocumentStore()
    /// The editor preferences, applied live to every window.
    private(set) lazy var preferences = EditorPreferences()

    /// The key in `ConnectionOptions.userInfo` naming the open document a new window shows.
    static let documentKey = "document-id"

    /// Declares the options `--help` lists; `--version` is answered in the launching process.
    func configureCommandLine(of application: Application) {
        let native = application.native
        native.setUsage(parameters: "[FILE[:LINE[:COL]]…] [+LINE[:COL] FILE…]",
                        summary: localized("Open plain-text files in Tandem. A second launch hands its files to the running instance."))
        native.addFlag("new-window", description: localized("Open the files in new windows even if they are already shown"))
        native.addFlag("wait", description: localized("Return only when the windows of the files are closed (for EDITOR and git)"))
        native.addFlag("version", description: localized("Print the version and exit"))
        native.onLocalOptions { flag in
            guard flag("version") else { return nil }
            print("tandem \(TandemVersion.string)")
            return 0
        }
    }

    func applicationDidFinishLaunching(_ application: Application) {
        self.application = application
        StallMonitor.startIfAsked()
        if let folder = application.sessionStore?.folder {
            store.drafts = DraftStore(folder: folder + "/drafts")
        }
        let native = application.native
        // Quitting keeps everything, so a signal to end is just a quit.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            native.onUnixSignal(signal) { [weak application] in application?.requestQuit() }
        }
        native.addAction(SimpleAction(name: "quit") { [weak application] in application?.requestQuit() })
        native.addAction(SimpleAction(name: "new-window") { [weak self] in self?.openUntitled() })
        native.addAction(SimpleAction(name: "reopen-closed-window") { [weak self] in self?.reopenClosedWindow() })
        native.addAction(SimpleAction(name: "shortcuts") { [weak application] in
            guard let application else { return }
            ShortcutsWindow.present(over: application.connectedScenes.last?.window, application: application.native)
        })
        native.addAction(SimpleAction(name: "about") { [weak application] in
            AboutDialog.present(over: application?.connectedScenes.last?.window, name: "Tandem", version: TandemVersion.string,
                                comments: localized("Edit one text file in many windows at once"),
                                website: "https://tandemedit.github.io/", iconName: TandemVersion.applicationID,
                                authors: ["The Tandem developers"])
        })
        native.addAction(SimpleAction(name: "preferences") { [weak self, weak application] in
            guard let self, let application else { return }
            let parent = application.connectedScenes.last { $0.activationState == .foregroundActive }?.window
            PreferencesWindow.present(preferences: self.preferences, over: parent, application: application.native)
        })
        let accelerators: [(String, [String])] = [
            ("app.new-window", ["<Control>n"]), ("app.quit", ["<Control>q"]),
            ("app.reopen-closed-window", ["<Control><Shift>t"]), ("app.preferences", ["<Control>comma"]),
            ("app.shortcuts", ["<Control>question"]),
            ("win.open", ["<Control>o"]), ("win.save", ["<Control>s"]), ("win.save-as", ["<Control><Shift>s"]),
            ("win.close", ["<Control>w"]), ("win.find", ["<Control>f"]), ("win.replace", ["<Control>h"]),
            ("win.go-to-line", ["<Control>l"]), ("win.undo", ["<Control>z"]), ("win.redo", ["<Control><Shift>z"]),
        ]
        for (action, keys) in accelerators { native.setAccelerators(keys, for: action) }
    }

    func application(_ application: Application, didReceive commandLine: CommandLineInvocation) -> Int32 {
        self.application = application
        let arguments = Array(commandLine.arguments.dropFirst())
        guard let workingDirectory = commandLine.workingDirectory else {
            commandLine.printError("tandem: " + localized("the working directory is not valid UTF-8.") + "\n")
            return 1
        }
        let request = LaunchArguments.parse(arguments, workingDirectory: workingDirectory)
        let waits = commandLine.flag("wait")
        let windowsBefore = application.connectedScenes.count
        // `tandem --wait` that starts Tandem (an EDITOR run) shows only its files, so closing them
        // ends it; the last session's windows stay stored and come back at the next launch.
        let restoredNotice = waits && !commandLine.isRemote ? nil : restoreSessionsOnce()
        let restoredSome = application.connectedScenes.count > windowsBefore
        let result = open(request.files, forceNewWindow: commandLine.flag("new-window"),
                          openUntitledIfNothing: !restoredSome)
        if let restoredNotice, let first = application.connectedScenes.first?.delegate as? EditorSceneDelegate {
            first.showNotices([restoredNotice])
        }
        let problems = request.problems + result.problems
        for problem in problems { commandLine.printError("tandem: \(problem)\n") }
        if waits && !result.scenes.isEmpty {
            // Holding the invocation keeps the launching process waiting; releasing it lets it exit.
            waiters.append(Waiter(commandLine: commandLine, sessions: Set(result.scenes.map(\.session.persistentIdentifier))))
        }
        return problems.isEmpty ? 0 : 1
    }

    func application(_ application: Application, configurationForConnecting session: SceneSession,
                     options: ConnectionOptions) -> SceneConfiguration {
        SceneConfiguration(name: "Editor", role: "editor", delegateClass: EditorSceneDelegate.self)
    }

    /// The key in `ConnectionOptions.userInfo` for files a new window offers to open anyway.
    static let openAnywayKey = "open-anyway"

    /// Files refused as binary, handed to a new window that offers "Open Anyway".
    struct OpenAnywayOffer: Codable {
        var paths: [String]
        var messages: [String]
    }

    /// A `tandem --wait` launch waiting for its windows to close.
    private struct Waiter {
        let commandLine: CommandLineInvocation
        var sessions: Set<UUID>
    }
    private var waiters: [Waiter] = []

    /// A window closed: launches waiting only for it may return.
    func windowDidClose(_ session: SceneSession) {
        for index in waiters.indices { waiters[index].sessions.remove(session.persistentIdentifier) }
        waiters.removeAll { $0.sessions.isEmpty }
    }

    /// What `open` did: the windows that show the files, and what could not be opened.
    struct OpenResult {
        var scenes: [WindowScene] = []
        var problems: [String] = []
    }

    /// Shows each file: raises a window already showing it (unless `forceNewWindow`), else opens
    /// a new one. Files that cannot be opened are reported in a window and returned as messages.
    @discardableResult
    func open(_ files: [OpenFileContext], forceNewWindow: Bool, openUntitledIfNothing: Bool = true,
              allowBinary: Bool = false) -> OpenResult {
        guard let application else { return OpenResult() }
        var problems: [String] = []
        // Files that look binary: the user may still open them, read-only.
        var binaryPaths: [String] = [], binaryMessages: [String] = []
        var scenes: [WindowScene] = []
        var lastScene: WindowScene? { scenes.last }
        for file in files {
            let document: Document
            do {
                document = try store.openFile(at: file.path, allowBinary: allowBinary)
            } catch {
                let message = error.message + (error.message.contains(file.path) ? "" : " (\(file.path))")
                if error.looksBinary {
                    binaryPaths.append(file.path)
                    binaryMessages.append(message)
                } else {
                    problems.append(message)
                }
                continue
            }
            if !forceNewWindow, let scene = scene(showing: document) {
                (scene.delegate as? EditorSceneDelegate)?.moveCaret(to: file)
                scene.window.present()
                scenes.append(scene)
                continue
            }
            if let scene = openWindow(on: document, at: file) { scenes.append(scene) }
            if FileManager.default.fileExists(atPath: file.path) { RecentFiles.add(file.path) }
        }
        if !problems.isEmpty || !binaryPaths.isEmpty {
            let target = lastScene ?? application.connectedScenes.last(where: { $0.activationState == .foregroundActive })
                ?? application.connectedScenes.last
            if let editor = target?.delegate as? EditorSceneDelegate {
                if !problems.isEmpty { editor.showNotices(problems) }
                editor.offerToOpenAnyway(binaryPaths, messages: binaryMessages)
                target?.window.present()
            } else {
                let offer = (try? JSONEncoder().encode(OpenAnywayOffer(paths: binaryPaths, messages: binaryMessages)))
                    .flatMap { String(data: $0, encoding: .utf8) }
                application.requestSceneSessionActivation(options: ConnectionOptions(
                    notices: problems, userInfo: binaryPaths.isEmpty ? [:] : [Self.openAnywayKey: offer ?? ""]))
            }
            problems += binaryMessages
        } else if files.isEmpty && openUntitledIfNothing {
            openUntitled()
        }
        return OpenResult(scenes: scenes, problems: problems)
    }

    func applicationWillTerminate(_ application: Application) {
        store.finishDrafts()
    }

    // MARK: Restoration

    private var restored = false
    private var restoringAtLaunch = false

    /// At the first launch of this process, brings back the windows of the last run. A window
    /// with nothing left to show (its file gone, no unsaved text) is dropped; the returned
    /// sentence tells the user once.
    private func restoreSessionsOnce() -> String? {
        guard !restored, let application else { return nil }
        restored = true
        restoringAtLaunch = true
        defer { restoringAtLaunch = false }
        let lost = application.unattachedSessions.compactMap { reconnect($0) }
        guard !lost.isEmpty else { return nil }
        return localized("Some windows could not come back: their files are gone and had no unsaved text (%1).", lost.joined(separator: ", "))
    }

    /// File > Reopen Closed Window: the most recently closed window, from its record.
    private func reopenClosedWindow() {
        guard let application, let session = application.recentlyClosedSessions.first else { return }
        if let lost = reconnect(session), let scene = application.connectedScenes.last?.delegate as? EditorSceneDelegate {
            scene.showNotices([localized("“%1” could not come back: its file is gone and it had no unsaved text.", lost)])
        }
    }

    /// Connects a session's window again from its record, with its document as it was. A
    /// session with nothing left to show is discarded; its name is returned to tell the user.
    private func reconnect(_ session: SceneSession) -> String? {
        guard let application else { return nil }
        guard let record = session.stateRestorationRecord, let state = EditorState.decode(record.payload) else {
            FileHandle.standardError.write(Data(("tandem: " + localized("skipped window %1: its record has no readable editor state", session.shortID) + "\n").utf8))
            application.requestSceneSessionDestruction(session)
            return nil
        }
        let fileGone = state.path.map { !FileManager.default.fileExists(atPath: $0) } ?? false
        let name = state.path.map { ($0 as NSString).lastPathComponent } ?? state.untitledName ?? "a window"
        guard let document = store.restoreDocument(path: state.path, draftID: state.draftID, untitledName: state.untitledName) else {
            application.requestSceneSessionDestruction(session)
            return name
        }
        if !document.isDirty && (fileGone || (!preferences.restoresWindows && restoringAtLaunch)) {
            // Nothing to show, or the user does not want windows back: only unsaved text always returns.
            store.closeIfUnused(document)
            application.requestSceneSessionDestruction(session)
            return fileGone ? name : nil
        }
        application.requestSceneSessionActivation(session, options: ConnectionOptions(
            restorationRecord: record, userInfo: [Self.documentKey: String(document.id)]))
        return nil
    }

    func application(_ application: Application, didDiscardSceneSessions sessions: Set<SceneSession>) {
        // A discarded window's draft goes too, unless an open document or a kept session still needs it.
        let stillNeeded = Set(store.openDocuments.map(\.draftID))
            .union((application.openSessions + application.recentlyClosedSessions).compactMap {
                EditorState.decode($0.stateRestorationRecord?.payload)?.draftID })
        for session in sessions {
            if let draftID = EditorState.decode(session.stateRestorationRecord?.payload)?.draftID, !stillNeeded.contains(draftID) {
                store.drafts?.delete(draftID)
            }
        }
    }

    /// Opens a new window on a new, untitled document.
    func openUntitled() {
        openWindow(on: store.newUntitled(), at: nil)
    }

    /// Opens another window on an open document (both then edit the same text live).
    @discardableResult
    func openWindow(on document: Document, at place: OpenFileContext?) -> WindowScene? {
        application?.requestSceneSessionActivation(options: ConnectionOptions(
            files: place.map { [$0] } ?? [], userInfo: [Self.documentKey: String(document.id)]))
    }

    private func scene(showing document: Document) -> WindowScene? {
        application?.connectedScenes.first { ($0.delegate as? EditorSceneDelegate)?.document === document }
    }
}
