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
    }
}
