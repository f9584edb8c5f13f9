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

/// A leaf's line breaks found in its UTF-8 (walking its scalars decoded each one: with 4 KB leaves
/// that was most of finding a caret's line and column).
extension TextStorage.Node {
    /// The line breaks among the leaf's first `limit` scalars; `previousCR` says whether the
    /// scalar before them was "\r", and then whether the last of them was.
    func breaks(inFirst limit: Int, previousCR: inout Bool) -> Int {
        var lines = 0
        walkScalars(previousCR: &previousCR) { scalars, isBreak in
            if scalars > limit { return (taken: false, goOn: false) }
            if isBreak { lines += 1 }
            return (taken: true, goOn: true)
        }
        return lines
    }

    /// The number of scalars up to and including the leaf's `count`th line break (all of them
    /// when it has fewer); `previousCR` as in `breaks(inFirst:previousCR:)`.
    func offset(afterBreak count: Int, previousCR: inout Bool) -> Int {
        var remaining = count, offset = 0
        walkScalars(previousCR: &previousCR) { scalars, isBreak in
            offset = scalars
            if isBreak { remaining -= 1 }
            return (taken: true, goOn: remaining > 0)
        }
        return offset
    }

    /// Calls `visit` with the number of scalars so far (this one included) and whether this one
    /// ends a line, until it says to stop; `previousCR` ends as whether the last scalar taken
    /// was "\r".
    private func walkScalars(previousCR: inout Bool, _ visit: (Int, Bool) -> (taken: Bool, goOn: Bool)) {
        var text = text
        var cr = previousCR
        text.withUTF8 { bytes in
            var scalars = 0, index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte & 0xC0 != 0x80 {
                    scalars += 1
                    let isBreak = byte == 0x0D || (byte == 0x0A && !cr)
                        || (byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9)
                    let answer = visit(scalars, isBreak)
                    if answer.taken { cr = byte == 0x0D }
                    if !answer.goOn { break }
                }
                index += 1
            }
        }
        previousCR = cr
    }
}
