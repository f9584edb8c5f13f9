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
        return middle.map { Hunk(old: ($0.old.lowerBound + start)..<($0.old.upperBound + start),
                                 new: ($0.new.lowerBound + start)..<($0.new.upperBound + start)) }
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
