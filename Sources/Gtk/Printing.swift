import CGtk

/// Printing a buffer as gedit does: the print dialog, then pages with the text's highlighting,
/// line numbers and a header with the document's name and page numbers.
@MainActor
public enum Printing {
    /// Shows the print dialog over `window` and prints `buffer` in `font` ("Print to File" offers
    /// `pdfPath`); returns why it failed, or nil when it printed or the user cancelled.
    public static func print(_ buffer: SourceBuffer, title: String, font: String, pdfPath: String,
                             over window: ApplicationWindow?) -> String? {
        var message: UnsafeMutablePointer<CChar>?
        let uri = g_filename_to_uri(pdfPath, nil, nil)
        defer { g_free(uri) }
        let result = tandem_print_buffer(buffer.sourceBuffer, window.map { tandem_window($0.raw) }, title, font, uri, &message)
        defer { g_free(message) }
        guard result == GTK_PRINT_OPERATION_RESULT_ERROR else { return nil }
        return message.map { String(cString: $0) } ?? ""
    }
}
