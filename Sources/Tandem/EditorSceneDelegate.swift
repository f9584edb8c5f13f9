import Documents
import Localization
import Editing
import Foundation
import Gtk
import Scenes

/// One editor window on one document. It never edits its own buffer: the user's edits go to
/// the store, and the buffer changes only when the store's events come back.
@MainActor
final class EditorSceneDelegate: SceneDelegate {
    private var scene: WindowScene?
    private var ui: EditorWindow?
    private var binding: DocumentBinding?
    /// The document shown.
    var document: Document? { binding?.document }

    init() {}

    private var appDelegate: TandemAppDelegate? { scene?.application.delegate as? TandemAppDelegate }
    private var store: DocumentStore? { appDelegate?.store }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        self.scene = scene
        let ui = EditorWindow(in: scene.window)
        self.ui = ui
        ui.textView.onFilesDropped { [weak self] paths in
            self?.appDelegate?.open(paths.map { OpenFileContext(path: $0) }, forceNewWindow: false)
        }
        installActions(on: scene.window)
        guard let store else { return }
        let document = options.userInfo[TandemAppDelegate.documentKey].flatMap(Int.init).flatMap(store.document(id:))
            ?? store.newUntitled()
        let lightweight = document.fileSize >= Self.largeFileSize || document.readOnlyReasons.contains(.longLines)
        appDelegate?.preferences.adopt(ui.textView, lightweight: lightweight)
        if let progress = document.loadProgress, progress.bytesRead > 0 {
            // Line numbers as wide as the whole file will need, guessed from its head, so the
            // text area keeps its width (and GtkTextView its layout) while the rest streams in.
            let lines = Double(document.storage.lineCount) * Double(progress.totalBytes) / Double(progress.bytesRead)
            ui.textView.lineNumbers.reserveRoom(forLines: Int(min(lines, 1e12)))
        }
        let binding = DocumentBinding(store: store, document: document, buffer: ui.buffer,
                                      displayLimit: document.readOnlyReasons.contains(.longLines) ? Self.previewLength : nil)
        binding.onEvent = { [weak self] event in self?.handle(event) }
        binding.onStreamed = { [weak self] in self?.updateLoading() }
        ui.diskChangeBar.onButton = { [weak self] response in
            guard let self, response == EditorWindow.reloadResponse, let document = self.document, let store = self.store else { return }
            do throws(TextFileError) { try store.reloadFromDisk(document) } catch { self.ui?.infoBar.show(error.message, kind: .error) }
        }
        ui.previewBar.onButton = { [weak self] _ in self?.binding?.displayLimit = nil; self?.updateLoading() }
        ui.binaryBar.onButton = { [weak self] _ in
            guard let self else { return }
            let paths = self.openAnywayPaths
            self.openAnywayPaths = []
            self.appDelegate?.open(paths.map { OpenFileContext(path: $0) }, forceNewWindow: false, allowBinary: true)
        }
        ui.onCancelLoading = { [weak self] in self?.scene?.requestClose() }
        self.binding = binding
        if lightweight && !document.readOnlyReasons.contains(.longLines) {
            ui.readOnlyBar.show(localized("“%1” is large (%2): line wrapping, bracket matching and current-line highlighting are off in this window to keep it fast.",
                                          document.displayName, Self.sizeForDisplay(document.fileSize)), kind: .info)
        }
        for reason in document.readOnlyReasons { explainReadOnly(reason) }
        updateLoading()
        if binding.isComplete == false {
            // Only loads that take a while show the bar, so small files never flash it.
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in
                guard let self, let binding = self.binding, !binding.isComplete else { return }
                self.ui?.loadingBar.show()
            }
        }
        if let path = document.path, case .missing(folderExists: false) = FileInspection.inspect(path) {
            ui.infoBar.show(localized("The folder of “%1” does not exist; saving will need another place.", document.displayName), kind: .warning)
        }
        if let record = options.restorationRecord {
            restore(record, window: scene.window, ui: ui, document: document)
        }
        if document.encoding != .utf8 {
            ui.infoBar.show(localized("“%1” is not UTF-8: it was opened as %2 and will be saved the same way.", document.displayName, document.encoding.displayName), kind: .info)
        }
        if let place = options.files.first { moveCaret(to: place) }
        if !options.notices.isEmpty { showNotices(options.notices) }
        if let offer = options.userInfo[TandemAppDelegate.openAnywayKey]
            .flatMap({ try? JSONDecoder().decode(TandemAppDelegate.OpenAnywayOffer.self, from: Data($0.utf8)) }) {
            offerToOpenAnyway(offer.paths, messages: offer.messages)
        }
        updateTitle()
        ui.textView.grabFocus()
    }

    func sceneDidDisconnect(_ scene: WindowScene) {
        appDelegate?.windowDidClose(scene.session)
        binding = nil  // the store closes the document if this was its last window
        ui = nil
        self.scene = nil
    }

    func sceneShouldClose(_ scene: WindowScene, decision: @escaping @MainActor (Bool) -> Void) {
        // Only the last window on a modified document asks; the others just close.
        guard let binding, binding.document.isDirty, binding.isLastWindowOnDocument else {
            return decision(true)
        }
        let dialog = MessageDialog(
            parent: scene.window,
            title: localized("Save changes to “%1” before closing?", binding.document.displayName),
            detail: localized("If you don’t save, your changes will be lost."),
            choices: [
                .init(localized("Close _without Saving"), id: 1, isDestructive: true),
                .init(localized("_Cancel"), id: 2),
                .init(localized("_Save"), id: 3, isDefault: true),
            ]) { [weak self] answer in
                switch answer {
                case 1:
                    if let document = self?.document { self?.store?.discardChangesOnClose(document) }
                    decision(true)
                case 3: self?.save { saved in decision(saved) }
                default: decision(false)
                }
            }
        dialog.present()
    }

    // MARK: Store events

    private func handle(_ event: DocumentEvent) {
        guard let ui else { return }
        switch event {
        case .edited(_, let origin, let isUndoRedo):
            scheduleRecord()
            // The window that asked for undo shows where it happened.
            if isUndoRedo && origin != nil && origin == binding?.originID { ui.textView.scrollToCaret() }
        case .dirtyChanged, .renamed, .closed:
            updateTitle()
        case .saved:
            ui.diskChangeBar.dismiss()
            updateTitle()
        case .reloadedFromDisk:
            ui.diskChangeBar.dismiss()
            ui.textView.scrollToCaret()
            updateTitle()
        case .changedOnDiskWhileDirty:
            ui.diskChangeBar.dismiss()
            ui.diskChangeBar.show(localized("“%1” changed on disk. Reload it and lose your changes, or keep yours and overwrite it when you save?", binding?.document.displayName ?? ""), kind: .warning)
        case .becameReadOnly(let reason):
            if reason == .longLines && binding?.displayLimit == nil {
                binding?.displayLimit = max(binding?.shownCount ?? 0, Self.previewLength)
            }
            explainReadOnly(reason)
            updateLoading()
        case .loadProgressed, .loadRestarted, .loadFinished:
            updateLoading()
        case .loadFailed(let message):
            ui.infoBar.show(message, kind: .error)
            explainReadOnly(.incomplete)
            updateLoading()
        case .deletedOnDisk:
            ui.infoBar.show(localized("“%1” was deleted on disk. Its text is still here: save to create the file again.", binding?.document.displayName ?? ""), kind: .warning)
            updateTitle()
        }
    }

    // MARK: Loading and read-only documents

    /// From this size on, a window turns off what costs most on huge texts (and says so).
    static let largeFileSize: Int64 = 4 << 20
    /// How much of a file with very long lines is shown until the user asks for all of it.
    static let previewLength = 256 << 10
    /// Files that looked binary, offered by the binary bar's "Open Anyway".
    private var openAnywayPaths: [String] = []

    /// Shows the loading bar's progress, hides it when done, and lets the user edit once the
    /// whole text is here (unless the document is read-only).
    private func updateLoading() {
        guard let ui, let binding else { return }
        let document = binding.document
        // Only lasting reasons make the view read-only. Toggling at the end of a load would make
        // GtkTextView invalidate every line (37 ms for 100 MB); edits typed while loading are
        // refused by the store instead, and the loading bar says why.
        ui.textView.isEditable = document.readOnlyReasons.isEmpty
        if binding.isComplete {
            ui.loadingBar.hide()
        } else {
            ui.loadingLabel.text = localized("Loading “%1”…", document.displayName)
            ui.loadingProgress.fraction = binding.progress
        }
        if binding.isPreview && !document.isLoading {
            ui.previewBar.show(localized("“%1” has lines too long to show quickly: only its first %2 characters are shown.",
                                         document.displayName, String(binding.shownCount)), kind: .info)
        } else if !binding.isPreview {
            ui.previewBar.dismiss()
        }
    }

    private var explainedReasons: Set<ReadOnlyReason> = []

    private func explainReadOnly(_ reason: ReadOnlyReason) {
        guard let ui, let document, explainedReasons.insert(reason).inserted else { return }
        let message = switch reason {
        case .binary: localized("“%1” contains NUL bytes, shown as “␀”. It is open read-only, so its bytes stay as they are.", document.displayName)
        case .longLines: localized("“%1” has lines longer than %2 characters. It is shown wrapped and read-only, so its bytes stay as they are.", document.displayName, String(ReadOnlyReason.longLineLimit))
        case .incomplete: localized("“%1” could not be read completely; what was read is shown read-only.", document.displayName)
        }
        ui.readOnlyBar.show(message, kind: .warning)
        if reason == .longLines { ui.textView.setWraps(true) }
    }

    /// A size in the units GNOME uses (powers of 1000).
    nonisolated static func sizeForDisplay(_ bytes: Int64) -> String {
        bytes >= 1_000_000_000 ? String(format: "%.1f GB", Double(bytes) / 1e9)
            : bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6)
            : String(format: "%.0f kB", Double(bytes) / 1e3)
    }

    /// Offers "Open Anyway" (read-only) for files that were refused because they look binary.
    func offerToOpenAnyway(_ paths: [String], messages: [String]) {
        guard let ui, !paths.isEmpty else { return }
        openAnywayPaths += paths
        for message in messages { ui.binaryBar.show(message, kind: .warning) }
    }

    // MARK: Restoration

    private var recordScheduled = false

    /// Keeps the window's record (caret, scroll) at most a second behind the typing, so that
    /// after a crash the caret comes back where the text does; the draft keeps the text itself.
    private func scheduleRecord() {
        guard !recordScheduled else { return }
        recordScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
            guard let self else { return }
            self.recordScheduled = false
            self.scene?.saveRestorationRecord()
        }
    }

    func stateRestorationRecord(for scene: WindowScene) -> RestorationRecord? {
        guard let ui, let document else { return nil }
        let caret = ui.buffer.caret, anchor = ui.buffer.selectionAnchor
        let state = EditorState(path: document.path, draftID: document.draftID,
                                untitledName: document.path == nil ? document.untitledName : nil,
                                caretLine: caret.line, caretColumn: caret.column,
                                anchorLine: anchor.line, anchorColumn: anchor.column,
                                topLine: ui.textView.topVisibleLine)
        let window = scene.window
        let size = window.size, position = window.position
        return RestorationRecord(windowWidth: size.width, windowHeight: size.height,
                                 windowX: position.x, windowY: position.y,
                                 isMaximized: window.isMaximized, isFullscreen: window.isFullscreen,
                                 payload: state.encoded)
    }

    private func restore(_ record: RestorationRecord, window: ApplicationWindow, ui: EditorWindow, document: Document) {
        if let width = record.windowWidth, let height = record.windowHeight { window.setDefaultSize(width: width, height: height) }
        if let x = record.windowX, let y = record.windowY { window.move(x: x, y: y) }
        if record.isMaximized { window.maximize() }
        if record.isFullscreen { window.fullscreen() }
        guard let state = EditorState.decode(record.payload) else { return }
        ui.buffer.select(anchor: (state.anchorLine ?? state.caretLine, state.anchorColumn ?? state.caretColumn),
                         caret: (state.caretLine, state.caretColumn))
        ui.textView.scrollToTop(line: state.topLine ?? 0)
        if let path = document.path, !FileManager.default.fileExists(atPath: path) {
            ui.infoBar.show(localized("“%1” no longer exists on disk. Its unsaved text is here: save to create it again.", document.displayName), kind: .warning)
        }
    }

    /// Puts the caret on the 1-based line and column of `place` (if it has one) and scrolls there.
    func moveCaret(to place: OpenFileContext) {
        guard let ui, let line = place.line else { return }
        ui.buffer.placeCaret(line: line - 1, column: (place.column ?? 1) - 1)
        // Scrolling needs the view's size, known only once it is laid out.
        DispatchQueue.main.async { [weak ui] in ui?.textView.scrollToCaret() }
    }

    /// Shows messages about this launch in the window's info bar.
    func showNotices(_ notices: [String]) {
        for notice in notices { ui?.infoBar.show(notice, kind: .error) }
    }

    // MARK: Title

    private func updateTitle() {
        guard let ui, let scene, let document else { return }
        let title = (document.isDirty ? "• " : "") + document.displayName
        ui.headerBar.title = title
        scene.window.title = title
        ui.headerBar.subtitle = document.path.map { Self.folderForDisplay(($0 as NSString).deletingLastPathComponent) }
    }

    /// A folder as GNOME shows it: the home folder as "~".
    nonisolated static func folderForDisplay(_ folder: String) -> String {
        let home = NSHomeDirectory()
        if folder == home { return "~" }
        if folder.hasPrefix(home + "/") { return "~" + folder.dropFirst(home.count) }
        return folder
    }

    // MARK: Actions

    private func installActions(on window: ApplicationWindow) {
        let actions: [(String, @MainActor (EditorSceneDelegate) -> Void)] = [
            ("open", { $0.chooseFilesToOpen() }),
            ("open-recent", { me in
                RecentFiles.choose(over: me.scene?.window) { [weak me] paths in
                    me?.appDelegate?.open(paths.map { OpenFileContext(path: $0) }, forceNewWindow: false)
                }
            }),
            ("save", { $0.save() }),
            ("save-as", { $0.saveAs() }),
            ("close", { $0.scene?.requestClose() }),
            ("find", { $0.ui?.findBar.open(replacing: false) }),
            ("replace", { $0.ui?.findBar.open(replacing: true) }),
            ("go-to-line", { $0.ui?.findBar.openGoToLine() }),
            ("undo", { $0.binding?.undo() }),
            ("redo", { $0.binding?.redo() }),
            ("new-window-on-document", { me in if let document = me.document { me.appDelegate?.openWindow(on: document, at: nil) } }),
        ]
        for (name, perform) in actions {
            window.addAction(SimpleAction(name: name) { [weak self] in if let self { perform(self) } })
        }
    }

    private func chooseFilesToOpen() {
        let folder = document?.path.map { ($0 as NSString).deletingLastPathComponent }
        FileChooser(purpose: .open, title: localized("Open Files"), parent: scene?.window, folder: folder) { [weak self] paths in
            self?.appDelegate?.open(paths.map { OpenFileContext(path: $0) }, forceNewWindow: false)
        }.show()
    }

    /// Saves to the document's path, or asks for one; `completion` says whether the text reached the disk.
    func save(completion: @escaping @MainActor (Bool) -> Void = { _ in }) {
        guard let document, document.path != nil else { return saveAs(completion: completion) }
        write(to: nil, completion: completion)
    }

    private func saveAs(completion: @escaping @MainActor (Bool) -> Void = { _ in }) {
        let folder = document?.path.map { ($0 as NSString).deletingLastPathComponent }
        FileChooser(purpose: .save, title: localized("Save As"), parent: scene?.window, folder: folder,
                    suggestedName: document?.displayName) { [weak self] paths in
            guard let self, let target = paths.first else { return completion(false) }
            self.write(to: target, completion: completion)
        }.show()
    }

    private func write(to target: String?, completion: @escaping @MainActor (Bool) -> Void) {
        guard let ui, let document, let store else { return completion(false) }
        // Logging out in the middle of a save must wait for it.
        let native = scene?.application.native
        let cookie = native?.inhibitLogout(over: scene?.window, reason: localized("Saving “%1”", document.displayName)) ?? 0
        defer { native?.uninhibit(cookie) }
        do {
            try store.save(document, to: target)
            if let path = document.path { RecentFiles.add(path) }
            completion(true)
        } catch {
            // The document stays modified and the old file untouched; the user can retry elsewhere.
            ui.infoBar.show(error.message, kind: .error)
            completion(false)
        }
    }
}
