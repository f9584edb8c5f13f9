/// Rebuilds a document's text and undo history from its journal and the file on disk.
///
/// A journal whose base is a snapshot rebuilds alone. One whose base is the file needs the file
/// as it was at the journal's last save (its anchor): the changes before the anchor rebuild the
/// history only, those after it are applied to the file's text. If the file changed since, the
/// changes after the anchor are applied only where the text they removed is still there, as
/// `patch` does; otherwise the text cannot be rebuilt.
enum JournalReplay {
    struct Outcome {
        var storage: TextStorage
        var history: UndoHistory
        /// The history state the file on disk holds (nil: none; the text differs from the file).
        var savedStateID: Int?
        /// Whether the file changed on disk since the journal last knew it, under unsaved text.
        var fileChanged: Bool
        /// Why part of the journal was not used (nil: all of it was).
        var damage: String?
    }

    /// The document as its journal left it; `fileText` is its file's text now (nil: no file).
    /// Nil when the base was the file and the file changed beyond what the edits can follow.
    static func replay(_ journal: JournalContents, fileText: TextStorage?) -> Outcome? {
        let changes = journal.changes
        let anchor = changes.lastIndex { if case .saved = $0 { true } else { false } }
        let anchorFile: JournalFileState? = anchor.flatMap { if case .saved(let file) = changes[$0] { file } else { nil } } ?? journal.header.file
        let fileMatches = fileText.map { text in anchorFile.map { $0.length == text.count && $0.hash == textHash(text) } ?? false } ?? false
        var state = State(history: journal.history, savedStateID: journal.header.savedStateID)
        var historyDamage: String?
        if let snapshot = journal.snapshot {
            state.storage = snapshot
            state.apply(changes[...], withText: true)
        } else {
            guard let fileText else { return nil }
            let split = anchor.map { $0 + 1 } ?? 0
            if fileMatches {
                state.apply(changes[..<split], withText: false)
            }
            if state.damage != nil || !fileMatches {
                // The history before the file's version is broken, or describes a text the file no
                // longer holds: it starts again from the file.
                historyDamage = state.damage
                state.damage = nil
                state.history = UndoHistory()
                state.savedStateID = fileMatches ? state.history.stateID : nil
            }
            state.storage = fileText
            state.apply(changes[split...], withText: true)
            if state.damage != nil && !fileMatches { return nil }
        }
        var outcome = Outcome(storage: state.storage, history: state.history, savedStateID: state.savedStateID,
                              fileChanged: false, damage: state.damage ?? historyDamage ?? journal.damage)
        if let fileText, outcome.storage.count == fileText.count, textHash(outcome.storage) == textHash(fileText) {
            outcome.savedStateID = outcome.history.stateID  // the text is what the file holds, whatever happened
        } else if !fileMatches {
            outcome.savedStateID = nil
            outcome.fileChanged = fileText != nil && anchorFile != nil
        }
        return outcome
    }

    /// Replay in progress; a change that does not fit stops it (`damage`).
    private struct State {
        var storage = TextStorage()
        var history: UndoHistory
        var savedStateID: Int?
        var damage: String?

        mutating func apply(_ changes: ArraySlice<JournalRecord>, withText: Bool) {
            for change in changes where damage == nil {
                switch change {
                case .edit(let edit, let removed, let merged):
                    if withText {
                        guard edit.range.upperBound <= storage.count, storage.substring(edit.range) == removed else {
                            damage = "an edit does not fit the text"; return
                        }
                        storage.replace(edit.range, with: edit.replacement)
                    }
                    history.replay(edit, removed: removed, merged: merged)
                case .undo, .redo:
                    let isRedo = change == .redo
                    guard let edits = isRedo ? history.popRedo() : history.popUndo() else {
                        damage = "an undo or redo has nothing to act on"; return
                    }
                    guard withText else { continue }
                    for edit in edits {
                        guard edit.range.upperBound <= storage.count else { damage = "an undo or redo does not fit the text"; return }
                        storage.replace(edit.range, with: edit.replacement)
                    }
                case .saved:
                    savedStateID = history.stateID
                case .header, .snapshot, .history:
                    damage = "a record stands out of place"
                }
            }
        }
    }
}
