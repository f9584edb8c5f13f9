/// A document's text as a B-tree of short string chunks (a rope): an edit anywhere costs
/// O(log n) in the document's size, plus the edit's own length.
///
/// Offsets count Unicode scalars, which is what GTK calls characters (gtk_text_iter_get_offset).
public struct TextStorage: Sendable {
    // Leaves hold at most this many scalars; a longer one splits in two.
    static let leafCapacity = 4096
    // Inner nodes hold at most this many children.
    static let fanout = 16

    final class Node: @unchecked Sendable {
        // @unchecked: a Node is mutated only through a uniquely referenced TextStorage (copy on write).
        private var ownText: String // leaves only
        /// A leaf that stands for a piece of the file read (its text read on demand): its counts
        /// were taken when the file was indexed.
        private(set) var span: FileSpan?
        var children: [Node]        // inner nodes only
        var scalars: Int
        /// Line breaks in this node's text, a final "\r" counted as one (the next node may begin
        /// with its "\n": the parent takes that pair back, see `recount`).
        var newlines: Int
        /// The text begins with "\n" (the second half of a "\r\n" split between two nodes?).
        var startsWithLF: Bool
        /// The text ends with "\r".
        var endsWithCR: Bool
        var isLeaf: Bool { children.isEmpty }

        init(leaf text: String) {
            ownText = text
            children = []
            scalars = 0
            newlines = 0
            startsWithLF = false
            endsWithCR = false
            recount()
        }

        /// A leaf whose counts were taken while its text was cut out (`TextStorage.leaves(of:)`).
        init(leaf text: String, counts: LeafCounts) {
            ownText = text
            children = []
            scalars = counts.scalars
            newlines = counts.breaks
            startsWithLF = counts.first == 0x0A
            endsWithCR = counts.last == 0x0D
        }

        /// A leaf standing for `span` of the file, whose counts are `counts`.
        init(span: FileSpan, counts: LeafCounts) {
            ownText = ""
            self.span = span
            children = []
            scalars = counts.scalars
            newlines = counts.breaks
            startsWithLF = counts.first == 0x0A
            endsWithCR = counts.last == 0x0D
        }

        init(children: [Node]) {
            ownText = ""
            self.children = children
            scalars = 0
            newlines = 0
            startsWithLF = false
            endsWithCR = false
            recount()
        }

        private init(copying other: Node) {
            ownText = other.ownText
            span = other.span
            children = other.children
            scalars = other.scalars
            newlines = other.newlines
            startsWithLF = other.startsWithLF
            endsWithCR = other.endsWithCR
        }

        /// A leaf's text; a file's piece is read (through its file's cache) when asked, and
        /// becomes text of its own when changed.
        var text: String {
            get {
                guard let span else { return ownText }
                return span.base.text(of: span, scalars: scalars)
            }
            _modify {
                if let span {
                    ownText = span.base.text(of: span, scalars: scalars)
                    self.span = nil
                }
                yield &ownText
            }
        }

        /// The leaf's text for a pass over the whole document: a file's piece is read without
        /// taking a place in its file's cache.
        var streamedText: String {
            guard let span else { return ownText }
            return span.base.text(of: span, scalars: scalars, caching: false)
        }

        /// Where the leaf's scalar `offset` is in its text: at once when the text is ASCII (one
        /// byte a scalar, a native string's UTF-8 index is arithmetic), else by walking scalars.
        func index(ofScalar offset: Int) -> String.Index {
            if text.utf8.count == scalars { return text.utf8.index(text.startIndex, offsetBy: offset) }
            return text.unicodeScalars.index(text.startIndex, offsetBy: offset)
        }

        /// This node alone, sharing its children (path copying: only what an edit touches is copied).
        func shallowCopy() -> Node { Node(copying: self) }

        /// Works out the counts again: a leaf from its text (at most a few KB), an inner node from
        /// its children, taking back the break counted twice where one child ends with "\r" and the
        /// next begins with "\n".
        func recount() {
            if isLeaf {
                if span != nil { return }  // counted when the file was indexed
                var text = text  // withUTF8 may make a bridged string contiguous; ours already are
                let counts = text.withUTF8 { LeafCounts(of: $0) }
                scalars = counts.scalars
                newlines = counts.breaks
                startsWithLF = counts.first == 0x0A
                endsWithCR = counts.last == 0x0D
                return
            }
            scalars = 0
            newlines = 0
            var previousCR = false, seenText = false
            for child in children where child.scalars > 0 {
                scalars += child.scalars
                newlines += child.newlines - (previousCR && child.startsWithLF ? 1 : 0)
                if !seenText { startsWithLF = child.startsWithLF; seenText = true }
                previousCR = child.endsWithCR
            }
            if !seenText { startsWithLF = false }
            endsWithCR = previousCR
        }
    }

    private(set) var root: Node
    /// The file whose pieces some of the leaves stand for (`TextStorage+FileSpans`): nil when
    /// the whole text is in memory.
    public private(set) var baseFile: BaseFile?

    /// Makes `node` safe to mutate: a node shared with another storage (a snapshot being written
    /// out, an undo state) is replaced by its own shallow copy, so a copy of a whole storage is
    /// O(1) and an edit after it costs O(log n), not a walk of the text.
    private static func makeUnique(_ node: inout Node) {
        if !isKnownUniquelyReferenced(&node) { node = node.shallowCopy() }
    }

    /// Creates storage holding `text`.
    public init(_ text: String = "") {
        root = Self.build(text)
    }

    init(root: Node, baseFile: BaseFile? = nil) {
        self.root = root
        self.baseFile = baseFile
    }

    /// Number of Unicode scalars.
    public var count: Int { root.scalars }
    /// Number of lines: line breaks ("\n", "\r\n", a lone "\r", U+2029, as GTK counts them) + 1.
    public var lineCount: Int { root.newlines + 1 }

    /// The whole text.
    public var string: String {
        var out = ""
        out.reserveCapacity(root.scalars)
        Self.append(root, to: &out)
        return out
    }

    /// Calls `body` with the text's pieces in order (no copy of the whole text is made).
    public func forEachChunk(_ body: (String) throws -> Void) rethrows {
        try Self.forEachLeaf(root, body)
    }

    private static func forEachLeaf(_ node: Node, _ body: (String) throws -> Void) rethrows {
        if node.isLeaf { try body(node.streamedText) } else { for child in node.children { try forEachLeaf(child, body) } }
    }

    /// The text in a scalar range (clamped to the text).
    public func substring(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, count)), upper = max(lower, min(range.upperBound, count))
        var out = ""
        Self.collect(root, lower..<upper, base: 0, into: &out)
        return out
    }

    /// Replaces the scalars in `range` with `replacement`; the range is clamped to the text.
    public mutating func replace(_ range: Range<Int>, with replacement: String) {
        Self.makeUnique(&root)
        // A file's piece is cut by its parent (`TextStorage+FileSpans`): give a lone one a parent.
        if root.span != nil { root = Node(children: [root]) }
        let lower = max(0, min(range.lowerBound, count)), upper = max(lower, min(range.upperBound, count))
        if upper > lower, let sibling = Self.delete(root, lower..<upper) { root = Node(children: [root, sibling]) }
        if root.scalars == 0 {
            // Filling an empty text (a load, a select-all paste): build the tree in one pass.
            root = Self.build(replacement)
            baseFile = nil
        } else if !replacement.isEmpty {
            // Insert piece by piece so no leaf grows past twice its capacity.
            var at = lower
            for piece in Self.leaves(of: replacement) {
                if let sibling = Self.insert(root, piece.text, at: at) { root = Node(children: [root, sibling]) }
                at += piece.scalars
            }
        }
        if !root.isLeaf && root.children.count == 1 { root = root.children[0] }
        if !root.isLeaf && root.children.isEmpty { root = Node(leaf: "") }
    }

    /// Appends another storage's text in O(log n): its tree is grafted onto this one's right
    /// edge, so a loader can build pieces off the main thread and join them on it cheaply.
    public mutating func append(contentsOf other: TextStorage) {
        if other.count == 0 { return }
        baseFile = baseFile ?? other.baseFile
        if count == 0 { root = other.root; return }
        Self.makeUnique(&root)
        let mine = Self.height(root), theirs = Self.height(other.root)
        if mine == theirs {
            root = Node(children: [root, other.root])
        } else if mine > theirs {
            if let sibling = Self.graft(other.root, onto: root, depth: mine - theirs - 1, atEnd: true) {
                root = Node(children: [root, sibling])
            }
        } else {
            var taller = other.root
            Self.makeUnique(&taller)
            if let sibling = Self.graft(root, onto: taller, depth: theirs - mine - 1, atEnd: false) {
                taller = Node(children: [taller, sibling])
            }
            root = taller
        }
    }

    private static func height(_ node: Node) -> Int {
        var node = node, height = 0
        while !node.isLeaf { node = node.children[0]; height += 1 }
        return height
    }

    /// Adds `child` as the last (or first) child of the node `depth` levels down the right
    /// (left) edge; returns a new sibling for `node` when it overflowed and split.
    private static func graft(_ child: Node, onto node: Node, depth: Int, atEnd: Bool) -> Node? {
        if depth == 0 {
            if atEnd { node.children.append(child) } else { node.children.insert(child, at: 0) }
        } else {
            let index = atEnd ? node.children.count - 1 : 0
            makeUnique(&node.children[index])
            if let split = graft(child, onto: node.children[index], depth: depth - 1, atEnd: atEnd) {
                node.children.insert(split, at: index + 1)
            }
        }
        node.recount()
        return splitIfOverfull(node)
    }

    /// Splits an inner node with more than `fanout` children in two; returns the new right half.
    static func splitIfOverfull(_ node: Node) -> Node? {
        guard node.children.count > fanout else { return nil }
        let rightChildren = Array(node.children[(node.children.count / 2)...])
        node.children.removeLast(rightChildren.count)
        node.recount()
        return Node(children: rightChildren)
    }

    // MARK: Tree operations

    private static func append(_ node: Node, to out: inout String) {
        if node.isLeaf { out += node.streamedText } else { for child in node.children { append(child, to: &out) } }
    }

    private static func collect(_ node: Node, _ range: Range<Int>, base: Int, into out: inout String) {
        if range.isEmpty { return }
        if node.isLeaf {
            // A leaf taken whole is copied as UTF-8 at once, not scalar by scalar.
            if range.count == node.scalars { out += node.text; return }
            let from = node.index(ofScalar: range.lowerBound - base), to = node.index(ofScalar: range.upperBound - base)
            out.append(contentsOf: Substring(node.text.unicodeScalars[from..<to]))
            return
        }
        var childBase = base
        for child in node.children {
            let childRange = childBase..<(childBase + child.scalars)
            let overlap = range.clamped(to: childRange)
            if !overlap.isEmpty { collect(child, overlap, base: childBase, into: &out) }
            childBase += child.scalars
            if childBase >= range.upperBound { break }
        }
    }

    /// Inserts into the subtree; returns a new sibling when the node had to split.
    private static func insert(_ node: Node, _ text: String, at offset: Int) -> Node? {
        if node.isLeaf {
            node.text.unicodeScalars.insert(contentsOf: text.unicodeScalars, at: node.index(ofScalar: offset))
            node.recount()
            guard node.scalars > leafCapacity * 2 else { return nil }
            let whole = node.text.unicodeScalars, middle = node.index(ofScalar: node.scalars / 2)
            let right = Node(leaf: String(whole[middle...]))
            node.text = String(whole[..<middle])
            node.recount()
            return right
        }
        var remaining = offset, index = 0
        while index < node.children.count - 1 && remaining > node.children[index].scalars {
            remaining -= node.children[index].scalars
            index += 1
        }
        if node.children[index].span != nil {
            node.children.replaceSubrange(index...index, with: spanInserting(text, into: node.children[index], at: remaining))
            node.recount()
            return splitIfOverfull(node)
        }
        makeUnique(&node.children[index])
        if let split = insert(node.children[index], text, at: remaining) {
            node.children.insert(split, at: index + 1)
        }
        node.recount()
        return splitIfOverfull(node)
    }

    /// Deletes from the subtree; returns a new sibling when the node had to split (a file's
    /// piece cut out of its middle leaves two pieces).
    private static func delete(_ node: Node, _ range: Range<Int>) -> Node? {
        if node.isLeaf {
            node.text.unicodeScalars.removeSubrange(node.index(ofScalar: range.lowerBound)..<node.index(ofScalar: range.upperBound))
            node.recount()
            return nil
        }
        var base = 0
        var replacements: [(index: Int, nodes: [Node])] = []
        for index in node.children.indices {
            let childRange = base..<(base + node.children[index].scalars)
            let overlap = range.clamped(to: childRange)
            base = childRange.upperBound
            if overlap.isEmpty { continue }
            if overlap == childRange {
                // A child deleted whole is dropped, not walked (select all + delete in 100 MB).
                node.children[index] = Node(leaf: "")
                continue
            }
            let local = (overlap.lowerBound - childRange.lowerBound)..<(overlap.upperBound - childRange.lowerBound)
            if node.children[index].span != nil {
                replacements.append((index, spanDeleting(local, from: node.children[index])))
                continue
            }
            makeUnique(&node.children[index])
            if let split = delete(node.children[index], local) { replacements.append((index, [node.children[index], split])) }
        }
        for replacement in replacements.reversed() { node.children.replaceSubrange(replacement.index...replacement.index, with: replacement.nodes) }
        node.children.removeAll { $0.scalars == 0 }
        node.recount()
        return splitIfOverfull(node)
    }
}
