import CGtk
import Localization

/// The desktop's list of recently used files (GtkRecentManager), shared with other GTK apps.
@MainActor
public enum RecentFiles {
    /// Records that the file at `path` was opened or saved. The desktop's list is touched once
    /// the main loop has nothing more urgent (after a launch's first frame): GtkRecentManager
    /// reads the whole list when first made, and a launch need not wait for it.
    public static func add(_ path: String) {
        pending.append(path)
        guard recorder == nil else { return }
        recorder = IdleSource(priority: 300) {  // G_PRIORITY_LOW: after drawing and text layout
            let paths = pending
            (pending, recorder) = ([], nil)
            for path in paths {
                guard let uri = g_filename_to_uri(path, nil, nil) else { continue }
                gtk_recent_manager_add_item(gtk_recent_manager_get_default(), uri)
                g_free(uri)
            }
            return false
        }
    }

    private static var pending: [String] = []
    private static var recorder: IdleSource?

    /// Asks the user to pick recently used files; `onAnswer` gets their paths (none if cancelled).
    public static func choose(over parent: ApplicationWindow?, onAnswer: @escaping @MainActor ([String]) -> Void) {
        let dialog = Widget(tandem_recent_chooser_dialog_new(localized("Open Recent"), parent.flatMap { tandem_window($0.raw) }), ownership: .sink)
        let chooser = OpaquePointer(dialog.raw)
        gtk_recent_chooser_set_local_only(chooser, 1)
        gtk_recent_chooser_set_select_multiple(chooser, 1)
        gtk_recent_chooser_set_sort_type(chooser, GTK_RECENT_SORT_MRU)
        // The handler keeps the wrapper alive until the dialog answers and is destroyed.
        dialog.connectInt("response") { response in
            var paths: [String] = []
            if response == Int(GTK_RESPONSE_ACCEPT.rawValue) {
                var count: gsize = 0
                if let uris = gtk_recent_chooser_get_uris(chooser, &count) {
                    for i in 0..<Int(count) {
                        if let uri = uris[i], let name = g_filename_from_uri(uri, nil, nil) {
                            paths.append(String(cString: name))
                            g_free(name)
                        }
                    }
                    g_strfreev(uris)
                }
            }
            dialog.destroy()
            onAnswer(paths)
        }
        gtk_window_present(tandem_window(dialog.raw))
    }
}
