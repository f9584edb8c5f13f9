import Documents
import Foundation
import Gtk

/// Binds one window's buffer to one document in the store: the buffer's edits go to the
/// store, and the store's events come back into the buffer. This is the whole one-way flow.
///
/// The buffer is filled in slices while the main loop is idle, so a big document never
/// freezes the window: the first screen goes in at once, the rest follows in steps of a few
/// milliseconds. The view stays editable meanwhile (toggling that makes GTK lay out every line
/// again); the store refuses edits until the document has all of its text.
@MainActor
public final class DocumentBinding {
    /// The document shown.
    public let document: Document
    /// The window's buffer.
    public let buffer: SourceBuffer
    private let subscription: DocumentSubscription
    private weak var store: DocumentStore?
    /// Called after the buffer has followed each event (titles, banners).
    public var onEvent: (@MainActor (DocumentEvent) -> Void)?
    /// Called after each step that put more text into the buffer, and once when it has all of it.
    public var onStreamed: (@MainActor () -> Void)?

    /// How many characters go into the buffer at once, before the first idle step.
    public static let firstScreen = 64 << 10
    /// Characters per insertion within a step.
    static let slice = 16 << 10
    /// How long one step may keep the main loop (seconds); a frame at 60 Hz is 16 ms.
    static let stepBudget = 0.006
    /// A read-only document's lines longer than this are shown split into rows of this length.
    public static let displayRowLength = 5_000

    /// How many of the document's characters the buffer holds so far.
    public private(set) var shownCount = 0
    /// At most this many of the document's characters are shown (nil: all): a preview of a
    /// file whose lines are too long to lay out quickly.
    public var displayLimit: Int? {
        didSet { streamIfNeeded() }
    }
    // Characters since the last line break shown, for splitting long lines.
    private var displayColumn = 0
    /// Buffer offsets of the line breaks the view added to split very long lines into rows
    /// (ascending); they are not the document's, so copying and line numbers skip them.
    private var displayBreaks: [Int] = []
    private var feeder: IdleSource?

    /// Loads the document into `buffer` and routes its edits through `store` from now on.
    public init(store: DocumentStore, document: Document, buffer: SourceBuffer, displayLimit: Int? = nil) {
        self.store = store
        self.document = document
        self.buffer = buffer
        self.displayLimit = displayLimit
        buffer.load("")
        // The handler is set up before the binding exists, so it reaches it through a box.
        let relay = Relay()
        subscription = store.subscribe(to: document) { event in relay.target?.follow(event) }
        relay.target = self
        let origin = subscription.id
        buffer.interceptEdits { [weak store] range, replacement in
            store?.apply(Edit(range: range, replacement: replacement), to: document, origin: origin)
        }
        buffer.onUserAction(began: { [weak store] in store?.beginCompoundEdit(document) },
                            ended: { [weak store] in store?.endCompoundEdit(document) })
        pump(budget: nil, limit: Self.firstScreen)
        streamIfNeeded()
    }

    private final class Relay { weak var target: DocumentBinding? }

    /// Undoes the document's last step and shows where it happened in this buffer.
    public func undo() { store?.undo(document, origin: subscription.id) }
    /// Redoes the document's last undone step.
    public func redo() { store?.redo(document, origin: subscription.id) }

    /// The id the store gives this binding's own edits (`DocumentEvent.edited(origin:)`).
    public var originID: Int { subscription.id }

    /// Whether other bindings (windows) show the same document.
    public var isLastWindowOnDocument: Bool { (store?.subscriberCount(of: document) ?? 0) <= 1 }

    /// The number of the document's characters the buffer should hold in the end.
    private var targetCount: Int { min(document.storage.count, displayLimit ?? .max) }

    /// Whether the buffer holds all it will show (the document loaded, and streamed in).
    public var isComplete: Bool { !document.isLoading && shownCount >= targetCount }

    /// Whether only part of a fully loaded document is shown because of `displayLimit`.
    public var isPreview: Bool { displayLimit.map { $0 < document.storage.count } ?? false }

    /// How far loading and streaming have got together, from 0 to 1.
    public var progress: Double {
        let loaded = document.loadProgress?.fraction ?? 1
        let stored = document.storage.count
        return stored == 0 ? loaded : loaded * Double(min(shownCount, stored)) / Double(stored)
    }

    private func streamIfNeeded() {
        guard shownCount < targetCount, feeder == nil else { return }
        feeder = IdleSource { [weak self] in
            guard let self else { return false }
            self.pump(budget: Self.stepBudget, limit: .max)
            if self.shownCount >= self.targetCount { self.feeder = nil; return false }
            return true
        }
    }

    /// Puts up to `limit` more characters into the buffer, for at most `budget` seconds.
    private func pump(budget: Double?, limit: Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        let target = targetCount
        var added = 0
        while shownCount < target && added < limit {
            var end = min(target, shownCount + min(Self.slice, limit - added))
            // Never part "\r\n": GTK counts them as one line break only when they arrive together.
            if end < target && document.storage.substring((end - 1)..<end) == "\r" { end += 1 }
            let piece = document.storage.substring(shownCount..<end)
            buffer.append(display(piece, at: shownCount + displayBreaks.count))
            added += end - shownCount
            shownCount = end
            if let budget, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 >= budget { break }
        }
        if added > 0 || isComplete { onStreamed?() }
    }

    /// The text as the view shows it: a read-only document's NUL characters as "␀" (GTK cannot
    /// hold them) and its very long lines split into rows. Editable documents are shown as they are.
    /// `bufferOffset` is where the piece goes in the buffer.
    private func display(_ piece: String, at bufferOffset: Int) -> String {
        let reasons = document.readOnlyReasons
        guard reasons.contains(.binary) || reasons.contains(.longLines) else { return piece }
        let split = reasons.contains(.longLines)
        var out = String.UnicodeScalarView()
        var added = 0
        for scalar in piece.unicodeScalars {
            if scalar == "\n" {
                displayColumn = 0
            } else {
                if split && displayColumn >= Self.displayRowLength {
                    displayBreaks.append(bufferOffset + added)
                    out.append("\n")
                    added += 1
                    displayColumn = 0
                }
                displayColumn += 1
            }
            out.append(scalar == "\0" ? "\u{2400}" : scalar)
            added += 1
        }
        return String(out)
    }

    /// How many of the view's own row breaks stand before buffer offset `offset`.
    private func displayBreaks(before offset: Int) -> Int {
        var low = 0, high = displayBreaks.count
        while low < high {
            let middle = (low + high) / 2
            if displayBreaks[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The document's 0-based line shown on the buffer row starting at `rowStart` (buffer line
    /// `row`), or nil when that row continues a long line split for display.
    public func documentLine(forRow row: Int, startingAt rowStart: Int) -> Int? {
        guard !displayBreaks.isEmpty else { return row }
        let before = displayBreaks(before: rowStart)
        if before > 0 && displayBreaks[before - 1] == rowStart - 1 { return nil }
        return row - before
    }

    /// The document's text under the buffer's `range` (a selection), without the view's own
    /// row breaks; nil when the buffer shows the text as it is.
    public func documentText(forBufferRange range: Range<Int>) -> String? {
        guard !displayBreaks.isEmpty else { return nil }
        let lower = range.lowerBound - displayBreaks(before: range.lowerBound)
        let upper = range.upperBound - displayBreaks(before: range.upperBound)
        return document.storage.substring(lower..<max(lower, upper))
    }

    private func restart() {
        feeder?.cancel()
        feeder = nil
        shownCount = 0
        displayColumn = 0
        displayBreaks = []
        buffer.load("")
        pump(budget: nil, limit: Self.firstScreen)
        streamIfNeeded()
    }

    private func follow(_ event: DocumentEvent) {
        switch event {
        case .edited(let edit, let origin, let isUndoRedo):
            followEdit(edit)
            if isUndoRedo && origin == subscription.id {
                buffer.placeCaret(offset: edit.range.lowerBound + edit.insertedCount)
            }
        case .reloadedFromDisk:
            // The caret keeps its line and column, as far as the new text allows.
            let caret = buffer.caret
            restart()
            buffer.placeCaret(line: caret.line, column: caret.column)
        case .loadRestarted:
            restart()
        case .loadProgressed, .loadFinished, .loadFailed:
            streamIfNeeded()
            if isComplete { onStreamed?() }
        default:
            break
        }
        onEvent?(event)
    }

    /// Applies a store edit to the part of the text the buffer already holds; what lies beyond
    /// it is streamed in later from the store, edited already.
    private func followEdit(_ edit: Edit) {
        let lower = edit.range.lowerBound, upper = edit.range.upperBound
        if lower >= shownCount && shownCount < document.storage.count - edit.insertedCount + edit.range.count {
            return
        }
        let removedShown = min(upper, shownCount) - lower
        buffer.apply(range: lower..<(lower + removedShown), replacement: edit.replacement)
        shownCount = upper <= shownCount ? shownCount + edit.insertedCount - edit.range.count : lower + edit.insertedCount
    }
}
