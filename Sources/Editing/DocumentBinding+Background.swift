import Documents
import Gtk

/// A window in the background (minimized, hidden) does as little as it can, as UIKit asks of
/// background scenes: its buffer stops following the document, and under memory pressure it
/// gives its text up. The window of lines, the caret and the selection still follow every
/// edit as document offsets (O(1) each), so coming back costs one window's worth of text.
extension DocumentBinding {
    /// Stops changing the buffer: edits and slides only move the window's bookkeeping.
    public func suspend() {
        flushPendingChanges()
        state.suspend()
    }

    /// Suspends and empties the buffer (GTK frees its text and layout); `resume` refills it.
    public func releaseBuffer() {
        guard state.release() else { return }
        placingMarks { ownBuffer.load("") }
    }

    /// Follows the document again: a buffer that missed edits takes the window's text anew,
    /// with the caret and the selection where they now are. Returns whether it was refilled.
    @discardableResult
    public func resume() -> Bool {
        guard state.resume() else { return false }
        let text = display(document.storage.substring(window.range))
        withMarksKept { ownBuffer.load(text) }
        onSlid?()
        return true
    }
}
