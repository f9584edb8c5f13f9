import Background
import Documents
import Gtk

/// Replace All: at once in a small document; in a big one the matches are found off the main
/// thread, on a snapshot of the text, and replaced together as one batch (one undo step, one
/// event for every window) if neither the document nor the search changed meanwhile.
extension DocumentFinder {
    /// What a Replace All did.
    public enum ReplaceAllOutcome: Equatable, Sendable {
        /// This many matches were found; those not already their replacement were replaced.
        case replaced(Int)
        /// More matches than one Replace All changes (`limit`): nothing was replaced.
        case tooMany(limit: Int)
        /// The document or the search changed before the matches were all found: nothing was
        /// replaced (the user sees the text they changed, not a replacement of the one before).
        case overtaken
    }

    /// The most matches one Replace All in a big document replaces: each is an edit kept for
    /// undo and in the journal, so a pattern found on every line of a 10 GB log is refused
    /// rather than held a hundred million times.
    public static let replaceAllLimit = 1 << 20

    /// Replaces every match (see `replaceAll(with:)`), off the main thread for a big document;
    /// `done` is told what happened, at once for a small one. `limit`: `replaceAllLimit` (tests
    /// take fewer).
    public func replaceAll(with replacement: String, limit: Int = DocumentFinder.replaceAllLimit,
                           then done: @escaping @MainActor (ReplaceAllOutcome) -> Void) {
        let document = binding.document
        guard let pattern, !document.isReadOnly else { return done(.replaced(0)) }
        let text = document.storage, edits = document.editCount
        if text.count < Self.countsAtOnce { return done(.replaced(replaceAll(with: replacement))) }
        replacing?.cancel()
        let cancellation = Cancellation()
        replacing = cancellation
        Background.run(on: Self.searches, {
            DocumentSearch.allMatches(of: pattern, in: text, replacement: replacement, limit: limit + 1) { cancellation.isCancelled }
        }, then: { [weak self] found in
            guard let self, self.replacing === cancellation else { return done(.overtaken) }
            self.replacing = nil
            guard let found, self.pattern === pattern, edits == document.editCount, !document.isReadOnly else { return done(.overtaken) }
            if found.count > limit { return done(.tooMany(limit: limit)) }
            done(.replaced(self.replaceTogether(found, with: replacement, in: text)))
        })
    }

    /// Replaces every match in the document, as one undo step; returns how many. Matches that
    /// already read as their replacement are left alone, and when all do there is no step at all
    /// (a Ctrl+Z that changes nothing would look broken).
    @discardableResult
    public func replaceAll(with replacement: String) -> Int {
        guard let pattern, let store = binding.store, !binding.document.isReadOnly,
              let found = DocumentSearch.allMatches(of: pattern, in: binding.document.storage, replacement: replacement),
              !found.isEmpty else { return 0 }
        let text = binding.document.storage
        let changing = found.filter { text.substring($0.range) != ($0.replacement ?? replacement) }
        guard !changing.isEmpty else { return found.count }
        store.sealUndoStep(binding.document)
        isReplacingAll = true
        defer {
            isReplacingAll = false
            count()
        }
        store.beginCompoundEdit(binding.document)
        // From the last: each edit leaves the offsets of the ones before it as they were.
        for match in changing.reversed() {
            store.apply(Edit(range: match.range, replacement: match.replacement ?? replacement), to: binding.document, origin: binding.originID)
        }
        store.endCompoundEdit(binding.document)
        store.sealUndoStep(binding.document)
        return found.count
    }

    /// `found` (in `text`, the document's text now) replaced as one batch: one step, one event.
    private func replaceTogether(_ found: [TextPattern.Match], with replacement: String, in text: TextStorage) -> Int {
        guard let store = binding.store, !found.isEmpty else { return found.count }
        let changing = found.filter { text.substring($0.range) != ($0.replacement ?? replacement) }
        guard !changing.isEmpty else { return found.count }
        isReplacingAll = true
        defer {
            isReplacingAll = false
            count()
        }
        let edits = changing.map { Edit(range: $0.range, replacement: $0.replacement ?? replacement) }
        store.sealUndoStep(binding.document)
        guard store.apply(together: edits, to: binding.document, origin: binding.originID) else { return 0 }
        store.sealUndoStep(binding.document)
        return found.count
    }
}
