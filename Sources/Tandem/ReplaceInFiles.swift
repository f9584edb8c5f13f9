import Documents
import Editing
import Gtk
import Localization
import SafeFiles

/// Replace in Files: the ticked lines' matches replaced in each file as one undo step through
/// the store, so every window on a file shows the change and its undo takes it back. A file no
/// window holds is opened in the store and saved as any document is (atomically, journaled,
/// refusing to overwrite a change made on disk since it was read); one Undo Replace in Files
/// takes every file back, and saves again those it saved.
@MainActor
final class ReplaceInFiles {
    /// A file changed: its document, the undo step the change made, and whether it is saved
    /// here (no window held it).
    private struct Change {
        let document: Document
        let state: Int
        let saves: Bool
    }
    private var changes: [Change] = []
    private let store: DocumentStore
    /// Opens a window on a document whose save failed, so its text is not kept out of sight.
    private let show: @MainActor (String) -> Void
    /// How many matches were replaced, in how many files.
    private(set) var replaced = 0
    var files: Int { changes.count }
    /// Whether `undo` has run (it runs once).
    private(set) var isUndone = false

    init(store: DocumentStore, show: @escaping @MainActor (String) -> Void) {
        self.store = store
        self.show = show
    }

    isolated deinit {
        for change in changes where change.saves { store.closeIfUnused(change.document) }
    }

    /// Replaces the matches of `pattern` on the given lines (1-based) of each file with
    /// `replacement` (`\1` for a group when it is an expression); `done` gets what went wrong,
    /// a sentence per file, once every save has finished.
    func replace(_ pattern: TextPattern, with replacement: String, in targets: [(path: String, lines: Set<Int>)],
                 done: @escaping @MainActor ([String]) -> Void) {
        var problems: [String] = []
        var saving = 0
        var allAsked = false
        func finished() { if allAsked && saving == 0 { done(problems) } }
        for (path, lines) in targets {
            let open = store.document(atPath: path)
            let document: Document
            if let open {
                document = open
            } else {
                do {
                    document = try store.openFile(at: path, synchronously: true)
                } catch {
                    problems.append(localized("“%1” was not changed: %2", PathName.file(of: path), error.message))
                    continue
                }
            }
            guard !document.isReadOnly else {
                problems.append(localized("“%1” was not changed: it is read-only.", document.displayName))
                if open == nil { store.closeIfUnused(document) }
                continue
            }
            let text = document.storage
            let matches = (DocumentSearch.allMatches(of: pattern, in: text, replacement: replacement) ?? []).filter { match in
                lines.contains(text.lineAndColumn(of: match.range.lowerBound).line + 1)
                    && text.substring(match.range) != (match.replacement ?? replacement)
            }
            guard !matches.isEmpty else {
                if open == nil { store.closeIfUnused(document) }
                continue
            }
            store.sealUndoStep(document)
            store.beginCompoundEdit(document)
            // From the last: each edit leaves the offsets of the ones before it as they were.
            for match in matches.reversed() {
                store.apply(Edit(range: match.range, replacement: match.replacement ?? replacement), to: document)
            }
            store.endCompoundEdit(document)
            store.sealUndoStep(document)
            replaced += matches.count
            changes.append(Change(document: document, state: document.undoState, saves: open == nil))
            if open == nil {
                saving += 1
                save(document) { problem in
                    if let problem { problems.append(problem) }
                    saving -= 1
                    finished()
                }
            }
        }
        allAsked = true
        finished()
    }

    /// Takes every change back (a file edited since keeps its text, and is said); `done` gets
    /// what went wrong once the files saved here are saved again.
    func undo(done: @escaping @MainActor ([String]) -> Void) {
        guard !isUndone else { return done([]) }
        var problems: [String] = []
        var saving = 0
        var allAsked = false
        func finished() { if allAsked && saving == 0 { done(problems) } }
        for change in changes {
            guard change.document.undoState == change.state else {
                problems.append(localized("“%1” was edited since; its replacements stay.", change.document.displayName))
                continue
            }
            store.undo(change.document)
            if change.saves {
                saving += 1
                save(change.document) { problem in
                    if let problem { problems.append(problem) }
                    saving -= 1
                    finished()
                }
            }
        }
        isUndone = true
        allAsked = true
        finished()
    }

    /// Saves a document no window holds; one that cannot be saved gets a window, its text kept.
    private func save(_ document: Document, then: @escaping @MainActor (String?) -> Void) {
        let failed: @MainActor (TextFileError) -> Void = { [show] error in
            if let path = document.path { show(path) }
            then(localized("“%1” could not be saved: %2", document.displayName, error.message))
        }
        do {
            try store.save(document) { error in
                if let error { failed(error) } else { then(nil) }
            }
        } catch {
            failed(error)
        }
    }
}
