import Documents
import Gtk

/// Many edits made at once (a save's line endings and trailing whitespace, or their undo): the
/// buffer follows them in two replacements, not one per edit, so a window costs what it holds,
/// whatever the batch weighs.
extension DocumentBinding {
    /// `fromElsewhere`: made by another window or by the store (a format change), not typed
    /// here: a caret where an edit starts stays before it (a line break replaced after the
    /// caret leaves it on its line), while this window's own typing goes before its caret.
    func followBatch(_ batch: EditBatch, fromElsewhere: Bool) {
        appliedEdits += 1
        let text = document.storage
        defer { knownLineCount = text.lineCount }
        caret = batch.transform(caret, staysBefore: fromElsewhere)
        anchor = batch.transform(anchor, staysBefore: fromElsewhere)
        if streams {
            let (keptAnchor, keptCaret) = (anchor, caret)
            fill()
            (anchor, caret) = (keptAnchor, keptCaret)
            return
        }
        let old = window, reachedEnd = window.reaches(knownShownEnd)
        let newStart = batch.transform(old.start, staysBefore: true)
        let moved = LineWindow(firstLine: text.lineAndColumn(of: newStart).line, start: newStart,
                               end: batch.transform(old.end, staysBefore: true))
        guard moved.isWhole(in: text) else {
            // An edit across the window's edges (never made by formatting): the buffer starts over.
            return reload(around: caret, batch)
        }
        if !state.windowMoved() {
            window = moved
        } else {
            // Cut at the view's top line: each part's new text goes in before its old text goes,
            // which leaves GTK's mark for the view's top line where it is (the view stays put).
            // The lines on screen take their edits one by one: the text between them stays in
            // the buffer with what is drawn on it (spelling's underlines, which a replacement
            // would take off the whole screen until they are checked again). Parts go from the
            // last to the first, so each one's offsets are still the buffer's.
            let shown = visibleBufferLines?() ?? 0..<0
            let top = old.start + buffer.offset(ofLine: shown.lowerBound)
            let bottom = shown.isEmpty ? top : max(top, old.start + buffer.offset(ofLine: shown.upperBound))
            withMarksKept {
                replace(from: bottom, to: old.end, bufferStart: old.start, after: batch)
                if !applyOneByOne(from: top, to: bottom, bufferStart: old.start, batch) {
                    replace(from: top, to: bottom, bufferStart: old.start, after: batch)
                }
                replace(from: old.start, to: top, bufferStart: old.start, after: batch)
                window = moved
            }
        }
        settleEnd(reachedEnd: reachedEnd)
        onSlid?()
        onEditedTogether?(batch, old.range)
    }

    /// Makes the buffer's part for document range `a..<b` (before the batch) what it is after it,
    /// in one replacement. (Edit by edit costs more: GTK lays out every changed line shown again
    /// either way, and each buffer edit has its own handlers.)
    private func replace(from a: Int, to b: Int, bufferStart: Int, after batch: EditBatch) {
        let inside = batch.indices(startingIn: a..<b)
        let straddled = inside.lowerBound > 0 && batch.edits[inside.lowerBound - 1].range.upperBound > a
        guard a < b, !inside.isEmpty || straddled else { return }
        let replacement = display(document.storage.substring(batch.transform(a, staysBefore: true)..<batch.transform(b, staysBefore: true)))
        let at = a - bufferStart, added = replacement.unicodeScalars.count
        buffer.apply(range: at..<at, replacement: replacement)
        buffer.apply(range: (at + added)..<(b - bufferStart + added), replacement: "")
    }

    /// Applies the batch's edits in document range `a..<b` (before the batch) to the buffer one by
    /// one, the last first; false (nothing done) when an edit crosses the range's edges, when
    /// there are more than a screen's worth, or when the buffer shows the text transformed.
    private func applyOneByOne(from a: Int, to b: Int, bufferStart: Int, _ batch: EditBatch) -> Bool {
        let inside = batch.indices(startingIn: a..<b)
        if inside.isEmpty { return true }
        let edits = batch.edits[inside]
        let straddled = inside.lowerBound > 0 && batch.edits[inside.lowerBound - 1].range.upperBound > a
        guard !straddled, let last = edits.last, last.range.upperBound <= b, edits.count <= Self.shownEditsOneByOne,
              !streams, !document.readOnlyReasons.contains(.binary) else { return false }
        for edit in edits.reversed() {
            buffer.apply(range: (edit.range.lowerBound - bufferStart)..<(edit.range.upperBound - bufferStart), replacement: edit.replacement)
        }
        return true
    }

    /// At most this many edits on screen go into the buffer one by one.
    static let shownEditsOneByOne = 2_000

    /// Puts the window around `offset` in the buffer anew.
    private func reload(around offset: Int, _ batch: EditBatch) {
        let text = document.storage, held = window.range
        let (keptAnchor, keptCaret) = (anchor, caret)
        window = .around(line: min(text.lineAndColumn(of: offset).line, lastShownLine), count: windowLines, in: text,
                         lastLine: lastShownLine)
        knownShownEnd = shownEnd
        if state.windowMoved() {
            withMarksKept { buffer.load(display(text.substring(window.range))) }
            state.filled()
        }
        (anchor, caret) = (keptAnchor, keptCaret)
        onSlid?()
        onEditedTogether?(batch, held)
    }
}
