import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a write failed: the path and the system's error number.
public struct FileWriteError: Error, Sendable {
    /// The path being written.
    public let path: String
    /// errno of the failed call.
    public let code: Int32
}

/// Replaces a file's contents all at once: a temp file in the same folder, fsync, rename.
/// A crash or a full disk at any point leaves either the old file or the new one, never half.
public enum AtomicFileWriter {
    /// Writes `data` to `path` with `mode` (or the existing file's mode, else 0666 less umask).
    /// With `followingSymlinks` (documents), a link's target is written and the link stays;
    /// without (Tandem's own state files), a link at `path` is replaced, never followed.
    public static func write(_ data: Data, to path: String, mode: mode_t? = nil,
                             followingSymlinks: Bool = true) throws(FileWriteError) {
        let target = followingSymlinks ? resolvedTarget(of: path) : path
        let folder = (target as NSString).deletingLastPathComponent
        var existing = stat()
        let existingMode: mode_t? = followingSymlinks && stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : nil

        var template = Array("\(folder.isEmpty ? "." : folder)/.\((target as NSString).lastPathComponent).tandem-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileWriteError(path: path, code: errno) }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(tempPath) }
        }
        let finalMode = mode ?? existingMode ?? defaultMode()
        fchmod(fd, finalMode)

        let writeError: Int32? = data.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        if let writeError { close(fd); throw FileWriteError(path: path, code: writeError) }
        if fsync(fd) != 0 { let e = errno; close(fd); throw FileWriteError(path: path, code: e) }
        if close(fd) != 0 { throw FileWriteError(path: path, code: errno) }
        if rename(tempPath, target) != 0 { throw FileWriteError(path: path, code: errno) }
        committed = true
        // Make the rename itself durable.
        let dirFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)
        if dirFD >= 0 { fsync(dirFD); close(dirFD) }
    }

    /// The file a path finally names, following symlinks (a dangling link names its target).
    public static func resolvedTarget(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }

    private static func defaultMode() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }
}
