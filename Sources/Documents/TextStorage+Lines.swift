import CByteScan

/// Lines over the rope: each node counts its line breaks, so a line's start and an offset's line
/// are found down one path of the tree, never by reading the text before them.
///
/// A line ends where GTK ends one: at "\n", "\r\n", a lone "\r" or U+2029, so the document's
/// lines are the lines of every buffer that shows it (a classic Mac file is not one long line).
/// A "\r\n" split between two leaves is one break: the "\r" counts, the "\n" after it does not.
extension TextStorage {
    /// The scalar offset where 0-based `line` starts (clamped to the last line).
    public func offset(ofLine line: Int) -> Int {
        var remaining = max(0, min(line, root.newlines))
        if remaining == 0 { return 0 }
        var node = root, base = 0, previousCR = false
        while !node.isLeaf {
            var next = node.children[node.children.count - 1]
            for child in node.children where child.scalars > 0 {
                let breaks = child.newlines - (previousCR && child.startsWithLF ? 1 : 0)
                if remaining <= breaks { next = child; break }
                remaining -= breaks
                base += child.scalars
                previousCR = child.endsWithCR
            }
            node = next
        }
        var offset = node.offset(afterBreak: remaining, previousCR: &previousCR)
        // A "\r" whose "\n" follows (in this leaf or the next) ends its line after the "\n".
        if previousCR && scalar(at: base + offset) == "\n" { offset += 1 }
        return base + offset
    }

    /// The 0-based line and column (in scalars) of a scalar offset (clamped to the text).
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let target = max(0, min(offset, count))
        let line = newlines(before: target)
        return (line, target - self.offset(ofLine: line))
    }

    /// The line breaks that end before `offset` (a "\r\n" the offset parts is not one of them).
    func newlines(before offset: Int) -> Int {
        var node = root, remaining = offset, lines = 0, previousCR = false
        while !node.isLeaf {
            var next: Node?
            for child in node.children where child.scalars > 0 {
                if remaining <= child.scalars { next = child; break }
                remaining -= child.scalars
                lines += child.newlines - (previousCR && child.startsWithLF ? 1 : 0)
                previousCR = child.endsWithCR
            }
            guard let next else { return lines }
            node = next
        }
        lines += node.breaks(inFirst: remaining, previousCR: &previousCR)
        if previousCR && scalar(at: offset) == "\n" { lines -= 1 }
        return lines
    }

    /// How many scalars the line break ending the text takes: 2 for "\r\n", 1 for "\n", "\r"
    /// or U+2029, 0 when the text does not end with a line break.
    public var finalLineBreakLength: Int {
        switch scalar(at: count - 1) {
        case "\n": return scalar(at: count - 2) == "\r" ? 2 : 1
        case "\r", "\u{2029}": return 1
        default: return 0
        }
    }

    /// Whether the text ends with a line break (`finalLineBreakLength` > 0), known without
    /// reading a file's piece: each key typed in a big file asks it.
    public var endsWithLineBreak: Bool {
        var node = root
        while !node.isLeaf {
            guard let last = node.children.last(where: { $0.scalars > 0 }) else { return false }
            node = last
        }
        if let span = node.span { return node.scalars > 0 && span.edges.trailing == 0 }
        guard let last = node.text.unicodeScalars.last else { return false }
        return last == "\n" || last == "\r" || last == "\u{2029}"
    }

    /// The scalar at `offset`, or nil past the end.
    func scalar(at offset: Int) -> Unicode.Scalar? {
        guard offset >= 0 && offset < count else { return nil }
        var node = root, remaining = offset
        while !node.isLeaf {
            for child in node.children {
                if remaining < child.scalars { node = child; break }
                remaining -= child.scalars
            }
        }
        return node.text.unicodeScalars[node.index(ofScalar: remaining)]
    }
}

/// A leaf's line breaks found in its UTF-8, in C (a file's piece is 256 KB: walking its scalars
/// in Swift was most of a debug build's load, which asks the last line's place at each piece).
extension TextStorage.Node {
    /// The line breaks among the leaf's first `limit` scalars; `previousCR` says whether the
    /// scalar before them was "\r", and then whether the last of them was.
    func breaks(inFirst limit: Int, previousCR: inout Bool) -> Int {
        if limit >= scalars {
            // The whole leaf: its count says (typing at the end of a file's last piece asks this).
            let lines = newlines - (previousCR && startsWithLF ? 1 : 0)
            previousCR = endsWithCR
            return lines
        }
        var text = text, cr: Int32 = previousCR ? 1 : 0
        let lines = text.withUTF8 { $0.isEmpty ? 0 : tandem_breaks_in_first($0.baseAddress, $0.count, limit, &cr) }
        previousCR = cr != 0
        return lines
    }

    /// The number of scalars up to and including the leaf's `count`th line break (all of them
    /// when it has fewer); `previousCR` as in `breaks(inFirst:previousCR:)`.
    func offset(afterBreak count: Int, previousCR: inout Bool) -> Int {
        var text = text, cr: Int32 = previousCR ? 1 : 0
        if count >= 1 && count == newlines - (previousCR && startsWithLF ? 1 : 0) {
            // The leaf's last break (the start of the line typed at, at a piece's end): from the end.
            let offset = text.withUTF8 { tandem_offset_after_last_break($0.baseAddress, $0.count, scalars, &cr) }
            previousCR = cr != 0
            return offset
        }
        let offset = text.withUTF8 { $0.isEmpty ? 0 : tandem_offset_after_break($0.baseAddress, $0.count, count, &cr) }
        previousCR = cr != 0
        return offset
    }
}
