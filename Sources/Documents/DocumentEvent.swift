/// What happened to a document, pushed by the store to every subscriber.
public enum DocumentEvent: Sendable, Equatable {
    /// The text changed. `origin` is the subscription that asked for it (nil: the store itself,
    /// as for undo from a menu with no window). `isUndoRedo` marks undo and redo steps.
    case edited(Edit, origin: Int?, isUndoRedo: Bool)
    /// Many edits made at once (a save's formatting, or its undo): the text changed by all of
    /// them together, in one event.
    case editedTogether(EditBatch, origin: Int?, isUndoRedo: Bool)
    /// The document became modified or unmodified.
    case dirtyChanged(Bool)
    /// A save began (true) or ended (false, after `saved` when it succeeded).
    case savingChanged(Bool)
    /// The document was written to `path` (its path may be new: Save As).
    case saved(path: String)
    /// The document was renamed or moved to `path` on disk.
    case renamed(path: String)
    /// The document took its file's text again (a reload, or a clean document following its file);
    /// the change itself came just before as one undoable `edited` step.
    case reloadedFromDisk
    /// The file on disk changed while the document had unsaved changes.
    case changedOnDiskWhileDirty
    /// The question the file on disk raised was answered (Keep Mine): it no longer holds.
    case diskChangeSeen
    /// The document's journal failed, or works again (`Document.journalProblem`).
    case journalProblemChanged
    /// The regions a merge left for the user to settle changed (`Document.conflicts`).
    case conflictsChanged
    /// The file changed on disk to something that cannot be shown as text (`Document.diskProblem`).
    case changedOnDiskUnreadable
    /// The file was deleted on disk; the document keeps its text and can save it again.
    case deletedOnDisk
    /// More of the file arrived from disk (appended to the text, which is read-only meanwhile).
    case loadProgressed(LoadProgress)
    /// The bytes turned out not to be in the encoding guessed from the start: the text was
    /// emptied and arrives again from the beginning.
    case loadRestarted
    /// The whole file is loaded; the document is editable unless `readOnlyReasons` say otherwise.
    case loadFinished
    /// Reading the rest of the file failed; the text stays as far as it got, read-only.
    case loadFailed(String)
    /// The document became read-only for this reason.
    case becameReadOnly(ReadOnlyReason)
    /// The user chose to edit a document that was read-only for its long lines (Edit Anyway).
    case becameEditable
    /// A spelling language was given to this range (`Document.paragraphLanguages`), or taken off it.
    case paragraphLanguagesChanged(Range<Int>)
    /// The document was closed; subscribers should let go of it.
    case closed
    /// What the user should know about how the document came back changed (`Document.restoreNotice`).
    case restoreNoticeChanged

    /// The subscription that asked for a change of the text (nil: none, or another event).
    var origin: Int? {
        switch self {
        case .edited(_, let origin, _), .editedTogether(_, let origin, _): origin
        default: nil
        }
    }
}
