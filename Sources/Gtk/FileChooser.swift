import CGtk
import Dispatch

/// A GtkFileChooserNative for Open, Open Folder or Save As; answers with paths, or the addresses
/// of files on servers (GVfs's locations, which the chooser reaches as Files does).
@MainActor
public final class FileChooser: Object {
    /// What the chooser is for.
    public enum Purpose { case open, folder, save }

    /// Creates a chooser over `parent`, its buttons named `accept` and `cancel` (with mnemonics,
    /// in the user's language). For `.save`, `suggestedName` and `folder` prefill it.
    public init(purpose: Purpose, title: String, accept: String, cancel: String, parent: DialogParent?,
                folder: String? = nil, suggestedName: String? = nil,
                onAnswer: @escaping @MainActor ([String]) -> Void) {
        let action = switch purpose {
        case .open: GTK_FILE_CHOOSER_ACTION_OPEN
        case .folder: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        case .save: GTK_FILE_CHOOSER_ACTION_SAVE
        }
        let native = gtk_file_chooser_native_new(title, parent.flatMap { tandem_window($0.window.raw) }, action, accept, cancel)!
        super.init(UnsafeMutableRawPointer(native), ownership: .adopt)
        let chooser = tandem_file_chooser(raw)
        gtk_file_chooser_set_local_only(chooser, 0)
        if purpose == .open { gtk_file_chooser_set_select_multiple(chooser, 1) }
        if purpose == .save { gtk_file_chooser_set_do_overwrite_confirmation(chooser, 1) }
        if let folder {
            if folder.hasPrefix("/") { gtk_file_chooser_set_current_folder(chooser, folder) } else { gtk_file_chooser_set_current_folder_uri(chooser, folder) }
        }
        if let suggestedName { gtk_file_chooser_set_current_name(chooser, suggestedName) }
        connectInt("response") { [weak self] response in
            guard let self else { return }
            var paths: [String] = []
            if response == Int(GTK_RESPONSE_ACCEPT.rawValue) {
                var list = gtk_file_chooser_get_uris(tandem_file_chooser(self.raw))
                let head = list
                while let node = list {
                    if let uri = node.pointee.data?.assumingMemoryBound(to: CChar.self) {
                        // A local file as its path; one on a server as its address.
                        if let name = g_filename_from_uri(uri, nil, nil) {
                            paths.append(String(cString: name))
                            g_free(name)
                        } else {
                            paths.append(String(cString: uri))
                        }
                        g_free(uri)
                    }
                    list = node.pointee.next
                }
                g_slist_free(head)
            }
            // After the key or click that answered has been handled: the dialog goes with the
            // last reference, and destroying it inside its own event handler makes GTK log criticals.
            DispatchQueue.main.async {
                onAnswer(paths)
                self.retainedWhileShown = nil
            }
        }
    }

    // A native dialog must outlive show() until it answers; it keeps itself alive till then.
    private var retainedWhileShown: FileChooser?

    /// Shows the chooser (non-blocking); the answer arrives through the closure.
    public func show() {
        retainedWhileShown = self
        gtk_native_dialog_show(tandem_native_dialog(raw))
    }
}
