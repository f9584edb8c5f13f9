/// Which lines of one text become which lines of another (Myers' O((N+M)D) diff over lines).
/// Used to turn a file's new version into the few edits that make it, and by the three-way merge.
struct LineDiff: Sendable {
    /// A run of old lines replaced by a run of new lines (either may be empty), as line indices.
    struct Hunk: Equatable, Sendable {
        var old: Range<Int>
        var new: Range<Int>
    }

    /// The hunks that turn `old` into `new`, in order; nil when they differ in more than
    /// `maximumDifferences` lines (the caller then takes them as one change: the diff's cost grows
    /// with the differences, and a file that changed everywhere is not worth it).
    static func hunks<Line: Hashable>(from old: [Line], to new: [Line], maximumDifferences: Int = 1_000) -> [Hunk]? {
        // Lines become numbers once, so the search compares integers.
        var ids: [Line: Int] = [:]
        let a = old.map { line in ids[line] ?? { ids[line] = ids.count; return ids.count - 1 }() }
        let b = new.map { line in ids[line] ?? { ids[line] = ids.count; return ids.count - 1 }() }
        // The common start and end cost nothing to find and are most of a typical change.
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var endA = a.count, endB = b.count
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] { endA -= 1; endB -= 1 }
        guard let middle = myers(Array(a[start..<endA]), Array(b[start..<endB]), limit: maximumDifferences) else { return nil }
        return compacted(middle.map { Hunk(old: ($0.old.lowerBound + start)..<($0.old.upperBound + start),
                                           new: ($0.new.lowerBound + start)..<($0.new.upperBound + start)) }, a, b)
    }

    /// Slides a run of lines only deleted (or only inserted) up over the unchanged lines before
    /// it, when they repeat it, as far as the change before it: then the two are one change.
    /// Myers' search may pair a repeated line either way, and "zeta9 / zeta9" made "alpha zeta9 /
    /// zeta9" came out as an insertion, an unchanged line and a deletion instead of one changed
    /// line, which a three-way merge then took for a wider change (git's diff compacts likewise).
    private static func compacted(_ hunks: [Hunk], _ a: [Int], _ b: [Int]) -> [Hunk] {
        var result: [Hunk] = []
        for var hunk in hunks {
            if let previous = result.last {
                // The unchanged lines between the two (as many on each side).
                let gap = hunk.old.lowerBound - previous.old.upperBound
                if gap > 0, hunk.new.isEmpty,
                   (0..<gap).allSatisfy({ a[hunk.old.lowerBound - 1 - $0] == a[hunk.old.upperBound - 1 - $0] }) {
                    hunk = Hunk(old: (hunk.old.lowerBound - gap)..<(hunk.old.upperBound - gap),
                                new: (hunk.new.lowerBound - gap)..<(hunk.new.upperBound - gap))
                } else if gap > 0, hunk.old.isEmpty,
                          (0..<gap).allSatisfy({ b[hunk.new.lowerBound - 1 - $0] == b[hunk.new.upperBound - 1 - $0] }) {
                    hunk = Hunk(old: (hunk.old.lowerBound - gap)..<(hunk.old.upperBound - gap),
                                new: (hunk.new.lowerBound - gap)..<(hunk.new.upperBound - gap))
                }
                if hunk.old.lowerBound == previous.old.upperBound && hunk.new.lowerBound == previous.new.upperBound {
                    result[result.count - 1] = Hunk(old: previous.old.lowerBound..<hunk.old.upperBound,
                                                    new: previous.new.lowerBound..<hunk.new.upperBound)
                    continue
                }
            }
            result.append(hunk)
        }
        return result
    }

    /// Myers' greedy search for the shortest edit script, then a walk back through it.
    private static func myers(_ a: [Int], _ b: [Int], limit: Int) -> [Hunk]? {
        let n = a.count, m = b.count
        if n == 0 && m == 0 { return [] }
        if n == 0 || m == 0 { return [Hunk(old: 0..<n, new: 0..<m)] }
        let offset = n + m + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        // The furthest x of each diagonal before each step, kept to walk back.
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...min(n + m, limit) {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = d; break search }
            }
        }
        guard let steps = found else { return nil }
        // Walk back from the end, collecting the pairs of equal lines.
        var equal: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: steps, to: 0, by: -1) {
            // Step d - 1's furthest x on diagonals -d...d.
            let before = trace[d]
            func furthest(_ k: Int) -> Int { before[k + d] }
            let k = x - y
            let previousK = k == -d || (k != d && furthest(k - 1) < furthest(k + 1)) ? k + 1 : k - 1
            let previousX = furthest(previousK), previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1; y -= 1
                equal.append((x, y))
            }
            x = previousX; y = previousY
        }
        while x > 0 && y > 0 {
            x -= 1; y -= 1
            equal.append((x, y))
        }
        // The hunks are the gaps between equal pairs.
        var hunks: [Hunk] = []
        var lastA = 0, lastB = 0
        for (i, j) in equal.reversed() + [(n, m)] {
            if i > lastA || j > lastB { hunks.append(Hunk(old: lastA..<i, new: lastB..<j)) }
            lastA = i + 1; lastB = j + 1
        }
        return hunks
    }
}
