/// Parts of a text marked by character offsets, moved by its edits as a tag's would be, without
/// touching the buffer: a tag, even one with no looks, cuts the runs GTK shapes and draws each
/// line in, so marking the word being typed made every key's line dearer. (libspelling keeps
/// its unchecked text in such a region too.) Its cost follows the number of its ranges, never
/// the text's length.
struct TextRegion: Equatable {
    /// Disjoint, non-empty, in order, never touching.
    private(set) var ranges: [Range<Int>] = []

    var isEmpty: Bool { ranges.isEmpty }

    /// Marks `range`.
    mutating func add(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        // Those that touch or overlap it join it.
        let first = firstIndex { $0.upperBound >= range.lowerBound }
        var last = first
        var merged = range
        while last < ranges.count, ranges[last].lowerBound <= range.upperBound {
            merged = min(merged.lowerBound, ranges[last].lowerBound)..<max(merged.upperBound, ranges[last].upperBound)
            last += 1
        }
        ranges.replaceSubrange(first..<last, with: [merged])
    }

    /// Unmarks `range`.
    mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let first = firstIndex { $0.upperBound > range.lowerBound }
        var last = first
        var kept: [Range<Int>] = []
        while last < ranges.count, ranges[last].lowerBound < range.upperBound {
            let old = ranges[last]
            if old.lowerBound < range.lowerBound { kept.append(old.lowerBound..<range.lowerBound) }
            if old.upperBound > range.upperBound { kept.append(range.upperBound..<old.upperBound) }
            last += 1
        }
        ranges.replaceSubrange(first..<last, with: kept)
    }

    /// `count` characters were inserted at `offset`: what follows moves on; a range the
    /// insertion falls strictly inside grows with it.
    mutating func inserted(_ count: Int, at offset: Int) {
        guard count > 0 else { return }
        for index in firstIndex(where: { $0.upperBound > offset })..<ranges.count {
            let old = ranges[index]
            ranges[index] = (old.lowerBound >= offset ? old.lowerBound + count : old.lowerBound)..<(old.upperBound + count)
        }
    }

    /// `range` was deleted: what it held goes, what follows moves back.
    mutating func deleted(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        remove(range)
        let count = range.count
        for index in firstIndex(where: { $0.lowerBound >= range.upperBound })..<ranges.count {
            ranges[index] = (ranges[index].lowerBound - count)..<(ranges[index].upperBound - count)
        }
        // The ranges either side of the deletion may now touch.
        let at = firstIndex { $0.upperBound >= range.lowerBound }
        if at + 1 < ranges.count, ranges[at].upperBound == ranges[at + 1].lowerBound {
            ranges.replaceSubrange(at...(at + 1), with: [ranges[at].lowerBound..<ranges[at + 1].upperBound])
        }
    }

    /// The first marked run at or after `offset`, cut at `limit`; nil when none starts before it.
    func next(from offset: Int, before limit: Int) -> Range<Int>? {
        let index = firstIndex { $0.upperBound > offset }
        guard index < ranges.count else { return nil }
        let lower = max(offset, ranges[index].lowerBound)
        guard lower < limit else { return nil }
        return lower..<min(limit, ranges[index].upperBound)
    }

    /// Whether `offset`'s character is marked.
    func contains(_ offset: Int) -> Bool {
        let index = firstIndex { $0.upperBound > offset }
        return index < ranges.count && ranges[index].contains(offset)
    }

    /// The first index whose range satisfies `isAtOrPast` (monotonic over the ranges), by halving.
    private func firstIndex(where isAtOrPast: (Range<Int>) -> Bool) -> Int {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrPast(ranges[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
