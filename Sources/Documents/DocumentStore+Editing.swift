import Localization

/// Edits, undo and saving: what the store does to a document's text and file.
extension DocumentStore {
    /// Applies an edit (clamped to the text), records it for undo and tells every subscriber.
    /// New lines take the document's newline style, unless `keepsNewlines` (text that is the file's own).
    /// While the file loads, the part already read takes edits (keystrokes are never dropped);
    /// the end, where the rest arrives, does not.
    public func apply(_ edit: Edit, to document: Document, origin: Int? = nil, keepsNewlines: Bool = false) {
        guard document.readOnlyReasons.isEmpty else { return }
        let count = document.storage.count
        let lower = max(0, min(edit.range.lowerBound, count)), upper = max(lower, min(edit.range.upperBound, count))
        // New lines take the document's newline style; the lines already there keep theirs.
        let clamped = Edit(range: lower..<upper, replacement: keepsNewlines ? edit.replacement : document.lineEnding.applied(to: edit.replacement))
        if clamped.range.isEmpty && clamped.replacement.isEmpty { return }
        if document.isLoading {
            guard clamped.range.upperBound < count, document.loading.carriedTyping.isEmpty else { return }
        }
        change(document, by: [clamped], event: .edited(clamped, origin: origin, isUndoRedo: false), ownStep: false) { edit, removed in
            if document.isLoading { document.loading.typed(TypedWhileLoading(edit: edit, removed: removed)) }
        }
    }

    /// Applies edits made at once (one keystroke at many carets): `edits` ascending and apart in
    /// the text before them. One undo step, one journal record per edit, one `editedTogether`
    /// event; false (nothing changed) when they are not apart, or the text cannot take them now.
    @discardableResult
    public func apply(together edits: [Edit], to document: Document, origin: Int? = nil) -> Bool {
        guard document.readOnlyReasons.isEmpty, !document.isLoading else { return false }
        let count = document.storage.count
        let styled = edits.map { Edit(range: $0.range.clamped(to: 0..<count), replacement: document.lineEnding.applied(to: $0.replacement)) }
            .filter { !$0.range.isEmpty || !$0.replacement.isEmpty }
        guard let batch = EditBatch(styled) else { return false }
        // A step of its own: a keystroke at many carets never joins the word typed before it.
        change(document, by: batch.edits, event: .editedTogether(batch, origin: origin, isUndoRedo: false), ownStep: true)
        return true
    }

    /// The one way an edit changes a document: the file's version kept while redo still holds
    /// it, then each edit from the last (each in the offsets of the text before them all) made,
    /// recorded for undo and journaled, then `event` told to every subscriber, and a line made
    /// too long noted. `ownStep`: the edits are one undo step of their own; otherwise one edit
    /// may join the step before it (a word typed). `willReplace` sees each edit and the text it
    /// removes, before the text changes.
    private func change(_ document: Document, by edits: [Edit], event: DocumentEvent, ownStep: Bool,
                        willReplace: (Edit, String) -> Void = { _, _ in }) {
        let wasDirty = document.isDirty
        keepFileVersionBeforeRedoGoes(document)  // before the text changes: its history is rebuilt from it
        journals?.willChange(document)
        let stateBefore = document.history.stateID
        if ownStep {
            document.history.seal()
            document.history.beginCompound()
        }
        var madeLong = false, merged = false
        for edit in edits.reversed() {
            let removed = document.storage.substring(edit.range)
            willReplace(edit, removed)
            document.storage.replace(edit.range, with: edit.replacement)
            merged = document.history.record(edit, removed: removed)
            journals?.didChange(document, .edit(edit, removed: removed, merged: merged))
            if !madeLong && !document.hasLongLines { madeLong = Self.madeLongLine(edit, in: document.storage) }
        }
        if ownStep {
            document.history.endCompound()
            document.history.seal()
        }
        document.editCount += 1
        publish(event, for: document, dirtyBefore: wasDirty)
        noteLongLine(made: madeLong, before: merged && !ownStep ? document.history.stateBeforeLastStep : stateBefore, in: document)
    }

    /// Undoes the document's last step, whichever window made it.
    /// A document read-only only for its long lines still undoes and redoes: the paste that
    /// made them is taken back as any other step.
    public func undo(_ document: Document, origin: Int? = nil) {
        let wasDirty = document.isDirty
        guard document.undoes, document.canUndo else { return }
        journals?.willChange(document)
        let text = document.history.textBeforeUndo
        let from = document.history.stateID
        guard let edits = document.history.popUndo() else { return }
        let madeLong = replay(edits, in: document, text: text, origin: origin, dirtyBefore: wasDirty)
        // After the text changed too: a compaction it may start takes text and history together.
        journals?.didChange(document, .undo)
        noteLongLinesAfterUndoOrRedo(document, from: from, madeByEdits: madeLong)
    }


    /// Redoes the document's last undone step.
    public func redo(_ document: Document, origin: Int? = nil) {
        let wasDirty = document.isDirty
        guard document.undoes, document.canRedo else { return }
        journals?.willChange(document)
        let text = document.history.textAfterRedo
        let from = document.history.stateID
        guard let edits = document.history.popRedo() else { return }
        let madeLong = replay(edits, in: document, text: text, origin: origin, dirtyBefore: wasDirty)
        // After the text changed too: a compaction it may start takes text and history together.
        journals?.didChange(document, .redo)
        noteLongLinesAfterUndoOrRedo(document, from: from, madeByEdits: madeLong)
    }

    /// Ends the current undo step (the caret moved, the window changed): the next edit starts another.
    public func sealUndoStep(_ document: Document) { document.history.seal() }

    /// Brackets edits that undo as one step (a paste over a selection).
    public func beginCompoundEdit(_ document: Document) { document.history.beginCompound() }
    /// Ends `beginCompoundEdit`.
    public func endCompoundEdit(_ document: Document) {
        document.history.endCompound()
        noteLongLineAtStepEnd(document)
    }

    /// Makes a whole text's formatting (`FormatChange`, worked out on a snapshot) one undo step
    /// and one event: the text is swapped whole, and the journal begins again from it (its writer
    /// writes it off the main thread) instead of taking a record per edit.
    func apply(_ change: FormatChange, to document: Document) {
        guard document.readOnlyReasons.isEmpty, !document.isLoading else { return }
        let wasDirty = document.isDirty
        keepFileVersionBeforeRedoGoes(document)  // before the text changes: its history is rebuilt from it
        let before = document.storage
        document.storage = change.result
        document.editCount += 1
        document.history.recordTogether(change.records, bytes: change.recordBytes, before: before, after: change.result)
        // (A document whose windows all closed while its save was being worked out has let go of its journal.)
        if self.document(id: document.id) === document { journals?.begin(document) }
        publish(.editedTogether(change.batch, origin: nil, isUndoRedo: false), for: document, dirtyBefore: wasDirty)
    }

    /// Past this many edits, an undo or redo step is one `editedTogether` event.
    static let editsTogether = 64

    /// Applies an undo's or a redo's edits; returns whether they made a line too long (for a
    /// step of many edits, only a long line in what they insert is looked for).
    private func replay(_ edits: [Edit], in document: Document, text: TextStorage?, origin: Int?, dirtyBefore: Bool) -> Bool {
        let looks = !document.hasLongLines
        if edits.count > Self.editsTogether, let batch = EditBatch(sequential: edits) {
            if let text {
                document.storage = text
            } else {
                for edit in batch.edits.reversed() { document.storage.replace(edit.range, with: edit.replacement) }
            }
            document.editCount += 1
            publish(.editedTogether(batch, origin: origin, isUndoRedo: true), for: document, dirtyBefore: dirtyBefore)
            return looks && edits.contains { TextStorage.hasLine(longerThan: ReadOnlyReason.longLineLimit, in: $0.replacement) }
        }
        var madeLong = false
        for (index, edit) in edits.enumerated() {
            document.storage.replace(edit.range, with: edit.replacement)
            document.editCount += 1
            if looks && !madeLong { madeLong = Self.madeLongLine(edit, in: document.storage) }
            let isLast = index == edits.count - 1
            publish(.edited(edit, origin: origin, isUndoRedo: true), for: document, dirtyBefore: isLast ? dirtyBefore : nil)
        }
        return madeLong
    }

    /// Edit Anyway: a document read-only only for its long lines becomes editable (each edit
    /// then lays out a whole long line again, which the window says). Nothing when it is still
    /// loading or read-only for another reason.
    public func editAnyway(_ document: Document) {
        guard !document.isLoading, document.readOnlyReasons == [.longLines] else { return }
        document.readOnlyReasons.remove(.longLines)
        publish(.becameEditable, for: document, dirtyBefore: nil)
    }

    /// A new step drops the steps to redo. Where the file's version is one of them (saved, then
    /// undone, then typed into), its text is kept first (a rope sharing the document's nodes), so
    /// the version known is still told by its text: a rewrite that keeps size and time is seen,
    /// and Merge has its base.
    func keepFileVersionBeforeRedoGoes(_ document: Document) {
        guard let saved = document.savedStateID, document.history.redoIDs.contains(saved),
              let text = document.history.text(atState: saved, from: document.storage) else { return }
        document.file.keepBase(text)
    }
}
