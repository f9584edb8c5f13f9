/// How a document is indented: what Tab inserts, and how wide a level is. It comes from
/// `.editorconfig` when that says, else from the text itself, else from the preferences.
public struct Indentation: Equatable, Sendable {
    /// Spaces (true) or tab characters (false).
    public var usesSpaces: Bool
    /// Columns per level when indenting with spaces (nil: the tab width).
    public var width: Int?

    public init(usesSpaces: Bool, width: Int?) {
        self.usesSpaces = usesSpaces
        self.width = width
    }

    /// Lines looked at: enough to tell, few enough to cost nothing on a big file.
    static let sampleLines = 2_000

    /// The indentation the text's first lines show, or nil when none is indented. One indented
    /// line tells (a short file indented once by two spaces is a two-space file, as a user reads
    /// it). Tabs win when more lines start with a tab than with spaces; a spaces width is the
    /// most common step between the indents of consecutive lines (2, 3, 4 or 8), the tab width
    /// when no step is one of those.
    public static func guess(in text: TextStorage) -> Indentation? {
        let head = text.substring(0..<min(text.count, 256 << 10))
        var tabs = 0, spaced = 0, previous = 0
        var steps: [Int: Int] = [:]
        for line in head.split(separator: "\n", maxSplits: sampleLines, omittingEmptySubsequences: true) {
            guard let first = line.first, line.contains(where: { !$0.isWhitespace }) else { continue }
            if first == "\t" { tabs += 1; continue }
            let indent = line.prefix { $0 == " " }.count
            if indent > 0 { spaced += 1 }
            let step = abs(indent - previous)
            if [2, 3, 4, 8].contains(step) { steps[step, default: 0] += 1 }
            previous = indent
        }
        guard tabs + spaced > 0 else { return nil }
        if tabs > spaced { return Indentation(usesSpaces: false, width: nil) }
        // The smallest of the most common steps: a file stepping by 2 also has steps of 4 and 8.
        let width = steps.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key
        return Indentation(usesSpaces: true, width: width)
    }
}
