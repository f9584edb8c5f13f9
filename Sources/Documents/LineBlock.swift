/// The whole lines a selection touches, cut into their texts and the breaks between them. Line
/// commands (sort, join, move, comment) rewrite a block and put it back as one edit.
public struct LineBlock: Equatable {
    /// From the first line's start to the end of the last line's text (its break left out).
    public let range: Range<Int>
    /// Each line's text, without its break.
    public var lines: [String]
    /// The breaks between the lines, in order ("\n", "\r\n", "\r" or U+2029): one fewer than
    /// the lines. A rewritten block keeps them where they stood.
    public var breaks: [String]

    /// The lines of `selection` (document offsets): the caret's line when nothing is selected; a
    /// selection ending at the start of a line does not take that line, nor any line past
    /// `lastLine` (the empty line after a final break a view hides).
    public init(selection: Range<Int>, in text: TextStorage, lastLine: Int = .max) {
        let first = text.lineAndColumn(of: selection.lowerBound).line
        var last = text.lineAndColumn(of: selection.upperBound).line
        if last > first && text.offset(ofLine: last) == selection.upperBound { last -= 1 }
        self.init(lines: first...max(first, min(last, lastLine)), in: text)
    }

    /// The document's lines `lines` (0-based, clamped to the document).
    public init(lines: ClosedRange<Int>, in text: TextStorage) {
        let first = max(0, min(lines.lowerBound, text.lineCount - 1))
        let last = max(first, min(lines.upperBound, text.lineCount - 1))
        let start = text.offset(ofLine: first)
        let end = Self.lineEnd(last, in: text)
        range = start..<end
        (self.lines, breaks) = Self.split(text.substring(start..<end))
    }

    init(range: Range<Int>, lines: [String], breaks: [String]) {
        self.range = range
        self.lines = lines
        self.breaks = breaks
    }

    /// The block's text: its lines with their breaks between them.
    public var text: String {
        var out = lines.first ?? ""
        for (index, line) in lines.dropFirst().enumerated() {
            out += index < breaks.count ? breaks[index] : "\n"
            out += line
        }
        return out
    }

    /// Where 0-based `line` ends: before its break ("\r\n" counted whole), or at the text's end.
    static func lineEnd(_ line: Int, in text: TextStorage) -> Int {
        guard line + 1 < text.lineCount else { return text.count }
        let next = text.offset(ofLine: line + 1)
        return next >= 2 && text.substring((next - 2)..<next) == "\r\n" ? next - 2 : next - 1
    }

    /// Cuts `text` at its line breaks, as the store counts them.
    static func split(_ text: String) -> (lines: [String], breaks: [String]) {
        var lines: [String] = [], breaks: [String] = []
        var current = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\r" where pending == "\n":
                pending = scalars.next()
                breaks.append("\r\n")
            case "\r", "\n", "\u{2029}":
                breaks.append(String(scalar))
            default:
                current.append(scalar)
                continue
            }
            lines.append(String(current))
            current = String.UnicodeScalarView()
        }
        lines.append(String(current))
        return (lines, breaks)
    }
}
