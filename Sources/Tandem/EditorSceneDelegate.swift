import Documents
import Foundation
import Gtk
import Scenes

/// One editor window: shows one file (or an untitled document), saves it, and closes safely.
@MainActor
final class EditorSceneDelegate: SceneDelegate {
    private var scene: WindowScene?
    private var ui: EditorWindow?
    private var untitledName = "Untitled Document"
    /// The file shown, or nil for an untitled document.
    private(set) var path: String?
    private var file = TextFile()

    init() {}

    private var appDelegate: TandemAppDelegate? { scene?.application.delegate as? TandemAppDelegate }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        self.scene = scene
        let ui = EditorWindow(in: scene.window)
        self.ui = ui
        installActions(on: scene.window)
        ui.buffer.onModifiedChanged { [weak self] in self?.updateTitle() }
        if let target = options.files.first {
            load(target)
        } else {
            untitledName = appDelegate?.nextUntitledName() ?? untitledName
        }
        if !options.notices.isEmpty { showNotices(options.notices) }
        updateTitle()
        ui.textView.grabFocus()
    }

    func sceneDidDisconnect(_ scene: WindowScene) {
        ui = nil
        self.scene = nil
    }

    func sceneShouldClose(_ scene: WindowScene, decision: @escaping @MainActor (Bool) -> Void) {
        guard let ui, ui.buffer.isModified else { return decision(true) }
        let dialog = MessageDialog(
            parent: scene.window,
            title: "Save changes to “\(displayName)” before closing?",
            detail: "If you don’t save, your changes will be lost.",
            choices: [
                .init("Close _without Saving", id: 1, isDestructive: true),
                .init("_Cancel", id: 2),
                .init("_Save", id: 3, isDefault: true),
            ]) { [weak self] answer in
                switch answer {
                case 1: decision(true)
                case 3: self?.save { saved in decision(saved) }
                default: decision(false)
                }
            }
        dialog.present()
    }

    // MARK: Loading

    private func load(_ target: OpenFileContext) {
        guard let ui else { return }
        path = target.path
        switch FileInspection.inspect(target.path) {
        case .readableFile:
            do {
                file = try TextFile.read(target.path)
                ui.buffer.load(file.text)
            } catch {
                // The text stays empty and unmodified; saving would need a deliberate edit first.
                showNotices([error.message])
            }
        case .missing(let folderExists):
            file = TextFile()
            if !folderExists {
                ui.infoBar.show("The folder of “\(displayName)” does not exist; saving will need another place.", kind: .warning)
            }
        case .refused(let reason):
            showNotices(["Could not open “\(displayName)”: \(reason)"])
        }
        moveCaret(to: target)
    }

    /// Puts the caret on the 1-based line and column of `target` (if it has one) and scrolls there.
    func moveCaret(to target: OpenFileContext) {
        guard let ui, let line = target.line else { return }
        ui.buffer.placeCaret(line: line - 1, column: (target.column ?? 1) - 1)
        // Scrolling needs the view's size, known only once it is laid out.
        DispatchQueue.main.async { [weak ui] in ui?.textView.scrollToCaret() }
    }

    /// Shows messages about this launch in the window's info bar.
    func showNotices(_ notices: [String]) {
        for notice in notices { ui?.infoBar.show(notice, kind: .error) }
    }

    // MARK: Title

    private var displayName: String {
        path.map { ($0 as NSString).lastPathComponent } ?? untitledName
    }

    private func updateTitle() {
        guard let ui, let scene else { return }
        let title = (ui.buffer.isModified ? "• " : "") + displayName
        ui.headerBar.title = title
        scene.window.title = title
        ui.headerBar.subtitle = path.map { Self.folderForDisplay(($0 as NSString).deletingLastPathComponent) }
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
            ("save", { $0.save() }),
            ("save-as", { $0.saveAs() }),
            ("close", { $0.scene?.requestClose() }),
            ("undo", { $0.ui?.buffer.undo() }),
            ("redo", { $0.ui?.buffer.redo() }),
        ]
        for (name, perform) in actions {
            window.addAction(SimpleAction(name: name) { [weak self] in if let self { perform(self) } })
        }
    }

    private func chooseFilesToOpen() {
        let folder = path.map { ($0 as NSString).deletingLastPathComponent }
        FileChooser(purpose: .open, title: "Open Files", parent: scene?.window, folder: folder) { [weak self] paths in
            self?.appDelegate?.open(paths.map { OpenFileContext(path: $0) }, forceNewWindow: false)
        }.show()
    }

    /// Saves to the current path, or asks for one; `completion` says whether the text reached the disk.
    func save(completion: @escaping @MainActor (Bool) -> Void = { _ in }) {
        guard let path else { return saveAs(completion: completion) }
        write(to: path, completion: completion)
    }

    private func saveAs(completion: @escaping @MainActor (Bool) -> Void = { _ in }) {
        let folder = path.map { ($0 as NSString).deletingLastPathComponent }
        FileChooser(purpose: .save, title: "Save As", parent: scene?.window, folder: folder, suggestedName: displayName) { [weak self] paths in
            guard let self, let target = paths.first else { return completion(false) }
            self.write(to: target, completion: completion)
        }.show()
    }

    private func write(to target: String, completion: @escaping @MainActor (Bool) -> Void) {
        guard let ui else { return completion(false) }
        file.text = ui.buffer.text
        do {
            try file.write(to: target)
            path = target
            ui.buffer.isModified = false
            updateTitle()
            completion(true)
        } catch {
            // The document stays modified and the old file untouched; the user can retry elsewhere.
            ui.infoBar.show(error.message, kind: .error)
            completion(false)
        }
    }
}
