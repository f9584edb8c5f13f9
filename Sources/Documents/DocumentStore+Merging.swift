/// Merging a file's new version into a document with unsaved changes, and settling the regions
/// where both changed the same lines.
extension DocumentStore {
    /// Answers a change on disk with a three-way merge: base = the version the document knew,
    /// mine = the document, theirs = the file now. What only one side changed is taken, what both
    /// changed differently is kept twice (mine, then theirs) as a conflict to settle. One undo
    /// step; the document stays modified unless it now is the file. Returns how many conflicts.
    @discardableResult
    public func mergeWithDisk(_ document: Document) throws(TextFileError) -> Int {
        guard document.canMerge, let canonical = document.identity.canonicalPath, let base = document.knownFileText else { return 0 }
        let before = DiskStamp.of(canonical)
        let file = try TextFile.read(canonical)
        // Written while it was read: what was read may be half of each, so it is not a version.
        let stamp = DiskStamp.of(canonical) == before ? before : nil
        let merged = ThreeWayMerge(base: base.string, mine: document.storage.string, theirs: file.text)
        merge(merged, into: document)
        let isTheFile = document.storage.string.utf8.elementsEqual(file.text.utf8)
        if isTheFile {
            // A clean document again: a file that then only grows is followed by its tail, as
            // after a load or a save (read whole, the growth was an undoable step instead).
            document.knowsFile(stamp, at: canonical)
        } else {
            document.diskStamp = stamp
            document.fileTail = nil
        }
        document.hasUnseenDiskChange = false
        document.diskProblem = nil
        document.restoreNotice = nil
        document.knownFileText = isTheFile ? nil : TextStorage(file.text)
        let wasDirty = document.isDirty
        document.savedStateID = isTheFile ? document.history.stateID : nil
        // The journal begins again knowing what the file holds now.
        if journals?.hasBegun(document) ?? false { journals?.begin(document, file: .text(TextStorage(file.text), path: document.path ?? canonical)) }
        publish(.diskChangeSeen, for: document, dirtyBefore: wasDirty)
        return merged.conflicts.count
    }

    /// Makes the document's text `merged.text` as one undo step, and marks its conflicts (any
    /// earlier ones that the change leaves alone stay).
    func merge(_ merged: ThreeWayMerge, into document: Document) {
        if let change = TextChange(from: document.storage, to: merged.text) {
            document.history.seal()
            document.history.beginCompound()
            // The edits come last first, so each one's offsets hold when it is applied.
            for edit in change.edits { apply(edit, to: document, keepsNewlines: true) }
            document.history.endCompound()
            document.history.seal()
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
