import Documents
import Gtk

/// The whole document over ATK: screen readers and AT-SPI see the document, not the window of it
/// the buffer holds, with the caret and selection in document offsets.
extension DocumentViewport: AccessibleDocument {
    public var accessibleCharacterCount: Int { binding.document.storage.count }

    public func accessibleText(in range: Range<Int>) -> String { binding.document.storage.substring(range) }

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
}
