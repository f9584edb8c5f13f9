import CGtk

/// A handler `SourceBuffer.onMarksMoved` connected.
public struct MarkWatch {
    let handlerID: UInt
}

/// A GtkSourceBuffer: the text a SourceView shows.
@MainActor
public final class SourceBuffer: Object {
    // Above zero while `apply` or `load` changes the text, so the interceptors let it through.
    private var applyingDepth = 0

    /// Creates an empty buffer. GtkSourceView's own undo is off: undo belongs to the document.
    public init() {
        super.init(gtk_source_buffer_new(nil), ownership: .adopt)
        gtk_source_buffer_set_max_undo_levels(sourceBuffer, 0)
    }

    /// Turns every change the user makes (typing, paste, cut, IME commit, drop) into a call to
    /// `forward(range, replacement)` instead of a change to this buffer: the buffer then changes
    /// only through `apply`. Offsets count characters (Unicode scalars). `forward` returns the
    /// buffer offset where the change ended up (nil: nothing changed); the iters GTK handed to the
    /// signal are re-pointed there, since its caller keeps using them.
    public func interceptEdits(_ forward: @escaping @MainActor (Range<Int>, String) -> Int?) {
        // The GObject owns these closures and may outlive this wrapper: hold it weakly.
        connectInsertText { [weak self] location, text in
            guard let self, self.applyingDepth == 0 else { return }
            g_signal_stop_emission_by_name(self.raw, "insert-text")
            let offset = Int(gtk_text_iter_get_offset(location))
            let landed = forward(offset..<offset, text) ?? offset
            gtk_text_buffer_get_iter_at_offset(self.buffer, location, gint(landed))
        }
        connectDeleteRange { [weak self] start, end in
            guard let self, self.applyingDepth == 0 else { return }
            g_signal_stop_emission_by_name(self.raw, "delete-range")
            let a = Int(gtk_text_iter_get_offset(start)), b = Int(gtk_text_iter_get_offset(end))
            let landed = forward(min(a, b)..<max(a, b), "") ?? min(a, b)
            gtk_text_buffer_get_iter_at_offset(self.buffer, start, gint(landed))
            end.pointee = start.pointee
        }
    }

    /// Calls `handler` when GTK moves the caret or the selection bound itself (keys, clicks, drags,
    /// `select`), not when a change to the text carries them along. `handler` is told whether the
    /// pointer moved them (a click or a drag in the view). The watch returned can be held quiet.
    @discardableResult
    public func onMarksMoved(_ handler: @escaping @MainActor (_ byPointer: Bool) -> Void) -> MarkWatch {
        MarkWatch(handlerID: connectMarkSet { [weak self] mark in
            guard let self else { return }
            let buffer = self.buffer
            if mark == gtk_text_buffer_get_insert(buffer) || mark == gtk_text_buffer_get_selection_bound(buffer) {
                handler(Self.pointerIsMoving())
            }
        })
    }

    /// Runs `body` without `watch` hearing the marks it moves (GLib blocks the handler: the
    /// binding placing its own caret is not news to it).
    public func quietly(_ watch: MarkWatch, _ body: () -> Void) {
        g_signal_handler_block(raw, gulong(watch.handlerID))
        defer { g_signal_handler_unblock(raw, gulong(watch.handlerID)) }
        body()
    }

    /// Whether the event GTK is handling is the pointer's (a press, a release, a drag's motion).
    private static func pointerIsMoving() -> Bool {
        guard let event = gtk_get_current_event() else { return false }
        defer { gdk_event_free(event) }
        switch gdk_event_get_event_type(event) {
        case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_3BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_MOTION_NOTIFY,
             GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE, GDK_TOUCH_END:
            return true
        default:
            return false
        }
    }

    /// The selection bound (the selection's other end; the caret when nothing is selected).
    public var selectionBoundOffset: Int {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_selection_bound(buffer))
        return Int(gtk_text_iter_get_offset(&iter))
    }

    /// Selects from `anchorOffset` to `caretOffset` (character offsets) at once.
    public func select(anchorOffset: Int, caretOffset: Int) {
        // Marks already there stay untouched: a move emits mark-set, which GtkTextView answers by
        // laying out the caret's line at once (for the input method), so each window showing the
        // document shaped that line an extra time at every key.
        guard caretOffset != self.caretOffset || anchorOffset != selectionBoundOffset else { return }
        var anchor = GtkTextIter(), caret = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &anchor, gint(anchorOffset))
        gtk_text_buffer_get_iter_at_offset(buffer, &caret, gint(caretOffset))
        gtk_text_buffer_select_range(buffer, &caret, &anchor)
    }

    /// Replaces the characters in `range` with `replacement`, bypassing the interceptors.
    /// Marks (every caret and selection) move as GTK moves them: an insertion at or before
    /// a mark shifts it, one after it leaves it.
    public func apply(range: Range<Int>, replacement: String) {
        applyingDepth += 1
        defer { applyingDepth -= 1 }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(range.lowerBound))
        if !range.isEmpty {
            gtk_text_buffer_get_iter_at_offset(buffer, &end, gint(range.upperBound))
            gtk_text_buffer_delete(buffer, &start, &end)
        }
        if !replacement.isEmpty { gtk_text_buffer_insert(buffer, &start, replacement, -1) }
        if range.count + replacement.utf8.count <= 32 {
            // Highlights the edited line now, before GTK lays it out for the input method's spot:
            // highlighting it later, in GtkSourceView's idle, would change its tags after that layout and
            // have the frame lay the whole line (a long paragraph) out twice more. GtkSourceView
            // analyzes only text before the end it is given, and a deletion leaves its change where
            // it happened: the end goes past the line's break, and a deletion at the text's end
            // (nothing after it) is made to change the character before it too.
            if replacement.isEmpty && gtk_text_iter_is_end(&start) != 0 { reachBack(&start) }
            var lineStart = start, lineEnd = start
            gtk_text_iter_set_line_offset(&lineStart, 0)
            if gtk_text_iter_ends_line(&lineEnd) == 0 { gtk_text_iter_forward_to_line_end(&lineEnd) }
            gtk_text_iter_forward_char(&lineEnd)
            gtk_source_buffer_ensure_highlight(sourceBuffer, &lineStart, &lineEnd)
        }
    }

    /// Deletes the character before `end` (the text's end) and puts it back, so that
    /// GtkSourceView's change starts before the end: the same text, the caret where it was. Only
    /// where no mark would land elsewhere than it stood: none just before the character that
    /// would move past it (marks at the end come back after it, but for left-gravity ones, which
    /// land before it: GtkSourceView's own start of what it must analyze again, moved earlier),
    /// and no line break or joining mark to split.
    private func reachBack(_ end: inout GtkTextIter) {
        var before = end
        guard gtk_text_iter_starts_line(&end) == 0, gtk_text_iter_backward_char(&before) != 0 else { return }
        let character = gtk_text_iter_get_char(&before)
        guard character >= 0x20, character < 0x300 || character > 0x36F, !Self.hasRightGravityMark(at: before),
              let slice = gtk_text_iter_get_slice(&before, &end) else { return }
        defer { g_free(slice) }
        gtk_text_buffer_delete(buffer, &before, &end)
        gtk_text_buffer_insert(buffer, &before, slice, -1)
        end = before
    }

    private static func hasRightGravityMark(at place: GtkTextIter) -> Bool {
        var place = place
        guard let marks = gtk_text_iter_get_marks(&place) else { return false }
        defer { g_slist_free(marks) }
        var node: UnsafeMutablePointer<GSList>? = marks
        while let current = node {
            if gtk_text_mark_get_left_gravity(current.pointee.data.assumingMemoryBound(to: GtkTextMark.self)) == 0 { return true }
            node = current.pointee.next
        }
        return false
    }

    #if DEBUG
    /// Calls `handler` each time GtkSourceView has analyzed a range and highlighted it (tests).
    func onHighlightUpdated(_ handler: @escaping @MainActor () -> Void) {
        connectIterPair("highlight-updated") { _, _ in handler() }
    }
    #endif

    /// Called when GTK starts and ends one user action (a keystroke, a paste), which may be
    /// several edits (a paste over a selection deletes, then inserts).
    public func onUserAction(began: @escaping @MainActor () -> Void, ended: @escaping @MainActor () -> Void) {
        connect("begin-user-action", began)
        connect("end-user-action", ended)
    }

    /// Inserts as the user would (through insert-text, inside one user action), so
    /// `interceptEdits` sees it. For actions and tests; `apply` is for the store's events.
    public func userInsert(_ text: String, at offset: Int) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, gint(offset))
        gtk_text_buffer_begin_user_action(buffer)
        gtk_text_buffer_insert_interactive(buffer, &iter, text, -1, 1)
        gtk_text_buffer_end_user_action(buffer)
    }

    /// Replaces a range as the user would by selecting it and typing or pasting over it.
    public func userReplace(_ range: Range<Int>, with text: String) {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(range.lowerBound))
        gtk_text_buffer_get_iter_at_offset(buffer, &end, gint(range.upperBound))
        gtk_text_buffer_begin_user_action(buffer)
        if !range.isEmpty { gtk_text_buffer_delete_interactive(buffer, &start, &end, 1) }
        if !text.isEmpty { gtk_text_buffer_insert_interactive(buffer, &start, text, -1, 1) }
        gtk_text_buffer_end_user_action(buffer)
    }

    /// The offset where 0-based line `line` starts (the buffer's end past its last line).
    public func offset(ofLine line: Int) -> Int {
        guard line < lineCount else { return characterCount }
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(buffer, &iter, gint(max(0, line)))
        return Int(gtk_text_iter_get_offset(&iter))
    }

    /// The paragraph around `offset`: from the start of the first line to the end of the last
    /// line (its line break left out) of the lines around it that are not blank. A blank line
    /// is its own paragraph.
    public func paragraph(around offset: Int) -> Range<Int> {
        var at = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &at, gint(offset))
        var first = gtk_text_iter_get_line(&at), last = first
        guard !isBlank(line: first) else { return lineRange(first) }
        while first > 0, !isBlank(line: first - 1) { first -= 1 }
        while last + 1 < gint(lineCount), !isBlank(line: last + 1) { last += 1 }
        return lineRange(first).lowerBound..<lineRange(last).upperBound
    }

    /// Line `line`'s characters, its line break left out.
    private func lineRange(_ line: gint) -> Range<Int> {
        var start = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(buffer, &start, line)
        var end = start
        if gtk_text_iter_ends_line(&end) == 0 { gtk_text_iter_forward_to_line_end(&end) }
        return Int(gtk_text_iter_get_offset(&start))..<Int(gtk_text_iter_get_offset(&end))
    }

    /// Whether line `line` holds only spaces and tabs, or nothing.
    private func isBlank(line: gint) -> Bool {
        var at = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(buffer, &at, line)
        while gtk_text_iter_ends_line(&at) == 0 {
            if g_unichar_isspace(gtk_text_iter_get_char(&at)) == 0 { return false }
            gtk_text_iter_forward_char(&at)
        }
        return true
    }

    /// Number of characters.
    public var characterCount: Int { Int(gtk_text_buffer_get_char_count(buffer)) }

    /// Calls `handler` whenever the caret moves (typing, keys, clicks, extending a selection).
    public func onCaretMoved(_ handler: @escaping @MainActor () -> Void) {
        connect("notify::cursor-position", ignoringOneArgument: true, handler)
    }

    /// How many characters are selected (0: none).
    public var selectedCount: Int {
        var start = GtkTextIter(), end = GtkTextIter()
        guard gtk_text_buffer_get_selection_bounds(buffer, &start, &end) != 0 else { return 0 }
        return Int(gtk_text_iter_get_offset(&end) - gtk_text_iter_get_offset(&start))
    }

    /// Selects from `anchor` to `caret` (0-based lines and columns, clamped to the text).
    public func select(anchor: (line: Int, column: Int), caret: (line: Int, column: Int)) {
        var a = iter(line: anchor.line, column: anchor.column), c = iter(line: caret.line, column: caret.column)
        gtk_text_buffer_select_range(buffer, &c, &a)
    }

    /// An iter at a 0-based line and column, clamped to the text.
    func iter(line: Int, column: Int) -> GtkTextIter {
        var iter = GtkTextIter()
        let clampedLine = min(max(0, line), max(0, lineCount - 1))
        gtk_text_buffer_get_iter_at_line(buffer, &iter, gint(clampedLine))
        var end = iter
        if gtk_text_iter_ends_line(&end) == 0 { gtk_text_iter_forward_to_line_end(&end) }
        gtk_text_iter_set_line_offset(&iter, gint(min(max(0, column), Int(gtk_text_iter_get_line_offset(&end)))))
        return iter
    }

    /// The selected text ("" when nothing is selected).
    public var selectedText: String {
        var start = GtkTextIter(), end = GtkTextIter()
        guard gtk_text_buffer_get_selection_bounds(buffer, &start, &end) != 0,
              let chars = gtk_text_buffer_get_text(buffer, &start, &end, 1) else { return "" }
        defer { g_free(chars) }
        return String(cString: chars)
    }

    /// The caret as a character offset.
    public var caretOffset: Int {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
        return Int(gtk_text_iter_get_offset(&iter))
    }

    /// Puts the caret (and an empty selection) at a character offset.
    public func placeCaret(offset: Int) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, gint(offset))
        gtk_text_buffer_place_cursor(buffer, &iter)
    }

    var buffer: UnsafeMutablePointer<GtkTextBuffer> { tandem_text_buffer(raw) }
    var sourceBuffer: UnsafeMutablePointer<GtkSourceBuffer> { tandem_source_buffer(raw) }

    /// The whole text, hidden characters included.
    public var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let chars = gtk_text_buffer_get_text(buffer, &start, &end, 1) else { return "" }
            defer { g_free(chars) }
            return String(cString: chars)
        }
    }

    /// Replaces the whole text, bypassing the interceptors (loading a document into a window).
    public func load(_ text: String) {
        applyingDepth += 1
        defer { applyingDepth -= 1 }
        gtk_text_buffer_set_text(buffer, text, -1)
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_place_cursor(buffer, &start)
    }

    /// Adds `text` at the end, bypassing the interceptors (a document arriving in pieces);
    /// the caret and selection stay where they are.
    public func append(_ text: String) {
        applyingDepth += 1
        defer { applyingDepth -= 1 }
        var end = GtkTextIter(), caret = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_get_iter_at_mark(buffer, &caret, gtk_text_buffer_get_insert(buffer))
        // The caret's mark would ride along with text added where it stands.
        let caretOffset: gint? = gtk_text_iter_is_end(&caret) != 0 ? gtk_text_iter_get_offset(&caret) : nil
        gtk_text_buffer_insert(buffer, &end, text, -1)
        if let caretOffset {
            gtk_text_buffer_get_iter_at_offset(buffer, &caret, caretOffset)
            gtk_text_buffer_place_cursor(buffer, &caret)
        }
    }

    /// Whether the bracket next to the caret and its partner are highlighted (costly on huge texts).
    public var highlightsMatchingBrackets: Bool {
        get { gtk_source_buffer_get_highlight_matching_brackets(sourceBuffer) != 0 }
        set { gtk_source_buffer_set_highlight_matching_brackets(sourceBuffer, newValue ? 1 : 0) }
    }

    /// Number of lines (an empty buffer has one).
    public var lineCount: Int { Int(gtk_text_buffer_get_line_count(buffer)) }

    /// The caret as a 0-based line and a 0-based character column.
    public var caret: (line: Int, column: Int) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
        return (Int(gtk_text_iter_get_line(&iter)), Int(gtk_text_iter_get_line_offset(&iter)))
    }

    /// Puts the caret at a 0-based line and column, clamped to the text.
    public func placeCaret(line: Int, column: Int) {
        var at = iter(line: line, column: column)
        gtk_text_buffer_place_cursor(buffer, &at)
    }
}
