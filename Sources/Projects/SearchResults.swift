/// One line of a file that holds matches, as Find in Files lists it.
public struct LineHit: Sendable, Equatable {
    /// The line's 1-based number.
    public let number: Int
    /// The line's text (a long one cut to a stretch around its first match, `…` at a cut end).
    public let text: String
    /// Where the matches stand in `text`, in characters (Unicode scalars).
    public let matches: [Range<Int>]
    /// The 1-based column of the first match in the whole line, in characters: where to go.
    public let column: Int

    /// How many bytes of a long line are kept around its first match.
    static let shownBytes = 300

    public init(number: Int, text: String, matches: [Range<Int>], column: Int) {
        self.number = number; self.text = text; self.matches = matches; self.column = column
    }

    /// The line of `bytes` from `start` to `end` (its newline excluded) with the matches
    /// `ranges` (byte offsets in `bytes`).
    init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, number: Int, matches ranges: [Range<Int>]) {
        var end = end
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }  // a CRLF file's lines
        let first = ranges[0].lowerBound
        var from = start, to = end
        if end - start > Self.shownBytes {
            from = max(start, first - Self.shownBytes / 3)
            while from > start && bytes[from] & 0xC0 == 0x80 { from -= 1 }
            to = min(end, from + Self.shownBytes)
            while to < end && bytes[to] & 0xC0 == 0x80 { to += 1 }
        }
        /// Characters from `from` to `offset` (clamped to the kept stretch).
        func characters(_ lower: Int, _ upper: Int) -> Int {
            var count = 0
            var index = lower
            while index < upper {
                if bytes[index] & 0xC0 != 0x80 { count += 1 }
                index += 1
            }
            return count
        }
        let lead = from > start ? "…" : "", tail = to < end ? "…" : ""
        let shift = lead.isEmpty ? 0 : 1
        self.number = number
        text = lead + String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self) + tail
        column = characters(start, first) + 1
        matches = ranges.compactMap { range in
            let lower = min(max(range.lowerBound, from), to), upper = min(max(range.upperBound, from), to)
            guard upper > lower else { return nil }
            let offset = characters(from, lower) + shift
            return offset..<(offset + characters(lower, upper))
        }
    }
}

/// The matches found in one file.
public struct FileHits: Sendable, Equatable {
    /// The file's path, relative to the folder searched.
    public let path: String
    /// Its matching lines, in order (at most `ContentSearch.linesPerFile`).
    public let lines: [LineHit]
    /// All its matches, those on lines not listed too.
    public let matchCount: Int
    /// Whether some of its matching lines are not listed (past the limits): Replace in Files
    /// changes only the lines listed.
    public let isCut: Bool
}

/// What a search has done so far.
public struct SearchTally: Sendable, Equatable {
    /// Files read and searched.
    public var searched = 0
    /// Files with at least one match, and the matches in them.
    public var matchedFiles = 0
    public var matches = 0
    /// Files left out: binary ones, ones over the size limit, ones that could not be read.
    public var binarySkipped = 0
    public var hugeSkipped = 0
    public var unreadable = 0

    public init() {}

    mutating func add(_ other: SearchTally) {
        searched += other.searched
        matchedFiles += other.matchedFiles
        matches += other.matches
        binarySkipped += other.binarySkipped
        hugeSkipped += other.hugeSkipped
        unreadable += other.unreadable
    }
}
