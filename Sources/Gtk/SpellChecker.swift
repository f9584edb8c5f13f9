import Background
import CGspell
import CGtk
import Dispatch

/// A gspell checker with its Enchant dictionary, loaded off the main thread: hunspell's en_US
/// takes ~50 ms of CPU and ~8 MB, which a window's main loop never waits for.
@MainActor
public final class SpellChecker {
    let raw: UnsafeMutablePointer<GspellChecker>

    /// Takes over `raw`'s reference.
    private init(owning raw: UnsafeMutablePointer<GspellChecker>) { self.raw = raw }

    isolated deinit { g_object_unref(raw) }

    /// Loads a checker for `language` ("en_GB"; nil: the locale's, gspell's default) on a worker
    /// thread, one load at a time, and gives it to `done` on the main loop (nil: no dictionary
    /// has that language). `SpellCheckers` shares the checkers this makes.
    static func load(language code: String?, _ done: @escaping @MainActor (SpellChecker?) -> Void) {
        let delivery = Delivery(done)
        Background.run(on: loads, {
            // gspell_checker_new opens an Enchant broker of its own and loads the language's (nil:
            // the locale's) dictionary into it: hunspell's en_US, ~50 ms and ~8 MB.
            let language = code.flatMap { gspell_language_lookup($0) }
            return NewChecker(code != nil && language == nil ? nil : gspell_checker_new(language))
        }, then: { loaded in
            delivery.done(loaded.checker.map { SpellChecker(owning: $0) })
        })
    }

    /// Loads run one at a time: gspell fills its list of languages on the first, without a lock
    /// (the main thread reaches that list only through a checker, so never before it has ended).
    private nonisolated static let loads = DispatchQueue(label: "tandem.spelling")

    /// The languages of the installed dictionaries, as (code, name) sorted by name. gspell lists
    /// them on a loader's first run: asked before any checker arrived, this says none.
    public static var languages: [(code: String, name: String)] {
        guard SpellCheckers.anyLoaded else { return [] }
        var result: [(code: String, name: String)] = []
        var node = UnsafeMutablePointer(mutating: gspell_language_get_available())
        while let current = node {
            if let data = current.pointee.data {
                let language = OpaquePointer(data)
                result.append((String(cString: gspell_language_get_code(language)), String(cString: gspell_language_get_name(language))))
            }
            node = current.pointee.next
        }
        return result
    }

    /// The language's code ("en_US"), or nil when no dictionary is installed.
    public var languageCode: String? { tandem_spell_checker_language_code(raw).map { String(cString: $0) } }

    /// Whether `word` is spelt right in this checker's language (always, without a dictionary).
    public func accepts(_ word: String) -> Bool { gspell_checker_check_word(raw, word, -1, nil) != 0 }

    /// A new checker's reference crossing from the loader to the main thread, which owns it from then on.
    private struct NewChecker: @unchecked Sendable {
        let checker: UnsafeMutablePointer<GspellChecker>?
        init(_ checker: UnsafeMutablePointer<GspellChecker>?) { self.checker = checker }
    }

    /// The caller's completion, boxed to cross the worker (made and called on the main thread
    /// only; the worker just carries it).
    private final class Delivery: @unchecked Sendable {
        let done: @MainActor (SpellChecker?) -> Void
        init(_ done: @escaping @MainActor (SpellChecker?) -> Void) { self.done = done }
    }
}
