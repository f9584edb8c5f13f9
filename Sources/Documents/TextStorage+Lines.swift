/// Lines over the rope: each node counts its newlines, so a line's start and an offset's line
/// are found down one path of the tree, never by reading the text before them.
extension TextStorage {
    /// The scalar offset where 0-based `line` starts (clamped to the last line).
    public func offset(ofLine line: Int) -> Int {
        var remaining = max(0, min(line, root.newlines))
        if remaining == 0 { return 0 }
        var node = root, base = 0
        while !node.isLeaf {
            for child in node.children {
                if remaining <= child.newlines { node = child; break }
                remaining -= child.newlines
                base += child.scalars
            }
        }
        var offset = 0
        for scalar in node.text.unicodeScalars {
            offset += 1
            if scalar == "\n" {
                remaining -= 1
                if remaining == 0 { break }
            }
        }
        return base + offset
    }

    /// The 0-based line and column (in scalars) of a scalar offset (clamped to the text).
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let target = max(0, min(offset, count))
        let line = newlines(before: target)
        return (line, target - self.offset(ofLine: line))
    }

    func newlines(before offset: Int) -> Int {
        var node = root, remaining = offset, lines = 0
        while !node.isLeaf {
            var next: Node?
            for child in node.children {
                if remaining <= child.scalars { next = child; break }
                remaining -= child.scalars
                lines += child.newlines
            }
            guard let next else { return lines }
            node = next
        }
        for scalar in node.text.unicodeScalars.prefix(remaining) where scalar == "\n" { lines += 1 }
        return lines
    }
}
