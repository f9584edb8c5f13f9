/// The spelling languages given to parts of a document (a German quotation in an English book):
/// spans of text, sorted and apart, each with a dictionary's code; the rest is checked in the
/// document's language. The spans follow every edit, so a paragraph keeps its language while it
/// is written in, moved down by lines above it, or cut short.
public struct ParagraphLanguages: Sendable, Equatable {
    /// Text in one language.
    public struct Span: Sendable, Equatable, Codable {
        public var range: Range<Int>
        public var code: String

        public init(range: Range<Int>, code: String) {
            self.range = range
            self.code = code
        }
    }

    /// In order, apart, none empty.
    public private(set) var spans: [Span] = []

    public init(_ spans: [Span] = []) {
        for span in spans { set(span.code, over: span.range) }
    }

    public var isEmpty: Bool { spans.isEmpty }

    /// The language given to the text at `offset` (nil: the document's).
    public func code(at offset: Int) -> String? {
        spans.first { $0.range.contains(offset) }?.code
    }

    /// The spans that reach into `range`, whole.
    public func spans(in range: Range<Int>) -> [Span] {
        spans.filter { $0.range.overlaps(range) }
    }

    /// Gives `range` the language `code` (nil: the document's again); spans beside it in the
    /// same language become one.
    public mutating func set(_ code: String?, over range: Range<Int>) {
        guard !range.isEmpty else { return }
        var kept: [Span] = []
        for span in spans {
            if span.range.upperBound <= range.lowerBound || span.range.lowerBound >= range.upperBound {
                kept.append(span)
                continue
            }
            if span.range.lowerBound < range.lowerBound { kept.append(Span(range: span.range.lowerBound..<range.lowerBound, code: span.code)) }
            if span.range.upperBound > range.upperBound { kept.append(Span(range: range.upperBound..<span.range.upperBound, code: span.code)) }
        }
        if let code { kept.append(Span(range: range, code: code)) }
        kept.sort { $0.range.lowerBound < $1.range.lowerBound }
        spans = Self.joined(kept)
    }

    /// Sorted apart spans with neighbours in one language made one.
    private static func joined(_ spans: [Span]) -> [Span] {
        spans.reduce(into: []) { joined, span in
            if let last = joined.last, last.code == span.code, last.range.upperBound == span.range.lowerBound {
                joined[joined.count - 1].range = last.range.lowerBound..<span.range.upperBound
            } else {
                joined.append(span)
            }
        }
    }

    /// The spans after `edit`. Text inserted at a span's end joins it (the paragraph goes on in
    /// its language), at its start goes before it; a span whose text is all deleted goes.
    public func following(_ edit: Edit) -> ParagraphLanguages {
        guard !spans.isEmpty else { return self }
        // The mapping keeps their order; spans whose text between them went are one again when in one language.
        var moved = ParagraphLanguages()
        moved.spans = Self.joined(spans.compactMap { span in
            let lower = Self.lowerBound(span.range.lowerBound, after: edit), upper = Self.upperBound(span.range.upperBound, after: edit)
            return lower < upper ? Span(range: lower..<upper, code: span.code) : nil
        })
        return moved
    }

    private static func lowerBound(_ offset: Int, after edit: Edit) -> Int {
        if offset < edit.range.lowerBound { return offset }
        if offset >= edit.range.upperBound { return offset - edit.range.count + edit.insertedCount }
        return edit.range.lowerBound + edit.insertedCount
    }

    private static func upperBound(_ offset: Int, after edit: Edit) -> Int {
        if offset < edit.range.lowerBound || (offset == edit.range.lowerBound && !edit.range.isEmpty) { return offset }
        if offset >= edit.range.upperBound { return offset - edit.range.count + edit.insertedCount }
        return edit.range.lowerBound + edit.insertedCount
    }
}

extension TextStorage {
    /// The paragraph around `offset`: its lines up to the blank lines before and after it,
    /// without the last line's break; nil on a blank line.
    public func paragraph(around offset: Int) -> Range<Int>? {
        let line = lineAndColumn(of: offset).line
        guard !isBlank(line: line) else { return nil }
        var first = line, last = line
        while first > 0 && !isBlank(line: first - 1) { first -= 1 }
        while last + 1 < lineCount && !isBlank(line: last + 1) { last += 1 }
        return self.offset(ofLine: first)..<lineEnd(last)
    }

    private func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineCount else { return count }
        let next = offset(ofLine: line + 1)
        return next - (scalar(at: next - 1) == "\n" && scalar(at: next - 2) == "\r" ? 2 : 1)
    }

    private func isBlank(line: Int) -> Bool {
        let start = offset(ofLine: line)
        return substring(start..<lineEnd(line)).unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }
}
