import Documents
import Gtk
import SafeFiles

/// Binds one window's buffer to one document in the store: the buffer's edits go to the
/// store, and the store's events come back into the buffer. This is the whole one-way flow.
///
/// The buffer holds a window of the document's lines (`LineWindow`): a few screens around what
/// the view shows, or the whole document when it is small. GTK lays out every line its buffer
/// holds, so a window's cost follows what it shows, not what the document weighs. The window
/// slides (`reveal`, `slide`) by editing the buffer at its ends. Every position the binding
/// hands out (caret, selection) is a document offset.
///
/// A read-only document with lines too long to lay out is the exception: its buffer streams in
/// a preview from the start, split into rows (`displayLimit`, DocumentBinding+Streaming).
@MainActor
public final class DocumentBinding {
    /// The document shown.
    public let document: Document
    /// The window's buffer, with every change put off for it made (`BufferState.behind`).
    public var buffer: SourceBuffer {
        flushPendingChanges()
        return ownBuffer
    }
    /// The buffer itself, as it is: only the deferral looks at it without catching up first.
    let ownBuffer: SourceBuffer
    /// Where the buffer stands against the window of lines: current, behind on another
    /// window's keystroke, in the background, or a streamed preview (BufferState).
    var state = BufferState.current
    /// The binding's own watch on GTK's marks, held quiet while the binding places them.
    var markWatch: MarkWatch?
    let subscription: DocumentSubscription
    weak var store: DocumentStore?
    /// Called after the buffer has followed each event (titles, banners).
    public var onEvent: (@MainActor (DocumentEvent) -> Void)?
    /// Called after every store event, before `onEvent` (the view's accessible follows loads).
    public var onStoreEvent: (@MainActor (DocumentEvent) -> Void)?
    /// Called after each step that put more text into the buffer, and once when it has all of it.
    public var onStreamed: (@MainActor () -> Void)?
    /// Called after the buffer followed each edit of the document (assistive technologies).
    public var onEdited: (@MainActor (Edit) -> Void)?
    /// Called after the buffer followed many edits made at once (`DocumentEvent.editedTogether`),
    /// with the document range (before them) the buffer held.
    public var onEditedTogether: (@MainActor (EditBatch, Range<Int>) -> Void)?
    /// The buffer lines the view shows (set by the viewport): many edits at once change those
    /// one by one, so the view stays put.
    public var visibleBufferLines: (@MainActor () -> Range<Int>)?
    /// Called after the window moved over the document (line numbers, the scrollbar).
    public var onSlid: (@MainActor () -> Void)?
    /// Whether the last edit was another program's growth of the file that the caret, at the
    /// end, followed (`tail -f`): the view scrolls to it.
    public private(set) var followedGrowth = false

    /// How many lines a window holds by default (a few screens); tests make it small so that
    /// windows slide on small documents. `TANDEM_WINDOW_LINES` sets it for a whole process.
    public static let defaultWindowLines: Int = {
        let asked = EnvironmentVariable.value("TANDEM_WINDOW_LINES").flatMap { Int($0) } ?? 0
        return asked >= 4 ? asked : 1_500
    }()
    /// How many lines this binding's window holds: what it was made with, and never fewer than
    /// three of the view's pages (a window must fill the screen with lines to spare).
    public var windowLines: Int { max(baseWindowLines, pageLines * 3) }
    private let baseWindowLines: Int
    /// How many lines fit in the view's height (set by the viewport as the view is sized).
    public var pageLines = 0
    /// The part of the document the buffer holds (window mode).
    public internal(set) var window: LineWindow
    /// The document's line count when the binding last looked (edits say how it changed).
    var knownLineCount = 1
    /// `shownEnd` when the binding last looked: whether the window reached it before an edit.
    var knownShownEnd = 0

    /// The caret, a document offset; it may lie outside the window (the user scrolled away).
    public internal(set) var caret = 0
    /// The selection's other end, a document offset (equal to `caret` when nothing is selected).
    public internal(set) var anchor = 0
    /// The carets beside the main one (DocumentBinding+Carets).
    var carets = CaretSet()
    /// Called when the extra carets came, went or moved (the view draws them).
    public var onCaretsChanged: (@MainActor () -> Void)?
    /// Whether the clipboard's text is being pasted (each caret may take a line of it).
    public var isPasting = false
    /// Whether the user action under way broke the line at every caret, each with its own
    /// indentation (GtkSourceView then inserts the main line's indentation by itself).
    var brokeLinesAtCarets = false
    /// Whether the window is in the background: its buffer follows nothing (DocumentBinding+Background).
    public var isInBackground: Bool { state.isInBackground }
    /// Whether the buffer no longer holds the window's text (edits or slides skipped meanwhile).
    public var bufferIsStale: Bool { state == .stale }

    /// Whether the buffer streams a row-split preview (a read-only document with very long lines).
    public var streams: Bool { state.isStreaming }
    /// How many characters go into the buffer at once, before the first idle step (streaming).
    public static let firstScreen = 64 << 10
    /// Characters per insertion within a step.
    static let slice = 16 << 10
    /// How long one step may keep the main loop (seconds); a frame at 60 Hz is 16 ms.
    static let stepBudget = 0.006
    /// A read-only document's lines longer than this are shown split into rows of this length.
    public static let displayRowLength = 5_000
    /// How many of the document's characters the buffer holds so far (streaming).
    public internal(set) var shownCount = 0
    /// At most this many of the document's characters are shown (nil: all) when streaming.
    public var displayLimit: Int? {
        didSet { streamIfNeeded() }
    }
    var displayColumn = 0
    /// Buffer offsets of the line breaks the view added to split very long lines into rows
    /// (ascending); they are not the document's, so copying and line numbers skip them.
    var displayBreaks: [Int] = []
    var feeder: IdleSource?

    /// Shows `document` in `buffer` and routes its edits through `store` from now on.
    public init(store: DocumentStore, document: Document, buffer: SourceBuffer, displayLimit: Int? = nil,
                windowLines: Int = DocumentBinding.defaultWindowLines) {
        self.store = store
        self.document = document
        ownBuffer = buffer
        self.displayLimit = displayLimit
        baseWindowLines = max(4, windowLines)
        if document.readOnlyReasons.contains(.longLines) { state.startStreaming() }
        window = LineWindow(lines: 0, count: 0, in: TextStorage())
        buffer.load("")
        // The handler is set up before the binding exists, so it reaches it through a box.
        let relay = Relay()
        subscription = store.subscribe(to: document) { event in relay.target?.follow(event) }
        relay.target = self
        buffer.interceptEdits { [weak self] range, replacement in self?.forward(range, replacement) }
        buffer.onUserAction(began: { [weak store] in store?.beginCompoundEdit(document) },
                            ended: { [weak store, weak self] in
                                self?.brokeLinesAtCarets = false
                                store?.endCompoundEdit(document)
                                self?.applyPendingSubstitution()
                            })
        markWatch = buffer.onMarksMoved { [weak self] byPointer in self?.marksMoved(byPointer: byPointer) }
        fill()
    }

    private final class Relay { weak var target: DocumentBinding? }

    /// Undoes the document's last step and shows where it happened in this buffer.
    public func undo() { store?.undo(document, origin: subscription.id) }
    /// Redoes the document's last undone step.
    public func redo() { store?.redo(document, origin: subscription.id) }

    /// Ends the document's current undo step: the next edit starts one of its own.
    public func sealUndoStep() { store?.sealUndoStep(document) }

    /// The id the store gives this binding's own edits (`DocumentEvent.edited(origin:)`).
    public var originID: Int { subscription.id }

    /// Whether other bindings (windows) show the same document.
    public var isLastWindowOnDocument: Bool { (store?.subscriberCount(of: document) ?? 0) <= 1 }

    /// Whether the buffer holds all it will show (the document loaded, and streamed in).
    public var isComplete: Bool { !document.isLoading && (!streams || shownCount >= streamTarget) }

    /// Whether only part of a fully loaded document is shown because of `displayLimit`.
    public var isPreview: Bool { streams && displayLimit.map { $0 < document.storage.count } ?? false }

    /// How far loading and streaming have got together, from 0 to 1.
    public var progress: Double {
        let loaded = document.loadProgress?.fraction ?? 1
        let stored = document.storage.count
        guard streams else { return loaded }
        return stored == 0 ? loaded : loaded * Double(min(shownCount, stored)) / Double(stored)
    }

    /// Puts the document's text in the buffer from the start: its first window, or the start of
    /// its preview.
    func fill() {
        feeder?.cancel()
        feeder = nil
        // The buffer is loaded afresh: changes put off for it are in the document's text already
        // (a pasted megabyte line is never put in only to be taken out).
        state.filled()
        knownLineCount = document.storage.lineCount
        (caret, anchor) = (0, 0)
        if streams {
            shownCount = 0
            displayColumn = 0
            displayBreaks = []
            window = LineWindow(lines: 0, count: 0, in: TextStorage())
            ownBuffer.load("")
            pump(budget: nil, limit: Self.firstScreen)
            streamIfNeeded()
        } else {
            window = LineWindow(lines: 0, count: windowLines, in: document.storage, stopBeforeCR: document.isLoading,
                                lastLine: lastShownLine)
            ownBuffer.load(display(document.storage.substring(window.range)))
        }
        knownShownEnd = shownEnd
        onSlid?()
    }

    private func follow(_ event: DocumentEvent) {
        switch event {
        case .edited(_, _, true) where streams && !document.isLoading, .editedTogether(_, _, true) where streams && !document.isLoading:
            // An undo or redo in a preview's document (a paste's long line taken back, or put
            // back): what is shown is shown afresh from the text.
            fill()
        case .edited(let edit, let origin, let isUndoRedo):
            // Typed in another window: that window is drawn first, this buffer catches up after.
            let deferring = origin != nil && origin != subscription.id && !isUndoRedo && !streams
            if !deferring { flushPendingChanges() }
            let tails = origin == nil && !isUndoRedo && followsGrowth(edit)
            followedGrowth = tails
            followEdit(edit, deferring: deferring)
            if tails {
                let end = shownEnd
                select(anchor: end, caret: end)
                reveal(end)
            }
            if isUndoRedo && origin == subscription.id {
                let at = edit.range.lowerBound + edit.insertedCount
                reveal(at)
                select(anchor: at, caret: at)
            }
        case .editedTogether(let batch, let origin, let isUndoRedo):
            flushPendingChanges()
            followBatch(batch, fromElsewhere: origin != subscription.id)
            if isUndoRedo && origin == subscription.id {
                reveal(caret)
                select(anchor: caret, caret: caret)
            }
        case .loadRestarted:
            fill()
        case .becameReadOnly(let reason) where reason == .longLines && !streams:
            state.startStreaming()
            fill()
        case .becameEditable where streams:
            // Edit Anyway: the document's own lines from now on, the caret where it was.
            let (keptAnchor, keptCaret) = (anchor, caret)
            state.stopStreaming()
            displayLimit = nil
            fill()
            reveal(keptCaret)
            select(anchor: keptAnchor, caret: keptCaret)
        case .loadProgressed, .loadFinished, .loadFailed:
            if streams { streamIfNeeded() } else { grow() }
            if isComplete { onStreamed?() }
        default:
            break
        }
        // After the main caret moved with the change: carets that met it merge.
        followCarets(event)
        onStoreEvent?(event)
        onEvent?(event)
    }

    /// Sends a change the user made in the buffer to the store; returns the buffer offset where
    /// the change ended up once the store's event came back (nil: the store refused it).
    private func forward(_ range: Range<Int>, _ replacement: String) -> Int? {
        guard let store else { return nil }
        // GTK saw the buffer as it was before the changes still put off: its range is moved
        // over them, then the buffer catches up.
        let range = rangeAfterPendingChanges(range)
        flushPendingChanges()
        let target = documentRange(forUserChange: range, inserting: !replacement.isEmpty)
        if let landed = forwardAtEveryCaret(Edit(range: target, replacement: replacement)) { return landed }
        let before = appliedEdits
        store.apply(Edit(range: target, replacement: replacement), to: document, origin: subscription.id)
        guard appliedEdits != before, let applied = lastApplied else { return nil }
        noteTyped(replacement, endingAt: applied.range.lowerBound + applied.insertedCount)
        return bufferOffset(of: applied.range.lowerBound + applied.insertedCount)
    }

    /// Turns what was just typed into something else once the key is done, as an undo step of
    /// its own (smart punctuation in prose); nil: typing stays as typed.
    public var substitutesTyping: (@MainActor (_ text: TextStorage, _ typedEnd: Int, _ typed: String) -> Edit?)?
    /// The substitution for the key being typed, and the text it replaces (`applyPendingSubstitution`).
    var pendingSubstitution: (edit: Edit, replaced: String)?

    /// Counts the store edits followed, and keeps the last, for `forward`.
    var appliedEdits = 0
    var lastApplied: Edit?

    /// The caret as a 0-based line and column of the document.
    public var caretLineAndColumn: (line: Int, column: Int) { document.storage.lineAndColumn(of: caret) }

    /// The document offset of a 0-based line and column, clamped to the line (and to the lines
    /// a view may show).
    public func offset(line: Int, column: Int) -> Int {
        let text = document.storage
        let clamped = max(0, min(line, lastShownLine))
        let lineStart = text.offset(ofLine: clamped)
        return lineStart + max(0, min(column, LineWindow.lineEnd(clamped, in: text) - lineStart))
    }
}
