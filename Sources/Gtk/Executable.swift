import CGtk
import Glibc

/// The running program's own file.
public enum Executable {
    /// The running executable's real path (symlinks resolved), as the kernel knows it.
    public static let path: String? = {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }()
}
