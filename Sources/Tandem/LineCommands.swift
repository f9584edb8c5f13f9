import Documents
import Editing
import Gtk
import Scenes

/// The window's commands on lines and on the selection ("win.sort-lines", "win.join-lines",
/// "win.duplicate", "win.move-lines-up"/"-down", "win.change-case", "win.toggle-comment"). Each
/// asks `LineCommand` what it makes of the document, applies that through the store as one undo
/// step (every window on the document shows it), and selects what it gives. They act on the
/// document, not on the buffer: a selection reaching past the lines a window holds is served
/// whole (GtkSourceView's own Move Lines and Change Case see only the buffer).
@MainActor
final class LineCommands {
    private weak var scene: WindowScene?
    private unowned let ui: EditorWindow
    private unowned let viewport: DocumentViewport
    private let store: DocumentStore
    private var binding: DocumentBinding { viewport.binding }

    init(scene: WindowScene, ui: EditorWindow, viewport: DocumentViewport, store: DocumentStore) {
        self.scene = scene
        self.ui = ui
        self.viewport = viewport
        self.store = store
    }

    /// Adds the actions to the scene.
    func install() {
        scene?.addAction("sort-lines", withString: { [weak self] how in
            self?.perform(.sort(descending: how == "descending", ignoringCase: how == "ignoring-case", unique: how == "unique"))
        })
        scene?.addAction("change-case", withString: { [weak self] kind in
            guard let change = LineCommand.CaseChange(rawValue: kind) else { return }
            self?.perform(.changeCase(change))
        })
        let plain: [(String, LineCommand)] = [("join-lines", .join), ("duplicate", .duplicate),
                                              ("move-lines-up", .move(up: true)), ("move-lines-down", .move(up: false))]
        for (name, command) in plain {
            scene?.addAction(name) { [weak self] in self?.perform(command) }
        }
        scene?.addAction("toggle-comment") { [weak self] in
            guard let self else { return }
            self.perform(.toggleComment(self.commentSyntax))
        }
    }

    /// How the window's language writes comments (none for plain text).
    var commentSyntax: CommentSyntax {
        let language = ui.buffer.languageID
        return CommentSyntax(lineStart: SourceLanguage.metadata("line-comment-start", of: language),
                             blockStart: SourceLanguage.metadata("block-comment-start", of: language),
                             blockEnd: SourceLanguage.metadata("block-comment-end", of: language))
    }

    private func perform(_ command: LineCommand) {
        let document = binding.document
        guard document.readOnlyReasons.isEmpty,
              let change = command.change(anchor: binding.anchor, caret: binding.caret, in: document.storage,
                                          newline: document.lineEnding.rawValue, lastLine: binding.lastShownLine) else { return }
        // One undo step of its own, even right after typing; the breaks are the lines' own.
        store.sealUndoStep(document)
        store.apply(change.edit, to: document, origin: binding.originID, keepsNewlines: true)
        store.sealUndoStep(document)
        binding.reveal(change.caret)
        binding.select(anchor: change.anchor, caret: change.caret)
        ui.textView.scrollToCaret()
    }
}
