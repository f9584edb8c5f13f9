import CGtk
import Glibc

/// The source tree's `data/` folder when Tandem runs from its build tree (nil when installed):
/// where the GSettings schema and the app icon are found before `meson install` puts them in place.
public enum SourceTree {
    /// The running executable's real path (symlinks resolved), as the kernel knows it.
    public static let executablePath: String? = {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }()

    /// `data/` in a folder above the running executable, looked for once.
    public static let dataFolder: String? = {
        var folder = executablePath ?? "/"
        for _ in 0..<6 where folder != "/" {
            folder = parent(of: folder)
            let candidate = (folder == "/" ? "" : folder) + "/data"
            if access(candidate + "/io.github.tandemedit.Tandem.desktop", F_OK) == 0 { return candidate }
        }
        return nil
    }()

    static func parent(of path: String) -> String {
        let parent = g_path_get_dirname(path)
        defer { g_free(parent) }
        return parent.map { String(cString: $0) } ?? "/"
    }
}
