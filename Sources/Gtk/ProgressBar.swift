import CGtk

/// A GtkProgressBar showing a fraction done, with optional text on it.
@MainActor
public final class ProgressBar: Widget {
    /// Wraps the one a UI file declared (`Builder`).
    init(built pointer: gpointer) { super.init(pointer, ownership: .sink) }

    /// Creates an empty bar.
    public init() {
        super.init(gtk_progress_bar_new(), ownership: .sink)
    }

    /// The part done, from 0 to 1.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(tandem_progress_bar(raw)) }
        set { gtk_progress_bar_set_fraction(tandem_progress_bar(raw), max(0, min(1, newValue))) }
    }

    /// Text shown on the bar (nil: none).
    public var text: String? {
        get { gtk_progress_bar_get_text(tandem_progress_bar(raw)).map { String(cString: $0) } }
        set {
            gtk_progress_bar_set_text(tandem_progress_bar(raw), newValue)
            gtk_progress_bar_set_show_text(tandem_progress_bar(raw), newValue == nil ? 0 : 1)
        }
    }
}
