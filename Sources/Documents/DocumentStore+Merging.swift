/// Merging a file's new version into a document with unsaved changes, and settling the regions
/// where both changed the same lines.
extension DocumentStore {
    /// Answers a change on disk with a three-way merge: base = the version the document knew,
    /// mine = the document, theirs = the file now. What only one side changed is taken, what both
    /// changed differently is kept twice (mine, then theirs) as a conflict to settle. What the
    /// file brings is the other program's edits, never an undo step of the user's; the document
    /// stays modified unless it now is the file. The file is read and merged
    /// off the main thread; `done` gets how many conflicts are left, or why it could not be read.
    public func mergeWithDisk(_ document: Document, then done: @escaping @MainActor (Result<Int, TextFileError>) -> Void) {
        disk.merge(document, then: done)
    }

    /// Takes a merge worked out off the main thread into the document, and knows the file read
    /// (at `stamp`) as its version.
    func take(_ merged: ThreeWayMerge, change: TextChange?, fileText: TextStorage, isTheFile: Bool, stamp: DiskStamp,
              into document: Document, canonical: String) {
        merge(merged, change: change, into: document)
        let wasDirty = document.isDirty
        if isTheFile {
            // A clean document again: a file that then only grows is followed by its tail, as
            // after a load or a save (read whole, the growth was an undoable step instead).
            document.knowsFile(stamp, at: canonical)
            document.file.tell(nil)
            document.file.holds(state: document.history.stateID)
        } else {
            document.file.merged(stamp, base: fileText)
        }
        // The journal begins again knowing what the file holds now (the peer's edits are in it so).
        if let journals, journals.hasBegun(document) || document.isDirty { journals.begin(document, file: .text(fileText, path: document.path ?? canonical)) }
        publish(.diskChangeSeen, for: document, dirtyBefore: wasDirty)
    }

    /// Makes the document's text `merged.text` by the other program's edits, and marks its
    /// conflicts (any earlier ones that the change leaves alone stay).
    /// `change` turns the document's text into the merged one (worked out off the main thread).
    func merge(_ merged: ThreeWayMerge, change: TextChange?, into document: Document) {
        if let change {
            // What the merge adds to mine is the other program's (its changes, and its side of
            // each conflict): applied as its edits, with the history carried across them, so
            // Ctrl+Z goes on taking back only what the user did. (The edits come last first, so
            // each one's offsets hold when it is applied.)
            document.history.seal()
            disk.applyPeer(change.edits, to: document, result: change.edits.count == 1 ? change.storage : nil)
        }
        guard !merged.conflicts.isEmpty || !document.conflicts.isEmpty else { return }
        let kept = document.conflicts.filter { old in !merged.conflicts.contains { $0.range.overlaps(old.range) || $0.range == old.range } }
        document.conflicts = (kept + merged.conflicts).sorted { $0.range.lowerBound < $1.range.lowerBound }
        publish(.conflictsChanged, for: document, dirtyBefore: nil)
    }

    /// Settles conflict `index` of the document: keeps my side, theirs, or both (as they stand,
    /// one after the other). Choosing a side is one undo step.
    public func settleConflict(_ index: Int, in document: Document, choosing choice: MergeConflict.Choice) {
        guard document.conflicts.indices.contains(index), !document.isReadOnly else { return }
        let conflict = document.conflicts.remove(at: index)
        let cut: Range<Int>? = switch choice {
        case .mine: conflict.mine.upperBound..<conflict.theirs.upperBound
        case .theirs: conflict.mine.lowerBound..<conflict.theirs.lowerBound
        case .both: nil
        }
        if let cut, !cut.isEmpty {
            document.history.seal()
            apply(.delete(cut), to: document)
            document.history.seal()
        }
        publish(.conflictsChanged, for: document, dirtyBefore: nil)
    }
}
