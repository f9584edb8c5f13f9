import Documents
import Gtk

/// Searches a document's text in the store, in blocks of whole lines, so that a search costs
/// what it reads until its first match (next, previous) and never holds more than a block of
/// text at once. A match does not span two blocks (a regular expression across lines may miss
/// one that straddles a block's edge, a quarter of a million characters apart).
public enum DocumentSearch {
    /// About how many characters a block holds (whole lines: a long line makes it longer).
    static let blockCharacters = 1 << 18

    /// The lines from `line` that make a block: `line..<end`, and their character range.
    private static func block(from line: Int, in text: TextStorage) -> (end: Int, range: Range<Int>) {
        let start = text.offset(ofLine: line)
        let last = text.lineAndColumn(of: min(text.count, start + blockCharacters)).line
        let end = min(text.lineCount, max(last, line) + 1)
        return (end, start..<(end < text.lineCount ? text.offset(ofLine: end) : text.count))
    }

    /// The block of lines that ends at line `end` (excluded): its first line and character range.
    private static func block(before end: Int, in text: TextStorage) -> (start: Int, range: Range<Int>) {
        let upper = end < text.lineCount ? text.offset(ofLine: end) : text.count
        let first = min(end - 1, text.lineAndColumn(of: max(0, upper - blockCharacters)).line)
        return (first, text.offset(ofLine: first)..<upper)
    }

    private static func matches(of pattern: TextPattern, in text: TextStorage, _ range: Range<Int>,
                                replacement: String? = nil) -> [TextPattern.Match] {
        pattern.matches(in: text.substring(range), base: range.lowerBound, replacement: replacement)
    }

    /// Every match in `text`, in order (with `replacement` expanded for each, when given); the
    /// search stops after the block where `limit` were found (so at least that many come back).
    /// `isCancelled` is asked between blocks: true stops the search (nil is returned).
    public static func allMatches(of pattern: TextPattern, in text: TextStorage, replacement: String? = nil, limit: Int = .max,
                                  isCancelled: () -> Bool = { false }) -> [TextPattern.Match]? {
        var found: [TextPattern.Match] = []
        var line = 0
        while line < text.lineCount && found.count < limit {
            if isCancelled() { return nil }
            let (end, range) = block(from: line, in: text)
            found += matches(of: pattern, in: text, range, replacement: replacement)
            line = end
        }
        return found
    }

    /// The ranges of the first `keeping` matches in `text`, in order, and how many there are in
    /// all: a pattern found on every line of a 10 GB log is counted without holding a range for
    /// each of its hundred million matches. `isCancelled` as for `allMatches`; `progressed`
    /// is told between blocks how far the count has got (the share of the lines, 0 to 1).
    public static func countMatches(of pattern: TextPattern, in text: TextStorage, keeping: Int,
                                    isCancelled: () -> Bool = { false },
                                    progressed: (Double) -> Void = { _ in }) -> (kept: [Range<Int>], total: Int)? {
        var kept: [Range<Int>] = [], total = 0
        var line = 0
        while line < text.lineCount {
            if isCancelled() { return nil }
            progressed(Double(line) / Double(text.lineCount))
            let (end, range) = block(from: line, in: text)
            let found = matches(of: pattern, in: text, range)
            total += found.count
            if kept.count < keeping { kept += found.prefix(keeping - kept.count).map(\.range) }
            line = end
        }
        return (kept, total)
    }

    /// The first match that starts at or after `offset`, going round to the start after the end.
    /// `isCancelled` is asked between blocks: true stops the search (nil is returned).
    public static func firstMatch(of pattern: TextPattern, in text: TextStorage, from offset: Int,
                                  isCancelled: () -> Bool = { false }) -> TextPattern.Match? {
        let startLine = text.lineAndColumn(of: min(offset, text.count)).line
        var line = startLine
        while line < text.lineCount {
            if isCancelled() { return nil }
            let (end, range) = block(from: line, in: text)
            if let match = matches(of: pattern, in: text, range).first(where: { $0.range.lowerBound >= offset }) { return match }
            line = end
        }
        line = 0
        while line <= startLine {  // round again, up to the line it started on
            if isCancelled() { return nil }
            let (end, range) = block(from: line, in: text)
            if let match = matches(of: pattern, in: text, range).first { return match }
            line = end
        }
        return nil
    }

    /// The last match that ends at or before `offset`, going round to the end before the start.
    /// `isCancelled` as for `firstMatch`.
    public static func lastMatch(of pattern: TextPattern, in text: TextStorage, before offset: Int,
                                 isCancelled: () -> Bool = { false }) -> TextPattern.Match? {
        let startLine = text.lineAndColumn(of: min(offset, text.count)).line
        var line = startLine + 1
        while line > 0 {
            if isCancelled() { return nil }
            let (start, range) = block(before: line, in: text)
            if let match = matches(of: pattern, in: text, range).last(where: { $0.range.upperBound <= offset }) { return match }
            line = start
        }
        line = text.lineCount
        while line > startLine {
            if isCancelled() { return nil }
            let (start, range) = block(before: line, in: text)
            if let match = matches(of: pattern, in: text, range).last { return match }
            line = start
        }
        return nil
    }
}
