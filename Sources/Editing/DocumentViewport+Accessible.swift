import Documents
import Gtk

/// The whole document over ATK: screen readers and AT-SPI see the document, not the window of it
/// the buffer holds, with the caret and selection in document offsets.
extension DocumentViewport: AccessibleDocument {
    public var accessibleCharacterCount: Int { binding.document.storage.count }

    public func accessibleText(in range: Range<Int>) -> String {
        // A text on its file's pieces is read from the file: a request for all of a huge one
        // gets its first part, never gigabytes in memory at once.
        let text = binding.document.storage
        guard text.baseFile != nil, range.count > Self.largestAccessibleRead else { return text.substring(range) }
        return text.substring(range.lowerBound..<(range.lowerBound + Self.largestAccessibleRead))
    }

    /// The most characters one read of a file-backed text hands an assistive technology.
    static let largestAccessibleRead = 512 << 20

    public var accessibleCaret: Int { binding.caret }

    public var accessibleSelection: Range<Int> { binding.selection }

    public func accessibleSelect(anchor: Int, caret: Int) {
        binding.reveal(caret)
        binding.select(anchor: anchor, caret: caret)
        show(binding.caret, yalign: nil)
    }

    public func accessibleBufferOffset(of offset: Int) -> Int? { binding.bufferOffset(of: offset) }

    public func accessibleDocumentOffset(ofBuffer offset: Int) -> Int { binding.documentOffset(ofBuffer: offset) }

    public func accessibleLine(containing offset: Int) -> Range<Int> {
        let text = binding.document.storage
        let line = text.lineAndColumn(of: offset).line
        let next = line + 1 < text.lineCount ? text.offset(ofLine: line + 1) : text.count
        return text.offset(ofLine: line)..<next
    }

    public func accessibleReplace(_ range: Range<Int>, with text: String) {
        guard let store = binding.store else { return }
        store.sealUndoStep(binding.document)
        store.apply(Edit(range: range, replacement: text), to: binding.document, origin: binding.originID)
        store.sealUndoStep(binding.document)
    }

    /// Text that arrived without an edit is said too: a file's text streaming in is inserted at
    /// the end, a restarted load replaces the whole text (a reload arrives as an edit).
    func announceLoad(_ event: DocumentEvent) {
        let count = binding.document.storage.count
        // A text standing on its file's pieces is not said as it is indexed: the bridge would
        // read every inserted character to put it in the event, gigabytes over D-Bus.
        if binding.document.storage.baseFile != nil {
            announcedCount = count
            return
        }
        switch event {
        case .loadRestarted:
            view.accessibleTextChanged(inserted: false, at: 0, length: announcedCount)
            view.accessibleTextChanged(inserted: true, at: 0, length: count)
        case .loadProgressed, .loadFinished:
            guard count > announcedCount else { return }
            view.accessibleTextChanged(inserted: true, at: announcedCount, length: count - announcedCount)
        default:
            return
        }
        announcedCount = count
    }
}
