/// How a document is written: its line endings and encoding, changed by the user (the status
/// bar's menus); Save writes what was chosen.
extension DocumentStore {
    /// Writes every line break of `document` in `ending` from now on, and converts the ones there
    /// now: one undo step. Each break is its own small edit, so carets and selections in every
    /// window stay on their lines.
    public func setLineEnding(_ ending: LineEnding, of document: Document) {
        guard !document.isReadOnly else { return }
        document.fileTraits.lineEnding = ending
        let text = Array(document.storage.string.unicodeScalars)
        var breaks: [(range: Range<Int>, isCRLF: Bool)] = []
        var index = 0
        while index < text.count {
            if text[index] == "\r" && index + 1 < text.count && text[index + 1] == "\n" {
                breaks.append((index..<(index + 2), true)); index += 2
            } else if text[index] == "\n" || text[index] == "\r" {
                breaks.append((index..<(index + 1), false)); index += 1
            } else {
                index += 1
            }
        }
        let wanted = ending.rawValue
        let changes = breaks.filter { String(String.UnicodeScalarView(text[$0.range])) != wanted }
        guard !changes.isEmpty else { return }
        sealUndoStep(document)
        beginCompoundEdit(document)
        // From the end, so the offsets of the breaks still to change stay as they were.
        for change in changes.reversed() { apply(Edit(range: change.range, replacement: wanted), to: document) }
        endCompoundEdit(document)
        sealUndoStep(document)
    }

    /// Saves `document` in `encoding` from now on (UTF-16 with its byte-order mark); the document
    /// counts as modified until it is saved that way.
    public func setEncoding(_ encoding: TextEncoding, of document: Document) {
        guard !document.isReadOnly, encoding != document.encoding else { return }
        let wasDirty = document.isDirty
        document.fileTraits.encoding = encoding
        document.fileTraits.hasByteOrderMark = encoding == .utf16LittleEndian || encoding == .utf16BigEndian
        document.savedStateID = nil  // the file on disk is in the old encoding
        journals?.begin(document)  // the journal's header carries how the file is written
        if !wasDirty { publish(.dirtyChanged(true), for: document, dirtyBefore: nil) }
    }
}
