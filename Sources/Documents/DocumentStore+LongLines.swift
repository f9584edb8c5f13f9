/// Lines made too long to lay out by an edit (a paste, a drop, Replace All, an undo) are treated
/// as a load of such lines is: the document becomes read-only for `.longLines`, so every window
/// shows a wrapped preview instead of laying out megabytes in one paragraph (a 2 MB pasted line
/// kept GTK busy for minutes, and again at every launch), and the banner offers Edit Anyway.
/// What is looked at is what the edit touched, never the whole text.
extension DocumentStore {
    /// Whether `edit`, just made in `text`, left a line there longer than the long-line limit.
    static func madeLongLine(_ edit: Edit, in text: TextStorage) -> Bool {
        let start = edit.range.lowerBound
        return text.hasLine(longerThan: ReadOnlyReason.longLineLimit, touching: start..<(start + edit.insertedCount),
                            inserted: edit.replacement)
    }

    /// After an edit's event is out: `made` says whether it made a line too long; `before` is
    /// the undo state the text was in before it (an undo back there lifts the reason again).
    /// Inside a compound step the document changes when the step ends, so the step is whole.
    func noteLongLine(made: Bool, before: Int?, in document: Document) {
        guard made, !document.hasLongLines else { return }
        if document.history.isInCompound {
            if !document.madeLongLineInStep { document.madeLongLineInStep = true }
            return
        }
        makeReadOnlyForLongLines(document, before: before)
    }

    /// The compound step in which an edit made a line too long has ended.
    func noteLongLineAtStepEnd(_ document: Document) {
        guard document.madeLongLineInStep, !document.history.isInCompound else { return }
        document.madeLongLineInStep = false
        guard !document.hasLongLines else { return }
        makeReadOnlyForLongLines(document, before: document.history.stateBeforeLastStep)
    }

    /// After an undo or a redo from state `from`: back in the state before the step that made a
    /// long line, the document is editable again (its text has none); in the state after it, or
    /// where the undo's own edits made one (`madeByEdits`), read-only again.
    func noteLongLinesAfterUndoOrRedo(_ document: Document, from: Int, madeByEdits: Bool) {
        let state = document.history.stateID
        let step = document.history.longLineStep
        if let step, step.before == state, document.hasLongLines {
            document.hasLongLines = false
            if document.readOnlyReasons.remove(.longLines) != nil {
                publish(.becameEditable, for: document, dirtyBefore: nil)
            }
        } else if !document.hasLongLines, let step, step.after == state {
            makeReadOnlyForLongLines(document, before: step.before)
        } else if !document.hasLongLines, madeByEdits {
            makeReadOnlyForLongLines(document, before: from)
        }
    }

    private func makeReadOnlyForLongLines(_ document: Document, before: Int?) {
        document.hasLongLines = true
        document.history.longLineStep = (before, document.history.stateID)
        document.readOnlyReasons.insert(.longLines)
        publish(.becameReadOnly(.longLines), for: document, dirtyBefore: nil)
    }
}
