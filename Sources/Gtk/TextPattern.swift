import CGtk

/// What Find looks for, compiled once (GRegex, the engine GtkSourceView's own search uses), to
/// search text that is not in any buffer: the store's. Plain text is searched as an escaped
/// expression, so the store's matches and the ones the view highlights are the same.
///
/// Immutable once made: GLib allows one GRegex to match from several threads at once.
public final class TextPattern: @unchecked Sendable {
    private let regex: OpaquePointer
    var compiled: OpaquePointer { regex }
    /// The expression as compiled (give it to the view's highlighting in regular-expression mode).
    public let expression: String
    /// Whether a replacement's `\1` and `\0` stand for the match's groups.
    public let expandsReferences: Bool

    /// Compiles a search; throws `TextPattern.Invalid` with GLib's message when `text` is a
    /// regular expression that does not compile. Whole words: a match must not touch a letter,
    /// digit or underscore on either side.
    public init(text: String, isRegex: Bool, isCaseSensitive: Bool, matchesWholeWords: Bool) throws {
        var body = isRegex ? text : Self.escaped(text)
        if matchesWholeWords { body = "(?<![\\w])(?:" + body + ")(?![\\w])" }
        var flags = G_REGEX_MULTILINE.rawValue | G_REGEX_OPTIMIZE.rawValue
        if !isCaseSensitive { flags |= G_REGEX_CASELESS.rawValue }
        var error: UnsafeMutablePointer<GError>?
        guard let regex = g_regex_new(body, GRegexCompileFlags(rawValue: flags), GRegexMatchFlags(rawValue: 0), &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "invalid expression"
            g_clear_error(&error)
            throw Invalid(message: message)
        }
        self.regex = regex
        expression = body
        expandsReferences = isRegex
    }

    deinit { g_regex_unref(regex) }

    /// A regular expression that does not compile.
    public struct Invalid: Error, Sendable {
        /// GLib's message.
        public let message: String
    }

    /// A match: its range in characters (Unicode scalars) and, when asked, its replacement.
    public struct Match: Sendable, Equatable {
        /// Where it stands, offset by the `base` given to `matches`.
        public let range: Range<Int>
        /// The replacement with the match's groups filled in.
        public let replacement: String?
    }

    /// The non-empty matches in `text`, whose first character is at offset `base`, in order.
    /// With `replacement`, each comes with it expanded (`\1`) for that match.
    public func matches(in text: String, base: Int = 0, replacement: String? = nil) -> [Match] {
        var found: [Match] = []
        var text = text
        text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return }
            var info: OpaquePointer?
            start.withMemoryRebound(to: gchar.self, capacity: bytes.count) { chars in
                _ = g_regex_match_full(regex, chars, gssize(bytes.count), 0, GRegexMatchFlags(rawValue: 0), &info, nil)
            }
            defer { g_match_info_free(info) }
            // Characters counted so far: up to byte `scanned`.
            var scanned = 0, characters = 0
            func characterOffset(ofByte byte: Int) -> Int {
                while scanned < byte {
                    if bytes[scanned] & 0xC0 != 0x80 { characters += 1 }
                    scanned += 1
                }
                return characters
            }
            while g_match_info_matches(info) != 0 {
                var from: gint = 0, to: gint = 0
                g_match_info_fetch_pos(info, 0, &from, &to)
                if to > from {
                    let lower = characterOffset(ofByte: Int(from)), upper = characterOffset(ofByte: Int(to))
                    found.append(Match(range: (base + lower)..<(base + upper), replacement: replacement.map { expand($0, info) }))
                }
                if g_match_info_next(info, nil) == 0 { break }
            }
        }
        return found
    }

    private func expand(_ replacement: String, _ info: OpaquePointer?) -> String {
        guard expandsReferences, let expanded = g_match_info_expand_references(info, replacement, nil) else { return replacement }
        defer { g_free(expanded) }
        return String(cString: expanded)
    }

    private static func escaped(_ text: String) -> String {
        guard let escaped = g_regex_escape_string(text, -1) else { return text }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
