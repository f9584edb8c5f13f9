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
    /// Shows the print dialog over `parent` and prints `buffer` ("Print to File" offers
    /// `pdfPath`). `tab`, titled `tabLabel`, is the dialog's page of the editor's own; `options`
    /// is asked how to print as the dialog opens and again when the user prints (the page may
    /// have changed them). `onFailure` is told why printing failed (never when it printed or was
    /// cancelled). The dialog does not hold the main loop (allow-async): quitting while it is
    /// open ends the process as any quit does.
    public static func print(_ buffer: SourceBuffer, title: String, pdfPath: String, over parent: DialogParent?,
                             tab: (widget: Widget, label: String)? = nil, options: @escaping @MainActor () -> PrintOptions,
                             onFailure: @escaping @MainActor (String) -> Void) {
        let uri = g_filename_to_uri(pdfPath, nil, nil)
        defer { g_free(uri) }
        // GtkSourcePrintCompositor lays the pages out as gedit prints them: highlighting, line
        // numbers, a header with the title and "Page N of M", long lines wrapped.
        let compositor = Object(UnsafeMutableRawPointer(gtk_source_print_compositor_new(buffer.sourceBuffer)!), ownership: .adopt)
        let composing = UnsafeMutablePointer<GtkSourcePrintCompositor>(OpaquePointer(compositor.raw))
        gtk_source_print_compositor_set_header_format(composing, 1, title, nil, "%N / %Q")
        let pointer = gtk_print_operation_new()!
        let operation = Object(UnsafeMutableRawPointer(pointer), ownership: .adopt)
        gtk_print_operation_set_job_name(pointer, title)
        let settings = gtk_print_settings_new()!
        gtk_print_settings_set(settings, "output-uri", uri)  // GTK_PRINT_SETTINGS_OUTPUT_URI: "Print to File" writes there
        gtk_print_operation_set_print_settings(pointer, settings)
        g_object_unref(UnsafeMutableRawPointer(settings))
        // Each handler holds a reference of its own to what it works on, dropped with the handler.
        g_signal_connect_data(UnsafeMutableRawPointer(pointer), "paginate", unsafeBitCast(paginate, to: GCallback.self),
                              g_object_ref(compositor.raw), releaseObject, GConnectFlags(0))
        g_signal_connect_data(UnsafeMutableRawPointer(pointer), "draw-page", unsafeBitCast(drawPage, to: GCallback.self),
                              g_object_ref(compositor.raw), releaseObject, GConnectFlags(0))
        configure(composing, options())
        if let tab {
            tab.widget.showAll()  // builder widgets start hidden in GTK 3
            gtk_print_operation_set_custom_tab_label(pointer, tab.label)
            g_signal_connect_data(UnsafeMutableRawPointer(pointer), "create-custom-widget", unsafeBitCast(customTab, to: GCallback.self),
                                  g_object_ref(tab.widget.raw), releaseObject, GConnectFlags(0))
            operation.connect("custom-widget-apply", ignoringOneArgument: true) { configure(composing, options()) }
        }
        gtk_print_operation_set_allow_async(pointer, 1)
        // Kept (with the buffer it prints and its compositor) until GTK says it is done.
        running.append((operation, buffer, compositor))
        operation.connectInt("done") { [weak operation] result in
            running.removeAll { $0.operation === operation }
            guard result == Int(GTK_PRINT_OPERATION_RESULT_ERROR.rawValue) else { return }
            var error: UnsafeMutablePointer<GError>?
            gtk_print_operation_get_error(pointer, &error)
            onFailure(error.map { String(cString: $0.pointee.message) } ?? "")
            g_clear_error(&error)
        }
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(pointer, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent.map { tandem_window($0.window.raw) }, &error)
        if result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS { running.removeAll { $0.operation === operation } }
        if result == GTK_PRINT_OPERATION_RESULT_ERROR, let error {
            onFailure(String(cString: error.pointee.message))
        }
        g_clear_error(&error)
    }

    /// Sets how the compositor prints; before the pages are laid out (as the dialog opens, and
    /// when its page of ours is applied).
    private static func configure(_ compositor: UnsafeMutablePointer<GtkSourcePrintCompositor>, _ options: PrintOptions) {
        gtk_source_print_compositor_set_highlight_syntax(compositor, options.highlightsSyntax ? 1 : 0)
        gtk_source_print_compositor_set_print_line_numbers(compositor, guint(max(0, options.lineNumberStep)))
        gtk_source_print_compositor_set_wrap_mode(compositor, options.wraps ? GTK_WRAP_WORD_CHAR : GTK_WRAP_NONE)
        gtk_source_print_compositor_set_print_header(compositor, options.printsHeader ? 1 : 0)
        gtk_source_print_compositor_set_body_font_name(compositor, options.font)
    }

    /// Print operations under way.
    private static var running: [(operation: Object, buffer: SourceBuffer, compositor: Object)] = []
}

/// "paginate" (operation, context, compositor): lays out a few pages at a time; true once the
/// compositor has them all.
private let paginate: @convention(c) (UnsafeMutablePointer<GtkPrintOperation>?, OpaquePointer?, gpointer?) -> gboolean = { operation, context, data in
    let compositor = UnsafeMutablePointer<GtkSourcePrintCompositor>(OpaquePointer(data))
    guard gtk_source_print_compositor_paginate(compositor, context) != 0 else { return 0 }
    gtk_print_operation_set_n_pages(operation, gtk_source_print_compositor_get_n_pages(compositor))
    return 1
}

/// "draw-page" (operation, context, page, compositor): draws page `page` (from 0).
private let drawPage: @convention(c) (UnsafeMutablePointer<GtkPrintOperation>?, OpaquePointer?, gint, gpointer?) -> Void = { _, context, page, data in
    gtk_source_print_compositor_draw_page(UnsafeMutablePointer<GtkSourcePrintCompositor>(OpaquePointer(data)), context, page)
}

/// "create-custom-widget" (operation, tab): the dialog's page of the editor's own, built beforehand.
private let customTab: @convention(c) (UnsafeMutablePointer<GtkPrintOperation>?, gpointer?) -> UnsafeMutablePointer<GObject>? = { _, tab in
    tandem_object(tab)
}

/// Drops the reference a print handler held (a GClosureNotify).
private let releaseObject: GClosureNotify = { data, _ in g_object_unref(data) }
