import Documents
import Gtk
import Localization
import Projects
import SafeFiles
import Scenes

/// A folder opened as a project (`tandem DIR`): a window whose side panel holds the folder's
/// files, as gedit's file browser does; a file activated there opens as a tab of that window.
extension TandemAppDelegate {
    /// Opens a window on `folder`: its files beside a new, empty document. The window that
    /// asked (`origin`: Open Folder, a drop, Open Recent) takes the folder instead when it is new,
    /// empty and shows no folder yet, as gedit's empty tab gives way to a file.
    @discardableResult
    func openFolder(_ folder: String, from origin: WindowScene? = nil) -> WindowScene? {
        RecentFiles.add(folder)
        // A folder one window shows already is that window's, as an open file is.
        if let shown = selectedScene(where: { $0.folderTree?.root == folder }) {
            shown.isSidePanelShown = true
            shown.presentWindow()
            return shown
        }
        let scene: WindowScene
        if let origin, editor(of: origin)?.givesWayToLaunchedFiles == true {
            scene = origin
        } else {
            guard let opened = openWindow(on: store.newUntitled(), at: nil) else { return nil }
            scene = opened
        }
        showFolder(folder, in: scene)
        scene.isSidePanelShown = true
        scene.presentWindow()
        return scene
    }

    /// Puts `folder` in the side panel of `scene`'s window: its files, and Find in Files over them.
    func showFolder(_ folder: String, in scene: WindowScene) {
        let panel = PanelStack()
        let tree = FolderTree(root: folder, accessibleName: localized("Files"), closeName: localized("Close"),
                              ignoredNames: { GitIgnoredNames.ignored(in: $0, $1) })
        tree.onOpen = { [weak self, weak tree] path in
            guard let self, let tree, let shown = self.selectedScene(where: { $0.folderTree === tree }) else { return }
            self.open(path, fromFolderBeside: shown)
        }
        tree.onFailure = { [weak self, weak scene] message in
            guard let self, let scene else { return }
            self.editor(of: scene)?.showNotices([localized("The folder “%1” could not be read: %2", folder, message)])
        }
        let commands = FolderCommands(tree: tree, openTab: { [weak self, weak tree] path in
            guard let self, let tree, let shown = self.selectedScene(where: { $0.folderTree === tree }) else { return }
            self.open(path, fromFolderBeside: shown)
        }, openWindow: { [weak self] path in
            self?.open([OpenFileContext(path: path)], forceNewWindow: true, openUntitledIfNothing: false)
        }, dialogParent: { [weak self, weak tree] in
            self?.selectedScene(where: { $0.folderTree === tree })?.dialogParent
        }, moved: { [weak self] old, new in self?.store.followMove(of: old, to: new) }, settings: preferences.settings)
        panel.addPage(tree, name: PanelPage.files, title: localized("Files"), owner: commands)
        // The panel owns the page: the page's closures hold it weakly.
        let search = FindInFiles(folder: folder, store: store, openTexts: { [weak self] in self?.openTexts() ?? [:] }, open: { [weak self, weak panel] place in
            guard let self, let panel else { return }
            let shown = self.selectedScene(where: { $0.sidePanel === panel })
            if let shown { self.open(place, fromFolderBeside: shown) }
        })
        panel.addPage(search.page, name: PanelPage.search, title: localized("Search"), owner: search)
        panel.shownPage = PanelPage.files
        scene.setSidePanel(panel)
        for tab in application?.connectedScenes ?? [] where tab.sidePanel === panel { editor(of: tab)?.updateTitle() }
    }

    /// Shows Find in Files in `scene`'s side panel, on its folder (or its document's folder,
    /// which it then shows, in a window without one), the selection as the text to find.
    func showFindInFiles(over scene: WindowScene) {
        if scene.sidePanel == nil {
            guard let path = editor(of: scene)?.document.path else { return }
            showFolder(PathName.folder(of: path), in: scene)
        }
        guard let panel = scene.sidePanel as? PanelStack, let search = scene.findInFiles else { return }
        scene.isSidePanelShown = true
        panel.shownPage = PanelPage.search
        let selected = editor(of: scene)?.viewport?.binding.selectedText ?? ""
        search.focusFind(selected.contains("\n") ? nil : selected)
    }

    /// The open documents' text by path, for Find in Files to search in place of the disk's
    /// (those still loading are searched on the disk).
    private func openTexts() -> [String: @Sendable () -> [UInt8]] {
        var texts: [String: @Sendable () -> [UInt8]] = [:]
        for document in store.openDocuments where !document.isLoading {
            guard let path = document.path else { continue }
            let storage = document.storage
            texts[path] = { Array(storage.string.utf8) }
        }
        return texts
    }

    /// The window tab whose side panel `matches` and which is the one shown in its window.
    private func selectedScene(where matches: (WindowScene) -> Bool) -> WindowScene? {
        application?.connectedScenes.first { matches($0) && $0.tabGroup?.selectedScene === $0 }
    }

    /// Shows Quick Open over `scene`'s window, on its folder (or its document's, without one).
    func showQuickOpen(over scene: WindowScene) {
        guard quickOpen == nil else { return }
        guard let folder = scene.folderTree?.root ?? editor(of: scene)?.document.path.map(PathName.folder(of:)) else { return }
        quickOpen = QuickOpen(folder: folder, over: scene.dialogParent, choose: { [weak self, weak scene] file in
            guard let self, let scene else { return }
            self.open(file, fromFolderBeside: scene)
        }, closed: { [weak self] in self?.quickOpen = nil })
    }

    /// Opens the file at `path` as a tab beside `scene` (or shows the tab or window that has it);
    /// an untouched empty tab there gives way to it, as gedit's does.
    private func open(_ path: String, fromFolderBeside scene: WindowScene) {
        open(OpenFileContext(path: path), fromFolderBeside: scene)
    }

    private func open(_ file: OpenFileContext, fromFolderBeside scene: WindowScene) {
        let path = file.path
        let document: Document
        do {
            document = try store.openFile(at: path)
        } catch {
            editor(of: scene)?.showNotices([error.message + (error.message.contains(path) ? "" : " (\(path))")])
            return
        }
        if let shown = self.scene(showing: document) {
            editor(of: shown)?.moveCaret(to: file)
            shown.selectTab()
            shown.presentWindow()
            return
        }
        let blank = editor(of: scene)?.isUntouchedBlank == true ? scene : nil
        guard openWindow(on: document, at: file, asTabOf: scene) != nil else { return }
        RecentFiles.add(path)
        if let blank { application?.requestSceneSessionDestruction(blank.session) }
    }
}

/// The names of the side panel's pages.
enum PanelPage {
    static let files = "files"
    static let search = "search"
}

extension WindowScene {
    /// The folder's files in the window's side panel, if it shows a folder.
    var folderTree: FolderTree? { (sidePanel as? PanelStack)?.page(PanelPage.files) as? FolderTree }
    /// Find in Files in the window's side panel, if it shows a folder.
    var findInFiles: FindInFiles? { (sidePanel as? PanelStack)?.owner(of: PanelPage.search) as? FindInFiles }
}
