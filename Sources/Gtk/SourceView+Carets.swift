import CGtk

/// A caret the view draws beside its own: where it is and what it selects (buffer offsets).
public struct ExtraCaret: Equatable, Sendable {
    public var offset: Int
    public var selection: Range<Int>

    public init(offset: Int, selection: Range<Int>) {
        self.offset = offset
        self.selection = selection
    }
}

/// The hooks many carets need of a view: GTK draws and moves one caret; the others are drawn
/// over the text here, added with Ctrl+click and let go with Escape.
extension SourceView {
    /// Draws a caret, in the style's caret colour, and a tint of it over its selection, for each
    /// of the carets `carets` gives, each time the text is drawn (call `redrawCarets` when they change).
    public func drawExtraCarets(_ carets: @escaping @MainActor () -> [ExtraCaret]) {
        caretBlink = CaretBlink { [weak self] in self.map { gtk_widget_queue_draw($0.widget) } }
        connectDraw(after: true) { [weak self] cairo in
            guard let self else { return false }
            let view = tandem_text_view(self.raw)
            guard let textWindow = gtk_text_view_get_window(view, GTK_TEXT_WINDOW_TEXT),
                  gtk_cairo_should_draw_window(cairo, textWindow) != 0 else { return false }
            let shown = carets()
            guard !shown.isEmpty else { return false }
            var visible = GdkRectangle()
            gtk_text_view_get_visible_rect(view, &visible)
            let color = tandem_style_caret_color(gtk_widget_get_style_context(self.widget))
            cairo_save(cairo)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * 0.25)
            for caret in shown where !caret.selection.isEmpty {
                self.addSelection(caret.selection, visible: visible, to: cairo)
            }
            cairo_fill(cairo)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            for caret in shown where self.caretBlink?.isOn ?? true {
                let place = self.location(of: caret.offset)
                // Only what shows: a caret far above or below costs nothing.
                guard place.y + place.height >= visible.y, place.y <= visible.y + visible.height else { continue }
                let (x, y) = self.widgetPoint(place.x, place.y)
                cairo_rectangle(cairo, Double(x), Double(y), 1, Double(place.height))
            }
            cairo_fill(cairo)
            cairo_restore(cairo)
            return false
        }
    }

    /// Adds the rectangles `selection` covers on screen to the path, line by line, within `visible`.
    private func addSelection(_ selection: Range<Int>, visible: GdkRectangle, to cairo: OpaquePointer) {
        let view = tandem_text_view(raw)
        let first = location(of: selection.lowerBound), last = location(of: selection.upperBound)
        let top = max(first.y, visible.y), bottom = min(last.y + last.height, visible.y + visible.height)
        guard top < bottom else { return }
        var y = top
        while y < bottom {
            var iter = GtkTextIter(), lineTop: gint = 0, lineHeight: gint = 0
            gtk_text_view_get_line_at_y(view, &iter, y, nil)
            gtk_text_view_get_line_yrange(view, &iter, &lineTop, &lineHeight)
            guard lineHeight > 0 else { break }
            let left = lineTop <= first.y ? first.x : visible.x
            let right = lineTop + lineHeight > last.y ? last.x : visible.x + visible.width
            if right > left {
                let (x, widgetY) = widgetPoint(left, lineTop)
                cairo_rectangle(cairo, Double(x), Double(widgetY), Double(right - left), Double(lineHeight))
            }
            y = lineTop + lineHeight
        }
    }

    /// Where buffer offset `offset` is drawn, in buffer coordinates.
    private func location(of offset: Int) -> GdkRectangle {
        var iter = GtkTextIter(), place = GdkRectangle()
        gtk_text_buffer_get_iter_at_offset(tandem_text_buffer(buffer.raw), &iter, min(gint(offset), gint(buffer.characterCount)))
        gtk_text_view_get_iter_location(tandem_text_view(raw), &iter, &place)
        return place
    }

    /// A point in buffer coordinates, in the widget's (where its draw handler draws).
    private func widgetPoint(_ x: gint, _ y: gint) -> (gint, gint) {
        var widgetX: gint = 0, widgetY: gint = 0
        gtk_text_view_buffer_to_window_coords(tandem_text_view(raw), GTK_TEXT_WINDOW_WIDGET, x, y, &widgetX, &widgetY)
        return (widgetX, widgetY)
    }

    /// Draws the text again (the extra carets moved), the carets shown and their blink started over.
    public func redrawCarets() {
        caretBlink?.restart()
        gtk_widget_queue_draw(widget)
    }

    /// Calls `handler` with the buffer offset of a Ctrl+click in the text; when it returns true,
    /// the click did its work and the view does not move its caret.
    public func onControlClick(_ handler: @escaping @MainActor (Int) -> Bool) {
        connectEvent("button-press-event") { [weak self] event in
            guard let self else { return false }
            let button = event.pointee.button
            let view = tandem_text_view(self.raw)
            let others: UInt32 = GDK_SHIFT_MASK.rawValue | GDK_MOD1_MASK.rawValue
            let control = button.state & GDK_CONTROL_MASK.rawValue != 0 && button.state & others == 0
            guard button.type == GDK_BUTTON_PRESS, button.button == 1, control,
                  button.window == gtk_text_view_get_window(view, GTK_TEXT_WINDOW_TEXT) else { return false }
            var x: gint = 0, y: gint = 0, location = GtkTextIter()
            gtk_text_view_window_to_buffer_coords(view, GTK_TEXT_WINDOW_TEXT, gint(button.x), gint(button.y), &x, &y)
            gtk_text_view_get_iter_at_location(view, &location, x, y)
            return handler(Int(gtk_text_iter_get_offset(&location)))
        }
    }

    /// Whether a triple click selects the paragraph under the pointer (the lines between blank
    /// lines) rather than GTK's wrapped row: for prose, where a paragraph is one long line.
    public var tripleClickSelectsParagraph: Bool {
        get { selectsParagraphs }
        set {
            selectsParagraphs = newValue
            guard newValue, !watchesTripleClicks else { return }
            watchesTripleClicks = true
            connectEvent("button-press-event") { [weak self] event in
                guard let self, self.selectsParagraphs else { return false }
                let button = event.pointee.button
                guard button.type == GDK_3BUTTON_PRESS, button.button == 1,
                      let offset = self.textOffset(window: button.window, x: button.x, y: button.y) else { return false }
                let paragraph = self.buffer.paragraph(around: offset)
                self.buffer.select(anchorOffset: paragraph.lowerBound, caretOffset: paragraph.upperBound)
                return true
            }
        }
    }

    /// Calls `handler` when a mouse button is pressed in the text; the press goes on to the view.
    public func onPointerPressed(_ handler: @escaping @MainActor () -> Void) {
        connectEvent("button-press-event") { [weak self] event in
            guard let self, event.pointee.button.window == gtk_text_view_get_window(tandem_text_view(self.raw), GTK_TEXT_WINDOW_TEXT) else {
                return false
            }
            handler()
            return false
        }
    }

    /// Calls `dragged(start, end)` with buffer offsets while the pointer drags with Shift+Alt
    /// held (a column selection): from where the drag began to where the pointer is.
    public func onColumnDrag(_ dragged: @escaping @MainActor (Int, Int) -> Void) {
        let drag = ColumnDrag()
        connectEvent("button-press-event") { [weak self] event in
            guard let self else { return false }
            let button = event.pointee.button
            let modifiers = GDK_SHIFT_MASK.rawValue | GDK_MOD1_MASK.rawValue
            guard button.type == GDK_BUTTON_PRESS, button.button == 1, button.state & modifiers == modifiers,
                  let offset = self.textOffset(window: button.window, x: button.x, y: button.y) else { return false }
            drag.start = offset
            dragged(offset, offset)
            return true
        }
        connectEvent("motion-notify-event") { [weak self] event in
            guard let self, let start = drag.start else { return false }
            let motion = event.pointee.motion
            guard let offset = self.textOffset(window: motion.window, x: motion.x, y: motion.y) else { return false }
            dragged(start, offset)
            return true
        }
        connectEvent("button-release-event") { _ in
            guard drag.start != nil else { return false }
            drag.start = nil
            return true
        }
    }

    /// Where a drag with Shift+Alt began (nil: none under way).
    private final class ColumnDrag { var start: Int? }

    /// The buffer offset under a point of the view's text window (nil: another of its windows).
    private func textOffset(window: OpaquePointer?, x: Double, y: Double) -> Int? {
        let view = tandem_text_view(raw)
        guard window == gtk_text_view_get_window(view, GTK_TEXT_WINDOW_TEXT) else { return nil }
        var bufferX: gint = 0, bufferY: gint = 0, location = GtkTextIter()
        gtk_text_view_window_to_buffer_coords(view, GTK_TEXT_WINDOW_TEXT, gint(x), gint(y), &bufferX, &bufferY)
        gtk_text_view_get_iter_at_location(view, &location, bufferX, bufferY)
        return Int(gtk_text_iter_get_offset(&location))
    }

    /// Calls `handler` when Escape is pressed in the view; when it returns true, the key is used.
    public func onEscape(_ handler: @escaping @MainActor () -> Bool) {
        connectEvent("key-press-event") { event in
            let key = event.pointee.key
            let modifiers = GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_MOD1_MASK.rawValue
            guard key.keyval == UInt32(GDK_KEY_Escape), key.state & modifiers == 0 else { return false }
            return handler()
        }
    }
}
