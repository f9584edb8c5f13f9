/// The loaded spell checkers by language, shared by every document in that language: a
/// dictionary is in memory once per process (hunspell's en_US: ~10 MB), not once per document.
/// A checker lives while a document uses it; the next asks for its language load it again.
@MainActor
enum SpellCheckers {
    private struct Held { weak var checker: SpellChecker? }

    /// By language code; "" is the locale's language, also kept under its own code once known.
    private static var loaded: [String: Held] = [:]
    private static var waiting: [String: [(SpellChecker?) -> Void]] = [:]
    /// How many dictionary loads were started (tests show that nothing asked for one).
    private(set) static var loadsStarted = 0

    /// Calls `use` with the checker for `language` (nil: the locale's): at once if one is loaded,
    /// else once the load that is under way, or one started now, ends.
    static func checker(language: String?, _ use: @escaping (SpellChecker?) -> Void) {
        let key = language ?? ""
        if let checker = loaded[key]?.checker { return use(checker) }
        if waiting[key] != nil { return waiting[key]!.append(use) }
        waiting[key] = [use]
        loadsStarted += 1
        SpellChecker.load(language: language) { checker in
            if let checker {
                loaded[key] = Held(checker: checker)
                if let code = checker.languageCode, loaded[code]?.checker == nil { loaded[code] = Held(checker: checker) }
            }
            let users = waiting.removeValue(forKey: key) ?? []
            users.forEach { $0(checker) }
        }
    }
}
