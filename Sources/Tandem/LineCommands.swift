import Background
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

    /// Past this many characters, a command is worked out on a worker (Sort on 100,000 lines
    /// takes ~0.2 s): the window answers meanwhile.
    static let workedOutAtOnce = 256 << 10

    private func perform(_ command: LineCommand) {
        let document = binding.document
        guard document.readOnlyReasons.isEmpty else { return }
        let (anchor, caret, text, version) = (binding.anchor, binding.caret, document.storage, document.editCount)
        let (newline, lastLine) = (document.lineEnding.rawValue, binding.lastShownLine)
        let sortsAll: Bool
        if case .sort = command { sortsAll = anchor == caret } else { sortsAll = false }
        guard (sortsAll ? text.count : abs(caret - anchor)) > Self.workedOutAtOnce else {
            return apply(command.change(anchor: anchor, caret: caret, in: text, newline: newline, lastLine: lastLine), to: document)
        }
        Background.run(on: .global(qos: .userInitiated), {
            command.change(anchor: anchor, caret: caret, in: text, newline: newline, lastLine: lastLine)
        }, then: { [weak self] change in
            guard let self, self.binding.document === document else { return }
            // Typed into meanwhile: worked out again on the text as it is now.
            guard document.editCount == version else { return self.perform(command) }
            self.apply(change, to: document)
        })
    }

    private func apply(_ change: LineChange?, to document: Document) {
        guard let change, document.readOnlyReasons.isEmpty else { return }
        // One undo step of its own, even right after typing; the breaks are the lines' own.
        store.sealUndoStep(document)
        store.apply(change.edit, to: document, origin: binding.originID, keepsNewlines: true)
        store.sealUndoStep(document)
        binding.reveal(change.caret)
        binding.select(anchor: change.anchor, caret: change.caret)
        ui.textView.scrollToCaret()
    }
}
