import CGtk

/// A flat status-bar button that opens a popover showing a table of text: a heading row, then
/// rows whose first cell names them and whose other cells are figures (aligned right). The
/// table is built the first time the button is pressed, and its cells can be changed while it
/// shows; it stays open while the user goes on typing, until the button is pressed again.
@MainActor
public final class TablePopoverButton: Widget {
    private var status: ButtonText?
    private var popover: UnsafeMutablePointer<GtkWidget>?
    /// The grid's labels, by row then column (held with a reference of ours).
    private var cells: [[UnsafeMutablePointer<GtkWidget>]] = []
    /// Called when the popover opens (fill the table then) and when it closes.
    public var onOpen: (@MainActor () -> Void)?
    public var onClose: (@MainActor () -> Void)?

    /// A button saying `label`, opening a table of `rows` rows and `columns` columns.
    public init(label: String, rows: Int, columns: Int) {
        super.init(gtk_menu_button_new(), ownership: .sink)
        gtk_button_set_relief(tandem_button(raw), GTK_RELIEF_NONE)
        status = ButtonText(in: raw)
        status?.text = label
        // GtkMenuButton makes itself insensitive while it has nothing to show.
        gtk_widget_set_sensitive(widget, 1)
        let toggle = UnsafeMutablePointer<GtkToggleButton>(OpaquePointer(raw))
        connect("toggled") { [weak self] in
            guard let self, gtk_toggle_button_get_active(toggle) != 0 else { return }
            if self.popover == nil { gtk_popover_popup(self.makePopover(rows: rows, columns: columns)) }
            self.onOpen?()
        }
    }

    isolated deinit {
        for row in cells { for cell in row { g_object_unref(cell) } }
    }

    /// Whether the table shows now.
    public var isOpen: Bool {
        gtk_toggle_button_get_active(UnsafeMutablePointer<GtkToggleButton>(OpaquePointer(raw))) != 0
    }

    /// Sets the text of the cell at `row`, `column` (row 0 is the heading).
    public func set(_ text: String, row: Int, column: Int) {
        guard row < cells.count, column < cells[row].count else { return }
        let label = tandem_label(cells[row][column])
        if let current = gtk_label_get_text(label), String(cString: current) == text { return }
        gtk_label_set_text(label, text)
    }

    private func makePopover(rows: Int, columns: Int) -> UnsafeMutablePointer<GtkPopover> {
        let popover = gtk_popover_new(nil)!
        self.popover = popover
        // Not modal: typing goes on into the text while the figures show and follow it (a
        // writer watching the word count); the button closes it again.
        gtk_popover_set_modal(UnsafeMutablePointer<GtkPopover>(OpaquePointer(popover)), 0)
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
                g_object_ref_sink(label)
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
        gtk_container_add(tandem_container(popover), grid)
        gtk_menu_button_set_popover(UnsafeMutablePointer<GtkMenuButton>(OpaquePointer(raw)), popover)
        Object(UnsafeMutableRawPointer(popover), ownership: .sink).connect("closed") { [weak self] in self?.onClose?() }
        return UnsafeMutablePointer<GtkPopover>(OpaquePointer(popover))
    }
}
