/// Finding lines too long to lay out (`ReadOnlyReason.longLineLimit`) in what an edit made, at a
/// cost that follows the edit, never the document: a paste, a drop, Replace All or an undo that
/// makes such a line is treated as a load of it is.
extension TextStorage {
    /// Whether a line that `range` (an edit's inserted text, in the text as it is now) touches
    /// is longer than `limit` scalars: the lines it starts and ends on are measured through the
    /// rope, the lines wholly inside it in `inserted` (its text).
    public func hasLine(longerThan limit: Int, touching range: Range<Int>, inserted: String) -> Bool {
        // A key's edit: between two breaks of one leaf, every line it touches is shorter than the
        // leaf. Counting lines from the leaf's start to find them was most of a key in the store.
        !liesBetweenBreaks(ofOneLeafNoLongerThan: limit, range) && !liesAmongShortNeighbours(limit, range)
            && hasLineByCounting(longerThan: limit, touching: range, inserted: inserted)
    }

    /// Whether `range` lies in one leaf whose lines cannot reach past the leaves beside it (each
    /// has a line break), and the three together are shorter than `limit`: a key typed at the
    /// end of a file's last line, beside the pieces of the file, knows it from their edges.
    private func liesAmongShortNeighbours(_ limit: Int, _ range: Range<Int>) -> Bool {
        var node = root, lower = range.lowerBound, start = 0
        var parent: Node?, index = 0
        while !node.isLeaf {
            var found: Int?
            for (position, child) in node.children.enumerated() where child.scalars > 0 {
                if lower < child.scalars || (lower == child.scalars && position == node.children.count - 1) { found = position; break }
                lower -= child.scalars
                start += child.scalars
            }
            guard let found else { return false }
            (parent, index, node) = (node, found, node.children[found])
        }
        guard lower + range.count <= node.scalars, node.scalars < limit else { return false }
        var bound = node.scalars
        if start > 0 {
            guard let parent, index > 0, let edges = Self.edges(of: parent.children[index - 1]), edges.leading < parent.children[index - 1].scalars else { return false }
            bound += edges.trailing
        }
        if start + node.scalars < count {
            guard let parent, index + 1 < parent.children.count, let edges = Self.edges(of: parent.children[index + 1]),
                  edges.leading < parent.children[index + 1].scalars else { return false }
            bound += edges.leading
        }
        // A line's length counts its break (up to two scalars), as `hasLineByCounting` measures it.
        return bound + 2 <= limit
    }

    /// A leaf's `LineEdges`: a file's piece knows them, a leaf of its own text (a few KB) is
    /// looked at from both ends; nil for an inner node.
    private static func edges(of node: Node) -> LineEdges? {
        guard node.isLeaf else { return nil }
        if let span = node.span { return span.edges }
        var text = node.text
        return text.withUTF8 { LineEdges($0, scalars: node.scalars) }
    }

    /// `hasLine(longerThan:touching:inserted:)` the long way: the lines' bounds counted from the
    /// start of their leaves.
    func hasLineByCounting(longerThan limit: Int, touching range: Range<Int>, inserted: String) -> Bool {
        let first = newlines(before: range.lowerBound), last = newlines(before: range.upperBound)
        if length(ofLine: first) > limit || (last != first && length(ofLine: last) > limit) { return true }
        return last - first >= 2 && Self.hasLine(longerThan: limit, in: inserted)
    }

    /// Whether `range` lies in one leaf of at most `limit` scalars, with a line break before it
    /// there and one at or after its end: a line it touches is then shorter than `limit`.
    private func liesBetweenBreaks(ofOneLeafNoLongerThan limit: Int, _ range: Range<Int>) -> Bool {
        var node = root, lower = range.lowerBound
        while !node.isLeaf {
            var next: Node?
            for child in node.children where child.scalars > 0 {
                if lower < child.scalars { next = child; break }
                lower -= child.scalars
            }
            guard let next else { return false }
            node = next
        }
        let upper = lower + range.count
        guard node.scalars <= limit, upper < node.scalars else { return false }
        var text = node.text
        let from = text.utf8.distance(from: text.startIndex, to: node.index(ofScalar: lower))
        let to = text.utf8.distance(from: text.startIndex, to: node.index(ofScalar: upper))
        return text.withUTF8 { bytes in
            // "\n" and "\r" end lines; U+2029, not looked for here, only sends a range to the count.
            guard bytes[..<from].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return false }
            return bytes[to...].contains { $0 == 0x0A || $0 == 0x0D }
        }
    }

    /// Whether any line of the whole text is longer than `limit` scalars (a restored text, read
    /// whole already: the look costs a fraction of the read).
    public func hasLine(longerThan limit: Int) -> Bool {
        var column = 0, found = false
        forEachChunk { chunk in
            if !found { found = Self.scan(chunk, longerThan: limit, column: &column) }
        }
        return found
    }

    /// `hasLine(longerThan:)` of a text over a file's pieces, whose own lines were measured when
    /// the file was indexed: only the lines an edit made are looked at (those touching text of
    /// its own, typed or pasted, and those where a delete joined two pieces), so a 10 GB file is
    /// not read again.
    public func hasLineTouchingOwnText(longerThan limit: Int) -> Bool {
        guard baseFile != nil else { return hasLine(longerThan: limit) }
        var found = false
        var previous: FileSpan?
        Self.forEachLeaf(root, from: 0) { range, leaf in
            if let span = leaf.span {
                // Pieces that do not follow each other in the file: a delete joined them.
                if let previous, previous.base !== span.base || previous.bytes.upperBound != span.bytes.lowerBound {
                    found = hasLineByCounting(longerThan: limit, touching: range.lowerBound..<range.lowerBound, inserted: "")
                }
                previous = span
            } else {
                found = hasLineByCounting(longerThan: limit, touching: range, inserted: leaf.text)
                previous = nil
            }
            return !found
        }
        return found
    }

    /// Calls `body` with each non-empty leaf and its range while `body` answers true; returns
    /// false once it answered false.
    @discardableResult
    private static func forEachLeaf(_ node: Node, from start: Int, _ body: (Range<Int>, Node) -> Bool) -> Bool {
        if node.isLeaf { return node.scalars == 0 || body(start..<(start + node.scalars), node) }
        var offset = start
        for child in node.children {
            guard forEachLeaf(child, from: offset, body) else { return false }
            offset += child.scalars
        }
        return true
    }

    /// Whether a line of `text` (breaks as "\n" or "\r") is longer than `limit` scalars.
    static func hasLine(longerThan limit: Int, in text: String) -> Bool {
        var column = 0
        return scan(text, longerThan: limit, column: &column)
    }

    /// The scalars of 0-based `line`, its break included (a few more than GTK's count, which
    /// does not matter against a limit of thousands).
    private func length(ofLine line: Int) -> Int {
        let start = offset(ofLine: line)
        return (line + 1 < lineCount ? offset(ofLine: line + 1) : count) - start
    }

    /// Goes on counting the scalars of the line `column` counts, through `text`.
    private static func scan(_ text: String, longerThan limit: Int, column: inout Int) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes {
                if byte == 0x0A || byte == 0x0D {
                    column = 0
                } else if byte & 0xC0 != 0x80 {  // a scalar's first byte
                    column += 1
                    if column > limit { return true }
                }
            }
            return false
        }
    }
}
