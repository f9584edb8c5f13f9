import CGtk
import Glibc

/// Small files written the way GNOME apps write their state: GLib's atomic replace and folder
/// creation, usable from any thread.
public enum GLibFile {
    /// Replaces `path` with `bytes`, whole or not at all: a temporary file, synced, renamed over
    /// it, with permissions `mode` (a link at `path` is replaced, never written through). Returns
    /// GLib's message when it fails.
    public static func replace(_ path: String, with bytes: [UInt8], mode: Int32) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let flags = GFileSetContentsFlags(G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
        let written = bytes.withUnsafeBytes { raw in
            g_file_set_contents_full(path, raw.baseAddress?.assumingMemoryBound(to: gchar.self), gssize(raw.count), flags, mode, &error)
        }
        guard written == 0 else { return nil }
        defer { g_clear_error(&error) }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }

    /// Makes folder `path` and every missing folder on the way, with permissions `mode`; returns
    /// the system's message when it fails.
    public static func makeFolders(_ path: String, mode: Int32) -> String? {
        guard g_mkdir_with_parents(path, mode) != 0 else { return nil }
        return String(cString: g_strerror(errno))
    }
}
