import CGtk

/// Draws the wavy underline of misspelt words over a view's text. Pango draws
/// `PANGO_UNDERLINE_ERROR` as a path filled anew for every word each time a line is drawn: a
/// keystroke below a line of misspelt words sent Xvfb 30 KB of drawing, ten times the key's own
/// (and 0.3 ms of the key's frame). Here the wave is drawn once into a small tile, and each
/// word's underline is one fill of that tile repeated, only for the lines being drawn.
@MainActor
final class MisspeltUnderlines {
    /// The wave's period and height, in pixels.
    private static let period = 4.0, height = 3.0
    private weak var view: SourceView?
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let tag: UnsafeMutablePointer<GtkTextTag>
    private let isShown: @MainActor () -> Bool
    /// The wave in the colour it was last drawn in.
    private var tile: OpaquePointer?
    private var tileColor = GdkRGBA()

    init(view: SourceView, tag: UnsafeMutablePointer<GtkTextTag>, isShown: @escaping @MainActor () -> Bool) {
        self.view = view
        self.buffer = tandem_text_buffer(view.buffer.raw)
        self.tag = tag
        self.isShown = isShown
        view.connectDraw(after: true) { [weak self] cairo in
            self?.draw(cairo)
            return false
        }
    }

    isolated deinit {
        if let tile { cairo_pattern_destroy(tile) }
    }

    /// Draws the lines of `start..<end` again: the tag has no looks, so GTK does not.
    func redraw(_ start: GtkTextIter, _ end: GtkTextIter) {
        guard let view, let textView = tandem_text_view(view.raw), gtk_widget_get_mapped(view.widget) != 0 else { return }
        var first = start, last = end
        var top: gint = 0, height: gint = 0, lastTop: gint = 0, lastHeight: gint = 0
        gtk_text_view_get_line_yrange(textView, &first, &top, &height)
        gtk_text_view_get_line_yrange(textView, &last, &lastTop, &lastHeight)
        var x: gint = 0, y: gint = 0
        gtk_text_view_buffer_to_window_coords(textView, GTK_TEXT_WINDOW_WIDGET, 0, top, &x, &y)
        gtk_widget_queue_draw_area(view.widget, 0, y, gtk_widget_get_allocated_width(view.widget), lastTop + lastHeight - top)
    }

    /// Draws the whole view again (every underline went).
    func redrawAll() {
        if let view { gtk_widget_queue_draw(view.widget) }
    }

    private func draw(_ cairo: OpaquePointer) {
        guard let view, isShown() else { return }
        guard let textView = tandem_text_view(view.raw),
              let textWindow = gtk_text_view_get_window(textView, GTK_TEXT_WINDOW_TEXT),
              gtk_cairo_should_draw_window(cairo, textWindow) != 0 else { return }
        // Only the lines this frame draws: a key redraws a line or two, not the screen.
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        var top: gint = 0, bottom: gint = 0, unused: gint = 0
        gtk_text_view_window_to_buffer_coords(textView, GTK_TEXT_WINDOW_WIDGET, gint(x1), gint(y1.rounded(.down)), &unused, &top)
        gtk_text_view_window_to_buffer_coords(textView, GTK_TEXT_WINDOW_WIDGET, gint(x2), gint(y2.rounded(.up)), &unused, &bottom)
        var iter = GtkTextIter(), end = GtkTextIter()
        gtk_text_view_get_line_at_y(textView, &iter, top, nil)
        gtk_text_view_get_line_at_y(textView, &end, bottom, nil)
        if gtk_text_iter_ends_line(&end) == 0 { gtk_text_iter_forward_to_line_end(&end) }
        let pattern = self.pattern(for: view)
        cairo_save(cairo)
        cairo_set_source(cairo, pattern)
        if gtk_text_iter_has_tag(&iter, tag) == 0 { gtk_text_iter_forward_to_tag_toggle(&iter, tag) }
        while gtk_text_iter_compare(&iter, &end) < 0 {
            var wordEnd = iter
            gtk_text_iter_forward_to_tag_toggle(&wordEnd, tag)
            underline(from: iter, to: wordEnd, in: textView, with: pattern, cairo)
            iter = wordEnd
            guard gtk_text_iter_forward_to_tag_toggle(&iter, tag) != 0 else { break }
        }
        cairo_restore(cairo)
    }

    /// Underlines `start..<end`, a row at a time when it wraps onto several.
    private func underline(from start: GtkTextIter, to wordEnd: GtkTextIter, in textView: UnsafeMutablePointer<GtkTextView>,
                           with pattern: OpaquePointer, _ cairo: OpaquePointer) {
        var rowStart = start, end = wordEnd
        for _ in 0..<64 {  // a word wraps onto a few rows at most; never loop on a surprise
            var rowEnd = rowStart
            if gtk_text_view_forward_display_line_end(textView, &rowEnd) == 0 || gtk_text_iter_compare(&rowEnd, &end) > 0 {
                rowEnd = end
            }
            var first = GdkRectangle(), last = GdkRectangle()
            gtk_text_view_get_iter_location(textView, &rowStart, &first)
            gtk_text_view_get_iter_location(textView, &rowEnd, &last)
            let right = last.y == first.y ? last.x : first.x + first.width
            if right > first.x {
                var x: gint = 0, y: gint = 0
                // The wave sits at the row's foot, in the descent (where Pango puts its own).
                gtk_text_view_buffer_to_window_coords(textView, GTK_TEXT_WINDOW_WIDGET, first.x, first.y + first.height, &x, &y)
                let waveTop = Double(y) - Self.height
                var shift = cairo_matrix_t()
                cairo_matrix_init_translate(&shift, -Double(x), -waveTop)
                cairo_pattern_set_matrix(pattern, &shift)
                cairo_rectangle(cairo, Double(x), waveTop, Double(right - first.x), Self.height)
                cairo_fill(cairo)
            }
            guard gtk_text_iter_compare(&rowEnd, &end) < 0 else { return }
            rowStart = rowEnd
            guard gtk_text_view_forward_display_line(textView, &rowStart) != 0,
                  gtk_text_iter_compare(&rowStart, &end) < 0 else { return }
        }
    }

    /// The wave as a repeating pattern in the theme's error colour (made again when it changes).
    private func pattern(for view: SourceView) -> OpaquePointer {
        let color = tandem_style_error_color(gtk_widget_get_style_context(view.widget))
        if let tile, gdk_rgba_equal(&tileColor, withUnsafePointer(to: color) { $0 }) != 0 { return tile }
        if let tile { cairo_pattern_destroy(tile) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(Self.period), gint(Self.height))
        let drawing = cairo_create(surface)
        cairo_set_source_rgba(drawing, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(drawing, 1)
        // One period of the wave: down, up, down again where the next tile starts.
        cairo_move_to(drawing, 0, Self.height - 0.5)
        cairo_line_to(drawing, Self.period / 2, 0.5)
        cairo_line_to(drawing, Self.period, Self.height - 0.5)
        cairo_stroke(drawing)
        cairo_destroy(drawing)
        let made = cairo_pattern_create_for_surface(surface)!
        cairo_surface_destroy(surface)
        cairo_pattern_set_extend(made, CAIRO_EXTEND_REPEAT)
        tile = made
        tileColor = color
        return made
    }
}

extension SourceView {
    /// How many pixels of the view, drawn now, are clearly red: the wavy underlines (tests).
    func redPixelCount() -> Int {
        let width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget)
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return 0 }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        gtk_widget_draw(widget, cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return 0 }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var count = 0
        for y in 0..<Int(height) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(width) {
                let pixel = row[x]
                let red = (pixel >> 16) & 0xff, green = (pixel >> 8) & 0xff, blue = pixel & 0xff
                if red > 150 && red > green + 60 && red > blue + 60 { count += 1 }
            }
        }
        return count
    }
}
