import Documents

/// The part of a document one view's buffer holds: whole lines, from the start of line
/// `firstLine` (document offset `start`) to the end of its last line (`end`, before the line
/// break that follows it, or the document's end). Buffer offset = document offset - `start`.
///
/// The line break after the last line stays out of the buffer, so the buffer never shows an
/// empty line the document does not have there; typing at the buffer's end types at `end`.
public struct LineWindow: Equatable, Sendable {
    /// The document's 0-based line shown on the buffer's first line.
    public private(set) var firstLine: Int
    /// The document offset of the buffer's first character.
    public private(set) var start: Int
    /// The document offset just past the buffer's last character.
    public private(set) var end: Int

    /// The document's characters the buffer holds.
    public var range: Range<Int> { start..<end }

    /// The window of `count` lines from `first` (clamped to the text, and to `lastLine` when
    /// given: the document's empty last line a view leaves out). `stopBeforeCR`: the text is
    /// still arriving, so a final "\r" stays out until its "\n" may follow it.
    public init(lines first: Int, count: Int, in text: TextStorage, stopBeforeCR: Bool = false, lastLine: Int? = nil) {
        let lastLine = min(text.lineCount - 1, lastLine ?? .max)
        firstLine = max(0, min(first, lastLine))
        start = text.offset(ofLine: firstLine)
        end = max(start, Self.lineEnd(min(lastLine, firstLine + max(1, count) - 1), in: text, stopBeforeCR: stopBeforeCR))
    }

    /// The window from `start` (the start of line `firstLine`) to `end` (the end of a line).
    init(firstLine: Int, start: Int, end: Int) {
        self.firstLine = firstLine
        self.start = start
        self.end = end
    }

    /// Whether the window starts at a line's start and ends at a line's end in `text`.
    func isWhole(in text: TextStorage) -> Bool {
        guard start <= end, end <= text.count, text.offset(ofLine: firstLine) == start else { return false }
        return Self.lineEnd(text.lineAndColumn(of: end).line, in: text) == end
    }

    /// The window of about `count` lines with `line` in its middle, kept within the text (and
    /// within `lastLine` when given).
    public static func around(line: Int, count: Int, in text: TextStorage, lastLine: Int? = nil) -> LineWindow {
        let lines = min(text.lineCount - 1, lastLine ?? .max) + 1
        let first = max(0, min(line - count / 2, lines - count))
        return LineWindow(lines: first, count: count, in: text, lastLine: lastLine)
    }

    /// Where 0-based `line` ends: before its line break ("\n", "\r\n", "\r" or U+2029), or at
    /// the text's end.
    /// Where the line holding `offset` starts. An offset inside a "\r\n" (an edit's end may
    /// fall there) belongs to the line the break ends, not the one after it.
    static func lineStart(of offset: Int, in text: TextStorage) -> Int {
        let line = text.lineAndColumn(of: offset).line, start = text.offset(ofLine: line)
        return start <= offset ? start : text.offset(ofLine: line - 1)
    }

    static func lineEnd(_ line: Int, in text: TextStorage, stopBeforeCR: Bool = false) -> Int {
        guard line < text.lineCount - 1 else {
            let count = text.count
            return stopBeforeCR && count > 0 && text.substring((count - 1)..<count) == "\r" ? count - 1 : count
        }
        let breakAt = text.offset(ofLine: line + 1) - 1
        return breakAt > 0 && text.substring((breakAt - 1)..<(breakAt + 1)) == "\r\n" ? breakAt - 1 : breakAt
    }

    /// The number of lines the window holds, counted in `text`.
    public func lineCount(in text: TextStorage) -> Int {
        text.lineAndColumn(of: end).line - firstLine + 1
    }

    /// Whether the window reaches `shownEnd`, where the text a view may show ends.
    public func reaches(_ shownEnd: Int) -> Bool { end >= shownEnd }

    /// Whether document offset `offset` is in the buffer (its end included: a caret may stand there).
    public func contains(_ offset: Int) -> Bool { offset >= start && offset <= end }

    /// What happens to the buffer when `edit` changes the document: the buffer range to replace
    /// and the text to put there (nil when the edit lies wholly outside the window, which then
    /// only shifts). `text` is the document after the edit; `linesAdded` is its change in lines.
    public mutating func follow(_ edit: Edit, linesAdded: Int, in text: TextStorage) -> (range: Range<Int>, replacement: String)? {
        let lo = edit.range.lowerBound, hi = edit.range.upperBound
        let delta = edit.insertedCount - edit.range.count
        if hi < start {
            firstLine += linesAdded
            start += delta
            end += delta
            return nil
        }
        // After the line break that ends the window: the buffer's text is untouched.
        if lo > end { return nil }
        let insertedEnd = lo + edit.insertedCount
        // A change reaching back past the window's start (joining its first line to the one before)
        // moves the start to the start of lo's line, which the edit did not change.
        var newStart = lo >= start ? start : Self.lineStart(of: lo, in: text)
        // A line feed put at the start, after a carriage return that ended the line before, makes
        // the two one break: the window takes that line in, as it never starts inside a break.
        if lo == start, start > 0, text.substring((start - 1)..<min(text.count, start + 1)) == "\r\n" {
            newStart = Self.lineStart(of: start - 1, in: text)
        }
        let newEnd = hi <= end ? end + delta : Self.lineEnd(text.lineAndColumn(of: insertedEnd).line, in: text)
        // An edit whose end joins a carriage return before it to a line feed (a deletion from
        // just after the "\r" into the next line) ends the window before that "\r": what the
        // buffer holds from there goes.
        let from = newStart < start ? newStart : min(lo, newEnd)
        let bufferRange = (max(from, start) - start)..<(min(hi, end) - start)
        let replacement = text.substring(from..<(hi <= end ? insertedEnd : newEnd))
        if newStart != start { firstLine = text.lineAndColumn(of: newStart).line }
        start = newStart
        end = newEnd
        return (bufferRange, replacement)
    }

    /// The buffer edits that turn this window's text into `target`'s (both over `text`), in the
    /// order to apply them: one end grows or shrinks, then the other; disjoint windows are replaced
    /// whole. Buffer offsets of each edit are those of the buffer as the earlier edits left it.
    public func edits(to target: LineWindow, in text: TextStorage) -> [(range: Range<Int>, replacement: String)] {
        guard target.start <= end && target.end >= start else {
            return [(0..<(end - start), text.substring(target.range))]
        }
        var edits: [(range: Range<Int>, replacement: String)] = []
        // The far end first, so the near end's offsets stay those of the original buffer.
        if target.end > end {
            edits.append(((end - start)..<(end - start), text.substring(end..<target.end)))
        } else if target.end < end {
            edits.append(((target.end - start)..<(end - start), ""))
        }
        if target.start < start {
            edits.append((0..<0, text.substring(target.start..<start)))
        } else if target.start > start {
            edits.append((0..<(target.start - start), ""))
        }
        return edits
    }
}
