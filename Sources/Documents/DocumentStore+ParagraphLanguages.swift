extension DocumentStore {
    /// Gives the paragraph around `offset` the spelling language `code` (nil: the document's
    /// again), in every window; nothing on a blank line. Not an edit: no undo step, and the
    /// document stays as modified as it was.
    public func setSpellingLanguage(_ code: String?, forParagraphAt offset: Int, in document: Document) {
        guard let paragraph = document.storage.paragraph(around: offset) else { return }
        setSpellingLanguage(code, over: paragraph, in: document)
    }

    /// Gives `range` the spelling language `code` (nil: the document's again).
    public func setSpellingLanguage(_ code: String?, over range: Range<Int>, in document: Document) {
        let range = range.clamped(to: 0..<document.storage.count)
        var languages = document.paragraphLanguages
        languages.set(code, over: range)
        guard languages != document.paragraphLanguages else { return }
        document.paragraphLanguages = languages
        publish(.paragraphLanguagesChanged(range), for: document, dirtyBefore: nil)
    }
}
