/// The views that share one spell checker: those of one document, so that it is loaded once
/// and a language picked in one window's menu is the document's language in all of them.
@MainActor
public final class SpellingGroup {
    private var checker: SpellChecker?
    private var waiting: [(SpellChecker?) -> Void] = []
    private var isLoading = false

    public init() {}

    /// The group's checker, loaded on first use (`SpellChecker.load`), or already there.
    public var loadedChecker: SpellChecker? { checker }

    /// Calls `use` with the group's checker: at once if loaded, else once its load ends.
    func withChecker(_ use: @escaping (SpellChecker?) -> Void) {
        if let checker { return use(checker) }
        waiting.append(use)
        guard !isLoading else { return }
        isLoading = true
        // The group is kept until the load ends: the views that wait are told even if they closed.
        SpellChecker.load { loaded in
            self.isLoading = false
            self.checker = loaded
            let users = self.waiting
            self.waiting = []
            users.forEach { $0(loaded) }
        }
    }
}
