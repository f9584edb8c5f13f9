#if canImport(Glibc)
import Glibc
#endif

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

    /// A hunk's old lines are looked for whole inside its new ones up to this size (a search the
    /// size of both; a bigger hunk is one replacement).
    static let searchedHunkBytes = 256 << 10

    /// Nil when the texts are equal.
    init?(from text: TextStorage, to new: String) {
        var old = text.string, new = new
        // The common start and end are found on the bytes and widened to whole lines: the diff sees
        // only the lines between (a file of a million lines with one changed costs a compare).
        guard let ends = old.withUTF8({ a in new.withUTF8 { b in Self.commonLines(a, b) } }) else { return nil }
        let oldMiddle = Self.middle(of: old, dropping: ends.prefixBytes, ends.oldSuffixBytes)
        let newMiddle = Self.middle(of: new, dropping: ends.prefixBytes, ends.newSuffixBytes)
        let oldLines = Self.lines(of: oldMiddle), newLines = Self.lines(of: newMiddle)
        var edits: [Edit] = []
        if let hunks = LineDiff.hunks(from: oldLines, to: newLines) {
            var starts = [ends.prefixScalars]
            starts.reserveCapacity(oldLines.count + 1)
            for line in oldLines { starts.append(starts[starts.count - 1] + line.text.unicodeScalars.count) }
            for hunk in hunks.reversed() {
                let before = oldLines[hunk.old].map(\.text).joined(), after = newLines[hunk.new].map(\.text).joined()
                let base = starts[hunk.old.lowerBound]
                // Old lines kept whole inside the new ones (a word put before a line, a line added
                // after it): two insertions around them, so an undo of the user's edit to those
                // lines keeps what the other program put there.
                let scalars = after.unicodeScalars
                if !before.isEmpty, after.utf8.count > before.utf8.count, after.utf8.count <= Self.searchedHunkBytes,
                   let kept = scalars.firstRange(of: before.unicodeScalars) {
                    let length = before.unicodeScalars.count
                    let tail = String(scalars[kept.upperBound...]), head = String(scalars[..<kept.lowerBound])
                    if !tail.isEmpty { edits.append(.insert(tail, at: base + length)) }
                    if !head.isEmpty { edits.append(.insert(head, at: base)) }
                    continue
                }
                guard let edit = Edit.difference(from: before, to: after) else { continue }
                edits.append(Edit(range: (base + edit.range.lowerBound)..<(base + edit.range.upperBound), replacement: edit.replacement))
            }
        }
        // Checked on the lines between: the edits must make the new ones of the old.
        var check = TextStorage(oldMiddle)
        for edit in edits { check.replace((edit.range.lowerBound - ends.prefixScalars)..<(edit.range.upperBound - ends.prefixScalars), with: edit.replacement) }
        // Too many differences for the diff, or (never expected) edits that do not give the new
        // text: one edit of everything between the common start and end, which always does.
        if edits.isEmpty || !check.string.utf8.elementsEqual(newMiddle.utf8), let whole = Edit.difference(from: oldMiddle, to: newMiddle) {
            edits = [Edit(range: (whole.range.lowerBound + ends.prefixScalars)..<(whole.range.upperBound + ends.prefixScalars),
                          replacement: whole.replacement)]
        }
        var storage = text
        var removed: [String] = []
        for edit in edits {
            removed.append(storage.substring(edit.range))
            storage.replace(edit.range, with: edit.replacement)
        }
        self.edits = edits
        self.removed = removed
        self.storage = storage
    }

    /// The common start of two texts' bytes, cut back to a line start, and their common end after
    /// it, cut to a line start; nil when the texts are equal.
    private static func commonLines(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
        -> (prefixBytes: Int, prefixScalars: Int, oldSuffixBytes: Int, newSuffixBytes: Int)? {
        let shorter = min(a.count, b.count)
        var prefix = 0
        // A block at a time while they agree, then byte by byte.
        while prefix + 4096 <= shorter, memcmp(a.baseAddress! + prefix, b.baseAddress! + prefix, 4096) == 0 { prefix += 4096 }
        while prefix < shorter, a[prefix] == b[prefix] { prefix += 1 }
        if prefix == a.count && prefix == b.count { return nil }
        while prefix > 0, a[prefix - 1] != 0x0A { prefix -= 1 }
        var suffix = 0
        let room = min(a.count, b.count) - prefix
        while suffix + 4096 <= room,
              memcmp(a.baseAddress! + a.count - suffix - 4096, b.baseAddress! + b.count - suffix - 4096, 4096) == 0 { suffix += 4096 }
        while suffix < room, a[a.count - suffix - 1] == b[b.count - suffix - 1] { suffix += 1 }
        // The common end starts a line on both sides (or right where the common start ends).
        func startsLine(_ x: UnsafeBufferPointer<UInt8>) -> Bool { x.count - suffix == prefix || x[x.count - suffix - 1] == 0x0A }
        while suffix > 0, !(startsLine(a) && startsLine(b)) { suffix -= 1 }
        var scalars = 0
        for byte in UnsafeBufferPointer(rebasing: a[..<prefix]) where byte & 0xC0 != 0x80 { scalars += 1 }
        return (prefix, scalars, suffix, suffix)
    }

    /// `text` without its first `prefix` and last `suffix` bytes (both at line starts).
    private static func middle(of text: String, dropping prefix: Int, _ suffix: Int) -> String {
        let utf8 = text.utf8
        return String(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: prefix)..<utf8.index(utf8.endIndex, offsetBy: -suffix)]))
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
