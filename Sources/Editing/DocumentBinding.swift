import Documents
import Gtk

/// Binds one window's buffer to one document in the store: the buffer's edits go to the
/// store, and the store's events come back into the buffer. This is the whole one-way flow.
@MainActor
public final class DocumentBinding {
    /// The document shown.
    public let document: Document
    /// The window's buffer.
    public let buffer: SourceBuffer
    private let subscription: DocumentSubscription
    private weak var store: DocumentStore?
    /// Called after the buffer has followed each event (titles, banners).
    public var onEvent: (@MainActor (DocumentEvent) -> Void)?

    /// Loads the document into `buffer` and routes its edits through `store` from now on.
    public init(store: DocumentStore, document: Document, buffer: SourceBuffer) {
        self.store = store
        self.document = document
        self.buffer = buffer
        buffer.load(document.text)
        // The handler is set up before the binding exists, so it reaches it through a box.
        let relay = Relay()
        subscription = store.subscribe(to: document) { event in relay.target?.follow(event) }
        relay.target = self
        let origin = subscription.id
        buffer.interceptEdits { [weak store] range, replacement in
            store?.apply(Edit(range: range, replacement: replacement), to: document, origin: origin)
        }
        buffer.onUserAction(began: { [weak store] in store?.beginCompoundEdit(document) },
                            ended: { [weak store] in store?.endCompoundEdit(document) })
    }

    private final class Relay { weak var target: DocumentBinding? }

    /// Undoes the document's last step and shows where it happened in this buffer.
    public func undo() { store?.undo(document, origin: subscription.id) }
    /// Redoes the document's last undone step.
    public func redo() { store?.redo(document, origin: subscription.id) }

    /// The id the store gives this binding's own edits (`DocumentEvent.edited(origin:)`).
    public var originID: Int { subscription.id }

    /// Whether other bindings (windows) show the same document.
    public var isLastWindowOnDocument: Bool { (store?.subscriberCount(of: document) ?? 0) <= 1 }

    private func follow(_ event: DocumentEvent) {
        switch event {
        case .edited(let edit, let origin, let isUndoRedo):
            buffer.apply(range: edit.range, replacement: edit.replacement)
            if isUndoRedo && origin == subscription.id {
                buffer.placeCaret(offset: edit.range.lowerBound + edit.insertedCount)
            }
        case .reloadedFromDisk:
            // The caret keeps its line and column, as far as the new text allows.
            let caret = buffer.caret
            buffer.load(document.text)
            buffer.placeCaret(line: caret.line, column: caret.column)
        default:
            break
        }
        onEvent?(event)
    }
}
