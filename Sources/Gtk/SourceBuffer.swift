import CGtk

/// A GtkSourceBuffer: the text a SourceView shows.
@MainActor
public final class SourceBuffer: Object {
    /// Creates an empty buffer.
    public init() {
        super.init(gtk_source_buffer_new(nil), ownership: .adopt)
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

    /// Replaces the whole text without an undo step and marks it unmodified (used when loading a file).
    public func load(_ text: String) {
        gtk_source_buffer_begin_not_undoable_action(sourceBuffer)
        gtk_text_buffer_set_text(buffer, text, -1)
        gtk_source_buffer_end_not_undoable_action(sourceBuffer)
        gtk_text_buffer_set_modified(buffer, 0)
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_place_cursor(buffer, &start)
    }

    /// Whether the text differs from what was last loaded or saved.
    public var isModified: Bool {
        get { gtk_text_buffer_get_modified(buffer) != 0 }
        set { gtk_text_buffer_set_modified(buffer, newValue ? 1 : 0) }
    }

    /// Called when `isModified` flips.
    @discardableResult
    public func onModifiedChanged(_ handler: @escaping @MainActor () -> Void) -> UInt {
        connect("modified-changed", handler)
    }

    /// Called after every change to the text.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> UInt {
        connect("changed", handler)
    }

    /// Undoes the last change, if any.
    public func undo() { if gtk_source_buffer_can_undo(sourceBuffer) != 0 { gtk_source_buffer_undo(sourceBuffer) } }
    /// Redoes the last undone change, if any.
    public func redo() { if gtk_source_buffer_can_redo(sourceBuffer) != 0 { gtk_source_buffer_redo(sourceBuffer) } }

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
        var iter = GtkTextIter()
        let lastLine = max(0, lineCount - 1)
        let clampedLine = min(max(0, line), lastLine)
        gtk_text_buffer_get_iter_at_line(buffer, &iter, gint(clampedLine))
        let lineLength = gtk_text_iter_ends_line(&iter) != 0 ? 0 : {
            var end = iter
            gtk_text_iter_forward_to_line_end(&end)
            return Int(gtk_text_iter_get_line_offset(&end))
        }()
        gtk_text_iter_set_line_offset(&iter, gint(min(max(0, column), lineLength)))
        gtk_text_buffer_place_cursor(buffer, &iter)
    }
}
