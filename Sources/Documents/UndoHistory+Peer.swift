/// The history carried across a peer's edits (another program's change to the file, followed):
/// each step is moved over the peer's text, so undo and redo act on the user's own edits only and
/// never take the peer's text away (see `PeerTransform`).
extension UndoHistory {
    /// Carries the history across `peers`, edits applied in turn to `text` (the text at the current
    /// state). Costs a few operations per record; a text is rebuilt only where a step and the peer
    /// replaced the same characters. Returns whether any did (a step then restores what the user had).
    @discardableResult
    mutating func carry(across peers: [Edit], from text: TextStorage) -> Bool {
        guard !peers.isEmpty else { return false }
        var touched = false
        // Undo: the newest step first, its records last first, each undone by its inverse.
        var remaining = peers
        var walk = PeerTransform.LazyText { text }
        for g in undoStack.indices.reversed() where !remaining.isEmpty {
            undoStack[g].texts = nil  // whole texts of the step no longer hold the text
            var carried: [Record] = []
            for record in undoStack[g].records.reversed() {
                guard !remaining.isEmpty else { carried.append(record); continue }
                let inverse = record.inverse
                let outcome = PeerTransform.transform([inverse], over: remaining, text: walk)
                // What each carried inverse removes: pieces of the user's own text, unless the peer touched it.
                touched = touched || outcome.touched
                let removed = outcome.touched
                    ? [walk.applying(remaining).text.substring(outcome.user[0].range)]
                    : Self.pieces(of: record.edit.replacement, sized: outcome.user.map(\.range.count))
                // Undo applies the pieces in order, so the records hold them last first (`carried`
                // is built last record first, and reversed at the end).
                for (piece, text) in zip(outcome.user, removed) {
                    carried.append(Record(edit: Edit(range: piece.range.lowerBound..<(piece.range.lowerBound + piece.insertedCount), replacement: text),
                                          removed: piece.replacement))
                }
                walk.apply([inverse])
                remaining = outcome.peer
            }
            undoStack[g].records = carried.reversed()
        }
        // Redo: the step undone last first, its records in order.
        remaining = peers
        walk = PeerTransform.LazyText { text }
        for g in redoStack.indices.reversed() where !remaining.isEmpty {
            redoStack[g].texts = nil
            var carried: [Record] = []
            for record in redoStack[g].records {
                guard !remaining.isEmpty else { carried.append(record); continue }
                let outcome = PeerTransform.transform([record.edit], over: remaining, text: walk)
                touched = touched || outcome.touched
                let removed = outcome.touched
                    ? [walk.applying(remaining).text.substring(outcome.user[0].range)]
                    : Self.pieces(of: record.removed, sized: outcome.user.map(\.range.count))
                for (piece, text) in zip(outcome.user, removed) { carried.append(Record(edit: piece, removed: text)) }
                walk.apply([record.edit])
                remaining = outcome.peer
            }
            redoStack[g].records = carried
        }
        bytes = (undoStack + redoStack).reduce(0) { sum, group in group.records.reduce(sum) { $0 + $1.size } }
        seal()
        return touched
    }

    /// `text` cut into consecutive pieces of `sizes` scalars (the last takes the rest).
    private static func pieces(of text: String, sized sizes: [Int]) -> [String] {
        if sizes.count == 1 { return [text] }
        var scalars = Substring(text).unicodeScalars[...]
        var result: [String] = []
        for (index, size) in sizes.enumerated() {
            let piece = index == sizes.count - 1 ? scalars : scalars.prefix(size)
            result.append(String(String.UnicodeScalarView(piece)))
            scalars = scalars.dropFirst(piece.count)
        }
        return result
    }
}
