import CGtk

/// A button's text drawn by itself, for text that changes at every key (the caret's place in the
/// header bar). A GtkLabel asks the whole window to lay out again at each change, and the
/// keystroke's frame paid for it (a third of a millisecond in `.ci/benchmark latency`); this
/// redraws only its own pixels, and asks for a layout only when the text no longer fits, so its
/// size only grows. Screen readers read the button's name, which follows the text.
@MainActor
final class DrawnText {
    /// Held with a reference of ours, as `ButtonText`'s label is.
    private let area: Widget
    private unowned let button: Widget
    private var size = (width: Int32(0), height: Int32(0))

    /// Replaces `button`'s child with the drawn text (empty).
    init(in button: Widget) {
        self.button = button
        if let old = gtk_bin_get_child(UnsafeMutablePointer<GtkBin>(OpaquePointer(button.raw))) {
            gtk_container_remove(tandem_container(button.raw), old)
        }
        area = Widget(gtk_drawing_area_new(), ownership: .sink)
        gtk_widget_show(area.widget)
        gtk_container_add(tandem_container(button.raw), area.widget)
        gtk_style_context_add_class(gtk_widget_get_style_context(button.widget), "text-button")
        area.connectDraw { [weak self] cairo in
            self?.draw(cairo)
            return false
        }
        // A new font or scale: the layout is made again from the area's context.
        area.connect("style-updated") { [weak self] in self?.dropLayout() }
        area.connect("screen-changed", ignoringOneArgument: true) { [weak self] in self?.dropLayout() }
    }

    isolated deinit { dropLayout() }

    /// The text shown.
    var text = "" {
        didSet {
            guard text != oldValue else { return }
            withLayout { _, width, height in
                if width > size.width || height > size.height {
                    size = (max(width, size.width), max(height, size.height))
                    gtk_widget_set_size_request(area.widget, size.width, size.height)
                }
            }
            gtk_widget_queue_draw(area.widget)
            nameSoon()
        }
    }

    /// Screen readers hear the text once the keys pause: naming the button at every key sent an
    /// accessibility event over D-Bus in each keystroke's frame.
    private func nameSoon() {
        // The first text names the button at once: until then a screen reader finds a button
        // with no name (CI's names test did, on Wayland, when the banner came first).
        if !isNamed {
            isNamed = true
            atk_object_set_name(gtk_widget_get_accessible(button.widget), text)
            return
        }
        guard namer == nil else { return }
        namer = TimerSource(milliseconds: 100, priority: MainLoopPriority.afterTextLayout) { [weak self] in
            guard let self else { return false }
            self.namer = nil
            atk_object_set_name(gtk_widget_get_accessible(self.button.widget), self.text)
            return false
        }
    }

    private var namer: TimerSource?
    private var isNamed = false

    /// The text's layout, kept: made at every key, it was shaped twice per key (size, then draw).
    private var layout: OpaquePointer?

    private func dropLayout() {
        if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
        layout = nil
    }

    /// The text centred in the area, in the button's colour (GtkLabel's way: the style's).
    private func draw(_ cairo: OpaquePointer) {
        withLayout { layout, width, height in
            let x = Double(gtk_widget_get_allocated_width(area.widget) - width) / 2
            let y = Double(gtk_widget_get_allocated_height(area.widget) - height) / 2
            gtk_render_layout(gtk_widget_get_style_context(area.widget), cairo, x, y, layout)
        }
    }

    /// The text laid out in the area's font, and its size in pixels.
    private func withLayout(_ body: (OpaquePointer, Int32, Int32) -> Void) {
        if layout == nil { layout = gtk_widget_create_pango_layout(area.widget, nil) }
        guard let layout else { return }
        // Pango keeps the shaped lines until the text changes: the draw after a change reuses them.
        if pango_layout_get_text(layout).map({ String(cString: $0) }) != text { pango_layout_set_text(layout, text, -1) }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        body(layout, width, height)
    }
}
