import CGtk
import Localization

/// The desktop's list of recently used files (GtkRecentManager), shared with other GTK apps.
@MainActor
public enum RecentFiles {
    /// Records that the file at `path` was opened or saved, once the main loop has nothing more
    /// urgent (after a launch's first frame), on a thread of its own (`tandem_recent_add_in_thread`):
    /// the list is a whole XML file read and written back at every change.
    public static func add(_ path: String) {
        pending.append(path)
        guard recorder == nil, !isWriting else { return }
        recorder = IdleSource(priority: 300) {  // G_PRIORITY_LOW: after drawing and text layout
            recorder = nil
            writePending()
            return false
        }
    }

    private static var pending: [String] = []
    private static var recorder: IdleSource?
    /// Whether a worker is writing the list: the next waits for it, so none undoes another's entry.
    private static var isWriting = false

    private static func writePending() {
        guard !isWriting, !pending.isEmpty else { return }
        let paths = pending
        pending = []
        // The desktop's setting (GtkSettings), as GtkRecentManager honours it.
        guard let settings = gtk_settings_get_default(), tandem_object_get_bool(settings, "gtk-recent-files-enabled") != 0 else { return }
        var uris: [UnsafeMutablePointer<CChar>?] = paths.compactMap { g_filename_to_uri($0, nil, nil) }
        guard !uris.isEmpty else { return }
        defer { uris.forEach { g_free($0) } }
        uris.append(nil)
        isWriting = true
        uris.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                tandem_recent_add_in_thread($0, recentListWritten)
            }
        }
    }

    private static let recentListWritten: GSourceFunc = { _ in
        MainActor.assumeIsolated {
            isWriting = false
            writePending()  // what was opened meanwhile
        }
        return 0
    }

    /// Asks the user to pick a recently used file; `onAnswer` gets its path (none if cancelled).
    public static func choose(over parent: ApplicationWindow?, onAnswer: @escaping @MainActor ([String]) -> Void) {
        let dialog = Widget(tandem_recent_chooser_dialog_new(localized("Open Recent"), parent.flatMap { tandem_window($0.raw) }), ownership: .sink)
        let chooser = OpaquePointer(dialog.raw)
        gtk_recent_chooser_set_local_only(chooser, 1)
        // One file: GtkRecentChooser has no getter for a multiple selection (get_uris lists every item shown).
        gtk_recent_chooser_set_select_multiple(chooser, 0)
        gtk_recent_chooser_set_sort_type(chooser, GTK_RECENT_SORT_MRU)
        gtk_recent_chooser_set_show_tips(chooser, 1)  // the full path, so two "letter.txt" can be told apart
        gtk_window_set_default_size(tandem_window(dialog.raw), 560, 420)
        // The handler keeps the wrapper alive until the dialog answers and is destroyed.
        dialog.connectInt("response") { response in
            var paths: [String] = []
            if response == Int(GTK_RESPONSE_ACCEPT.rawValue), let uri = gtk_recent_chooser_get_current_uri(chooser) {
                if let name = g_filename_from_uri(uri, nil, nil) {
                    paths.append(String(cString: name))
                    g_free(name)
                }
                g_free(uri)
            }
            dialog.destroy()
            onAnswer(paths)
        }
        gtk_window_present(tandem_window(dialog.raw))
    }
}
