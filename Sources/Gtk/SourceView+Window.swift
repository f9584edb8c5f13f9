import CGtk

/// What a key binding's caret movement does, as far as a window of lines cares (GtkMovementStep).
public enum CaretMovement: Sendable {
    /// Ctrl+Home, Ctrl+End.
    case bufferEnds
    /// Page Up, Page Down.
    case pages
    /// Left, Right.
    case characters
    /// Ctrl+Left, Ctrl+Right.
    case words
    /// Up, Down.
    case lines
    /// Home, End.
    case lineEnds
    /// Anything else.
    case other
}

/// The hooks a view holding only part of its document needs: the moves that reach past the
/// buffer, what the user sees of it, and scrolling to a buffer line at once.
extension SourceView {
    /// Calls `handler` before the view moves the caret for a key binding (movement, count, and
    /// whether the selection extends).
    public func onMoveCursor(_ handler: @escaping @MainActor (CaretMovement, Int, Bool) -> Void) {
        connectMoveCursor { step, count, extends in
            let movement: CaretMovement = switch step {
            case GTK_MOVEMENT_BUFFER_ENDS: .bufferEnds
            case GTK_MOVEMENT_PAGES: .pages
            case GTK_MOVEMENT_LOGICAL_POSITIONS, GTK_MOVEMENT_VISUAL_POSITIONS: .characters
            case GTK_MOVEMENT_WORDS: .words
            case GTK_MOVEMENT_DISPLAY_LINES, GTK_MOVEMENT_PARAGRAPHS: .lines
            case GTK_MOVEMENT_DISPLAY_LINE_ENDS, GTK_MOVEMENT_PARAGRAPH_ENDS: .lineEnds
            default: .other
            }
            handler(movement, count, extends)
        }
    }

    /// Select All (Ctrl+A, the context menu) calls `handler` instead of selecting the buffer.
    public func onSelectAll(_ handler: @escaping @MainActor () -> Void) {
        connectBoolArgument("select-all") { [weak self] select in
            guard let self, select else { return }
            g_signal_stop_emission_by_name(self.raw, "select-all")
            handler()
        }
    }

    /// Cut calls `handler` first; when it returns true it has done the cut and the view does not.
    public func onCut(_ handler: @escaping @MainActor () -> Bool) {
        connect("cut-clipboard") { [weak self] in
            guard let self, handler() else { return }
            g_signal_stop_emission_by_name(self.raw, "cut-clipboard")
        }
    }

    /// Calls `began` when a paste of the clipboard is asked for (Ctrl+V, Shift+Insert, the
    /// context menu), before its text arrives, and `ended` once it is in (also after a paste of
    /// the primary selection, a middle click).
    public func onPaste(began: @escaping @MainActor () -> Void, ended: @escaping @MainActor () -> Void) {
        connect("paste-clipboard", began)
        buffer.connect("paste-done", ignoringOneArgument: true, ended)
    }

    /// Pastes the clipboard at the caret, as Ctrl+V does.
    public func paste() {
        tandem_signal_emit_void(raw, "paste-clipboard")
    }

    /// Calls `handler` on each key press, before the view acts on it.
    public func onKeyPress(_ handler: @escaping @MainActor () -> Void) {
        connectEvent("key-press-event") { _ in handler(); return false }
    }

    /// Calls `handler` when a key that would type or delete is pressed while the view cannot be
    /// edited (shortcuts and moves are not such keys).
    public func onRefusedKey(_ handler: @escaping @MainActor () -> Void) {
        connectEvent("key-press-event") { [weak self] event in
            guard let self, !self.isEditable else { return false }
            let key = event.pointee.key
            let shortcut = key.state & (GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue) != 0
            if !shortcut && gdk_keyval_to_unicode(key.keyval) != 0 { handler() }  // letters, Return, BackSpace, Delete
            return false
        }
    }

    /// Calls `handler` whenever what the view shows moves or its height changes (scrolling,
    /// resizing, layout). The view must be in its scrolled window already.
    public func onScrolled(_ handler: @escaping @MainActor () -> Void) {
        guard let adjustment = gtk_scrollable_get_vadjustment(tandem_scrollable(raw)) else { return }
        let object = Object(UnsafeMutableRawPointer(adjustment), ownership: .sink)
        object.connect("value-changed", handler)
        object.connect("changed", handler)
        scrollHandlers.append(handler)
    }

    /// The buffer lines the view shows, whole or in part (0-based, end excluded).
    public var visibleLines: Range<Int> {
        var rect = GdkRectangle()
        gtk_text_view_get_visible_rect(tandem_text_view(raw), &rect)
        var top = GtkTextIter(), bottom = GtkTextIter()
        gtk_text_view_get_line_at_y(tandem_text_view(raw), &top, rect.y, nil)
        gtk_text_view_get_line_at_y(tandem_text_view(raw), &bottom, rect.y + max(0, rect.height - 1), nil)
        let first = Int(gtk_text_iter_get_line(&top))
        return first..<max(first + 1, Int(gtk_text_iter_get_line(&bottom)) + 1)
    }

    /// The buffer line at the top of the view, and how many pixels of it are scrolled past.
    public var topLine: (line: Int, pixels: Int) {
        var rect = GdkRectangle()
        gtk_text_view_get_visible_rect(tandem_text_view(raw), &rect)
        var iter = GtkTextIter(), top: gint = 0
        gtk_text_view_get_line_at_y(tandem_text_view(raw), &iter, rect.y, &top)
        return (Int(gtk_text_iter_get_line(&iter)), Int(rect.y - top))
    }

    /// Scrolls at once so that buffer line `line` is at the top, `pixels` of it scrolled past:
    /// after lines were added or taken away above, what the user sees stays where it was.
    public func scroll(toBufferLine line: Int, pixels: Int) {
        guard let adjustment = gtk_scrollable_get_vadjustment(tandem_scrollable(raw)) else { return }
        var iter = buffer.iter(line: line, column: 0), y: gint = 0, height: gint = 0
        gtk_text_view_get_line_yrange(tandem_text_view(raw), &iter, &y, &height)
        // Lines just put above it are not measured yet (0 pixels high), so `y` may be the value
        // already: GTK must still take the top line anew, or it keeps the buffer's first line.
        tandem_adjustment_set_value_anew(adjustment, Double(y + gint(pixels)))
    }

    /// How many lines of the view's font fit in its height (at least 1).
    public var linesPerPage: Int {
        var rect = GdkRectangle()
        gtk_text_view_get_visible_rect(tandem_text_view(raw), &rect)
        var iter = GtkTextIter(), y: gint = 0, height: gint = 0
        gtk_text_buffer_get_start_iter(buffer.buffer, &iter)
        gtk_text_view_get_line_yrange(tandem_text_view(raw), &iter, &y, &height)
        return max(1, Int(rect.height) / max(1, Int(height)))
    }

    /// Scrolls at once (before the next frame) so that buffer offset `offset` is at `yalign` of
    /// the height (0: top). GTK lays out the lines around it first.
    public func scroll(toBufferOffset offset: Int, yalign: Double) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer.buffer, &iter, gint(offset))
        let mark = gtk_text_buffer_create_mark(buffer.buffer, nil, &iter, 1)
        gtk_text_view_scroll_to_mark(tandem_text_view(raw), mark, 0.0, 1, 0.0, yalign)
        gtk_text_buffer_delete_mark(buffer.buffer, mark)
    }

    /// Puts `text` on the clipboard (Ctrl+C's).
    public func copyToClipboard(_ text: String) {
        let clipboard = gtk_clipboard_get_for_display(gtk_widget_get_display(widget), gdk_atom_intern_static_string("CLIPBOARD"))
        gtk_clipboard_set_text(clipboard, text, -1)
    }
}
