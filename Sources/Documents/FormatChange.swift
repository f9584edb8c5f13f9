/// What `.editorconfig` (or the line-endings menu) asks of a whole text: every line break in one
/// style, no spaces or tabs ending a line, a newline at the end.
public struct FormatRules: Equatable, Sendable {
    /// Every line break written this way (nil: each keeps its own).
    public var lineEnding: LineEnding?
    /// Spaces and tabs before a line break (or the end) go.
    public var trimsTrailingWhitespace = false
    /// A text that does not end in a line break gets one (in `lineEnding`, else `newline`).
    public var insertsFinalNewline = false
    /// The document's newline, for a final one when `lineEnding` is not set.
    public var newline = LineEnding.lf

    /// Nothing to do.
    public init() {}

    /// The rules `.editorconfig` sets for saving (charset aside).
    init(_ config: EditorConfig, newline: LineEnding) {
        lineEnding = config.lineEnding
        trimsTrailingWhitespace = config.trimsTrailingWhitespace == true
        insertsFinalNewline = config.insertsFinalNewline == true
        self.newline = newline
    }

    /// Whether the rules change nothing in any text.
    var isEmpty: Bool { lineEnding == nil && !trimsTrailingWhitespace && !insertsFinalNewline }
}

/// The edits that make a text follow `FormatRules`, worked out in one pass over a snapshot (off
/// the main thread for a big document), with the text they give and what each removes, so the
/// store applies them as one batch: O(1) for the text and one event for every window.
struct FormatChange: Sendable {
    /// The edits, ascending.
    var batch: EditBatch
    /// Undo records for them, in the order they count as applied (the last in the text first).
    var records: [UndoHistory.Record]
    /// What the records weigh (`UndoHistory.Record.size`).
    var recordBytes: Int
    /// The text with every edit made.
    var result: TextStorage

    /// Nil when `text` already follows `rules`.
    init?(_ text: TextStorage, rules: FormatRules) {
        guard !rules.isEmpty else { return nil }
        var edits: [Edit] = [], removed: [String] = []
        // UTF-8 bytes: appending to a String scalar by scalar copies it over and over.
        var out: [UInt8] = []
        out.reserveCapacity(text.count + text.count / 8)
        func put(_ scalar: Unicode.Scalar) {
            if scalar.isASCII { out.append(UInt8(scalar.value)) } else { out.append(contentsOf: UTF8.encode(scalar)!) }
        }
        func put(_ string: String) { out.append(contentsOf: string.utf8) }
        var offset = 0, pendingCR: Int?
        var runStart: Int?, run = String.UnicodeScalarView()

        func endRun(at end: Int) {
            if rules.trimsTrailingWhitespace, let start = runStart {
                edits.append(.delete(start..<end))
                removed.append(String(run))
                out.removeLast(run.count)  // spaces and tabs: a byte each
            }
            runStart = nil
            run.removeAll(keepingCapacity: true)
        }
        func lineBreak(_ range: Range<Int>, _ found: String) {
            if let wanted = rules.lineEnding, wanted.rawValue != found {
                edits.append(Edit(range: range, replacement: wanted.rawValue))
                removed.append(found)
                put(wanted.rawValue)
            } else {
                put(found)
            }
        }

        text.forEachChunk { chunk in
            for scalar in chunk.unicodeScalars {
                defer { offset += 1 }
                if let cr = pendingCR {
                    pendingCR = nil
                    if scalar == "\n" { lineBreak(cr..<(offset + 1), "\r\n"); continue }
                    lineBreak(cr..<offset, "\r")
                }
                switch scalar {
                case "\r":
                    endRun(at: offset)
                    pendingCR = offset
                case "\n":
                    endRun(at: offset)
                    lineBreak(offset..<(offset + 1), "\n")
                case " ", "\t":
                    if runStart == nil { runStart = offset }
                    run.append(scalar)
                    put(scalar)
                default:
                    if runStart != nil {
                        runStart = nil
                        run.removeAll(keepingCapacity: true)
                    }
                    put(scalar)
                }
            }
        }
        if let cr = pendingCR { lineBreak(cr..<offset, "\r") }
        endRun(at: offset)
        // What the text ends in once trimmed: spaces after the last line break leave it ending in one.
        if rules.insertsFinalNewline, let last = out.last, last != 0x0A && last != 0x0D {
            let newline = (rules.lineEnding ?? rules.newline).rawValue
            edits.append(.insert(newline, at: offset))
            removed.append("")
            put(newline)
        }
        guard let batch = EditBatch(edits) else { return nil }
        self.batch = batch
        records = zip(edits, removed).reversed().map { UndoHistory.Record(edit: $0, removed: $1) }
        recordBytes = records.reduce(0) { $0 + $1.size }
        result = TextStorage(String(decoding: out, as: UTF8.self))
    }
}
