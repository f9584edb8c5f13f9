/// What `.editorconfig` asks of a file as it is saved: its line endings and charset, no trailing
/// whitespace, a final newline. Done as edits before the save's snapshot, one undo step, so the
/// user sees (and can undo) exactly what was written.
extension DocumentStore {
    /// Applies the rules `config` sets for the file about to be written.
    func applyOnSave(_ config: EditorConfig, to document: Document) {
        guard !document.isReadOnly, config != EditorConfig() else { return }
        if let encoding = config.encoding { setEncoding(encoding, of: document) }
        // Everything below is one undo step (the line endings' own step joins it).
        sealUndoStep(document)
        beginCompoundEdit(document)
        defer {
            endCompoundEdit(document)
            sealUndoStep(document)
        }
        if let ending = config.lineEnding { setLineEnding(ending, of: document) }
        var edits: [Edit] = []
        if config.trimsTrailingWhitespace == true { edits += trailingWhitespace(in: document.storage) }
        if config.insertsFinalNewline == true, document.storage.count > 0 {
            let last = document.storage.substring((document.storage.count - 1)..<document.storage.count)
            if last != "\n" && last != "\r" { edits.append(.insert(document.lineEnding.rawValue, at: document.storage.count)) }
        }
        // From the end, so the offsets of the edits still to make stay as they were.
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) { apply(edit, to: document) }
    }

    /// Deletions of the spaces and tabs that end lines.
    private func trailingWhitespace(in text: TextStorage) -> [Edit] {
        var edits: [Edit] = []
        var offset = 0, runStart: Int?
        for scalar in text.string.unicodeScalars {
            switch scalar {
            case " ", "\t":
                if runStart == nil { runStart = offset }
            case "\n", "\r":
                if let start = runStart { edits.append(.delete(start..<offset)) }
                runStart = nil
            default:
                runStart = nil
            }
            offset += 1
        }
        if let start = runStart { edits.append(.delete(start..<offset)) }
        return edits
    }
}
