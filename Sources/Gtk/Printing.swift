import CGtk

/// How a document is printed: the choices of the print dialog's page of the editor's own.
public struct PrintOptions: Equatable, Sendable {
    /// Colours and styles of the text's language.
    public var highlightsSyntax = true
    /// A line number every this many lines (0: none).
    public var lineNumberStep = 1
    /// Long lines wrap onto the next row (else they are cut at the page's edge).
    public var wraps = true
    /// A header with the document's name and the page number.
    public var printsHeader = true
    /// The text's font, a Pango font description.
    public var font = "Monospace 10"

    /// The options gedit prints with by default, in `font`.
    public init(font: String = "Monospace 10") { self.font = font }
}

/// Printing a buffer as gedit does: the print dialog, with a page of the editor's own options
/// (highlighting, line numbers, wrapping, header, font), then the pages.
@MainActor
public enum Printing {
    /// Shows the print dialog over `window` and prints `buffer` ("Print to File" offers
    /// `pdfPath`). `tab`, titled `tabLabel`, is the dialog's page of the editor's own; `options`
    /// is asked how to print as the dialog opens and again when the user prints (the page may
    /// have changed them). `onFailure` is told why printing failed (never when it printed or was
    /// cancelled). The dialog does not hold the main loop (allow-async): quitting while it is
    /// open ends the process as any quit does.
    public static func print(_ buffer: SourceBuffer, title: String, pdfPath: String, over window: ApplicationWindow?,
                             tab: (widget: Widget, label: String)? = nil, options: @escaping @MainActor () -> PrintOptions,
                             onFailure: @escaping @MainActor (String) -> Void) {
        let uri = g_filename_to_uri(pdfPath, nil, nil)
        defer { g_free(uri) }
        guard let pointer = tandem_print_operation_new(buffer.sourceBuffer, title, uri) else { return }
        let operation = Object(pointer, ownership: .adopt)
        configure(pointer, options())
        if let tab {
            tab.widget.showAll()  // builder widgets start hidden in GTK 3
            tandem_print_operation_add_tab(pointer, tandem_widget(tab.widget.raw), tab.label)
            operation.connect("custom-widget-apply", ignoringOneArgument: true) { configure(pointer, options()) }
        }
        gtk_print_operation_set_allow_async(pointer, 1)
        // Kept (with the buffer it prints) until GTK says it is done.
        running.append((operation, buffer))
        operation.connectInt("done") { [weak operation] result in
            running.removeAll { $0.operation === operation }
            guard result == Int(GTK_PRINT_OPERATION_RESULT_ERROR.rawValue) else { return }
            var error: UnsafeMutablePointer<GError>?
            gtk_print_operation_get_error(pointer, &error)
            onFailure(error.map { String(cString: $0.pointee.message) } ?? "")
            g_clear_error(&error)
        }
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(pointer, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, window.map { tandem_window($0.raw) }, &error)
        if result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS { running.removeAll { $0.operation === operation } }
        if result == GTK_PRINT_OPERATION_RESULT_ERROR, let error {
            onFailure(String(cString: error.pointee.message))
        }
        g_clear_error(&error)
    }

    private static func configure(_ operation: UnsafeMutablePointer<GtkPrintOperation>, _ options: PrintOptions) {
        tandem_print_operation_configure(operation, options.highlightsSyntax ? 1 : 0, guint(max(0, options.lineNumberStep)),
                                         options.wraps ? 1 : 0, options.printsHeader ? 1 : 0, options.font)
    }

    /// Print operations under way.
    private static var running: [(operation: Object, buffer: SourceBuffer)] = []
}
