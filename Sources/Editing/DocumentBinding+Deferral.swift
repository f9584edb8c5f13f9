import Gtk

/// With several windows on a document, the window typed in is drawn first (otherwise each
/// keystroke waits for every window's buffer). The others follow the edit at once
/// in their bookkeeping (the window of lines, caret and selection are document offsets), but
/// put the change to their buffer off by one frame (`catchUpDelay`), so they are drawn in the
/// frame after the typing window's. Not just after its paint: that frame still has to reach the
/// screen, and the display server and the compositor drawing seven other windows' text
/// meanwhile delayed it (8 windows: 1.27x-1.55x one window's keystroke; a frame later: 1.20x).
///
/// Nothing sees a buffer that is behind: the binding's `buffer` catches up before it is handed
/// out, another event catches up before it is followed, a change GTK reports (typing, a paste
/// arriving, a drop) is moved over the changes still put off before it is read, and a click
/// that moved GTK's marks is read once the marks have moved with the changes.
extension DocumentBinding {
    /// How long the other windows' buffers wait for the typing window's frame (ms): one frame at
    /// 60 Hz. What else those windows draw for the key (the caret's place) waits as long.
    public static let catchUpDelay: UInt32 = 16

    /// Whether the buffer is behind on changes typed in another window (it catches up on its own).
    public var isBehind: Bool { state.isBehind }

    /// What catches the buffer up on the changes put off, once the typing window's frame is
    /// out: a timer the state holds while it is behind (caught up sooner, it goes with it).
    func catchUpAfterFrame() -> AnyObject? {
        TimerSource(milliseconds: Self.catchUpDelay, priority: MainLoopPriority.beforeTextLayout) { [weak self] in
            self?.flushPendingChanges()
            return false
        }
    }

    /// Makes the changes put off; then places the buffer's marks where the binding has the
    /// caret and the selection, unless GTK moved them itself (`keepingMarks` false).
    func flushPendingChanges(keepingMarks: Bool = true) {
        guard state.isBehind else { return }
        let changes = state.catchUp()
        placingMarks {
            for change in changes { ownBuffer.apply(range: change.range, replacement: change.replacement) }
            if keepingMarks { ownBuffer.select(anchorOffset: clamped(anchor), caretOffset: clamped(caret)) }
        }
    }

    /// A range of the buffer as it is (behind on the changes put off) as a range of the buffer once
    /// they are made. What the other window changed stays as it made it: a range reaching into
    /// text it replaced shrinks to what is left of the range around it (the rest is gone
    /// already), a range around the place it changed stops where its text begins (one range
    /// cannot leave a hole for it), and text typed where it inserted goes after its text, as
    /// GTK's caret does.
    func rangeAfterPendingChanges(_ range: Range<Int>) -> Range<Int> {
        let changes = state.changesPutOff
        var lower = range.lowerBound, upper = range.upperBound
        for change in changes {
            let (start, end) = (change.range.lowerBound, change.range.upperBound)
            let inserted = change.replacement.unicodeScalars.count, delta = inserted - change.range.count
            let around = lower < start && upper > end
            lower = lower < start ? lower : lower <= end ? start + inserted : lower + delta
            upper = around || upper <= start ? min(upper, start) : upper <= end ? start : upper + delta
            upper = max(lower, upper)
        }
        return lower..<upper
    }
}
