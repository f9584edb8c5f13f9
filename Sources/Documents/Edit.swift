/// One change to a document's text: the scalars in `range` become `replacement`.
/// An insertion has an empty range, a deletion an empty replacement.
///
/// Offsets count Unicode scalars from the start of the document (GTK's "characters").
public struct Edit: Equatable, Sendable {
    /// The scalar range replaced (in the text before the edit).
    public var range: Range<Int>
    /// The text put in its place.
    public var replacement: String

    /// Creates a replacement.
    public init(range: Range<Int>, replacement: String) {
        self.range = range; self.replacement = replacement
    }

    /// Inserts `text` at `offset`.
    public static func insert(_ text: String, at offset: Int) -> Edit { Edit(range: offset..<offset, replacement: text) }
    /// Deletes the scalars in `range`.
    public static func delete(_ range: Range<Int>) -> Edit { Edit(range: range, replacement: "") }

    /// Scalars in the replacement.
    public var insertedCount: Int { replacement.unicodeScalars.count }

    /// Where an offset in the text before this edit lands after it. An offset inside the
    /// replaced range goes to its end; at an insertion point it moves past the insertion
    /// (a caret typed at stays after what was typed).
    public func transform(_ offset: Int) -> Int {
        if offset < range.lowerBound { return offset }
        if offset >= range.upperBound { return offset - range.count + insertedCount }
        return range.lowerBound + insertedCount
    }
}
