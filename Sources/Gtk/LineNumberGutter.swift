import CGtk

/// Line numbers in a GtkSourceView's left gutter, like GtkSourceView's own, except that room
/// can be reserved for the lines a file will have once it has streamed in.
///
/// Why not GtkSourceView's own: it widens itself each time the line count gains a digit, and
/// every change of the text area's width makes GtkTextView invalidate every line of the buffer
/// (gtk_text_layout_set_screen_width), a 23 ms stall at a million lines, repeated per digit.
@MainActor
public final class LineNumberGutter: Object {
    private weak var view: SourceView?
    private var reservedDigits = 2
    private var shownDigits = 0

    init(view: SourceView) {
        self.view = view
        super.init(gtk_source_gutter_renderer_text_new(), ownership: .sink)
        let renderer = tandem_gutter_renderer(raw)
        // A wrapped line's number sits beside its first row, as in gedit: at the top of the
        // line's cell, which is where its first row is. (GtkSourceView's "first row" mode asks
        // GTK where every numbered line's first character is, laying the line out again each
        // time: 0.2 ms of a keystroke's frame on the 10 MB benchmark.)
        gtk_source_gutter_renderer_set_alignment(renderer, 1.0, 0.0)
        gtk_source_gutter_renderer_set_alignment_mode(renderer, GTK_SOURCE_GUTTER_RENDERER_ALIGNMENT_MODE_CELL)
        gtk_source_gutter_renderer_set_padding(renderer, 4, 0)
        let gutter = gtk_source_view_get_gutter(tandem_source_view(view.raw), GTK_TEXT_WINDOW_LEFT)
        // -30: GtkSourceView's own place for line numbers (GTK_SOURCE_VIEW_GUTTER_POSITION_LINES).
        _ = gtk_source_gutter_insert(gutter, renderer, -30)
        let text = tandem_gutter_renderer_text(raw)
        connectQueryData { [weak self] iter, state in
            let row = Int(gtk_text_iter_get_line(iter))
            guard let line = self?.lineNumber.map({ $0(row, Int(gtk_text_iter_get_offset(iter))) }) ?? row else {
                return gtk_source_gutter_renderer_text_set_markup(text, "", -1)  // a row continuing a split line
            }
            let markup = state.rawValue & GTK_SOURCE_GUTTER_RENDERER_STATE_CURSOR.rawValue != 0 ? "<b>\(line + 1)</b>" : "\(line + 1)"
            gtk_source_gutter_renderer_text_set_markup(text, markup, -1)
        }
        view.buffer.connect("changed") { [weak self] in
            self?.redrawIfLinesCameOrWent()
            self?.fit()
        }
        view.connect("style-updated") { [weak self] in
            self?.shownDigits = 0  // the font changed: measure again
            self?.fit()
        }
        fit()
    }

    /// The 0-based line to number a buffer row with, given the row and its start offset; nil
    /// leaves the row unnumbered. Unset: rows are lines.
    public var lineNumber: (@MainActor (_ row: Int, _ rowStart: Int) -> Int?)?

    /// Whether a wrapped line's number is beside its first row (rather than its middle).
    public var isAlignedWithFirstRow: Bool {
        var xalign: gfloat = 0, yalign: gfloat = 0
        gtk_source_gutter_renderer_get_alignment(tandem_gutter_renderer(raw), &xalign, &yalign)
        return gtk_source_gutter_renderer_get_alignment_mode(tandem_gutter_renderer(raw)) == GTK_SOURCE_GUTTER_RENDERER_ALIGNMENT_MODE_CELL && yalign == 0
    }

    /// Whether the numbers show.
    public var isVisible: Bool {
        get { gtk_source_gutter_renderer_get_visible(tandem_gutter_renderer(raw)) != 0 }
        set { gtk_source_gutter_renderer_set_visible(tandem_gutter_renderer(raw), newValue ? 1 : 0) }
    }

    /// The number of lines to make room for: the document's, when the buffer holds only a
    /// window of it (nil: the buffer's).
    public var lineCount: Int? {
        didSet { if lineCount != oldValue { fit() } }
    }

    /// Keeps room for `lines` lines from now on (an estimate for a file still loading).
    public func reserveRoom(forLines lines: Int) {
        reservedDigits = max(2, Self.digits(lines))
        fit()
    }

    /// The gutter's width in pixels (for tests).
    public var width: Int { Int(gtk_source_gutter_renderer_get_size(tandem_gutter_renderer(raw))) }

    /// GtkTextView redraws the gutter beside the lines a change touched, not below them: when
    /// lines are joined (undoing line breaks) the numbers below kept their old values. Every
    /// number shown is redrawn when the buffer gains or loses a line (the gutter only: a few
    /// dozen short labels).
    private func redrawIfLinesCameOrWent() {
        guard let view else { return }
        let lines = Int(gtk_text_buffer_get_line_count(view.buffer.buffer))
        guard lines != shownLineCount else { return }
        shownLineCount = lines
        gtk_source_gutter_renderer_queue_draw(tandem_gutter_renderer(raw))
    }

    private var shownLineCount = 0

    private func fit() {
        guard let view else { return }
        let digits = max(reservedDigits, Self.digits(lineCount ?? Int(gtk_text_buffer_get_line_count(view.buffer.buffer))))
        guard digits != shownDigits else { return }
        shownDigits = digits
        var width: gint = 0
        gtk_source_gutter_renderer_text_measure_markup(tandem_gutter_renderer_text(raw),
                                                       "<b>" + String(repeating: "9", count: digits) + "</b>", &width, nil)
        gtk_source_gutter_renderer_set_size(tandem_gutter_renderer(raw), width)
    }

    private static func digits(_ n: Int) -> Int { String(max(1, n)).count }
}
