import Documents
import FoundationEssentials
import Gtk
import SafeFiles
import Scenes

/// Opening files from the command line, File > Open, a drop or Open Anyway.
extension TandemAppDelegate {
    /// What `open` did: the windows that show the files, and what could not be opened.
    struct OpenResult {
        var scenes: [WindowScene] = []
        var problems: [String] = []
    }

    /// Files that could not be opened: plain refusals, and binaries the user may still open.
    private struct Refusals {
        var problems: [String] = []
        var binary = OpenAnywayOffer(paths: [], messages: [])
        var isEmpty: Bool { problems.isEmpty && binary.paths.isEmpty }
    }

    /// Shows each file: raises a window already showing it (unless `forceNewWindow`), else opens
    /// a new one. Files that cannot be opened, and `problems` of the request itself, are said in
    /// a window (`origin`, the one that asked, else one that carries only messages, never another
    /// document's) and returned as messages. A launch (`fromCommandLine`), whose launcher prints
    /// them, makes no window just to say them while other windows are open: only one that can
    /// still open a file (Open Anyway) or the only window there would be.
    @discardableResult
    func open(_ files: [OpenFileContext], forceNewWindow: Bool, openUntitledIfNothing: Bool = true,
              allowBinary: Bool = false, origin: WindowScene? = nil, problems: [String] = [],
              fromCommandLine: Bool = false) -> OpenResult {
        var scenes: [WindowScene] = []
        var refusals = Refusals(problems: problems)
        // Open in a new, empty, untouched window (Ctrl+O at once): the first file takes its place,
        // as gedit reuses its empty tab.
        var blank = forceNewWindow ? nil : origin.flatMap { editor(of: $0)?.isBlankCarrier == true ? $0 : nil }
        var replaced: WindowScene?
        // Files opened together share the window the first new one opens in (the preference).
        var gathering = preferences.opensFilesInTabs && blank == nil && !forceNewWindow ? origin : nil
        for file in files {
            guard let document = openDocument(file, allowBinary: allowBinary, refusals: &refusals) else { continue }
            let known = !forceNewWindow && scene(showing: document) != nil
            if let scene = show(document, at: file, forceNewWindow: forceNewWindow, beside: known ? nil : blank, gathering: gathering) {
                scenes.append(scene)
                if !known, blank != nil { (replaced, blank) = (blank, nil) }
                if !known, preferences.opensFilesInTabs { gathering = scene }
            }
        }
        let saidOnStderrOnly = fromCommandLine && refusals.binary.paths.isEmpty && !(application?.connectedScenes.isEmpty ?? true)
            && !(application?.connectedScenes.contains { editor(of: $0)?.isBlankCarrier == true } ?? false)
        if !refusals.isEmpty {
            if !saidOnStderrOnly { report(refusals, in: origin) }
        } else if files.isEmpty && openUntitledIfNothing {
            openUntitled()
        }
        // Gone once its place is taken, unless it says what could not be opened.
        if let replaced, refusals.isEmpty, editor(of: replaced)?.isBlankCarrier == true {
            application?.requestSceneSessionDestruction(replaced.session)
        }
        return OpenResult(scenes: scenes, problems: refusals.problems + refusals.binary.messages)
    }

    /// The store's document for `file`, or nil with the reason added to `refusals`.
    private func openDocument(_ file: OpenFileContext, allowBinary: Bool, refusals: inout Refusals) -> Document? {
        do {
            return try store.openFile(at: file.path, allowBinary: allowBinary)
        } catch {
            let message = error.message + (error.message.contains(file.path) ? "" : " (\(file.path))")
            if error.looksBinary {
                refusals.binary.paths.append(file.path)
                refusals.binary.messages.append(message)
            } else {
                refusals.problems.append(message)
            }
            return nil
        }
    }

    /// Raises the window already showing `document` (moving its caret, showing its tab), or opens
    /// a new one (when the preference says so, a tab beside `gathering`, the file opened with it
    /// before, else of the window used last; beside `blank`, an empty window it replaces).
    private func show(_ document: Document, at file: OpenFileContext, forceNewWindow: Bool, beside blank: WindowScene? = nil,
                      gathering: WindowScene? = nil) -> WindowScene? {
        if !forceNewWindow, let scene = scene(showing: document) {
            editor(of: scene)?.moveCaret(to: file)
            scene.selectTab()
            scene.presentWindow()
            return scene
        }
        // The preference puts it in a tab of the window used last; --new-window opens a new
        // window for the first file (the others still join it).
        let tabs = preferences.opensFilesInTabs
        let neighbour = blank ?? (tabs ? gathering ?? (forceNewWindow ? nil : lastUsedScene) : nil)
        let scene = openWindow(on: document, at: file, asTabOf: neighbour)
        if RemoteLocation.isRemote(file.path) || FileSystem.exists(file.path) { RecentFiles.add(file.path) }
        return scene
    }

    /// Tells the user what could not be opened: in the window that asked, else in a window of
    /// its own (a blank one, or a new one), never in another document's.
    private func report(_ refusals: Refusals, in asked: WindowScene?) {
        // A window that carries only messages (new, empty, untitled) takes the next ones too.
        let target = asked ?? application?.connectedScenes.last { editor(of: $0)?.isBlankCarrier == true }
        if let target, let editor = editor(of: target) {
            editor.showNotices(refusals.problems)
            editor.offerToOpenAnyway(refusals.binary)
            target.presentWindow()
        } else {
            openWindow(on: store.newUntitled(), at: nil, offer: refusals.binary, notices: refusals.problems)
        }
    }
}
