/// A change to make to a buffer: a range in the buffer's offsets, as the buffer is when the
/// change comes, and its new text.
struct BufferChange: Equatable {
    var range: Range<Int>
    var replacement: String
}

/// What catches up a buffer that is behind (a timer a frame away): the state holds it while it
/// is behind, so leaving `behind` by any way lets it go, and a timer is cancelled as it goes.
struct CatchUp: Equatable {
    let holder: AnyObject?
    /// Any two are alike: the state is compared by its changes.
    static func == (_: CatchUp, _: CatchUp) -> Bool { true }
}

/// Where a binding's buffer stands against the binding's window of lines. Every edit, slide
/// and return from the background asks it what to do with the buffer, and it is the only
/// record of that: no other flag says whether the buffer may be written or read.
///
///     current ──another window types──▶ behind ──caught up──▶ current
///        │                                 │
///     suspend                           suspend (the changes are dropped)
///        ▼                                 ▼
///     suspended ──edit or slide──▶ stale ◀── release
///        │                           │
///     resume                       resume (the window's text is loaded anew)
///        ▼                           ▼
///     current                      current
///
///     any ──the document's lines grow too long──▶ streaming ──editable again──▶ current
enum BufferState: Equatable {
    /// The buffer holds the window's text, the marks on the binding's caret and selection.
    case current
    /// Another window's keystroke is drawn first: these changes, in order, bring
    /// the buffer to the window's text, and are made a frame after the typing window's, by
    /// `catchUp`.
    case behind([BufferChange], catchUp: CatchUp)
    /// In the background: the buffer holds the window's text as it was when the window left,
    /// and nothing has changed it since.
    case suspended
    /// In the background, and the buffer no longer holds the window's text (an edit or a slide
    /// was skipped, or the buffer was emptied): coming back loads the window's text anew.
    case stale
    /// A read-only document whose lines are too long to lay out: the buffer holds a row-split
    /// preview of it from its start, streamed in, and follows no window of lines; it is never
    /// put behind, nor in the background.
    case streaming

    /// Behind on `changes`, with nothing to catch it up by itself (tests).
    static func behind(_ changes: [BufferChange]) -> BufferState { .behind(changes, catchUp: CatchUp(holder: nil)) }

    /// What to do with the buffer for a change the window's text has just had.
    enum Step: Equatable {
        /// Change the buffer now (catching up first on what was put off, if anything).
        case apply
        /// Leave the buffer; the change is put off (`behind`) or will never be made (`stale`).
        case skip
    }

    /// The window's text changed by `change`; `deferring`: the change comes from a keystroke
    /// in another window, whose frame is drawn first. `catchUp` makes what will catch the buffer
    /// up, asked for when it falls behind.
    mutating func windowChanged(_ change: BufferChange, deferring: Bool, catchUp: () -> AnyObject? = { nil }) -> Step {
        switch self {
        case .suspended, .stale:
            self = .stale
            return .skip
        case .current where deferring:
            self = .behind([change], catchUp: CatchUp(holder: catchUp()))
            return .skip
        case .behind(var changes, let catchUp) where deferring:
            changes.append(change)
            self = .behind(changes, catchUp: catchUp)
            return .skip
        case .current, .behind, .streaming:
            return .apply
        }
    }

    /// The window moved over the document (or was replaced): a buffer in the background misses
    /// it. Returns whether the buffer is to be changed now.
    mutating func windowMoved() -> Bool {
        switch self {
        case .suspended, .stale:
            self = .stale
            return false
        case .current, .behind, .streaming:
            return true
        }
    }

    /// Takes the changes put off, leaving the state `current`; empty when there were none (or
    /// the buffer is in the background, where nothing is put off).
    mutating func catchUp() -> [BufferChange] {
        guard case .behind(let changes, _) = self else { return [] }
        self = .current
        return changes
    }

    /// The buffer was filled afresh with the window's text: whatever was put off is in it, and
    /// a buffer in the background holds its window again.
    mutating func filled() {
        switch self {
        case .behind: self = .current
        case .stale: self = .suspended
        case .current, .suspended, .streaming: break
        }
    }

    /// The window went to the background. A buffer behind on changes would need them made to
    /// be current, and nobody looks at it: it is stale instead. A preview stays as it is.
    mutating func suspend() {
        switch self {
        case .current: self = .suspended
        case .behind: self = .stale
        case .suspended, .stale, .streaming: break
        }
    }

    /// The buffer is to be emptied to give its memory back; false (and nothing changes) for a
    /// preview, which keeps its text.
    mutating func release() -> Bool {
        guard self != .streaming else { return false }
        self = .stale
        return true
    }

    /// The document's lines grew too long to lay out: the buffer becomes a streamed preview.
    mutating func startStreaming() { self = .streaming }

    /// The document is editable again: the buffer holds a window of lines, to be filled.
    mutating func stopStreaming() { if self == .streaming { self = .current } }

    /// Whether the buffer is a streamed preview.
    var isStreaming: Bool { self == .streaming }

    /// The window came back. Returns whether the buffer must be loaded with the window's text.
    mutating func resume() -> Bool {
        defer { if isInBackground { self = .current } }
        return self == .stale
    }

    /// Whether the window is in the background (its buffer follows nothing).
    var isInBackground: Bool { self == .suspended || self == .stale }

    /// Whether the buffer holds the window's text, or will once the changes put off are made:
    /// its marks may be placed.
    var holdsWindow: Bool { self != .stale }

    /// Whether changes are waiting to be made.
    var isBehind: Bool {
        if case .behind = self { return true }
        return false
    }

    /// The changes waiting to be made, in order (none unless behind).
    var changesPutOff: [BufferChange] {
        if case .behind(let changes, _) = self { return changes }
        return []
    }
}
