import Documents
import Editing
import Scenes

/// What an editor window says about its document around the text: its title (and the task
/// bar's), its status bar and the marks in its menus, and whether Undo, Redo and Save can act.
@MainActor
final class EditorChrome {
    private weak var scene: WindowScene?
    private weak var ui: EditorWindow?
    private weak var binding: DocumentBinding?
    private let document: Document
    private let environment: EditorEnvironment
    /// Which window on its document this is (1, 2…), said in the title while there are several.
    private let windowNumber: Int

    init(scene: WindowScene, ui: EditorWindow, binding: DocumentBinding, document: Document,
         environment: EditorEnvironment, windowNumber: Int) {
        self.scene = scene
        self.ui = ui
        self.binding = binding
        self.document = document
        self.environment = environment
        self.windowNumber = windowNumber
    }

    /// Undo and Redo are on only when they have something to do.
    func updateUndoActions() {
        // A read-only document's file is left as it is (Save As still writes a copy).
        let enabled = ActionsEnabled(undo: document.canUndo && document.undoes, redo: document.canRedo && document.undoes,
                                     save: document.readOnlyReasons.isEmpty)
        // Asked at every store event, every key: the actions change only now and then.
        guard enabled != shownActions else { return }
        shownActions = enabled
        scene?.setAction("undo", enabled: enabled.undo)
        scene?.setAction("redo", enabled: enabled.redo)
        scene?.setAction("save", enabled: enabled.save)
    }

    private struct ActionsEnabled: Equatable {
        var undo: Bool, redo: Bool, save: Bool
    }
    private var shownActions: ActionsEnabled?

    func updateStatusBar() {
        guard let ui else { return }
        ui.statusBar.update(view: ui.textView, document: document)
        // The status menus mark what is in use.
        for (action, target) in EditorStatusBar.chosen(view: ui.textView, document: document) { scene?.setAction(action, chosen: target) }
    }

    func updateTitle() {
        guard let ui, let scene, let binding else { return }
        let title = EditorTitle.title(for: document, number: binding.isLastWindowOnDocument ? 1 : windowNumber)
        ui.headerBar.title = title
        // The task bar and Alt+Tab show only the window's title: with two "letter.txt" open,
        // it says which folder each is in (the header bar says so below the name).
        let folder = environment.host?.sharesName(document) == true ? EditorTitle.folder(of: document) : nil
        scene.title = folder.map { title + " — " + $0 } ?? title
        // An untitled document beside a folder says the folder, as a file says its own.
        ui.headerBar.subtitle = EditorTitle.subtitle(for: document) ?? scene.folderTree.map { EditorTitle.folderForDisplay($0.root) }
        environment.host?.windowRetitled(scene.session, title: title, folder: EditorTitle.folder(of: document))
    }
}
