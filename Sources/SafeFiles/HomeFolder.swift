import Glibc

/// The user's home folder: `$HOME`, else the password database's entry (as GLib and
/// Foundation find it).
public enum HomeFolder {
    /// The path, without a trailing slash ("/" when nothing better is known).
    public static var path: String {
        if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) }
        if let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir { return String(cString: folder) }
        return "/"
    }
}
