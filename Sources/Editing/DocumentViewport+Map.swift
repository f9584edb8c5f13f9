import Documents
import Gtk

/// The overview map is drawn from the store, never from the buffer (which holds only the lines
/// around what the view shows): it asks for the lines it has room for, each cut to its width.
extension DocumentViewport {
    /// Shows the document in `map` from now on; a click or a drag there scrolls the view there.
    public func showMap(_ map: OverviewMap) {
        self.map = map
        map.lineCount = { [weak binding] in binding?.shownLineCount ?? 0 }
        map.shownLines = { [weak self] in self?.visibleLines ?? 0..<0 }
        map.lines = { [weak binding] range, columns in
            guard let binding else { return [] }
            let text = binding.document.storage
            return range.map { line in
                let start = text.offset(ofLine: line)
                return text.substring(start..<min(LineWindow.lineEnd(line, in: text), start + columns))
            }
        }
        map.onPoint = { [weak self] top in self?.jump(toLine: top) }
    }
}
