/// How a document is written: its line endings and encoding, changed by the user (the status
/// bar's menus); Save writes what was chosen.
extension DocumentStore {
    /// Writes every line break of `document` in `ending` from now on, and converts the ones there
    /// now: one undo step, one event (`editedTogether`), so carets and selections in every window
    /// stay on their lines and a window's cost is what it holds.
    public func setLineEnding(_ ending: LineEnding, of document: Document) {
        guard !document.isReadOnly else { return }
        document.fileTraits.lineEnding = ending
        var rules = FormatRules()
        rules.lineEnding = ending
        if let change = FormatChange(document.storage, rules: rules) { apply(change, to: document) }
    }

    /// Saves `document` in `encoding` from now on (UTF-16 with its byte-order mark); the document
    /// counts as modified until it is saved that way.
    public func setEncoding(_ encoding: TextEncoding, of document: Document) {
        guard !document.isReadOnly, encoding != document.encoding else { return }
        let wasDirty = document.isDirty
        document.fileTraits.encoding = encoding
        document.fileTraits.hasByteOrderMark = encoding == .utf16LittleEndian || encoding == .utf16BigEndian
        document.file.holdsNoState()  // the file on disk is in the old encoding
        journals?.begin(document)  // the journal's header carries how the file is written
        if !wasDirty { publish(.dirtyChanged(true), for: document, dirtyBefore: nil) }
    }
}
