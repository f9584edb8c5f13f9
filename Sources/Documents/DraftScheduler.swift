import Dispatch

/// When each document's unsaved text goes to its draft: at most `delay` after an edit, all
/// due drafts together, written by `DraftStore` off the main thread.
@MainActor
final class DraftScheduler {
    /// Where drafts are kept (nil: nowhere).
    var drafts: DraftStore?
    /// How long unsaved text may wait before it reaches its draft (a crash loses at most this).
    var delay: DispatchTimeInterval = .milliseconds(300)
    private var due: [Int: Document] = [:]
    private var flushScheduled = false

    /// Writes `document`'s draft within `delay`.
    func schedule(_ document: Document) {
        guard drafts != nil else { return }
        due[document.id] = document
        guard !flushScheduled else { return }
        flushScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            MainActor.assumeIsolated { self?.flush() }
        }
    }

    /// A closed document is no longer due (its draft was written as it closed).
    func cancel(_ document: Document) { due[document.id] = nil }

    /// Writes every due draft now.
    func flush() {
        flushScheduled = false
        let documents = due.values
        due.removeAll()
        for document in documents { write(document) }
    }

    /// Writes (or, for a clean document, deletes) one document's draft now.
    func write(_ document: Document) {
        guard let drafts else { return }
        if document.isDirty {
            drafts.write(document.draftID, text: document.storage,
                         metadata: .init(path: document.path, untitledName: document.path == nil ? document.untitledName : nil))
        } else {
            drafts.delete(document.draftID)
        }
    }
}
