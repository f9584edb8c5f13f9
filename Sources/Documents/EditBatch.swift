/// Many edits made to a document at once (a save's line endings and trailing whitespace, or the
/// undo of them): published as one event, so a window follows them in one pass instead of one
/// event per line. Offsets are those of the text before the batch; the edits are in ascending
/// order and never overlap.
public struct EditBatch: Sendable, Equatable {
    /// The edits, ascending, each in the offsets of the text before any of them.
    public let edits: [Edit]
    /// For each edit, how far the text after it has moved (the sum of the changes in length up
    /// to and including it).
    private let shifts: [Int]

    /// A batch of `edits`, ascending and apart, in the offsets of the text before them; nil when
    /// they are not (or there are none).
    public init?(_ edits: [Edit]) {
        guard !edits.isEmpty else { return nil }
        var shifts: [Int] = []
        shifts.reserveCapacity(edits.count)
        var shift = 0, previousEnd = Int.min
        for edit in edits {
            guard edit.range.lowerBound >= previousEnd else { return nil }
            previousEnd = max(edit.range.upperBound, edit.range.lowerBound + (edit.range.isEmpty ? 1 : 0))
            shift += edit.insertedCount - edit.range.count
            shifts.append(shift)
        }
        self.edits = edits
        self.shifts = shifts
    }

    /// The batch for edits applied one after another, each in the text the ones before it left:
    /// descending ones are already in the first text's offsets; ascending ones are moved back by
    /// what the earlier ones changed. Nil when they are neither.
    public init?(sequential edits: [Edit]) {
        guard let first = edits.first else { return nil }
        if edits.count == 1 || edits[1].range.lowerBound < first.range.lowerBound {
            self.init(edits.reversed())
            return
        }
        var original: [Edit] = []
        original.reserveCapacity(edits.count)
        var shift = 0
        for edit in edits {
            let lower = edit.range.lowerBound - shift
            original.append(Edit(range: lower..<(lower + edit.range.count), replacement: edit.replacement))
            shift += edit.insertedCount - edit.range.count
        }
        self.init(original)
    }

    /// The text the batch spans: from its first edit's start to its last edit's end, before it.
    public var range: Range<Int> { edits[0].range.lowerBound..<edits[edits.count - 1].range.upperBound }
    /// How much longer the text is after the batch.
    public var lengthChange: Int { shifts[shifts.count - 1] }

    /// Where an offset of the text before the batch lands after it (as `Edit.transform` does for
    /// one). `staysBefore`: an edit that starts at the offset leaves it before what it puts there
    /// (the end of a window of lines, which must not take in the line break after it).
    public func transform(_ offset: Int, staysBefore: Bool = false) -> Int {
        // The last edit that starts at or before the offset decides; those after it do not move it.
        var low = 0, high = edits.count
        while low < high {
            let middle = (low + high) / 2
            let lower = edits[middle].range.lowerBound
            if lower < offset || (lower == offset && !staysBefore) { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return offset }
        let edit = edits[low - 1], before = low >= 2 ? shifts[low - 2] : 0
        return edit.transform(offset) + before
    }

    /// The indices (into `edits`) of the edits that start in `range` (offsets before the batch).
    public func indices(startingIn range: Range<Int>) -> Range<Int> {
        firstIndex(startingAtOrAfter: range.lowerBound)..<firstIndex(startingAtOrAfter: range.upperBound)
    }

    private func firstIndex(startingAtOrAfter offset: Int) -> Int {
        var low = 0, high = edits.count
        while low < high {
            let middle = (low + high) / 2
            if edits[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    public static func == (a: EditBatch, b: EditBatch) -> Bool { a.edits == b.edits }
}
