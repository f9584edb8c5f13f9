import CEnchant
import Dispatch
import Synchronization

/// One Enchant dictionary, used only on `SpellChecker.queue` (Enchant's broker and dictionaries
/// are not thread-safe), and given back to the broker there.
final class EnchantDictionary: @unchecked Sendable {
    // @unchecked: `raw` is touched on the spelling queue only.
    private let raw: OpaquePointer
    /// The language's code ("en_US").
    let code: String

    private init(_ raw: OpaquePointer, code: String) {
        self.raw = raw
        self.code = code
    }

    deinit {
        nonisolated(unsafe) let raw = self.raw
        SpellChecker.queue.async { if let broker = Self.broker { enchant_broker_free_dict(broker, raw) } }
    }

    /// The broker, made by the first request (on the queue).
    private nonisolated(unsafe) static var broker: OpaquePointer?

    /// The codes of the installed dictionaries, known once the broker is made.
    static let installed = Mutex<[String]>([])

    /// The first of `codes` that has a dictionary, loaded; else, with `orAnyInstalled`, English
    /// or the first installed one. On the queue.
    static func request(_ codes: [String], orAnyInstalled: Bool) -> EnchantDictionary? {
        dispatchPrecondition(condition: .onQueue(SpellChecker.queue))
        if broker == nil {
            broker = enchant_broker_init()
            installed.withLock { $0 = listed() }
        }
        guard let broker else { return nil }
        let fallbacks = orAnyInstalled ? ["en_US", "en_GB", "en"] + installed.withLock { $0 } : []
        for code in codes + fallbacks where enchant_broker_dict_exists(broker, code) != 0 {
            if let dictionary = enchant_broker_request_dict(broker, code) { return EnchantDictionary(dictionary, code: code) }
        }
        return nil
    }

    /// The broker's dictionaries' codes, each once.
    private static func listed() -> [String] {
        guard let broker else { return [] }
        final class Found { var codes: [String] = [] }
        let found = Found()
        let visit: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { tag, _, _, _, data in
            guard let tag, let data else { return }
            let found = Unmanaged<Found>.fromOpaque(data).takeUnretainedValue()
            let code = String(cString: tag)
            if !found.codes.contains(code) { found.codes.append(code) }
        }
        withExtendedLifetime(found) { enchant_broker_list_dicts(broker, visit, Unmanaged.passUnretained(found).toOpaque()) }
        return found.codes
    }

    /// Whether `word` is spelt right (a dictionary error counts as right: nothing is flagged on a guess).
    func accepts(_ word: String) -> Bool {
        enchant_dict_check(raw, word, word.utf8.count) <= 0
    }

    /// The suggestions for `word`, best first.
    func suggestions(for word: String) -> [String] {
        var count = 0
        guard let list = enchant_dict_suggest(raw, word, word.utf8.count, &count) else { return [] }
        defer { enchant_dict_free_string_list(raw, list) }
        return (0..<count).compactMap { list[$0].map { String(cString: $0) } }
    }

    /// Adds `word` to the personal word list.
    func add(_ word: String) { enchant_dict_add(raw, word, word.utf8.count) }

    /// Accepts `word` for this session.
    func ignore(_ word: String) { enchant_dict_add_to_session(raw, word, word.utf8.count) }
}
