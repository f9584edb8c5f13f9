import Documents

/// What a key turns into once typed (`substitutesTyping`): worked out as the key reaches the
/// store, applied when GTK's user action for the key ends, after the key's own step, so one
/// undo gives back what was typed.
extension DocumentBinding {
    /// A key typed here (`typed`, ending at document offset `end`): its substitution, if any, waits
    /// for the end of the key's user action.
    func noteTyped(_ typed: String, endingAt end: Int) {
        guard let substitutesTyping, typed.unicodeScalars.count == 1,
              let edit = substitutesTyping(document.storage, end, typed) else { return }
        pendingSubstitution = (edit, document.storage.substring(edit.range))
    }

    /// Applies the substitution waiting, as its own undo step, if the text it replaces is still there.
    func applyPendingSubstitution() {
        guard let (edit, replaced) = pendingSubstitution else { return }
        pendingSubstitution = nil
        guard let store, edit.range.upperBound <= document.storage.count, document.storage.substring(edit.range) == replaced else { return }
        store.sealUndoStep(document)
        store.apply(edit, to: document, origin: originID)
        store.sealUndoStep(document)
    }
}
