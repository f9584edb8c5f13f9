import Documents
import Gtk

/// The viewport of a window that leaves the screen (minimized) or, under memory pressure, gives
/// up its buffer: the line on top is kept as a document offset that follows the edits, and is on
/// top again when the window comes back.
extension DocumentViewport {
    /// The window left the screen: its buffer stops following edits; `releasing` also empties it.
    public func enterBackground(releasing: Bool = false) {
        if backgroundTop == nil, !view.isScrollPending {
            let top = view.topLine
            backgroundTop = binding.document.storage.offset(ofLine: binding.firstLine + top.line)
            backgroundTopPixels = top.pixels
        }
        if releasing { binding.releaseBuffer() } else { binding.suspend() }
    }

    /// The window is coming back: the buffer catches up (refilled if it missed anything), and
    /// the line that was on top is on top again.
    public func enterForeground() {
        guard binding.isInBackground else { return }
        let reloads = binding.resume()
        defer { backgroundTop = nil }
        guard reloads, let top = backgroundTop else { return }
        let line = binding.document.storage.lineAndColumn(of: top).line
        if !(binding.firstLine...(binding.firstLine + binding.window.lineCount(in: binding.document.storage))).contains(line) {
            binding.show(lines: max(0, line - binding.windowLines / 3), count: binding.windowLines)
        }
        view.scrollToTop(line: line - binding.firstLine, pixels: backgroundTopPixels)
    }


    /// The document line on top: while in the background, the one that was on top as it left.
    public var topLine: Int {
        backgroundTop.map { binding.document.storage.lineAndColumn(of: $0).line } ?? visibleLines.lowerBound
    }
}
