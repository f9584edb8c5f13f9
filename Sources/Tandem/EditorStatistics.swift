import Documents
import Editing
import Gtk
import Localization

/// Document statistics: lines, words and characters of the document and of the
/// selection, and the file's size on disk, in a popover over the status bar (Document
/// Statistics in the window menu; it takes no room there, so a split's two sides stay as
/// narrow as before). Nothing is counted while it is closed; while it shows, the document's
/// counts follow each edit (`DocumentStatistics`) and the selection is counted again once the
/// caret rests.
@MainActor
final class EditorStatistics {
    private let table: TablePopover
    private weak var binding: DocumentBinding?
    private var document: DocumentStatistics?
    private var selectionRecount: IdleSource?
    private var countedSelection: Range<Int>?

    init(binding: DocumentBinding, statusBar: Box) {
        self.binding = binding
        table = TablePopover(pointingAt: statusBar, rows: 6, columns: 3)
        table.onClose = { [weak self] in self?.close() }
    }

    /// Called when the statistics show or go (the window menu's item shows a check mark while they show).
    var onShownChanged: (@MainActor (Bool) -> Void)?

    /// Shows the statistics, or hides them when they show.
    func toggle() {
        if table.isOpen { return table.close() }
        open()
        table.open()
        onShownChanged?(true)
    }

    /// Hides the statistics if they show (Escape, a click in the text); false when they did not.
    @discardableResult
    func closeIfOpen() -> Bool {
        guard table.isOpen else { return false }
        table.close()
        return true
    }

    /// The document's store event, as the window follows it: the counts follow while open.
    func follow(_ event: DocumentEvent) {
        guard let document else { return }
        document.follow(event)
        selectionMayHaveChanged()
    }

    /// The caret or the selection moved: counted again when the main loop is idle.
    func selectionMayHaveChanged() {
        guard document != nil, selectionRecount == nil else { return }
        selectionRecount = IdleSource(priority: MainLoopPriority.afterTextLayout) { [weak self] in
            self?.selectionRecount = nil
            self?.countSelection()
            return false
        }
    }

    private func open() {
        let rows = [["", localized("Document"), localized("Selection")], [localized("Lines")], [localized("Words")],
                    [localized("Characters")], [localized("Characters, without spaces")], [localized("Bytes on disk")]]
        for (row, cells) in rows.enumerated() {
            for (column, text) in cells.enumerated() { table.set(text, row: row, column: column) }
        }
        guard let binding else { return }
        let statistics = DocumentStatistics(document: binding.document)
        statistics.onChange = { [weak self] in self?.showDocument() }
        document = statistics
        showDocument()
        countedSelection = nil
        countSelection()
    }

    private func close() {
        onShownChanged?(false)
        document = nil
        selectionRecount?.cancel()
        selectionRecount = nil
    }

    private func showDocument() {
        guard let binding, let counts = document?.counts else {
            for row in 2...4 { table.set(localized("Counting…"), row: row, column: 1) }
            return
        }
        table.set(LocalizedNumber.string(binding.shownLineCount), row: 1, column: 1)
        table.set(LocalizedNumber.string(counts.words), row: 2, column: 1)
        table.set(LocalizedNumber.string(counts.characters), row: 3, column: 1)
        table.set(LocalizedNumber.string(counts.nonBlankCharacters), row: 4, column: 1)
        let size = binding.document.path == nil ? "—" : LocalizedNumber.string(Int(binding.document.fileSize))
        table.set(size, row: 5, column: 1)
        table.set("—", row: 5, column: 2)
    }

    private func countSelection() {
        guard let binding, let document else { return }
        let selection = binding.selection
        guard selection != countedSelection else { return }
        countedSelection = selection
        guard !selection.isEmpty else {
            for row in 1...4 { table.set("0", row: row, column: 2) }
            return
        }
        let lines = LineBlock(selection: selection, in: binding.document.storage).lines.count
        document.count(selection) { [weak self] counts in
            guard let self, self.countedSelection == selection else { return }
            self.table.set(LocalizedNumber.string(lines), row: 1, column: 2)
            self.table.set(LocalizedNumber.string(counts.words), row: 2, column: 2)
            self.table.set(LocalizedNumber.string(counts.characters), row: 3, column: 2)
            self.table.set(LocalizedNumber.string(counts.nonBlankCharacters), row: 4, column: 2)
        }
    }
}
