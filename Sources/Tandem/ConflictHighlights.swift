import Documents
import Editing
import Gtk

/// Paints, in one window, the regions a merge left to settle: my lines in one colour, theirs in
/// another, only where the buffer holds them. Costs the conflicts and what is shown, never the
/// document; a window with no conflicts does nothing.
@MainActor
final class ConflictHighlights {
    static let mine = "tandem-conflict-mine", theirs = "tandem-conflict-theirs"
    private let buffer: SourceBuffer
    private unowned let binding: DocumentBinding
    /// Whether anything is painted (so clearing is needed).
    private var painted = false

    init(buffer: SourceBuffer, binding: DocumentBinding) {
        self.buffer = buffer
        self.binding = binding
        // Translucent, so they read on light and dark themes alike: blue for mine, orange for theirs.
        buffer.defineHighlight(Self.mine, background: "rgba(53,132,228,0.28)", wholeLines: true)
        buffer.defineHighlight(Self.theirs, background: "rgba(230,97,0,0.28)", wholeLines: true)
    }

    /// Paints the document's conflicts as they are now (after they moved, or the window did).
    func refresh() {
        let conflicts = binding.document.conflicts
        guard painted || !conflicts.isEmpty else { return }
        // The binding's buffer has caught up with any change put off (offsets below are current).
        let buffer = binding.buffer
        buffer.clearHighlight(Self.mine)
        buffer.clearHighlight(Self.theirs)
        let shown = binding.shownRange
        for conflict in conflicts where conflict.range.overlaps(shown) {
            paint(Self.mine, conflict.mine, within: shown)
            paint(Self.theirs, conflict.theirs, within: shown)
        }
        painted = !conflicts.isEmpty
    }

    private func paint(_ name: String, _ range: Range<Int>, within shown: Range<Int>) {
        let lower = max(range.lowerBound, shown.lowerBound), upper = min(range.upperBound, shown.upperBound)
        guard lower < upper, let start = binding.bufferOffset(of: lower), let end = binding.bufferOffset(of: upper) else { return }
        binding.buffer.highlight(name, in: start..<end)
    }

    /// The conflict to act on: the one the caret is in, else the next after it, else the first.
    static func current(in document: Document, caret: Int) -> Int? {
        guard !document.conflicts.isEmpty else { return nil }
        return document.conflicts.firstIndex { $0.range.contains(caret) || $0.range.upperBound == caret }
            ?? document.conflicts.firstIndex { $0.range.lowerBound > caret } ?? 0
    }
}
