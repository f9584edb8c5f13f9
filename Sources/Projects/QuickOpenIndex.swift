import Dispatch
import Synchronization

/// What Quick Open's field holds: letters of a path, and a line (and column) to go to after a
/// colon, as `tandem FILE:LINE:COLUMN` takes them ("main.swift:12", "readme:3:5").
public struct QuickOpenQuery: Equatable, Sendable {
    /// The letters to find in a path, spaces left out (they separate words for the eye only).
    public let letters: String
    /// The 1-based line and column after the letters, when given.
    public let line: Int?
    public let column: Int?

    public init(_ text: String) {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var numbers: [Int] = []
        while parts.count > 1, numbers.count < 2, let number = Int(parts.last!), number > 0 {
            numbers.insert(number, at: 0)
            parts.removeLast()
        }
        // A colon with nothing after it yet is the start of a line number being typed.
        if parts.count > 1 && parts.last!.isEmpty && numbers.isEmpty { parts.removeLast() }
        letters = parts.joined(separator: ":").filter { $0 != " " }
        line = numbers.first
        column = numbers.count > 1 ? numbers[1] : nil
    }
}

/// One path Quick Open offers, with its score (higher first).
public struct QuickOpenMatch: Equatable, Sendable {
    public let path: String
    public let score: Int32
}

/// The paths of a project, searched as Quick Open's letters are typed: each key's search looks
/// only at the paths the previous letters matched when the new query extends the old one, on
/// every core, and keeps the best `limit`. Recent files rank first among matches of one score
/// band (a bonus by how recent they are), and are all an empty query shows first.
public final class QuickOpenIndex: @unchecked Sendable {
    // @unchecked: the cache of the last search is only touched by `matches`, called from one thread.
    private let list: PathList
    /// The last query's letters and every path it matched (indices into `list`, in order).
    private var last: (letters: [UInt8], matched: [Int32])?

    /// Bonus for the most recent file; the next ones get less, down to nothing.
    static let recentBonus: Int32 = 40

    public init(paths: [String]) { list = PathList(paths) }

    public var count: Int { list.count }

    /// The best `limit` paths for `letters`, best first; `recent` lists recently opened paths,
    /// most recent first.
    public func matches(for letters: String, limit: Int = 100, recent: [String] = []) -> [QuickOpenMatch] {
        let query = Array(letters.utf8).map(PathList.fold)
        let candidates: [Int32]?
        if let last, !last.letters.isEmpty, query.starts(with: last.letters) {
            candidates = last.matched
        } else {
            candidates = nil
        }
        let scored = score(query, among: candidates)
        last = (query, scored.map(\.index))
        var bonus: [String: Int32] = [:]
        for (rank, path) in recent.prefix(Int(Self.recentBonus)).enumerated() where bonus[path] == nil {
            bonus[path] = Self.recentBonus - Int32(rank)
        }
        var ranked = scored
        if !bonus.isEmpty {
            ranked = ranked.map { (index: $0.index, score: $0.score + (bonus[list.paths[Int($0.index)]] ?? 0)) }
        }
        // Ties: the shorter path, then the path's order.
        let lengths = list.starts
        func better(_ a: (index: Int32, score: Int32), _ b: (index: Int32, score: Int32)) -> Bool {
            if a.score != b.score { return a.score > b.score }
            let la = lengths[Int(a.index) + 1] - lengths[Int(a.index)], lb = lengths[Int(b.index) + 1] - lengths[Int(b.index)]
            if la != lb { return la < lb }
            return a.index < b.index
        }
        if ranked.count > limit * 4 {
            // Most of a big list is below the best `limit`: a cut at a score keeps the sort small.
            var scores = ranked.map(\.score)
            let threshold = Self.nthLargest(&scores, limit)
            ranked = ranked.filter { $0.score >= threshold }
        }
        ranked.sort(by: better)
        return ranked.prefix(limit).map { QuickOpenMatch(path: list.paths[Int($0.index)], score: $0.score) }
    }

    /// The scores of the paths among `candidates` (every path when nil) that hold `query`'s
    /// letters in order, in the order of the list.
    private func score(_ query: [UInt8], among candidates: [Int32]?) -> [(index: Int32, score: Int32)] {
        let total = candidates?.count ?? list.count
        let chunks = max(1, min(64, total / 2_000))
        let parts = Mutex([[(index: Int32, score: Int32)]](repeating: [], count: chunks))
        let list = self.list
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let scorer = PathScorer(query: query)
            var found: [(index: Int32, score: Int32)] = []
            let lower = total * chunk / chunks, upper = total * (chunk + 1) / chunks
            var rows = [Int32](repeating: PathScorer.none, count: 2 * max(list.longest, 1))
            list.folded.withUnsafeBufferPointer { folded in
                list.original.withUnsafeBufferPointer { original in
                    list.starts.withUnsafeBufferPointer { starts in
                        list.nameStarts.withUnsafeBufferPointer { nameStarts in
                            rows.withUnsafeMutableBufferPointer { rows in
                                let above = UnsafeMutableBufferPointer(rebasing: rows[..<(rows.count / 2)])
                                let row = UnsafeMutableBufferPointer(rebasing: rows[(rows.count / 2)...])
                                for slot in lower..<upper {
                                    let index = candidates.map { Int($0[slot]) } ?? slot
                                    let range = Int(starts[index])..<Int(starts[index + 1])
                                    if let value = scorer.score(folded, original, range, nameStart: Int(nameStarts[index]), above: above, row: row) {
                                        found.append((Int32(index), value))
                                    }
                                }
                            }
                        }
                    }
                }
            }
            parts.withLock { $0[chunk] = found }
        }
        return parts.withLock { $0.flatMap { $0 } }
    }

    /// The `n`th largest of `values` (the smallest of all when there are fewer); reorders them.
    static func nthLargest(_ values: inout [Int32], _ n: Int) -> Int32 {
        guard values.count > n, n > 0 else { return values.min() ?? 0 }
        var low = 0, high = values.count - 1
        let target = n - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] > pivot { i += 1 }
                while values[j] < pivot { j -= 1 }
                if i <= j { values.swapAt(i, j); i += 1; j -= 1 }
            }
            if target <= j { high = j } else if target >= i { low = i } else { break }
        }
        return values[target]
    }
}
