/// Who listens to which document, and the delivery of its events (with `dirtyChanged` after
/// any event that flipped the document's dirty state).
@MainActor
struct DocumentSubscribers {
    private var handlers: [Int: [(id: Int, handler: @MainActor (DocumentEvent) -> Void)]] = [:]
    private var nextID = 1

    /// Adds `handler` for `document`'s events; returns the subscription's id.
    mutating func add(_ handler: @escaping @MainActor (DocumentEvent) -> Void, for document: Document) -> Int {
        let id = nextID
        nextID += 1
        handlers[document.id, default: []].append((id, handler))
        return id
    }

    /// Removes one subscription; returns true when it was the document's last.
    mutating func remove(_ id: Int, from document: Document) -> Bool {
        handlers[document.id]?.removeAll { $0.id == id }
        guard handlers[document.id]?.isEmpty ?? true else { return false }
        handlers[document.id] = nil
        return true
    }

    /// How many subscribers a document has.
    func count(of document: Document) -> Int { handlers[document.id]?.count ?? 0 }

    /// Delivers `event` to the document's subscribers; when `dirtyBefore` is given and the
    /// document's dirty state changed since, `dirtyChanged` follows.
    /// The subscriber that made a change hears of it first: the window typed in changes its
    /// buffer first, so it is the first to ask GTK for a frame and the first drawn, however many
    /// other windows show the document.
    func deliver(_ event: DocumentEvent, for document: Document, dirtyBefore: Bool?) {
        var subscribed = handlers[document.id] ?? []
        if let origin = event.origin, let index = subscribed.firstIndex(where: { $0.id == origin }), index > 0 {
            subscribed.insert(subscribed.remove(at: index), at: 0)
        }
        let current = subscribed.map(\.handler)
        for handler in current { handler(event) }
        if let dirtyBefore, dirtyBefore != document.isDirty {
            for handler in current { handler(.dirtyChanged(document.isDirty)) }
        }
    }
}
