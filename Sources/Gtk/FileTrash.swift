import CGtk

/// The desktop's Trash, through GIO as the file manager uses it: an item moved there can be put
/// back (`TrashedFile`, in SafeFiles). Blocking: called off the main thread.
public enum FileTrash {
    /// Moves the file or folder at `path` to the Trash; nil, or GIO's message ("Unable to find or
    /// create trash directory", on a file system that keeps none).
    public static func trash(_ path: String) -> String? {
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard g_file_trash(file, nil, &error) == 0 else { return nil }
        defer { g_clear_error(&error) }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }

    /// The home Trash, where GIO moves the files of the home's file system.
    public static var homeTrash: String { String(cString: g_get_user_data_dir()) + "/Trash" }
}
