import Glibc

/// What the file system says of a path, asked with stat, readlink and mkdir directly:
/// FileManager answers the same through FoundationEssentials' file and URL layers, whose code
/// a launch would otherwise page in for a few questions.
public enum FileSystem {
    /// Whether something exists at `path`, symlinks followed (as FileManager's fileExists).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` names a folder, symlinks followed.
    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The size in bytes of the regular file at `path` (nil: missing, or not a regular file).
    public static func regularFileSize(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// When the file at `path` was last modified, in seconds since 1970 (nil: missing).
    public static func modificationTime(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// What the symlink at `path` names, as written in it (nil: not a symlink).
    public static func symlinkDestination(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// The bytes of the file at `path`, read whole (nil: it cannot be opened or read).
    public static func contents(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes += chunk[..<count]
        }
    }

    /// Makes `path` a folder, with the missing folders above it; each one made gets `mode`.
    /// True when `path` is a folder afterwards (made now or before).
    @discardableResult
    public static func createFolder(_ path: String, mode: mode_t = 0o755) -> Bool {
        if isFolder(path) { return true }
        let parent = PathName.folder(of: path)
        if parent != path, !parent.isEmpty, !createFolder(parent, mode: mode) { return false }
        return mkdir(path, mode) == 0 || isFolder(path)  // another process may have made it meanwhile
    }
}
