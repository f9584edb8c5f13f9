/// What the spelling part of a view's context menu says (labels with mnemonics). The app sets
/// `SourceView.spellingMenuText` in the user's language; Gtk translates nothing itself.
public struct SpellingMenuText: Sendable {
    public var language = "_Language"
    public var paragraphLanguage = "Language of This _Paragraph"
    public var documentsLanguage = "The Document’s Language"
    public var suggestions = "_Spelling Suggestions"
    public var noSuggestions = "(no suggested words)"
    public var addToDictionary = "_Add to Dictionary"
    public var ignoreAll = "_Ignore All"

    /// The English labels; set each to its translation.
    public init() {}
}
