import CGtk

/// The marks beside the line numbers of a file in a git working tree, as Kate and VS Code show
/// them: a bar beside each line added (green) or changed (blue), and a red one on a line with
/// lines deleted just below it. What is marked is the app's to say (`marks`, by document line).
@MainActor
public final class ChangeGutter: Object {
    /// How a line differs from the version git holds.
    public enum Mark: Sendable, Equatable {
        case added, changed, deletedBelow
    }

    private weak var view: SourceView?

    /// The marks, by 0-based document line; setting them redraws the gutter.
    public var marks: [Int: Mark] = [:] {
        didSet {
            guard marks != oldValue else { return }
            gtk_source_gutter_renderer_queue_draw(tandem_gutter_renderer(raw))
        }
    }

    /// The colours, GNOME's palette: green 4, blue 3, red 3.
    private static let colors: [Mark: GdkRGBA] = [
        .added: GdkRGBA(red: 0x2e / 255.0, green: 0xc2 / 255.0, blue: 0x7e / 255.0, alpha: 1),
        .changed: GdkRGBA(red: 0x35 / 255.0, green: 0x84 / 255.0, blue: 0xe4 / 255.0, alpha: 1),
        .deletedBelow: GdkRGBA(red: 0xe0 / 255.0, green: 0x1b / 255.0, blue: 0x24 / 255.0, alpha: 1),
    ]

    init(view: SourceView) {
        self.view = view
        super.init(gtk_source_gutter_renderer_text_new(), ownership: .sink)
        let renderer = tandem_gutter_renderer(raw)
        gtk_source_gutter_renderer_set_padding(renderer, 0, 0)
        gtk_source_gutter_renderer_set_size(renderer, 3)
        let gutter = gtk_source_view_get_gutter(tandem_source_view(view.raw), GTK_TEXT_WINDOW_LEFT)
        // Right of the line numbers (-30), left of GtkSourceView's marks (-20).
        _ = gtk_source_gutter_insert(gutter, renderer, -25)
        let text = tandem_gutter_renderer_text(raw)
        connectQueryData { [weak self] iter, _ in
            gtk_source_gutter_renderer_text_set_text(text, "", 0)  // a bar, no text (Pango wants one)
            guard let self else { return }
            let row = Int(gtk_text_iter_get_line(iter))
            // The line numbers' mapping: the buffer holds a window of the document. A row that
            // continues a split line has no number, and no mark.
            let line = self.view?.lineNumbers.lineNumber.map { $0(row, Int(gtk_text_iter_get_offset(iter))) } ?? row
            if var color = line.flatMap({ self.marks[$0] }).flatMap({ Self.colors[$0] }) {
                gtk_source_gutter_renderer_set_background(renderer, &color)
            } else {
                gtk_source_gutter_renderer_set_background(renderer, nil)
            }
        }
    }

    /// Whether the marks show (a file outside a working tree has none, and no room is kept).
    public var isVisible: Bool {
        get { gtk_source_gutter_renderer_get_visible(tandem_gutter_renderer(raw)) != 0 }
        set { gtk_source_gutter_renderer_set_visible(tandem_gutter_renderer(raw), newValue ? 1 : 0) }
    }
}
