/// Rebuilds a document's text and undo history from its journal and the file on disk.
///
/// A journal whose base is a snapshot rebuilds alone. One whose base is the file needs the file
/// as it was at the journal's last save (its anchor): the changes before the anchor rebuild the
/// history only, those after it are applied to the file's text. If the file changed since, the
/// changes after the anchor are applied only where the text they removed is still there, as
/// `patch` does; otherwise the text cannot be rebuilt.
enum JournalReplay {
    struct Outcome: Sendable {
        var storage: TextStorage
        var history: UndoHistory
        /// The history state the file on disk holds (nil: none; the text differs from the file).
        var savedStateID: Int?
        /// Whether the file changed on disk since the journal last knew it, under unsaved text.
        var fileChanged: Bool
        /// Why part of the journal was not used (nil: all of it was).
        var damage: String?
        /// What the journal last knew the file to hold (its last save, or its beginning).
        var anchorFile: JournalFileState?

        /// Settles the saved state against the file as it is now (nil: no file), given the
        /// rebuilt text's own fingerprint. A file as the journal knew it keeps the journal's saved
        /// state (the same modified state as before the relaunch); one that changed since is a
        /// change on disk under unsaved text, unless it now holds exactly the text.
        mutating func settle(file: TextFingerprint?, text: @autoclosure () -> TextFingerprint) {
            if let file, file == anchorFile.map({ TextFingerprint(length: $0.length, hash: $0.hash) }) { return }
            if let file, file == text() {
                savedStateID = history.stateID
            } else {
                savedStateID = nil
                fileChanged = file != nil && anchorFile != nil
            }
        }
    }

    /// The document as its journal left it; `fileText` is its file's text now (nil: no file).
    /// Nil when the base was the file and the file changed beyond what the edits can follow.
    static func replay(_ journal: JournalContents, fileText: TextStorage?) -> Outcome? {
        // Taken once: a file's text may be gigabytes of pieces, each pass a read of the file.
        let fingerprint = fileText.map(TextFingerprint.init)
        guard var outcome = replayUnsettled(journal, fileText: fileText.map { ($0, fingerprint!) }) else { return nil }
        let text = outcome.storage
        outcome.settle(file: fingerprint, text: TextFingerprint(text))
        return outcome
    }

    /// A journal with a snapshot base rebuilt without its file, to be settled (`Outcome.settle`)
    /// once the file has been read off the main thread.
    static func replayWithoutFile(_ journal: JournalContents) -> Outcome? {
        guard journal.snapshot != nil else { return nil }
        return replayUnsettled(journal, fileText: nil)
    }

    private static func replayUnsettled(_ journal: JournalContents, fileText file: (text: TextStorage, fingerprint: TextFingerprint)?) -> Outcome? {
        let changes = journal.changes
        let anchor = changes.lastIndex { if case .saved = $0 { true } else { false } }
        let anchorFile: JournalFileState? = anchor.flatMap { if case .saved(let file) = changes[$0] { file } else { nil } } ?? journal.header.file
        var state = State(history: journal.history, savedStateID: journal.header.savedStateID)
        var historyDamage: String?
        if let snapshot = journal.snapshot {
            state.storage = snapshot
            state.apply(changes[...], withText: true)
        } else {
            guard let (fileText, fingerprint) = file else { return nil }
            let fileMatches = anchorFile.map { TextFingerprint(length: $0.length, hash: $0.hash) } == fingerprint
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
        return Outcome(storage: state.storage, history: state.history, savedStateID: state.savedStateID,
                       fileChanged: false, damage: state.damage ?? historyDamage ?? journal.damage, anchorFile: anchorFile)
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
