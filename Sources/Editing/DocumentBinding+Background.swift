import Documents
import Gtk

/// A window in the background (minimized, hidden) does as little as it can, as UIKit asks of
/// background scenes: its buffer stops following the document, and under memory pressure it
/// gives its text up. The window of lines, the caret and the selection still follow every
/// edit as document offsets (O(1) each), so coming back costs one window's worth of text.
extension DocumentBinding {
    /// Stops changing the buffer: edits and slides only move the window's bookkeeping.
    public func suspend() {
        guard !streams else { return }
        isSuspended = true
    }

    /// Suspends and empties the buffer (GTK frees its text and layout); `resume` refills it.
    public func releaseBuffer() {
        guard !streams else { return }
        isSuspended = true
        bufferIsStale = true
        movingMarks += 1
        defer { movingMarks -= 1 }
        buffer.load("")
    }

    /// Follows the document again: a buffer that missed edits takes the window's text anew,
    /// with the caret and the selection where they now are.
    public func resume() {
        guard isSuspended else { return }
        isSuspended = false
        guard bufferIsStale else { return }
        let text = display(document.storage.substring(window.range))
        movingMarks += 1
        buffer.load(text)
        movingMarks -= 1
        bufferIsStale = false
        withMarksKept {}
        onSlid?()
    }
}
