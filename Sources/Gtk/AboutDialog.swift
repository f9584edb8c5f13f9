import CGtk

/// The standard GTK About dialog.
@MainActor
public enum AboutDialog {
    /// Shows the About dialog over `parent`; it closes itself.
    public static func present(over parent: ApplicationWindow?, name: String, version: String, comments: String,
                               website: String, iconName: String, authors: [String]) {
        let dialog = gtk_about_dialog_new()!
        let about = UnsafeMutablePointer<GtkAboutDialog>(OpaquePointer(dialog))
        gtk_about_dialog_set_program_name(about, name)
        gtk_about_dialog_set_version(about, version)
        gtk_about_dialog_set_comments(about, comments)
        gtk_about_dialog_set_website(about, website)
        gtk_about_dialog_set_logo_icon_name(about, iconName)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_GPL_3_0)
        var names: [UnsafeMutablePointer<CChar>?] = authors.map { strdup($0) } + [nil]
        names.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_about_dialog_set_authors(about, $0)
            }
        }
        names.forEach { free($0) }
        if let parent { gtk_window_set_transient_for(tandem_window(UnsafeMutableRawPointer(dialog)), tandem_window(parent.raw)) }
        gtk_window_set_modal(tandem_window(UnsafeMutableRawPointer(dialog)), 1)
        // Closing answers with a response; the dialog then destroys itself (GTK owns it as a
        // toplevel). Swapped: the callback's one argument is the data, so the data is the dialog.
        g_signal_connect_data(UnsafeMutableRawPointer(dialog), "response",
                              unsafeBitCast(gtk_widget_destroy as @convention(c) (UnsafeMutablePointer<GtkWidget>?) -> Void, to: GCallback.self),
                              UnsafeMutableRawPointer(dialog), nil, G_CONNECT_SWAPPED)
        gtk_window_present(tandem_window(UnsafeMutableRawPointer(dialog)))
    }
}
