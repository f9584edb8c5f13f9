/// Texts of other states of the history: what undo or redo would lead to, without doing it.
extension UndoHistory {
    /// The text at state `id`, rebuilt from `text` (the text at the current state) by the steps
    /// between; nil when no kept step leads there. Costs the edits between, never the text's size.
    func text(atState id: Int, from text: TextStorage) -> TextStorage? {
        if id == stateID { return text }
        var rebuilt = text
        if let index = groupIDs.lastIndex(of: id) ?? (id == floorStateID ? -1 : nil) {
            for group in undoStack[(index + 1)...].reversed() {
                for record in group.records.reversed() { rebuilt.replace(record.inverse.range, with: record.inverse.replacement) }
            }
            return rebuilt
        }
        // A state ahead: redo the steps undone, nearest first, until it is reached.
        guard let index = redoIDs.lastIndex(of: id) else { return nil }
        for group in redoStack[index...].reversed() {
            for record in group.records { rebuilt.replace(record.edit.range, with: record.edit.replacement) }
        }
        return rebuilt
    }

    /// Whether state `id` is one the history can lead to (the current one, a step kept, or the floor).
    func holds(state id: Int) -> Bool {
        id == stateID || groupIDs.contains(id) || redoIDs.contains(id) || id == floorStateID
    }
}
