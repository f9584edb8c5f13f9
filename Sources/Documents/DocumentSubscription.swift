/// A subscriber's hold on a document's events; releasing it unsubscribes, and when a
/// document's last subscription goes, the store closes the document.
@MainActor
public final class DocumentSubscription {
    /// The id the store puts in `DocumentEvent.edited(origin:)` for edits this subscriber made.
    public let id: Int
    /// The document subscribed to.
    public let document: Document
    private weak var store: DocumentStore?

    init(id: Int, document: Document, store: DocumentStore) {
        self.id = id; self.document = document; self.store = store
    }

    isolated deinit {
        store?.unsubscribe(id, from: document)
    }
}
