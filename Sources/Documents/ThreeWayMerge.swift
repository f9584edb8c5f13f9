/// Two texts that both grew out of one base, merged line by line (diff3): a region only one side
/// changed takes that side's lines, a region both changed the same way takes them once, and a
/// region both changed differently keeps both (mine, then theirs) as a conflict for the user to
/// settle. Nothing is chosen silently. Changes that touch (end where the other begins) count as
/// overlapping, as git counts them: lines side by side rarely make sense merged blind.
struct ThreeWayMerge: Sendable {
    /// The merged text.
    var text: String
    /// Where the merged text holds both sides of a region, in order.
    var conflicts: [MergeConflict]

    init(base: String, mine: String, theirs: String) {
        let baseLines = TextChange.lines(of: base), mineLines = TextChange.lines(of: mine), theirLines = TextChange.lines(of: theirs)
        // A side changed beyond what the diff takes is one change of everything that differs.
        let mineHunks = Self.hunks(baseLines, mineLines), theirHunks = Self.hunks(baseLines, theirLines)
        var text = "", conflicts: [MergeConflict] = []
        var length = 0  // scalars in `text`
        func append(_ lines: ArraySlice<TextChange.Line>) {
            for line in lines {
                text += line.text
                length += line.text.unicodeScalars.count
            }
        }
        var next = 0                 // the first base line not yet written
        var m = 0, t = 0             // the next hunk of each side
        var mineShift = 0, theirShift = 0  // each side's line count minus the base's, before `next`
        while m < mineHunks.count || t < theirHunks.count {
            // A cluster starts with the earliest hunk and takes in every hunk of either side that
            // overlaps or touches it, until neither side's next hunk does.
            let startsWithMine = t == theirHunks.count || (m < mineHunks.count && mineHunks[m].old.lowerBound <= theirHunks[t].old.lowerBound)
            let low = startsWithMine ? mineHunks[m].old.lowerBound : theirHunks[t].old.lowerBound
            var high = low
            let firstMine = m, firstTheirs = t
            while true {
                if m < mineHunks.count, mineHunks[m].old.lowerBound <= high, mineHunks[m].old.lowerBound >= low {
                    high = max(high, mineHunks[m].old.upperBound); m += 1
                } else if t < theirHunks.count, theirHunks[t].old.lowerBound <= high, theirHunks[t].old.lowerBound >= low {
                    high = max(high, theirHunks[t].old.upperBound); t += 1
                } else { break }
            }
            append(baseLines[next..<low])
            // Each side's lines for base lines low..<high.
            let mineRange = Self.region(low, high, mineHunks[firstMine..<m], shift: mineShift)
            let theirRange = Self.region(low, high, theirHunks[firstTheirs..<t], shift: theirShift)
            mineShift = mineRange.upperBound - high
            theirShift = theirRange.upperBound - high
            let mineChanged = m > firstMine, theirsChanged = t > firstTheirs
            let minePart = mineLines[mineRange], theirPart = theirLines[theirRange]
            if !theirsChanged {
                append(minePart)
            } else if !mineChanged || minePart.elementsEqual(theirPart) {
                append(theirPart)
            } else {
                let start = length
                append(minePart)
                let mineEnd = length
                // Both sides stay whole lines: a last line without its newline is kept apart from
                // theirs by one, which goes again when the conflict is settled.
                if let last = minePart.last, !theirPart.isEmpty, last.text.utf8.last != 0x0A {
                    text += "\n"; length += 1
                }
                let theirStart = length
                append(theirPart)
                conflicts.append(MergeConflict(mine: start..<mineEnd, theirs: theirStart..<length))
            }
            next = high
        }
        append(baseLines[next...])
        self.text = text
        self.conflicts = conflicts
    }

    private static func hunks(_ base: [TextChange.Line], _ side: [TextChange.Line]) -> [LineDiff.Hunk] {
        if base.elementsEqual(side) { return [] }
        return LineDiff.hunks(from: base, to: side) ?? [LineDiff.Hunk(old: 0..<base.count, new: 0..<side.count)]
    }

    /// The lines of one side that stand for base lines `low..<high`, given that side's hunks
    /// inside them and its shift before `low`.
    private static func region(_ low: Int, _ high: Int, _ hunks: ArraySlice<LineDiff.Hunk>, shift: Int) -> Range<Int> {
        let start = low + shift
        let growth = hunks.reduce(0) { $0 + $1.new.count - $1.old.count }
        return start..<(high + shift + growth)
    }
}

/// A region of a merged text that holds both sides of a change they made differently: mine
/// first, theirs after it (right after, or after a newline that keeps mine's last line apart).
/// Offsets count scalars, as `Edit`'s do.
public struct MergeConflict: Equatable, Sendable {
    /// My side of the region.
    public var mine: Range<Int>
    /// Their side.
    public var theirs: Range<Int>
    /// The whole region.
    public var range: Range<Int> { mine.lowerBound..<theirs.upperBound }

    /// How a conflict is settled.
    public enum Choice: Sendable { case mine, theirs, both }

    /// The conflict after `edit` (nil: the edit went across the region's sides, so the user is
    /// settling it by hand). An edit inside one side resizes that side; typing at the region's
    /// start goes before it, at its end after it, where the sides meet into mine.
    func following(_ edit: Edit) -> MergeConflict? {
        let delta = edit.insertedCount - edit.range.count
        func shifted(_ range: Range<Int>) -> Range<Int> { (range.lowerBound + delta)..<(range.upperBound + delta) }
        if edit.range.upperBound <= mine.lowerBound { return MergeConflict(mine: shifted(mine), theirs: shifted(theirs)) }
        if edit.range.lowerBound >= theirs.upperBound { return self }
        if edit.range.lowerBound >= mine.lowerBound && edit.range.upperBound <= mine.upperBound {
            return MergeConflict(mine: mine.lowerBound..<(mine.upperBound + delta), theirs: shifted(theirs))
        }
        if edit.range.lowerBound >= theirs.lowerBound && edit.range.upperBound <= theirs.upperBound {
            return MergeConflict(mine: mine, theirs: theirs.lowerBound..<(theirs.upperBound + delta))
        }
        return nil
    }
}
