import Documents
import Editing
import Gtk

/// What a window does for prose (plain text, Markdown and the like; never code or a log), as
/// the preferences say, following them live and the document's language as it changes: smart
/// punctuation as the user types.
@MainActor
final class EditorProse {
    private weak var ui: EditorWindow?
    private weak var binding: DocumentBinding?
    private let document: Document
    private let settings: Settings?
    private let documentFont: String

    init(ui: EditorWindow, binding: DocumentBinding, document: Document, preferences: EditorPreferences) {
        self.ui = ui
        self.binding = binding
        self.document = document
        settings = preferences.settings
        documentFont = preferences.documentFont
        preferences.follow(self)
        update()
    }

    /// The prose preferences that are on or off, in the window menu's Writing submenu.
    static let keys = ["smart-punctuation", "wrap-at-margin", "prose-font", "typewriter-scrolling", "focus-mode"]
    /// Every key that changes what a prose window does.
    static let followedKeys = keys + ["right-margin-position"]

    /// Whether the document reads as prose.
    var isProse: Bool {
        guard let ui else { return false }
        return EditorLanguage.readsAsProse(document, in: ui.buffer.languageID)
    }

    /// Applies the preferences to the window as its language is now (after a language change, or a preference's).
    func update() {
        let prose = isProse
        ui?.textView.tripleClickSelectsParagraph = prose
        let column = settings.map { $0.hasKey("right-margin-position") ? $0.uint("right-margin-position") : 80 } ?? 80
        ui?.textView.wrapColumn = prose && isOn("wrap-at-margin") ? column : nil
        ui?.textView.proseFont = prose && isOn("prose-font") ? documentFont : nil
        ui?.textView.keepsCaretInTheMiddle = prose && isOn("typewriter-scrolling")
        ui?.textView.dimsOtherParagraphs = prose && isOn("focus-mode")
        if prose && isOn("smart-punctuation") {
            // Quotes in the paragraph's own language, else the document's spelling language.
            binding?.substitutesTyping = { [weak document, weak ui] text, end, typed in
                let language = document?.paragraphLanguages.code(at: end - 1) ?? ui?.textView.spellChecker?.languageCode
                return SmartPunctuation.substitution(in: text, typedEnd: end, typed: typed, language: language)
            }
        } else {
            binding?.substitutesTyping = nil
        }
    }

    /// A key's value, or its default when there is no schema (or an older one).
    private func isOn(_ key: String) -> Bool {
        guard let settings, settings.hasKey(key) else { return Self.defaults[key] ?? false }
        return settings.bool(key)
    }

    private static let defaults = ["smart-punctuation": true, "wrap-at-margin": false, "prose-font": false,
                                   "typewriter-scrolling": false, "focus-mode": false]
}
