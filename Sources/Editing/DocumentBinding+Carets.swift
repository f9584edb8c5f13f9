import Documents
import Gtk

/// Many carets in one window: the main one is GTK's, the others are document offsets kept here
/// (`CaretSet`). A change the user makes at the main caret goes to the store as one batch, made
/// at every caret; every window on the document follows the batch, and each keeps its own carets.
extension DocumentBinding {
    /// The extra carets, in the text's order (none: the main caret alone).
    public var extraCarets: [CaretSet.Caret] { carets.extras }

    /// The buffer offsets of the extra carets this buffer holds (what the view draws).
    public var extraCaretsInBuffer: [Int] { carets.extras.compactMap { bufferOffset(of: $0.offset) } }

    private var mainCaret: CaretSet.Caret { CaretSet.Caret(anchor: anchor, offset: caret) }

    /// Adds a caret at buffer offset `offset` (a Ctrl+click); false when one is there already.
    @discardableResult
    public func addCaret(atBuffer offset: Int) -> Bool {
        let added = carets.add(CaretSet.Caret(at: documentOffset(ofBuffer: offset)), besides: mainCaret)
        if added { onCaretsChanged?() }
        return added
    }

    /// Adds a caret on the line below the lowest caret (`below`) or above the highest, at the main
    /// caret's column (the line's end when it is shorter); false at the document's edge.
    @discardableResult
    public func addCaretOnNextLine(below: Bool) -> Bool {
        let text = document.storage
        let lines = ([caret] + carets.extras.map(\.offset)).map { text.lineAndColumn(of: $0).line }
        guard let edge = below ? lines.max() : lines.min() else { return false }
        let line = edge + (below ? 1 : -1)
        guard line >= 0, line <= lastShownLine else { return false }
        let added = carets.add(CaretSet.Caret(at: offset(line: line, column: caretLineAndColumn.column)), besides: mainCaret)
        if added {
            reveal(text.offset(ofLine: line))
            onCaretsChanged?()
        }
        return added
    }

    /// Back to the main caret alone; false when it was alone already.
    @discardableResult
    public func removeExtraCarets() -> Bool {
        guard !carets.isEmpty else { return false }
        carets.removeAll()
        onCaretsChanged?()
        return true
    }

    /// Moves the extra carets as a key moves the main one (`movement`, `count` steps). A move that
    /// extends the selection, or one by pages or to the document's ends, leaves the main caret alone.
    public func moveExtraCarets(_ movement: CaretMovement, count: Int, extending: Bool) {
        guard !carets.isEmpty else { return }
        let text = document.storage, end = shownEnd
        switch (movement, extending) {
        case (.characters, false):
            carets.move(besides: mainCaret, limit: end) { caret in
                let selection = caret.selection
                // A selection collapses to its side, as GTK's does.
                if !selection.isEmpty { return CaretSet.Caret(at: count < 0 ? selection.lowerBound : selection.upperBound) }
                return CaretSet.Caret(at: caret.offset + count)
            }
        case (.lines, false):
            carets.move(besides: mainCaret, limit: end) { caret in
                let place = text.lineAndColumn(of: caret.offset)
                return CaretSet.Caret(at: offset(line: place.line + count, column: place.column))
            }
        case (.lineEnds, false):
            carets.move(besides: mainCaret, limit: end) { caret in
                let line = text.lineAndColumn(of: caret.offset).line
                return CaretSet.Caret(at: count < 0 ? text.offset(ofLine: line) : LineWindow.lineEnd(line, in: text))
            }
        case (.words, false):
            carets.move(besides: mainCaret, limit: end) { caret in CaretSet.Caret(at: wordEdge(from: caret.offset, forward: count > 0)) }
        default:
            carets.removeAll()
        }
        onCaretsChanged?()
    }

    /// The next word's end (or the previous word's start) from `offset`, within its line; at the
    /// line's edge, the next line's start (or the previous line's end).
    private func wordEdge(from offset: Int, forward: Bool) -> Int {
        let text = document.storage
        let line = text.lineAndColumn(of: offset).line
        let start = text.offset(ofLine: line), end = LineWindow.lineEnd(line, in: text)
        if forward && offset >= end { return min(shownEnd, offset + (line < lastShownLine ? text.offset(ofLine: line + 1) - offset : 0)) }
        if !forward && offset <= start { return line > 0 ? LineWindow.lineEnd(line - 1, in: text) : 0 }
        let scalars = Array(text.substring(start..<end).unicodeScalars)
        func isWord(_ index: Int) -> Bool { scalars[index].properties.isAlphabetic || scalars[index].properties.numericType != nil || scalars[index] == "_" }
        var at = offset - start
        if forward {
            while at < scalars.count && !isWord(at) { at += 1 }
            while at < scalars.count && isWord(at) { at += 1 }
        } else {
            while at > 0 && !isWord(at - 1) { at -= 1 }
            while at > 0 && isWord(at - 1) { at -= 1 }
        }
        return start + at
    }

    /// Sends a change made at the main caret to the store as a batch made at every caret; returns
    /// the buffer offset where the main caret's part ended up, nil when there are no extra
    /// carets (or the change was not at the main caret: they go, and it is made alone).
    func forwardAtEveryCaret(_ edit: Edit) -> Int?? {
        guard !carets.isEmpty, let store else { return nil }
        guard let repeated = carets.edits(repeating: edit, at: mainCaret, textCount: document.storage.count, pastes: isPasting) else {
            removeExtraCarets()
            return nil
        }
        let before = appliedEdits
        guard store.apply(together: repeated.edits, to: document, origin: originID), appliedEdits != before else { return .some(nil) }
        // The batch carried the main caret past its part, as it carried the others.
        return .some(bufferOffset(of: caret) ?? clamped(caret))
    }

    /// Every change of the text carries the extra carets along; a text put in anew lets them go.
    func followCarets(_ event: DocumentEvent) {
        guard !carets.isEmpty else { return }
        switch event {
        case .edited(let edit, _, _): carets.transform(edit)
        case .editedTogether(let batch, _, _): carets.transform(batch)
        case .loadRestarted, .becameReadOnly, .becameEditable: carets.removeAll()
        default: return
        }
        onCaretsChanged?()
    }
}
