import CByteScan

/// What indexing learns of one piece of a file: its counts, its lines, its checksum, read in one
/// pass over plain ASCII (at memory speed) and in a few over anything else.
struct PieceIndex {
    let counts: LeafCounts
    let lines: LineTraits
    let hash: UInt64
    let isASCII: Bool

    /// Nil when `bytes` are not valid UTF-8.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return nil }
        var counts = tandem_piece_counts(), lines = tandem_line_traits(), hash: UInt64 = 0
        if tandem_index_plain_piece(start, bytes.count, &counts, &lines, &hash) != 0 {
            self.counts = LeafCounts(counts)
            self.lines = LineTraits(lines)
            (self.hash, isASCII) = (hash, true)
            return
        }
        isASCII = tandem_byte_bits(start, bytes.count) < 0x80
        if !isASCII && !UTF8Validation.isValid(bytes) { return nil }
        self.counts = LeafCounts(of: bytes)
        self.lines = LineTraits(of: bytes)
        self.hash = SpanHash.of(bytes)
    }
}

/// A piece of the file a document was read from, standing in the rope for its text (a piece
/// table over the file, as vis and 010 Editor keep one): a 50 GB file is a few hundred thousand
/// of these, its bytes read only when shown, searched or saved. An edit cuts the pieces it lands
/// in; what it types is text of its own beside them.
struct FileSpan: Sendable {
    /// The most bytes one piece stands for: big enough that a file's index stays small, small
    /// enough that cutting one (its text read and counted) costs a key nothing.
    static let maximumBytes = 256 << 10

    let base: BaseFile
    let bytes: Range<Int64>
    /// Its text is ASCII: a scalar offset is a byte offset.
    let isASCII: Bool
    /// `SpanHash` of its bytes when indexed.
    let hash: UInt64
    /// The scalars before its first line break and after its last (all of them when it has
    /// none): a key typed beside the piece knows its line is short without reading the piece.
    let edges: LineEdges
}

/// The scalars before the first line break of some UTF-8 and after its last ("\n", "\r" or
/// U+2029; all of its scalars when it has none), found from its two ends: a cost that follows
/// the lines at the edges, never the bytes between.
struct LineEdges: Sendable {
    let leading: Int
    let trailing: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, scalars: Int) {
        var leading = 0, index = 0
        while index < bytes.count, !Self.isBreak(bytes, at: index) {
            if bytes[index] & 0xC0 != 0x80 { leading += 1 }
            index += 1
        }
        guard index < bytes.count else { (self.leading, trailing) = (scalars, scalars); return }
        var trailing = 0
        index = bytes.count - 1
        while index >= 0, !Self.isBreak(bytes, at: index) {
            if bytes[index] & 0xC0 != 0x80 { trailing += 1 }
            index -= 1
        }
        (self.leading, self.trailing) = (leading, trailing)
    }

    /// Whether a line break ends at or begins at `index` (any byte of U+2029's three).
    private static func isBreak(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == 0x0A || byte == 0x0D { return true }
        for start in max(0, index - 2)...index where start + 2 < bytes.count {
            if bytes[start] == 0xE2 && bytes[start + 1] == 0x80 && bytes[start + 2] == 0xA9 { return true }
        }
        return false
    }
}

extension TextStorage {
    /// Storage whose leaves stand for `bytes`, which lie at `offset` in `base`, and the traits of
    /// their lines; nil when they are not valid UTF-8. Each piece is counted, checked and
    /// checksummed here in one pass, once. `pieceBytes`: the most one piece stands for (tests make
    /// them small, to cut many).
    static func indexing(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int64, in base: BaseFile,
                         pieceBytes: Int = FileSpan.maximumBytes) -> (text: TextStorage, lines: LineTraits)? {
        var leaves: [Node] = []
        leaves.reserveCapacity(bytes.count / pieceBytes + 1)
        var lines = LineTraits(of: "")
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + pieceBytes)
            // A piece ends before a lead byte; more than three continuation bytes are no UTF-8.
            var back = 0
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 && back < 4 { end -= 1; back += 1 }
            if back == 4 || end <= start { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            guard let piece = PieceIndex(slice) else { return nil }
            let span = FileSpan(base: base, bytes: (offset + Int64(start))..<(offset + Int64(end)), isASCII: piece.isASCII, hash: piece.hash,
                                edges: LineEdges(slice, scalars: piece.counts.scalars))
            leaves.append(Node(span: span, counts: piece.counts))
            lines.append(piece.lines)
            start = end
        }
        if leaves.isEmpty { return nil }
        var level = leaves
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: Self.fanout).map {
                Node(children: Array(level[$0..<min($0 + Self.fanout, level.count)]))
            }
        }
        return (TextStorage(root: level[0], baseFile: base), lines)
    }

    /// What stands in for the file's piece `leaf` once `text` is typed at scalar `offset` in it:
    /// the piece before, the new text as a leaf of its own, the piece after.
    static func spanInserting(_ text: String, into leaf: Node, at offset: Int) -> [Node] {
        [piece(of: leaf, 0..<offset), Node(leaf: text), piece(of: leaf, offset..<leaf.scalars)].compactMap { $0 }
    }

    /// What stands in for the file's piece `leaf` once its scalars `range` are deleted.
    static func spanDeleting(_ range: Range<Int>, from leaf: Node) -> [Node] {
        [piece(of: leaf, 0..<range.lowerBound), piece(of: leaf, range.upperBound..<leaf.scalars)].compactMap { $0 }
    }

    /// A leaf standing for the scalars `range` of the file's piece `leaf` (nil when empty): its
    /// byte bounds and counts are found in its text, read once through the file's cache.
    private static func piece(of leaf: Node, _ range: Range<Int>) -> Node? {
        guard let span = leaf.span, !range.isEmpty else { return nil }
        if range == 0..<leaf.scalars { return leaf }
        var text = leaf.text
        let from = span.isASCII ? range.lowerBound : text.utf8.distance(from: text.startIndex, to: leaf.index(ofScalar: range.lowerBound))
        let to = span.isASCII ? range.upperBound : text.utf8.distance(from: text.startIndex, to: leaf.index(ofScalar: range.upperBound))
        return text.withUTF8 { bytes in
            let slice = UnsafeBufferPointer(rebasing: bytes[from..<to])
            let counts = LeafCounts(of: slice)
            let bytes = (span.bytes.lowerBound + Int64(from))..<(span.bytes.lowerBound + Int64(to))
            return Node(span: FileSpan(base: span.base, bytes: bytes, isASCII: span.isASCII, hash: SpanHash.of(slice),
                                       edges: LineEdges(slice, scalars: counts.scalars)), counts: counts)
        }
    }
}

extension TextStorage {
    /// The text's length in UTF-8 bytes, from its leaves' sizes (a file's piece is its bytes).
    public var utf8Count: Int {
        var total = 0
        Self.eachLeaf(root) { leaf in total += leaf.span.map { Int($0.bytes.count) } ?? leaf.text.utf8.count; return true }
        return total
    }

    /// Hands the text's UTF-8 to `take` a leaf at a time, a file's piece as its very bytes, read
    /// again and checked against what was indexed; false when `take` stopped, or a piece's bytes
    /// are no longer the ones indexed (the file was rewritten under the document): nothing
    /// wrong is handed on.
    public func forEachUTF8Piece(_ take: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        var leaves: [Node] = []
        Self.eachLeaf(root) { leaves.append($0); return true }
        // The file's pieces are read one ahead, on another thread, while this one hands them on.
        let reading = PieceReadAhead(leaves.compactMap(\.span))
        defer { reading.stop() }
        for leaf in leaves {
            if leaf.span != nil {
                guard reading.next(take) else { return false }
            } else {
                var text = leaf.text
                guard text.withUTF8({ take(UnsafeRawBufferPointer($0)) }) else { return false }
            }
        }
        return true
    }

    /// Calls `body` with each leaf in order until it answers false; false when it did.
    @discardableResult
    private static func eachLeaf(_ node: Node, _ body: (Node) -> Bool) -> Bool {
        if node.isLeaf { return body(node) }
        for child in node.children where !eachLeaf(child, body) { return false }
        return true
    }
}

extension TextStorage {
    /// The same text, every leaf standing for its bytes in `base`, a file just written from it
    /// (its UTF-8 from byte `offset` on, after a byte-order mark): a saved big document reads the
    /// file it saved, and lets the old one go (its disk space with it). The tree keeps its
    /// shape and counts; only leaves change.
    func rebased(onto base: BaseFile, at offset: Int64) -> TextStorage {
        var position = offset
        func rebase(_ node: Node) -> Node {
            guard node.isLeaf else { return Node(children: node.children.map(rebase)) }
            let counts = LeafCounts(scalars: node.scalars, breaks: node.newlines,
                                    first: node.startsWithLF ? 0x0A : nil, last: node.endsWithCR ? 0x0D : nil)
            let hash: UInt64, length: Int64, isASCII: Bool, edges: LineEdges
            if let span = node.span {
                (hash, length, isASCII, edges) = (span.hash, Int64(span.bytes.count), span.isASCII, span.edges)
            } else {
                var text = node.text
                length = Int64(text.utf8.count)
                (hash, edges) = text.withUTF8 { (SpanHash.of($0), LineEdges($0, scalars: node.scalars)) }
                isASCII = length == Int64(node.scalars)
            }
            defer { position += length }
            if length == 0 { return Node(leaf: "") }
            return Node(span: FileSpan(base: base, bytes: position..<(position + length), isASCII: isASCII, hash: hash, edges: edges), counts: counts)
        }
        return TextStorage(root: rebase(root), baseFile: base)
    }
}
