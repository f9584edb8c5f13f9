/// Typographic punctuation for prose, as it is typed: straight quotes become curly ones (which
/// way from the character before), two hyphens an en dash and a third an em dash, three full
/// stops an ellipsis. Each is its own undo step after the key (the window applies it), so one
/// Ctrl+Z gives back what was typed. Hyphens at a line's start stay: Markdown's rules (`---`),
/// front matter and lists begin there.
public enum SmartPunctuation {
    /// The edit that turns what was just typed, `typed` ending at offset `end` of `text`, into its
    /// typographic form; nil when it stays as typed.
    public static func substitution(in text: TextStorage, typedEnd end: Int, typed: String) -> Edit? {
        guard typed.unicodeScalars.count == 1, let key = typed.unicodeScalars.first, end >= 1, end <= text.count else { return nil }
        let before = end >= 2 ? text.substring((end - 2)..<(end - 1)).unicodeScalars.first : nil
        switch key {
        case "\"":
            return Edit(range: (end - 1)..<end, replacement: opens(after: before) ? "\u{201C}" : "\u{201D}")
        case "'":
            // After a letter or a digit it is an apostrophe (don’t, the ’90s after a space aside).
            let apostrophe = before.map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? false
            return Edit(range: (end - 1)..<end, replacement: !apostrophe && opens(after: before) ? "\u{2018}" : "\u{2019}")
        case "-":
            guard let before, !startsLine(text, at: end - 2) else { return nil }
            if before == "-" { return Edit(range: (end - 2)..<end, replacement: "\u{2013}") }
            if before == "\u{2013}" { return Edit(range: (end - 2)..<end, replacement: "\u{2014}") }
            return nil
        case ".":
            guard end >= 3, text.substring((end - 3)..<(end - 1)) == ".." else { return nil }
            return Edit(range: (end - 3)..<end, replacement: "\u{2026}")
        default:
            return nil
        }
    }

    /// Whether a quote after `character` opens (after nothing, a blank, a bracket, a dash or
    /// another opening quote) rather than closes.
    private static func opens(after character: Unicode.Scalar?) -> Bool {
        guard let character else { return true }
        return character.properties.isWhitespace || "([{<\u{201C}\u{2018}\u{2013}\u{2014}-/".unicodeScalars.contains(character)
    }

    /// Whether only hyphens (or nothing) come before `offset` on its line.
    private static func startsLine(_ text: TextStorage, at offset: Int) -> Bool {
        var at = offset
        while at > 0 {
            let scalar = text.substring((at - 1)..<at).unicodeScalars.first
            if scalar == "\n" { return true }
            if scalar != "-" && scalar != "\u{2013}" { return false }
            at -= 1
        }
        return true
    }
}
