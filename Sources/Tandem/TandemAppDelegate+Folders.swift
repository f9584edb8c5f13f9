import Documents
import Gtk
import Localization
import SafeFiles
import Scenes

/// A folder opened as a project (`tandem DIR`): a window whose side panel holds the folder's
/// files, as gedit's file browser does; a file activated there opens as a tab of that window.
extension TandemAppDelegate {
    /// Opens a window on `folder`: its files beside a new, empty document.
    @discardableResult
    func openFolder(_ folder: String) -> WindowScene? {
        guard let scene = openWindow(on: store.newUntitled(), at: nil) else { return nil }
        showFolder(folder, in: scene)
        return scene
    }

    /// Puts `folder`'s files in the side panel of `scene`'s window.
    func showFolder(_ folder: String, in scene: WindowScene) {
        let tree = FolderTree(root: folder, accessibleName: localized("Files"))
        tree.onOpen = { [weak self, weak tree] path in
            guard let self, let tree,
                  let shown = self.application?.connectedScenes.first(where: { $0.sidePanel === tree && $0.tabGroup?.selectedScene === $0 }) else { return }
            self.open(path, fromFolderBeside: shown)
        }
        tree.onFailure = { [weak self, weak scene] message in
            guard let self, let scene else { return }
            self.editor(of: scene)?.showNotices([localized("The folder “%1” could not be read: %2", folder, message)])
        }
        scene.setSidePanel(tree)
    }

    /// Shows Quick Open over `scene`'s window, on its folder (or its document's, without one).
    func showQuickOpen(over scene: WindowScene) {
        guard quickOpen == nil else { return }
        guard let folder = (scene.sidePanel as? FolderTree)?.root ?? editor(of: scene)?.document.path.map(PathName.folder(of:)) else { return }
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
