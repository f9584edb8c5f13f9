import Documents
import Gtk

/// The window of lines the buffer holds: following the store's edits, growing as a file loads,
/// and sliding over the document.
extension DocumentBinding {
    /// The buffer offset of document offset `offset`, or nil when the buffer does not hold it.
    public func bufferOffset(of offset: Int) -> Int? {
        if streams {
            guard offset <= shownCount else { return nil }
            // The row breaks before it push it along; each stands after `displayRowLength` characters.
            var shifted = offset
            while displayBreaks(before: shifted + 1) > shifted - offset { shifted += 1 }
            return shifted
        }
        return window.contains(offset) ? offset - window.start : nil
    }

    /// The part of the document the buffer holds.
    public var shownRange: Range<Int> { streams ? 0..<shownCount : window.range }

    /// The document offset of buffer offset `offset`.
    public func documentOffset(ofBuffer offset: Int) -> Int {
        streams ? offset - displayBreaks(before: offset) : window.start + offset
    }

    /// The document's text under the buffer's `range` (a selection).
    public func documentText(forBufferRange range: Range<Int>) -> String {
        let lower = documentOffset(ofBuffer: range.lowerBound), upper = documentOffset(ofBuffer: range.upperBound)
        return document.storage.substring(lower..<max(lower, upper))
    }

    /// The buffer's lines as document lines: the document's 0-based line of buffer line 0.
    public var firstLine: Int { streams ? 0 : window.firstLine }

    /// The length of the line break views leave out at the document's end, 0 when they show
    /// it all (`Document.hidesFinalLineBreak`, as gedit shows a file).
    private var hiddenBreakLength: Int {
        streams || !document.hidesFinalLineBreak ? 0 : document.storage.finalLineBreakLength
    }

    /// Where the text a view may show ends: the document's end, or before a hidden final break.
    public var shownEnd: Int { document.storage.count - hiddenBreakLength }

    /// The document's last line a view may show (0-based): the empty line after a hidden final
    /// break is not one.
    public var lastShownLine: Int { max(0, document.storage.lineCount - (hiddenBreakLength > 0 ? 2 : 1)) }

    /// The number of the document's lines a view may show.
    public var shownLineCount: Int { lastShownLine + 1 }

    /// After the document changed: a window that reached the end of what may be shown reaches
    /// it still (an append after a hidden final break shows), and never holds a hidden final
    /// break or the empty line after it.
    func settleEnd(reachedEnd: Bool) {
        let end = shownEnd
        defer { knownShownEnd = end }
        guard !streams else { return }
        // A caret the edit left past the shown end (a file cut short under it by another
        // program) goes back to it: it was on the empty line after the hidden break, a line the
        // view does not have ("Ln 6" under five lines), and Ctrl+End could not move it.
        caret = min(caret, end)
        anchor = min(anchor, end)
        let text = document.storage, last = lastShownLine
        if window.firstLine > last {
            move(to: .around(line: last, count: windowLines, in: text, lastLine: last))
        } else if window.end > end || (reachedEnd && window.end < end) {
            move(to: LineWindow(firstLine: window.firstLine, start: window.start, end: max(window.start, end)))
        }
    }

    /// Whether another program's `edit` (in the text already) only added to its end while this
    /// window's caret was there, nothing selected: the caret follows the growth, as `tail -f`
    /// shows a log.
    func followsGrowth(_ edit: Edit) -> Bool {
        let before = document.storage.count - edit.insertedCount + edit.range.count
        return !streams && edit.range.isEmpty && edit.range.lowerBound == before && anchor == caret && caret >= before - 1
    }

    /// Follows the store's `edit`; `deferring`: it was typed in another window, and this
    /// buffer's change waits until that window's frame is drawn.
    func followEdit(_ edit: Edit, deferring: Bool = false) {
        appliedEdits += 1
        lastApplied = edit
        let lines = document.storage.lineCount
        defer { knownLineCount = lines }
        caret = edit.transform(caret)
        anchor = edit.transform(anchor)
        if streams { return followStreamedEdit(edit) }
        let firstBefore = window.firstLine, reachedEnd = window.reaches(knownShownEnd)
        if let change = window.follow(edit, linesAdded: lines - knownLineCount, in: document.storage) {
            let shown = BufferChange(range: change.range, replacement: display(change.replacement))
            if state.windowChanged(shown, deferring: deferring, catchUp: catchUpAfterFrame) == .apply {
                withMarksKept { buffer.apply(range: shown.range, replacement: shown.replacement) }
            }
        }
        settleEnd(reachedEnd: reachedEnd)
        if window.firstLine != firstBefore || lines != knownLineCount {
            // The view places itself by the buffer's lines: they must be the window's now.
            flushPendingChanges()
            onSlid?()
        }
        rebalance()
        onEdited?(edit)
    }

    /// After an edit that took most of the window away (a big selection deleted) or brought a
    /// lot into it (a big paste), the window goes back to its size around the caret.
    private func rebalance() {
        let text = document.storage
        let count = window.lineCount(in: text)
        guard (count < windowLines / 2 && shownLineCount > count) || count > windowLines * 3 else { return }
        let line = text.lineAndColumn(of: window.contains(caret) ? caret : window.start).line
        move(to: .around(line: line, count: windowLines, in: text, lastLine: lastShownLine))
    }

    /// A file still loading: the window takes in the lines that arrived, up to its size (a last
    /// line still arriving grows too).
    func grow() {
        let text = document.storage
        defer { knownLineCount = text.lineCount; knownShownEnd = shownEnd }
        let count = max(windowLines, window.lineCount(in: text))
        let target = LineWindow(lines: window.firstLine, count: count, in: text, stopBeforeCR: document.isLoading,
                                lastLine: lastShownLine)
        if target != window { move(to: target) } else if text.lineCount != knownLineCount { onSlid?() }
    }

    /// Slides the window so that document offset `offset` is inside it, well away from its edges
    /// (a caret jump, Go to Line, a search hit).
    public func reveal(_ offset: Int) {
        guard !streams else { return }
        let line = min(document.storage.lineAndColumn(of: offset).line, lastShownLine)
        let margin = windowLines / 4
        let lines = window.lineCount(in: document.storage)
        let inside = line - window.firstLine
        let roomAbove = window.firstLine == 0 || inside >= margin
        let roomBelow = window.reaches(shownEnd) || lines - 1 - inside >= margin
        if window.contains(min(offset, shownEnd)) && roomAbove && roomBelow { return }
        move(to: .around(line: line, count: windowLines, in: document.storage, lastLine: lastShownLine))
    }

    /// Slides the window, if it must, so that the document's lines `visible` (what the view shows)
    /// have a margin of lines on both sides; called as the view scrolls.
    public func keepVisible(lines visible: Range<Int>) {
        guard !streams else { return }
        let text = document.storage
        let margin = max(windowLines / 4, visible.count)
        let last = window.firstLine + window.lineCount(in: text) - 1
        let shortAbove = window.firstLine > 0 && visible.lowerBound - window.firstLine < margin
        let shortBelow = !window.reaches(shownEnd) && last - visible.upperBound < margin
        guard shortAbove || shortBelow else { return }
        var count = max(windowLines, visible.count * 3)
        var lines = visible
        // A caret the window holds, a few screens from what shows (the view still on its way to
        // it), stays in: else the next keystroke would bring the window straight back.
        if window.contains(caret) {
            let caretLine = text.lineAndColumn(of: caret).line
            let span = min(lines.lowerBound, caretLine)..<max(lines.upperBound, caretLine + 1)
            if span.count <= visible.count * 3 {
                lines = span
                count = max(count, span.count + 2 * margin)
            }
        }
        move(to: .around(line: (lines.lowerBound + lines.upperBound) / 2, count: count, in: text, lastLine: lastShownLine))
    }

    /// Puts the window of lines `first..<first+count` in the buffer, moved back from the
    /// document's end so that it holds `count` lines where there are that many.
    public func show(lines first: Int, count: Int) {
        guard !streams else { return }
        let text = document.storage
        move(to: LineWindow(lines: max(0, min(first, shownLineCount - count)), count: count, in: text, lastLine: lastShownLine))
    }

    /// Edits the buffer into `target`'s text: only the lines that enter or leave it change, so
    /// GTK lays out only those. Caret and selection keep their document offsets.
    func move(to target: LineWindow) {
        guard target != window else { return }
        guard state.windowMoved() else {
            window = target
            onSlid?()
            return
        }
        let edits = window.edits(to: target, in: document.storage)
        withMarksKept {
            for edit in edits { buffer.apply(range: edit.range, replacement: display(edit.replacement)) }
            window = target
        }
        onSlid?()
    }
}
