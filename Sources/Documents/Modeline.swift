/// The language a file names for itself in a modeline, as Vim, Emacs and Kate read them
/// (gedit's modeline plugin reads the same): `vim: set ft=python :`, `-*- mode: ruby -*-`,
/// `kate: hl Python;`, in the first or last lines.
public enum Modeline {
    /// Lines looked at from each end, as Vim's `modelines` default.
    static let lines = 5

    /// The language named by a modeline in `head` (the text's start) or `tail` (its end),
    /// lowercased as written ("python", "c++"), or nil.
    public static func language(head: String, tail: String) -> String? {
        let first = head.split(separator: "\n", maxSplits: lines, omittingEmptySubsequences: false).prefix(lines)
        let last = tail.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
        for line in first + last {
            if let name = emacs(line) ?? vim(line) ?? kate(line) { return name.lowercased() }
        }
        return nil
    }

    /// `-*- mode: NAME -*-`, or `-*- NAME -*-`.
    private static func emacs(_ line: Substring) -> Substring? {
        guard let open = line.range(ofText: "-*-"), let close = line[open.upperBound...].range(ofText: "-*-") else { return nil }
        let inside = line[open.upperBound..<close.lowerBound]
        for part in inside.split(separator: ";") {
            let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces }
            if pair.count == 2, pair[0].lowercased() == "mode" { return pair[1] }
            if pair.count == 1, !pair[0].isEmpty, !inside.contains(":") { return pair[0] }
        }
        return nil
    }

    /// `vim: set ft=NAME :`, `vi: filetype=NAME`, `ex: ft=NAME` (after a space or at the start).
    private static func vim(_ line: Substring) -> Substring? {
        guard let marker = ["vim:", "vi:", "ex:"].lazy.compactMap({ line.range(ofText: $0) }).first,
              marker.lowerBound == line.startIndex || line[line.index(before: marker.lowerBound)].isWhitespace else { return nil }
        for word in line[marker.upperBound...].split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "\t" }) {
            for key in ["ft=", "filetype=", "syntax=", "syn="] where word.hasPrefix(key) {
                let value = word.dropFirst(key.count)
                if !value.isEmpty { return value }
            }
        }
        return nil
    }

    /// `kate: hl NAME;`.
    private static func kate(_ line: Substring) -> Substring? {
        guard let marker = line.range(ofText: "kate:") else { return nil }
        for part in line[marker.upperBound...].split(separator: ";") {
            let words = part.trimmingSpaces
            if words.hasPrefix("hl ") { return words.dropFirst(3).trimmingSpaces }
        }
        return nil
    }
}

private extension Substring {
    /// Where `text` first occurs (a modeline's markers are short and lines are, too).
    func range(ofText text: String) -> Range<Index>? {
        indices.lazy.first { self[$0...].hasPrefix(text) }.map { $0..<self.index($0, offsetBy: text.count) }
    }

    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
