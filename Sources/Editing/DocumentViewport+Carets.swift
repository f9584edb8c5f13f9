import Gtk

/// The extra carets on screen: drawn by the view where the binding keeps them, added with
/// Ctrl+click or a key, let go with Escape.
extension DocumentViewport {
    func showCarets() {
        view.drawExtraCarets { [weak binding] in binding?.extraCaretsInBuffer ?? [] }
        binding.onCaretsChanged = { [weak view] in view?.redrawCarets() }
        // A Ctrl+click is the click's whole work, a caret added or not: the main caret stays.
        view.onControlClick { [weak binding] offset in
            binding?.addCaret(atBuffer: offset)
            return true
        }
        view.onEscape { [weak binding] in binding?.removeExtraCarets() ?? false }
        view.onColumnDrag { [weak self] start, end in
            guard let self else { return }
            self.binding.selectColumns(fromBuffer: start, toBuffer: end, tabWidth: self.view.tabWidth)
        }
    }

    /// Cut at many carets: every selection, a line each, to the clipboard, and all of them
    /// deleted as one step; false when the view's own cut will do.
    func cutAtCarets() -> Bool {
        guard let text = binding.selectedTextAtCarets else { return false }
        view.copyToClipboard(text)
        binding.sealUndoStep()
        let cut = binding.deleteSelectionsAtCarets()
        binding.sealUndoStep()
        return cut
    }

    /// Selects the next occurrence of the selection as one more caret, and shows it.
    public func addNextOccurrence() {
        guard let added = binding.addNextOccurrence() else { return }
        if !visibleLines.contains(binding.document.storage.lineAndColumn(of: added).line) { show(added) }
    }

    /// How many columns a tab spans in the view.
    public var tabWidth: Int { view.tabWidth }
}
