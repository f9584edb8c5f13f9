/// The views that share one spell checker: those of one document, so that a language picked in
/// one window's menu is the document's in all of them. Documents in one language share the
/// checker itself (`SpellCheckers`).
@MainActor
public final class SpellingGroup {
    private var checker: SpellChecker?
    /// The views using the checker, moved to another when the language changes.
    private var members: [WeakView] = []
    private struct WeakView { weak var view: SourceView? }

    public init() {}

    /// The group's checker, once loaded.
    public var loadedChecker: SpellChecker? { checker }

    /// Calls `use` with the group's checker: at once if loaded, else once the locale's language's
    /// checker arrives (`SpellCheckers` makes one load of it however many ask meanwhile).
    func withChecker(_ use: @escaping (SpellChecker?) -> Void) {
        if let checker { return use(checker) }
        SpellCheckers.checker(language: nil) { loaded in
            if self.checker == nil { self.checker = loaded }  // a language picked meanwhile stands
            use(self.checker)
        }
    }

    /// Checks the group's text in `language` ("en_GB") from now on, in every view of the group.
    public func use(language: String) {
        guard checker?.languageCode != language else { return }
        SpellCheckers.checker(language: language) { [weak self] loaded in
            guard let self, let loaded else { return }
            self.checker = loaded
            self.members.compactMap(\.view).forEach { $0.adopt(loaded) }
        }
    }

    /// `view` uses the group's checker: it follows the group's language.
    func add(_ view: SourceView) {
        members.removeAll { $0.view == nil || $0.view === view }
        members.append(WeakView(view: view))
    }
}
