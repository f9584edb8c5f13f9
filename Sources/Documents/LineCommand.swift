/// A command on whole lines or on the selection (Sort, Join, Duplicate, Move, Change Case,
/// Toggle Comment): what it makes of the document's text, as one edit (one undo step, shown in
/// every window) and where the selection goes after it. Pure: the window asks, the store applies.
public enum LineCommand: Equatable, Sendable {
    /// Sorts the selected lines (all of the document's when nothing is selected, as gedit does).
    case sort(descending: Bool, ignoringCase: Bool, unique: Bool)
    /// Joins the selected lines (the caret's line and the next) with one space, each line's
    /// leading blanks dropped.
    case join
    /// Duplicates the selection after itself, or the caret's line below it.
    case duplicate
    /// Moves the selected lines above the line before them, or below the line after them.
    case move(up: Bool)
    /// Changes the case of the selected text.
    case changeCase(CaseChange)
    /// Comments the selected lines out with the language's syntax, or back in when all are.
    case toggleComment(CommentSyntax)

    /// The kinds of Change Case.
    public enum CaseChange: String, Sendable, CaseIterable {
        case upper, lower, title, toggle
    }

    /// What the command does to `text` with the selection from `anchor` to `caret`; nil when it
    /// would change nothing. `newline` ends a duplicated last line. `lastLine` is the last line a
    /// view shows (0-based): the empty line after a final break the view hides is never joined,
    /// moved over or sorted (it is not there for the user).
    public func change(anchor: Int, caret: Int, in text: TextStorage, newline: String = "\n", lastLine: Int? = nil) -> LineChange? {
        let lastLine = min(lastLine ?? .max, text.lineCount - 1)
        let selection = min(anchor, caret)..<max(anchor, caret)
        switch self {
        case .sort(let descending, let ignoringCase, let unique):
            var block = selection.isEmpty ? LineBlock(lines: 0...lastLine, in: text) : LineBlock(selection: selection, in: text, lastLine: lastLine)
            block.dropEmptyLastLine(of: text)
            guard block.lines.count > 1 else { return nil }
            // Each line's key is made once (lower-casing in the comparison made 100,000 lines
            // twice as slow); equal keys keep their order.
            let keyed = block.lines.enumerated().map { (key: ignoringCase ? $0.element.lowercased() : $0.element, offset: $0.offset) }
            var order = keyed.sorted { a, b in a.key == b.key ? a.offset < b.offset : (a.key < b.key) != descending }
            if unique {
                var kept: [(key: String, offset: Int)] = []
                for line in order where kept.last?.key != line.key { kept.append(line) }
                order = kept
            }
            return rewrite(block, lines: order.map { block.lines[$0.offset] }, in: text)
        case .join:
            var block = LineBlock(selection: selection, in: text, lastLine: lastLine)
            if block.lines.count == 1 {
                let line = text.lineAndColumn(of: block.range.lowerBound).line
                guard line + 1 <= lastLine else { return nil }
                block = LineBlock(lines: line...(line + 1), in: text)
            }
            var joined = Self.trimmingTrailingBlanks(block.lines[0])
            let joint = block.range.lowerBound + joined.unicodeScalars.count
            for line in block.lines.dropFirst() {
                let piece = String(line.unicodeScalars.drop { $0 == " " || $0 == "\t" })
                guard !piece.isEmpty else { continue }
                joined = joined.isEmpty ? piece : Self.trimmingTrailingBlanks(joined) + " " + piece
            }
            guard let edit = Edit.difference(from: block.text, to: joined).map({ $0.shifted(by: block.range.lowerBound) }) else { return nil }
            // A caret goes where the first two lines met, as Vim's J leaves it; a selection
            // selects what the lines became.
            if selection.isEmpty { return LineChange(edit: edit, anchor: joint, caret: joint) }
            return LineChange(edit: edit, anchor: block.range.lowerBound, caret: block.range.lowerBound + joined.unicodeScalars.count)
        case .duplicate:
            if !selection.isEmpty {
                let copy = text.substring(selection)
                let end = selection.upperBound, count = copy.unicodeScalars.count
                return LineChange(edit: .insert(copy, at: end), anchor: end, caret: end + count)
            }
            let block = LineBlock(selection: selection, in: text)
            let line = block.lines[0]
            let following = block.range.upperBound < text.count ? Self.breakAt(block.range.upperBound, in: text) : newline
            let copy = following + line
            let moved = caret + copy.unicodeScalars.count
            return LineChange(edit: .insert(copy, at: block.range.upperBound), anchor: moved, caret: moved)
        case .move(let up):
            let block = LineBlock(selection: selection, in: text, lastLine: lastLine)
            let first = text.lineAndColumn(of: block.range.lowerBound).line
            let last = first + block.lines.count - 1
            guard up ? first > 0 : last + 1 <= lastLine else { return nil }
            let both = LineBlock(lines: (up ? first - 1 : first)...(up ? last : last + 1), in: text)
            var lines = both.lines, breaks = both.breaks
            let neighbour = up ? lines.removeFirst() : lines.removeLast()
            let gap = up ? breaks.removeFirst() : breaks.removeLast()
            if up { lines.append(neighbour); breaks.append(gap) } else { lines.insert(neighbour, at: 0); breaks.insert(gap, at: 0) }
            var moved = both
            moved.lines = lines
            moved.breaks = breaks
            let shift = (neighbour.unicodeScalars.count + gap.unicodeScalars.count) * (up ? -1 : 1)
            return LineChange(edit: Edit(range: both.range, replacement: moved.text), anchor: anchor + shift, caret: caret + shift)
        case .changeCase(let change):
            guard !selection.isEmpty else { return nil }
            let old = text.substring(selection)
            let new = Self.changed(old, change)
            guard let edit = Edit.difference(from: old, to: new)?.shifted(by: selection.lowerBound) else { return nil }
            let end = selection.lowerBound + new.unicodeScalars.count
            return anchor <= caret ? LineChange(edit: edit, anchor: selection.lowerBound, caret: end)
                                   : LineChange(edit: edit, anchor: end, caret: selection.lowerBound)
        case .toggleComment(let syntax):
            let block = LineBlock(selection: selection, in: text, lastLine: lastLine)
            guard let lines = syntax.toggled(block.lines) else { return nil }
            return rewrite(block, lines: lines, in: text)
        }
    }

    /// The block with `lines` in place of its own, as one edit of what differs; the block is
    /// selected after it.
    private func rewrite(_ block: LineBlock, lines: [String], in text: TextStorage) -> LineChange? {
        var new = block
        new.lines = lines
        new.breaks = Array(block.breaks.prefix(max(0, lines.count - 1)))
        let replacement = new.text
        guard let edit = Edit.difference(from: block.text, to: replacement)?.shifted(by: block.range.lowerBound) else { return nil }
        return LineChange(edit: edit, anchor: block.range.lowerBound, caret: block.range.lowerBound + replacement.unicodeScalars.count)
    }

    private static func trimmingTrailingBlanks(_ line: String) -> String {
        var scalars = line.unicodeScalars[...]
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The line break that starts at `offset` ("\r\n" whole).
    private static func breakAt(_ offset: Int, in text: TextStorage) -> String {
        let two = text.substring(offset..<min(text.count, offset + 2))
        return two == "\r\n" ? two : String(two.unicodeScalars.prefix(1))
    }

    private static func changed(_ text: String, _ change: CaseChange) -> String {
        switch change {
        case .upper: return text.uppercased()
        case .lower: return text.lowercased()
        case .title:
            // A letter after a letter (or an apostrophe in a word) is lower case, any other upper.
            var out = "", inWord = false
            for character in text {
                out += inWord ? character.lowercased() : character.uppercased()
                inWord = character.isLetter || (inWord && (character == "'" || character == "’"))
            }
            return out
        case .toggle:
            return String(text.map { $0.isUppercase ? Character($0.lowercased()) : $0.isLowercase ? Character($0.uppercased()) : $0 }
                .map { String($0) }.joined())
        }
    }
}

/// A line command's result: the edit, and the selection after it (document offsets).
public struct LineChange: Equatable, Sendable {
    public let edit: Edit
    public let anchor: Int
    public let caret: Int
}

extension LineBlock {
    /// Leaves out the empty line after the document's final line break: sorting it to the top
    /// would move the break to the start.
    mutating func dropEmptyLastLine(of text: TextStorage) {
        guard lines.count > 1, lines.last == "", range.upperBound == text.count, let gap = breaks.last else { return }
        lines.removeLast()
        breaks.removeLast()
        self = LineBlock(range: range.lowerBound..<(range.upperBound - gap.unicodeScalars.count), lines: lines, breaks: breaks)
    }
}

extension Edit {
    /// The same edit `delta` scalars further on (an edit of a part, placed in the whole).
    func shifted(by delta: Int) -> Edit {
        Edit(range: (range.lowerBound + delta)..<(range.upperBound + delta), replacement: replacement)
    }
}
