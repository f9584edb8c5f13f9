import Dispatch
import Documents
import FoundationEssentials
import Gtk

/// The preview of a read-only document whose lines are too long to lay out: the buffer holds
/// the document from its start, up to `displayLimit` characters, split into rows of
/// `displayRowLength`, and filled in idle steps so a big file never freezes the window.
extension DocumentBinding {
    /// The number of the document's characters the buffer should hold in the end (streaming).
    var streamTarget: Int { min(document.storage.count, displayLimit ?? .max) }

    func streamIfNeeded() {
        guard streams, shownCount < streamTarget, feeder == nil else { return }
        feeder = IdleSource { [weak self] in
            guard let self else { return false }
            self.pump(budget: Self.stepBudget, limit: .max)
            if self.shownCount >= self.streamTarget { self.feeder = nil; return false }
            return true
        }
    }

    /// Puts up to `limit` more characters into the buffer, for at most `budget` seconds.
    func pump(budget: Double?, limit: Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        let target = streamTarget
        var added = 0
        while shownCount < target && added < limit {
            var end = min(target, shownCount + min(Self.slice, limit - added))
            // Never part "\r\n": GTK counts them as one line break only when they arrive together.
            if end < target && document.storage.substring((end - 1)..<end) == "\r" { end += 1 }
            let piece = document.storage.substring(shownCount..<end)
            buffer.append(display(piece, at: shownCount + displayBreaks.count))
            added += end - shownCount
            shownCount = end
            if let budget, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 >= budget { break }
        }
        if added > 0 || isComplete { onStreamed?() }
    }

    /// The text as the view shows it: a read-only document's NUL characters as "␀" (GTK cannot
    /// hold them) and, in a preview, its very long lines split into rows. Editable documents are
    /// shown as they are. `bufferOffset` is where the piece goes in the buffer.
    func display(_ piece: String, at bufferOffset: Int = 0) -> String {
        let reasons = document.readOnlyReasons
        guard reasons.contains(.binary) || streams else { return piece }
        var out = String.UnicodeScalarView()
        var added = 0
        for scalar in piece.unicodeScalars {
            if scalar == "\n" {
                displayColumn = 0
            } else {
                if streams && displayColumn >= Self.displayRowLength {
                    displayBreaks.append(bufferOffset + added)
                    out.append("\n")
                    added += 1
                    displayColumn = 0
                }
                displayColumn += 1
            }
            out.append(scalar == "\0" ? "\u{2400}" : scalar)
            added += 1
        }
        return String(out)
    }

    /// How many of the view's own row breaks stand before buffer offset `offset`.
    func displayBreaks(before offset: Int) -> Int {
        var low = 0, high = displayBreaks.count
        while low < high {
            let middle = (low + high) / 2
            if displayBreaks[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The document's 0-based line shown on the buffer row starting at `rowStart` (buffer line
    /// `row`), or nil when that row continues a long line split for display.
    public func documentLine(forRow row: Int, startingAt rowStart: Int) -> Int? {
        guard streams else { return window.firstLine + row }
        guard !displayBreaks.isEmpty else { return row }
        let before = displayBreaks(before: rowStart)
        if before > 0 && displayBreaks[before - 1] == rowStart - 1 { return nil }
        return row - before
    }

    /// Applies a store edit to the part of the text a preview already holds; what lies beyond it
    /// is streamed in later from the store, edited already. (A preview's document is read-only, so
    /// only a reload's or a load's own changes come here.)
    func followStreamedEdit(_ edit: Edit) {
        let lower = edit.range.lowerBound, upper = edit.range.upperBound
        if lower >= shownCount && shownCount < document.storage.count - edit.insertedCount + edit.range.count {
            return
        }
        let removedShown = min(upper, shownCount) - lower
        buffer.apply(range: lower..<(lower + removedShown), replacement: edit.replacement)
        shownCount = upper <= shownCount ? shownCount + edit.insertedCount - edit.range.count : lower + edit.insertedCount
    }
}
