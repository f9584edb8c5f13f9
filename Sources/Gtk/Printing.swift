import CGtk

/// Printing a buffer as gedit does: the print dialog, then pages with the text's highlighting,
/// line numbers and a header with the document's name and page numbers.
@MainActor
public enum Printing {
    /// Shows the print dialog over `window` and prints `buffer` in `font` ("Print to File" offers
    /// `pdfPath`); `onFailure` is told why printing failed (never when it printed or was
    /// cancelled). The dialog does not hold the main loop (allow-async): quitting while it is
    /// open ends the process as any quit does.
    public static func print(_ buffer: SourceBuffer, title: String, font: String, pdfPath: String,
                             over window: ApplicationWindow?, onFailure: @escaping @MainActor (String) -> Void) {
        let uri = g_filename_to_uri(pdfPath, nil, nil)
        defer { g_free(uri) }
        guard let pointer = tandem_print_operation_new(buffer.sourceBuffer, title, font, uri) else { return }
        let operation = Object(pointer, ownership: .adopt)
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

    /// Print operations under way.
    private static var running: [(operation: Object, buffer: SourceBuffer)] = []
}
