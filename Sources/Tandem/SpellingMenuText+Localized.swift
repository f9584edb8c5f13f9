import Gtk
import Localization

extension SpellingMenuText {
    /// The spelling menu's labels in the user's language.
    static var localizedText: SpellingMenuText {
        var text = SpellingMenuText()
        text.language = localized("_Language")
        text.paragraphLanguage = localized("Language of This _Paragraph")
        text.documentsLanguage = localized("The Document’s Language")
        text.suggestions = localized("_Spelling Suggestions")
        text.noSuggestions = localized("(no suggested words)")
        text.addToDictionary = localized("_Add to Dictionary")
        text.ignoreAll = localized("_Ignore All")
        return text
    }
}
