import CGtk

/// A narrow strip beside the text showing the document in miniature, as GNOME Text Editor's map:
/// each line a row of marks where it has characters, the part the view shows tinted, a click or
/// a drag showing the line pointed at. It draws only the rows it has room for, asking for those
/// lines alone (`lines`): a view holds only part of its document, and a 100 MB document's map
/// costs what a small one's does. The rows scroll with the view when the document is taller
/// than the strip, as GtkSourceMap's do.
@MainActor
public final class OverviewMap: Widget {
    /// How many lines the document has.
    public var lineCount: @MainActor () -> Int = { 0 }
    /// The document's lines the view shows (0-based, end excluded).
    public var shownLines: @MainActor () -> Range<Int> = { 0..<0 }
    /// The text of the lines in `range`, each cut to `columns` characters.
    public var lines: @MainActor (_ range: Range<Int>, _ columns: Int) -> [String] = { _, _ in [] }
    /// The user pointed (a click, a drag): the view scrolls to have line `top` at its top, the
    /// line pointed at in its middle.
    public var onPoint: (@MainActor (Int) -> Void)?

    /// A line's height, and a character's width, in pixels.
    static let rowHeight: Int32 = 3
    static let columnWidth: Int32 = 1
    /// How many columns the strip shows (its width).
    static let columns = 100

    private var pressed = false
    private var pendingDraw: IdleSource?

    public init() {
        super.init(gtk_drawing_area_new(), ownership: .sink)
        gtk_widget_set_size_request(widget, Int32(Self.columns) * Self.columnWidth + 4, -1)
        gtk_widget_set_no_show_all(widget, 1)
        let mask = GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue | GDK_BUTTON1_MOTION_MASK.rawValue
        gtk_widget_add_events(widget, gint(mask))
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), "view")
        connectDraw { [weak self] cairo in
            self?.draw(cairo)
            return false
        }
        connectEvent("button-press-event") { [weak self] event in
            guard let self, event.pointee.button.button == 1 else { return false }
            self.pressed = true
            self.point(at: event.pointee.button.y)
            return true
        }
        connectEvent("motion-notify-event") { [weak self] event in
            guard let self, self.pressed else { return false }
            self.point(at: event.pointee.motion.y)
            return true
        }
        connectEvent("button-release-event") { [weak self] _ in
            self?.pressed = false
            return false
        }
    }

    /// Draws the strip again once the frame under way is on screen (an edit or a scroll changed
    /// it): the map is never on a keystroke's path.
    public func redrawSoon() {
        guard pendingDraw == nil, isVisible else { return }
        pendingDraw = IdleSource { [weak self] in
            guard let self else { return false }
            self.pendingDraw = nil
            gtk_widget_queue_draw(self.widget)
            return false
        }
    }

    /// The document line at the strip's top: the rows scroll in proportion to the view, so the
    /// first and last lines are reached together.
    private func firstLine(rows: Int) -> Int {
        let total = lineCount()
        guard total > rows else { return 0 }
        let shown = shownLines()
        let scrollable = max(1, total - shown.count)
        let fraction = min(1, max(0, Double(shown.lowerBound) / Double(scrollable)))
        return Int(fraction * Double(total - rows))
    }

    private func draw(_ cairo: OpaquePointer) {
        let height = gtk_widget_get_allocated_height(widget), width = gtk_widget_get_allocated_width(widget)
        let context = gtk_widget_get_style_context(widget)
        gtk_render_background(context, cairo, 0, 0, Double(width), Double(height))
        let rows = Int(height / Self.rowHeight)
        let first = firstLine(rows: rows)
        let range = first..<min(lineCount(), first + rows)
        var color = GdkRGBA()
        gtk_style_context_get_color(context, gtk_style_context_get_state(context), &color)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * 0.45)
        for (row, text) in lines(range, Self.columns).enumerated() {
            addMarks(of: text, row: Int32(row), to: cairo)
        }
        cairo_fill(cairo)
        let shown = shownLines().clamped(to: range)
        if !shown.isEmpty {
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * 0.12)
            cairo_rectangle(cairo, 0, Double(Int32(shown.lowerBound - first) * Self.rowHeight), Double(width),
                            Double(Int32(shown.count) * Self.rowHeight))
            cairo_fill(cairo)
        }
    }

    /// Adds a mark for each run of characters of `text` (blanks are gaps; a tab reaches to the
    /// next multiple of 4 columns) to the path, on row `row`.
    private func addMarks(of text: String, row: Int32, to cairo: OpaquePointer) {
        var column = 0, runStart: Int?
        func close() {
            guard let start = runStart else { return }
            cairo_rectangle(cairo, Double(2 + Int32(start) * Self.columnWidth), Double(row * Self.rowHeight),
                            Double(Int32(column - start) * Self.columnWidth), Double(Self.rowHeight - 1))
            runStart = nil
        }
        for scalar in text.unicodeScalars where column < Self.columns {
            if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" {
                close()
                column = scalar == "\t" ? (column / 4 + 1) * 4 : column + 1
            } else {
                if runStart == nil { runStart = column }
                column += 1
            }
        }
        close()
    }

    /// Shows what the pointer is at: the line under it when the whole document fits the strip;
    /// else the strip stands for the whole document, as a scrollbar does (its rows scroll with
    /// the view, so the part shown stays under the pointer), and a drag from top to bottom goes
    /// through all of it.
    private func point(at y: Double) {
        let height = gtk_widget_get_allocated_height(widget)
        let rows = Int(height / Self.rowHeight), total = lineCount()
        let shown = shownLines().count
        guard total > rows else {
            let line = max(0, min(Int(y) / Int(Self.rowHeight), total - 1))
            onPoint?(max(0, line - shown / 2))
            return
        }
        // The tinted part follows the pointer, as a scrollbar's slider does: a click within half
        // of it from the strip's foot is the document's end.
        let slider = Double(Int32(shown) * Self.rowHeight)
        let fraction = min(1, max(0, (y - slider / 2) / max(1, Double(height) - slider)))
        onPoint?(Int((fraction * Double(max(0, total - shown))).rounded()))
    }
}
