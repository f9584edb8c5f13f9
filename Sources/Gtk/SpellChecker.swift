import Background
import CEnchant
import CGtk
import Dispatch

/// An Enchant dictionary for one language. It is loaded and asked off the main thread: hunspell's
/// en_US takes ~50 ms and ~8 MB to load, and a screen of words some milliseconds to check, which
/// a window's main loop never waits for. Enchant's broker and dictionaries are not thread-safe,
/// so every use of any of them runs on one serial queue.
@MainActor
public final class SpellChecker {
    private let dictionary: EnchantDictionary
    /// The language's code ("en_US").
    public let languageCode: String?

    private init(_ dictionary: EnchantDictionary) {
        self.dictionary = dictionary
        languageCode = dictionary.code
    }

    /// Every Enchant call, one at a time.
    nonisolated static let queue = DispatchQueue(label: "tandem.spelling", qos: .utility)

    /// Loads the dictionary of `language` ("en_GB"; nil: the locale's, else English, else the
    /// first installed) on the spelling queue, and gives it to `done` on the main loop (nil: no
    /// dictionary has that language). `SpellCheckers` shares the checkers this makes.
    static func load(language code: String?, _ done: @escaping @MainActor (SpellChecker?) -> Void) {
        let delivery = Delivery(done)
        let preferred = code.map { [$0] } ?? Self.localeLanguages()
        Background.run(on: queue, {
            EnchantDictionary.request(preferred, orAnyInstalled: code == nil)
        }, then: { loaded in
            delivery.done(loaded.map { SpellChecker($0) })
        })
    }

    /// The locale's languages as dictionary codes, most preferred first ("de_DE", "de").
    private static func localeLanguages() -> [String] {
        var codes: [String] = []
        var names = g_get_language_names()
        while let name = names?.pointee {
            let code = String(String(cString: name).prefix { $0 != "." && $0 != "@" })
            if code != "C" && code != "POSIX" && !codes.contains(code) { codes.append(code) }
            names = names?.advanced(by: 1)
        }
        return codes
    }

    /// The languages of the installed dictionaries, as (code, name) sorted by name; listed once
    /// a dictionary has loaded (before that, none).
    public static var languages: [(code: String, name: String)] {
        EnchantDictionary.installed.withLock { $0 }.map { ($0, SpellingLanguageNames.name(of: $0)) }
            .sorted { g_utf8_collate($0.1, $1.1) < 0 }
    }

    /// Whether `word` is spelt right in this language (asks the queue and waits: for tests only;
    /// the app never waits for the queue).
    public func accepts(_ word: String) -> Bool {
        let dictionary = self.dictionary
        return Self.queue.sync { dictionary.accepts(word) }
    }

    /// Which of `words` are misspelt (their indices), asked on the queue; `done` gets them on
    /// the main loop.
    func misspelt(among words: [String], _ done: @escaping @MainActor ([Int]) -> Void) {
        let dictionary = self.dictionary, delivery = ResultDelivery(done)
        Background.run(on: Self.queue, {
            words.indices.filter { !dictionary.accepts(words[$0]) }
        }, then: { found in delivery.done(found) })
    }

    /// The dictionary's suggestions for `word`, best first, asked on the queue; `done` gets them
    /// on the main loop (a context menu fills in as they come).
    func suggestions(for word: String, _ done: @escaping @MainActor ([String]) -> Void) {
        let dictionary = self.dictionary, delivery = ResultDelivery(done)
        Background.run(on: Self.queue, { dictionary.suggestions(for: word) }, then: { found in delivery.done(found) })
    }

    /// Adds `word` to the user's personal word list (Add to Dictionary), for every language.
    /// The queue takes it before any checking asked for after it.
    func add(_ word: String) {
        let dictionary = self.dictionary
        Self.queue.async { dictionary.add(word) }
    }

    /// Accepts `word` in this language until Tandem quits (Ignore All).
    func ignore(_ word: String) {
        let dictionary = self.dictionary
        Self.queue.async { dictionary.ignore(word) }
    }

    /// The caller's completion, boxed to cross the queue (made and called on the main thread
    /// only; the queue just carries it).
    private final class Delivery: @unchecked Sendable {
        let done: @MainActor (SpellChecker?) -> Void
        init(_ done: @escaping @MainActor (SpellChecker?) -> Void) { self.done = done }
    }

    private final class ResultDelivery<Result>: @unchecked Sendable {
        let done: @MainActor (Result) -> Void
        init(_ done: @escaping @MainActor (Result) -> Void) { self.done = done }
    }
}
