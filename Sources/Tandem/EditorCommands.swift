import Documents
import Editing
import FoundationEssentials
import Glibc
import Gtk
import Localization
import SafeFiles
import Scenes

/// The window's commands ("win.…" actions): opening, saving, closing, finding, undo.
@MainActor
final class EditorCommands {
    private weak var scene: WindowScene?
    private unowned let ui: EditorWindow
    private unowned let viewport: DocumentViewport
    private var binding: DocumentBinding { viewport.binding }
    private unowned let banners: EditorBanners
    private let environment: EditorEnvironment
    private var document: Document { binding.document }

    init(scene: WindowScene, ui: EditorWindow, viewport: DocumentViewport, banners: EditorBanners, environment: EditorEnvironment) {
        self.scene = scene
        self.ui = ui
        self.viewport = viewport
        self.banners = banners
        self.environment = environment
    }

    /// Adds every window action to the scene.
    func install() {
        let actions: [(String, @MainActor (EditorCommands) -> Void)] = [
            ("open", { $0.chooseFilesToOpen() }),
            ("open-folder", { $0.chooseFolderToOpen() }),
            ("open-recent", { $0.chooseRecentFiles() }),
            ("save", { $0.save() }),
            ("save-as", { $0.saveAs() }),
            ("close", { $0.scene?.requestClose() }),
            ("find", { $0.ui.findBar.open(replacing: false) }),
            ("replace", { $0.ui.findBar.open(replacing: true) }),
            ("go-to-line", { $0.ui.findBar.openGoToLine() }),
            ("find-next", { $0.ui.findBar.findAgain(forward: true) }),
            ("find-previous", { $0.ui.findBar.findAgain(forward: false) }),
            ("delete-line", { $0.deleteLines() }),
            ("undo", { $0.binding.undo() }),
            ("redo", { $0.binding.redo() }),
            ("new-window-on-document", { $0.environment.host?.openWindow(on: $0.document) }),
            ("new-tab", { commands in commands.scene.map { commands.environment.host?.openTab(on: nil, beside: $0) } }),
            ("new-tab-on-document", { commands in commands.scene.map { commands.environment.host?.openTab(on: commands.document, beside: $0) } }),
            ("split-view", { commands in commands.scene.map { commands.environment.host?.openSplit(on: commands.document, beside: $0) } }),
            // The window's folder beside its tabs, shown or hidden (gedit's F9); nothing in a window without one.
            ("side-panel", { $0.toggleSidePanel() }),
            ("quick-open", { commands in commands.scene.map { commands.environment.host?.showQuickOpen(over: $0) } }),
            ("find-in-files", { commands in commands.scene.map { commands.environment.host?.showFindInFiles(over: $0) } }),
            ("next-tab", { $0.scene?.selectTab(offset: 1) }),
            ("previous-tab", { $0.scene?.selectTab(offset: -1) }),
            ("move-to-new-window", { $0.scene?.moveToNewWindow() }),
            ("move-to-window", { commands in commands.scene.map { commands.environment.host?.chooseWindow(forTabOf: $0) } }),
            ("show-menu", { $0.ui.menuButton.popUp() }),
            ("print", { $0.print() }),
            ("zoom-in", { $0.zoom(by: 1) }),
            ("zoom-out", { $0.zoom(by: -1) }),
            ("zoom-reset", { $0.zoom(by: 0) }),
        ]
        for (name, perform) in actions {
            scene?.addAction(name) { [weak self] in if let self { perform(self) } }
        }
        // Alt+1…9: the tab at that place in the window (9: the last, as in GNOME's editors).
        scene?.addAction("select-tab", withString: { [weak self] target in
            guard let scene = self?.scene, let number = Int(target) else { return }
            if number == 9 { scene.selectTab(at: Int.max) } else { scene.selectTab(at: number - 1) }
        })
        installFormatActions()
        installSessionActions()
        // A check in the menu: on or off as the view is (spelling also turns on by itself
        // once a prose file's text arrives, so the mark is set again as the menu opens).
        scene?.addAction("check-spelling", isOn: ui.textView.checksSpelling) { [weak self] in
            guard let self else { return }
            self.ui.textView.checksSpelling.toggle()
            self.showMenuState()
        }
        ui.menuButton.onOpen = { [weak self] in
            self?.showMenuState()
            self?.environment.host?.windowsMenuWillOpen()
        }
    }

    /// Called after the status bar's choices changed what the window shows.
    var onFormatChanged: (@MainActor () -> Void)?

    /// The status bar's choices: this window's indentation, the document's line endings and
    /// encoding; one choice action each, so the menu marks the one in use.
    private func installFormatActions() {
        let chosen = Dictionary(uniqueKeysWithValues: EditorStatusBar.chosen(view: ui.textView, document: document).map { ($0.action, $0.target) })
        scene?.addAction("indentation", chosen: chosen["indentation"]!) { [weak self] target in
            guard let self, let choice = EditorStatusBar.indentations.first(where: { $0.0 == target }) else { return }
            self.indent(spaces: choice.1)
        }
        scene?.addAction("line-ending", chosen: chosen["line-ending"]!) { [weak self] target in
            guard let self, let choice = EditorStatusBar.lineEndings.first(where: { $0.0 == target }) else { return }
            self.environment.store.setLineEnding(choice.1, of: self.document)
            self.onFormatChanged?()
        }
        scene?.addAction("encoding", chosen: chosen["encoding"]!) { [weak self] target in
            guard let self, let choice = EditorStatusBar.encodings.first(where: { $0.0 == target }) else { return }
            self.environment.store.setEncoding(choice.1, of: self.document)
            self.onFormatChanged?()
        }
    }

    /// The Sessions submenu: the window's own session marked, the others to switch to; a new
    /// one; renaming and deleting the window's session (the default one has no name to change).
    private func installSessionActions() {
        guard let scene else { return }
        scene.addAction("session", chosen: SessionSwitcher.target(scene.session.sessionName)) { [weak self] target in
            guard let self, let scene = self.scene, let name = SessionSwitcher.session(target) else { return }
            self.environment.host?.sessions.switchSession(of: scene, to: name)
        }
        let commands: [(String, @MainActor (SessionSwitcher, WindowScene) -> Void)] = [
            ("new-session", { $0.newSession(from: $1) }),
            ("rename-session", { $0.renameSession(of: $1) }),
            ("delete-session", { $0.deleteSession(of: $1) }),
        ]
        for (name, perform) in commands {
            scene.addAction(name) { [weak self] in
                guard let self, let scene = self.scene, let sessions = self.environment.host?.sessions else { return }
                perform(sessions, scene)
            }
        }
    }

    /// The window menu's check marks as the view is now.
    private func showMenuState() {
        scene?.setAction("check-spelling", isOn: ui.textView.checksSpelling)
        guard let scene else { return }
        // The window's session may have been renamed, or the tab moved into another's window.
        scene.setAction("session", chosen: SessionSwitcher.target(scene.session.sessionName))
        scene.setAction("rename-session", enabled: scene.session.sessionName != nil)
        scene.setAction("delete-session", enabled: scene.session.sessionName != nil)
    }

    private func indent(spaces: Int?) {
        ui.textView.insertsSpaces = spaces != nil
        ui.textView.indentWidth = spaces ?? -1
        onFormatChanged?()
    }

    /// Prints the document through the print dialog (with its page of the editor's own options);
    /// a failure is said in the window.
    private func print() {
        let settings = environment.preferences.settings
        let font = settings?.string("font") ?? "Monospace 10"
        // "Print to File" writes beside the document (or in the home folder), named after it, never
        // over a file that is there.
        let folder = document.path.map { PathName.folder(of: $0) } ?? HomeFolder.path
        let stem = folder + "/" + PathName.stem(of: document.displayName)
        let pdf = ([stem + ".pdf"] + (2...99).map { stem + " (\($0)).pdf" }).first { !FileSystem.exists($0) }
            ?? stem + " (\(UUID().uuidString)).pdf"
        let name = document.displayName
        let prose = EditorLanguage.readsAsProse(document, in: ui.buffer.languageID)
        let tab = settings.flatMap { PrintOptionsTab.make(settings: $0, prose: prose) }
        Printing.print(wholeDocument(), title: name, pdfPath: pdf, over: scene?.dialogParent,
                       tab: tab.map { ($0.widget, PrintOptionsTab.label) },
                       options: { withExtendedLifetime(tab?.builder) { PrintOptionsTab.options(from: settings, editorFont: font, prose: prose) } }) {
            [weak banners] failure in
            banners?.showFailure(localized("Could not print “%1”: %2", name, failure))
        }
    }

    /// The whole document in a buffer of its own, coloured as this window's: the window's buffer
    /// holds only the lines around what it shows, and a print is of the whole document.
    private func wholeDocument() -> SourceBuffer {
        let whole = SourceBuffer()
        whole.load(document.text)
        whole.languageID = ui.buffer.languageID
        return whole
    }

    /// Called after the window's zoom changed (its record keeps it).
    var onZoomed: (@MainActor () -> Void)?
    /// Called once the window's side panel was shown or hidden (its record keeps which).
    var onSidePanelToggled: (@MainActor () -> Void)?

    private func toggleSidePanel() {
        guard let scene, scene.sidePanel != nil else { return }
        scene.isSidePanelShown.toggle()
        onSidePanelToggled?()
    }

    /// Zooms the window's text a step in (+1) or out (-1), or back to the font's size (0).
    func zoom(by steps: Int) {
        ui.textView.zoom = steps == 0 ? 1 : (ui.textView.zoom * pow(1.1, Double(steps)) * 100).rounded() / 100
        onZoomed?()
    }

    /// Ctrl+D: deletes the lines the caret or the selection is on, through the store (one undo step).
    private func deleteLines() {
        let text = document.storage, selection = binding.selection
        let first = text.lineAndColumn(of: selection.lowerBound).line
        var last = text.lineAndColumn(of: selection.upperBound).line
        // A selection ending at the start of a line does not take that line.
        if last > first && text.offset(ofLine: last) == selection.upperBound { last -= 1 }
        var range = text.offset(ofLine: first)..<(last + 1 < text.lineCount ? text.offset(ofLine: last + 1) : text.count)
        // The last line has no break after it: the one before it goes instead.
        if last + 1 >= text.lineCount && first > 0 {
            let start = range.lowerBound
            let breakLength = start >= 2 && text.substring((start - 2)..<start) == "\r\n" ? 2 : 1
            range = (start - breakLength)..<range.upperBound
        }
        guard !range.isEmpty else { return }
        environment.store.sealUndoStep(document)
        environment.store.apply(.delete(range), to: document, origin: binding.originID)
        environment.store.sealUndoStep(document)
    }

    /// Opens files (a drop, a chooser's answer) through the app, raising windows that show them.
    func open(_ paths: [String], allowBinary: Bool = false) {
        environment.host?.open(paths.map { OpenFileContext(path: $0) }, allowBinary: allowBinary, from: scene)
    }

    private var folder: String? { document.path.map { PathName.folder(of: $0) } }

    private func chooseFilesToOpen() {
        FileChooser(purpose: .open, title: localized("Open Files"), accept: localized("_Open"), cancel: localized("_Cancel"), parent: scene?.dialogParent, folder: folder) { [weak self] paths in
            self?.open(paths)
        }.show()
    }

    /// Open Folder: a folder as a project, its files in the side panel.
    private func chooseFolderToOpen() {
        FileChooser(purpose: .folder, title: localized("Open Folder"), accept: localized("_Open"), cancel: localized("_Cancel"), parent: scene?.dialogParent, folder: folder) { [weak self] paths in
            self?.open(paths)
        }.show()
    }

    /// Open Recent: the recent files and folders by name with the folders they are in (two
    /// "letter.txt" told apart), most recent first, filtered as the user types; Enter opens the one chosen.
    private func chooseRecentFiles() {
        let entries = RecentFiles.recentEntries(includingFolders: true)
        let paths = entries.map(\.path)
        // A folder is told from a file of its name as the file manager's path bar does, by its slash.
        let items = entries.map { SearchableList.Item(title: PathName.file(of: $0.path) + ($0.isFolder ? "/" : ""), detail: EditorTitle.folder(ofPath: $0.path)) }
        SearchableList.present(title: localized("Open Recent"), placeholder: localized("Search recent files by name or folder"),
                               empty: localized("No recent files"), items: items, selected: 0, over: scene?.dialogParent) { [weak self] index in
            self?.open([paths[index]])
        }
    }

    /// Saves to the document's path, or asks for one (also when the user may not write the
    /// file: it is never replaced); `completion` says whether the text reached the disk.
    func save(completion: @escaping @MainActor (Bool) -> Void = { _ in }) {
        guard document.path != nil, document.isWritable else { return saveAs(completion: completion) }
        write(to: nil, completion: completion)
    }

    func saveAs(completion: @escaping @MainActor (Bool) -> Void = { _ in }) {
        FileChooser(purpose: .save, title: localized("Save As"), accept: localized("_Save"), cancel: localized("_Cancel"), parent: scene?.dialogParent, folder: folder,
                    suggestedName: document.displayName) { [weak self] paths in
            guard let self, let target = paths.first else { return completion(false) }
            self.write(to: target, completion: completion)
        }.show()
    }

    private func write(to target: String?, completion: @escaping @MainActor (Bool) -> Void) {
        guard let scene else { return completion(false) }
        // Logging out in the middle of a save must wait for it.
        let release = scene.application.inhibitLogout(reason: localized("Saving “%1”", document.displayName))
        do throws(TextFileError) {
            try environment.store.save(document, to: target) { [weak self] failure in
                release()
                guard let self else { return completion(failure == nil) }
                // Stopped by the user from the Saving banner: nothing went wrong to say.
                if let failure, failure.isCancelled { return completion(false) }
                if let failure, failure.isDiskConflict {
                    // The file changed while the save waited to write: asked as any conflict is.
                    return self.askToOverwrite(failure.message, completion: completion)
                }
                if let failure {
                    // The document stays modified and the old file untouched; the user can retry elsewhere.
                    self.banners.showSaveFailure(failure.message)
                    return completion(false)
                }
                if let path = self.document.path { RecentFiles.add(path) }
                completion(true)
            }
        } catch where error.isDiskConflict {
            release()
            askToOverwrite(error.message, completion: completion)
        } catch {
            // The document stays modified and the old file untouched; the user can retry elsewhere.
            release()
            banners.showSaveFailure(error.message)
            completion(false)
        }
    }

    /// The file changed on disk and the user never chose to keep their text over it: ask now.
    private func askToOverwrite(_ message: String, completion: @escaping @MainActor (Bool) -> Void) {
        // What Overwrite overwrites: the file as it is while the question is put, not a write after it.
        let seen = environment.store.diskVersion(of: document)
        MessageDialog(
            parent: scene?.dialogParent, title: message,
            // Where the window can merge the change, Cancel leads there (the question stays in the window).
            detail: document.canMerge
                ? localized("Overwrite the file with your text, or cancel and choose Merge, Reload or Save As?")
                : localized("Overwrite the file with your text, or cancel and choose Reload or Save As?"),
            choices: [.init(localized("_Cancel"), id: 1, isDefault: true),
                      .init(localized("_Overwrite"), id: 2, isDestructive: true)]) { [weak self] answer in
            guard let self, answer == 2 else { return completion(false) }
            self.environment.store.keepMine(self.document, seen: seen)
            self.write(to: nil, completion: completion)
        }.present()
    }
}
