/// A document's text turned into a new one (its file's next version) as the few edits that make
/// the difference: a line diff, each hunk trimmed to the characters that changed. Prepared on any
/// thread; applied together they are one undo step, and carets elsewhere stay on their text.
struct TextChange: Sendable {
    /// The edits, in the order to apply them (the last in the text first, so offsets hold).
    var edits: [Edit]
    /// What each edit removes.
    var removed: [String]
    /// The old text with every edit applied: the new text.
    var storage: TextStorage

    /// Nil when the texts are equal.
    init?(from text: TextStorage, to new: String) {
        let old = text.string
        if old.utf8.elementsEqual(new.utf8) { return nil }
        let oldLines = Self.lines(of: old), newLines = Self.lines(of: new)
        var edits: [Edit] = []
        if let hunks = LineDiff.hunks(from: oldLines, to: newLines) {
            var starts = [0]
            starts.reserveCapacity(oldLines.count + 1)
            for line in oldLines { starts.append(starts[starts.count - 1] + line.text.unicodeScalars.count) }
            for hunk in hunks.reversed() {
                let before = oldLines[hunk.old].map(\.text).joined(), after = newLines[hunk.new].map(\.text).joined()
                guard let edit = Edit.difference(from: before, to: after) else { continue }
                let base = starts[hunk.old.lowerBound]
                edits.append(Edit(range: (base + edit.range.lowerBound)..<(base + edit.range.upperBound), replacement: edit.replacement))
            }
        }
        var storage = text
        var removed: [String] = []
        for edit in edits {
            removed.append(storage.substring(edit.range))
            storage.replace(edit.range, with: edit.replacement)
        }
        // Too many differences for the diff, or (never expected) edits that do not give the new
        // text: one edit of everything between the common start and end, which always does.
        if edits.isEmpty || !storage.string.utf8.elementsEqual(new.utf8), let whole = Edit.difference(from: old, to: new) {
            edits = [whole]
            removed = [text.substring(whole.range)]
            storage = text
            storage.replace(whole.range, with: whole.replacement)
        }
        self.edits = edits
        self.removed = removed
        self.storage = storage
    }

    /// A line with its newline, compared byte for byte (String's own equality would take
    /// canonically equivalent lines, "é" composed and decomposed, for the same).
    struct Line: Hashable, Sendable {
        var text: Substring
        static func == (a: Line, b: Line) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
        func hash(into hasher: inout Hasher) {
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil { for byte in text.utf8 { hasher.combine(byte) } }
        }
    }

    /// The text's lines, each with its "\n" (the last one may have none).
    static func lines(of text: String) -> [Line] {
        var lines: [Line] = []
        var start = text.utf8.startIndex
        var index = start
        while index != text.utf8.endIndex {
            let next = text.utf8.index(after: index)
            if text.utf8[index] == 0x0A {
                lines.append(Line(text: text[start..<next]))
                start = next
            }
            index = next
        }
        if start != text.utf8.endIndex { lines.append(Line(text: text[start...])) }
        return lines
    }
}
