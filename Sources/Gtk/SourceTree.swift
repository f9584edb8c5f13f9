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
        var folder = executablePath ?? ""
        for _ in 0..<6 {
            folder = folder.isEmpty || folder == "/" ? "" : parent(of: folder)
            guard !folder.isEmpty else { return nil }
            let candidate = (folder == "/" ? "" : folder) + "/data"
            if access(candidate + "/io.github.tandemedit.Tandem.desktop", F_OK) == 0 { return candidate }
        }
        return nil
    }()

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
