/// How well a path matches the letters typed into Quick Open, as Sublime Text's Goto Anything
/// ranks: every letter of the query in the path in order, the best of all the ways to place
/// them, letters in the file name worth more than letters in its folders, letters that start a
/// word (after `/`, `_`, `-`, `.`, a space, or a capital in camelCase) and letters that follow
/// each other worth more, gaps between them worth less.
///
/// The best placement is found as fzf's second algorithm finds it: a table of the query's letters
/// against the path's, filled row by row with the running best of the row above, limited to the
/// stretch of the path between the first place the query could begin and the last it could end.
struct PathScorer {
    /// The query's bytes, letters folded to lower case.
    let query: [UInt8]

    static let perLetter: Int32 = 16
    static let wordStart: Int32 = 10
    static let afterSlash: Int32 = 12
    static let inFileName: Int32 = 12
    static let fileNameStart: Int32 = 8
    static let consecutive: Int32 = 8
    static let gapOpen: Int32 = 3
    static let gapExtend: Int32 = 1
    /// No placement: the path does not hold the query's letters in order.
    static let none = Int32.min / 2

    init(query: [UInt8]) {
        self.query = query.map(PathList.fold)
    }

    /// The score of the path `folded[range]` (whose file name starts `nameStart` bytes in), or nil
    /// when it does not hold every letter of the query in order. `above` and `row` are room for
    /// the table's two rows, each at least as long as the path.
    func score(_ folded: UnsafeBufferPointer<UInt8>, _ original: UnsafeBufferPointer<UInt8>,
               _ range: Range<Int>, nameStart: Int,
               above: UnsafeMutableBufferPointer<Int32>, row: UnsafeMutableBufferPointer<Int32>) -> Int32? {
        var above = above, row = row
        let m = query.count
        if m == 0 { return 0 }
        // The first place the query can begin and the last it can end, or no match at all.
        var first = -1, q = 0
        var index = range.lowerBound
        while index < range.upperBound && q < m {
            if folded[index] == query[q] {
                if q == 0 { first = index }
                q += 1
            }
            index += 1
        }
        guard q == m else { return nil }
        var last = range.upperBound - 1
        while folded[last] != query[m - 1] { last -= 1 }  // found: the forward scan met it
        let base = first
        let width = last - first + 1
        let name = range.lowerBound + nameStart
        var best = Self.none
        for qi in 0..<m {
            let letter = query[qi]
            // The best of the row above at a column two or more before, less its gap so far.
            var carry = Self.none
            for column in 0..<width {
                let position = base + column
                if qi == 0 {
                    // The query's first letter: no row above.
                } else if column >= 2 && above[column - 2] > Self.none {
                    carry = max(carry - Self.gapExtend, above[column - 2] - Self.gapOpen)
                } else if carry > Self.none {
                    carry -= Self.gapExtend
                }
                guard folded[position] == letter else {
                    row[column] = Self.none
                    continue
                }
                let worth = Self.perLetter + bonus(original, at: position, pathStart: range.lowerBound, name: name)
                var value: Int32
                if qi == 0 {
                    value = worth
                } else {
                    let adjacent = column >= 1 && above[column - 1] > Self.none ? above[column - 1] + Self.consecutive : Self.none
                    let from = max(adjacent, carry)
                    value = from > Self.none ? from + worth : Self.none
                }
                row[column] = value
                if qi == m - 1 && value > best { best = value }
            }
            swap(&above, &row)
        }
        return best > Self.none ? best : nil
    }

    /// What a letter at `position` is worth beyond `perLetter`: where it stands in its path.
    @inline(__always) private func bonus(_ original: UnsafeBufferPointer<UInt8>, at position: Int, pathStart: Int, name: Int) -> Int32 {
        var bonus: Int32 = 0
        if position >= name { bonus += Self.inFileName }
        if position == name { bonus += Self.fileNameStart }
        if position == pathStart { return bonus + Self.afterSlash }
        let before = original[position - 1], this = original[position]
        switch before {
        case UInt8(ascii: "/"): bonus += Self.afterSlash
        case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: " "): bonus += Self.wordStart
        default:
            let lowerBefore = before >= UInt8(ascii: "a") && before <= UInt8(ascii: "z")
            let upperThis = this >= UInt8(ascii: "A") && this <= UInt8(ascii: "Z")
            if lowerBefore && upperThis { bonus += Self.wordStart }
        }
        return bonus
    }
}
