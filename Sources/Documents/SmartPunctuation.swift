/// Typographic punctuation for prose, as it is typed: straight quotes become curly ones (which
/// way from the character before), two hyphens an en dash and a third an em dash, three full
/// stops an ellipsis. Each is its own undo step after the key (the window applies it), so one
/// Ctrl+Z gives back what was typed. Hyphens at a line's start stay: Markdown's rules (`---`),
/// front matter and lists begin there.
/// Quotes follow the text's language: German opens low („…“, ‚…‘), English and the rest as English.
public enum SmartPunctuation {
    /// The edit that turns what was just typed, `typed` ending at offset `end` of `text`, into its
    /// typographic form; nil when it stays as typed. `language`: the spelling language of the
    /// text typed in ("de_DE"), which decides the quotes.
    public static func substitution(in text: TextStorage, typedEnd end: Int, typed: String, language: String? = nil) -> Edit? {
        guard typed.unicodeScalars.count == 1, let key = typed.unicodeScalars.first, end >= 1, end <= text.count else { return nil }
        let before = end >= 2 ? text.substring((end - 2)..<(end - 1)).unicodeScalars.first : nil
        let quotes = Quotes(language: language)
        switch key {
        case "\"":
            return Edit(range: (end - 1)..<end, replacement: opens(after: before) ? quotes.doubleOpen : quotes.doubleClose)
        case "'":
            // After a letter or a digit it is an apostrophe (don’t, the ’90s after a space aside).
            // German closes single quotes with ‘, not ’: after a word, it closes a ‚ still open on the line.
            let apostrophe = before.map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? false
            if apostrophe {
                let closes = quotes.singleClose != "\u{2019}" && opensSingle(quotes, before: end - 1, in: text)
                return Edit(range: (end - 1)..<end, replacement: closes ? quotes.singleClose : "\u{2019}")
            }
            return Edit(range: (end - 1)..<end, replacement: opens(after: before) ? quotes.singleOpen : quotes.singleClose)
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

    /// A language's quotation marks.
    private struct Quotes {
        var doubleOpen = "\u{201C}", doubleClose = "\u{201D}", singleOpen = "\u{2018}", singleClose = "\u{2019}"

        init(language: String?) {
            guard let language, language == "de" || language.hasPrefix("de_") || language.hasPrefix("de-") else { return }
            (doubleOpen, doubleClose, singleOpen, singleClose) = ("\u{201E}", "\u{201C}", "\u{201A}", "\u{2018}")
        }
    }

    /// Whether a quote after `character` opens (after nothing, a blank, a bracket, a dash or
    /// another opening quote) rather than closes.
    private static func opens(after character: Unicode.Scalar?) -> Bool {
        guard let character else { return true }
        return character.properties.isWhitespace || "([{<\u{201C}\u{2018}\u{201E}\u{201A}\u{2013}\u{2014}-/".unicodeScalars.contains(character)
    }

    /// Whether a single quote opened on the line before `offset` is still open (its opening
    /// mark after the last closing one); looks back at most a line's worth.
    private static func opensSingle(_ quotes: Quotes, before offset: Int, in text: TextStorage) -> Bool {
        let start = max(0, offset - 2_000)
        for scalar in text.substring(start..<offset).unicodeScalars.reversed() {
            if scalar == "\n" { return false }
            if String(scalar) == quotes.singleClose { return false }
            if String(scalar) == quotes.singleOpen { return true }
        }
        return false
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
