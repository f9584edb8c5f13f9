import CGtk

/// A popover showing a table of text, pointing at a widget (the status bar): a heading row,
/// then rows whose first cell names them and whose other cells are figures (aligned right). It
/// takes no room until shown, stays open while the user goes on typing (not modal), and its
/// cells can be changed while it shows.
@MainActor
public final class TablePopover {
    private let popover: Widget
    /// The grid's labels, by row then column (held by the grid, which the popover holds).
    private var cells: [[UnsafeMutablePointer<GtkWidget>]] = []
    /// Called when the popover closes (Escape, or `close`).
    public var onClose: (@MainActor () -> Void)?

    /// A table of `rows` rows and `columns` columns, pointing at `widget`.
    public init(pointingAt widget: Widget, rows: Int, columns: Int) {
        let raw = gtk_popover_new(widget.widget)!
        popover = Widget(UnsafeMutableRawPointer(raw), ownership: .sink)
        let pointer = UnsafeMutablePointer<GtkPopover>(OpaquePointer(raw))
        // Not modal: typing goes on into the text while the figures show and follow it.
        gtk_popover_set_modal(pointer, 0)
        gtk_popover_set_position(pointer, GTK_POS_TOP)
        let grid = gtk_grid_new()!
        let table = UnsafeMutablePointer<GtkGrid>(OpaquePointer(grid))
        gtk_grid_set_column_spacing(table, 18)
        gtk_grid_set_row_spacing(table, 6)
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] {
            margin(grid, 12)
        }
        for row in 0..<rows {
            var labels: [UnsafeMutablePointer<GtkWidget>] = []
            for column in 0..<columns {
                let label = gtk_label_new(nil)!
                gtk_label_set_xalign(tandem_label(label), column == 0 ? 0 : 1)
                // Figures line up: the same width for every digit.
                if column > 0 { gtk_style_context_add_class(gtk_widget_get_style_context(label), "numeric") }
                if row == 0 { gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label") }
                gtk_grid_attach(table, label, gint(column), gint(row), 1, 1)
                labels.append(label)
            }
            cells.append(labels)
        }
        gtk_widget_show_all(grid)
        gtk_container_add(tandem_container(raw), grid)
        popover.connect("closed") { [weak self] in self?.onClose?() }
    }

    isolated deinit { gtk_widget_destroy(popover.widget) }

    /// Whether the table shows now.
    public var isOpen: Bool { gtk_widget_get_visible(popover.widget) != 0 }

    /// Shows the table.
    public func open() { gtk_popover_popup(UnsafeMutablePointer<GtkPopover>(OpaquePointer(popover.raw))) }

    /// Hides the table.
    public func close() { gtk_popover_popdown(UnsafeMutablePointer<GtkPopover>(OpaquePointer(popover.raw))) }

    /// Sets the text of the cell at `row`, `column` (row 0 is the heading).
    public func set(_ text: String, row: Int, column: Int) {
        guard row < cells.count, column < cells[row].count else { return }
        let label = tandem_label(cells[row][column])
        if let current = gtk_label_get_text(label), String(cString: current) == text { return }
        gtk_label_set_text(label, text)
    }
}
