import CGtk

/// A vertical GtkScrollbar over its own adjustment, counted in whatever unit its owner picks
/// (Tandem: the document's lines, of which the text view holds only a window).
@MainActor
public final class Scrollbar: Widget {
    private let adjustmentObject: Object
    private var adjustment: UnsafeMutablePointer<GtkAdjustment> { tandem_adjustment(adjustmentObject.raw) }
    // Above zero while the owner sets the values, so only the user's moves are reported.
    private var settingDepth = 0

    /// Wraps the one a UI file declared (`Builder`), over the adjustment GTK gave it.
    init(built pointer: gpointer) {
        adjustmentObject = Object(gtk_range_get_adjustment(tandem_range(pointer)), ownership: .sink)
        super.init(pointer, ownership: .sink)
    }

    /// Creates a vertical scrollbar from 0 to 1.
    public init() {
        adjustmentObject = Object(gtk_adjustment_new(0, 0, 1, 1, 10, 1), ownership: .sink)
        super.init(gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, tandem_adjustment(adjustmentObject.raw)), ownership: .sink)
    }

    /// Sets where it stands (`value`), how much shows (`page`) and how much there is (`upper`).
    public func set(value: Double, page: Double, upper: Double) {
        let value = min(value, max(0, upper - page))
        // The same values again change nothing, yet GtkAdjustment still says its properties
        // changed and the scrollbar lays out anew: a second frame after every key.
        guard value != self.value || upper != gtk_adjustment_get_upper(adjustment)
            || page != gtk_adjustment_get_page_size(adjustment) else { return }
        settingDepth += 1
        defer { settingDepth -= 1 }
        gtk_adjustment_configure(adjustment, value, 0, upper, 1, max(1, page - 1), page)
    }

    /// Where the scrollbar stands.
    public var value: Double { gtk_adjustment_get_value(adjustment) }

    /// Calls `handler` with the new value when the user moves the scrollbar (drag, click, wheel).
    public func onUserScroll(_ handler: @escaping @MainActor (Double) -> Void) {
        adjustmentObject.connect("value-changed") { [weak self] in
            guard let self, self.settingDepth == 0 else { return }
            handler(self.value)
        }
    }
}
