/// Words and characters of a text, counted as `wc` counts them: a word is a run of characters
/// that are not white space; characters are Unicode scalars (GTK's characters), and "without
/// spaces" leaves out every white-space character (spaces, tabs, line breaks).
public struct TextStatistics: Equatable, Sendable {
    public var words = 0
    public var characters = 0
    public var nonBlankCharacters = 0

    public init(words: Int = 0, characters: Int = 0, nonBlankCharacters: Int = 0) {
        self.words = words
        self.characters = characters
        self.nonBlankCharacters = nonBlankCharacters
    }

    /// Counts `text`.
    public init(of text: some StringProtocol) {
        var counter = Counter()
        counter.take(text)
        self = counter.statistics
    }

    /// Counts all of `text`, piece by piece (no copy of the whole): for a worker thread when the
    /// text is big.
    public init(of text: TextStorage) {
        var counter = Counter()
        text.forEachChunk { counter.take($0) }
        self = counter.statistics
    }

    static func + (a: TextStatistics, b: TextStatistics) -> TextStatistics {
        TextStatistics(words: a.words + b.words, characters: a.characters + b.characters,
                       nonBlankCharacters: a.nonBlankCharacters + b.nonBlankCharacters)
    }

    static func - (a: TextStatistics, b: TextStatistics) -> TextStatistics {
        TextStatistics(words: a.words - b.words, characters: a.characters - b.characters,
                       nonBlankCharacters: a.nonBlankCharacters - b.nonBlankCharacters)
    }

    /// What `edit` (in `old`'s offsets) changed, `new` being `old` after it. Only the edit's text
    /// and the words it touches are read: the edit's range widened to white space on both sides
    /// (or the text's ends), so no word outside it changes its count.
    public static func change(by edit: Edit, from old: TextStorage, to new: TextStorage) -> TextStatistics {
        let lower = Self.wordStart(before: edit.range.lowerBound, in: old)
        let upper = Self.wordEnd(after: edit.range.upperBound, in: old)
        let delta = edit.insertedCount - edit.range.count
        return TextStatistics(of: new.substring(lower..<(upper + delta))) - TextStatistics(of: old.substring(lower..<upper))
    }

    /// Where the word that ends at `offset` starts (`offset` itself after white space).
    private static func wordStart(before offset: Int, in text: TextStorage) -> Int {
        var at = offset
        while at > 0 {
            let from = max(0, at - 64)
            let piece = Array(text.substring(from..<at).unicodeScalars)
            guard let blank = piece.lastIndex(where: \.properties.isWhitespace) else { at = from; continue }
            return from + blank + 1
        }
        return 0
    }

    /// Where the word that starts at `offset` ends (`offset` itself before white space).
    private static func wordEnd(after offset: Int, in text: TextStorage) -> Int {
        var at = offset
        while at < text.count {
            let to = min(text.count, at + 64)
            let piece = Array(text.substring(at..<to).unicodeScalars)
            guard let blank = piece.firstIndex(where: \.properties.isWhitespace) else { at = to; continue }
            return at + blank
        }
        return text.count
    }

    /// Counts pieces of one text in order, a word carried across where they meet.
    private struct Counter {
        var statistics = TextStatistics()
        var inWord = false

        mutating func take(_ piece: some StringProtocol) {
            for scalar in piece.unicodeScalars {
                statistics.characters += 1
                if scalar.properties.isWhitespace {
                    inWord = false
                } else {
                    statistics.nonBlankCharacters += 1
                    if !inWord { statistics.words += 1 }
                    inWord = true
                }
            }
        }
    }
}
