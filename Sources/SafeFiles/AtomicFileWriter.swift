import Background
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Why a write failed: the path and the system's error number.
public struct FileWriteError: Error, Sendable {
    /// The path being written.
    public let path: String
    /// errno of the failed call.
    public let code: Int32
    /// Whether the file was not the version its `WriteGuard` expected: nothing was overwritten.
    public var changedMeanwhile = false
    /// Whether a file rewritten in place may hold neither its old bytes nor the new ones: the
    /// write failed and the old bytes could not be put back either.
    public var damaged = false

    /// A failure of the call that set `code`.
    public init(path: String, code: Int32, changedMeanwhile: Bool = false) {
        self.path = path
        self.code = code
        self.changedMeanwhile = changedMeanwhile
    }
}

/// How a save reached the disk (README explains when each is taken).
public enum SavePath: Sendable, Equatable {
    /// A new file: written beside its place, then renamed into it.
    case created
    /// The old file replaced whole by a temp file carrying its mode, owner, group and extended
    /// attributes (ACLs among them): a crash leaves the old file or the new one, never half.
    case replaced
    /// The file itself rewritten, as GIO's g_file_replace does when a replacement could not keep
    /// what the file is (another owner, hard links, a folder the user may not write).
    case inPlace
}

/// Writes files durably: a temp file in the same folder, fsync, rename, wherever the file lets
/// it; in place, still fsynced, where a rename would change who owns it or what links to it.
public enum AtomicFileWriter {
    /// Writes `data` to `path`. With `followingSymlinks` (documents), a link's target is written
    /// and the link stays, and an existing file keeps its mode, owner, group, extended attributes
    /// and hard links; a file this process may not write is refused (EACCES), never replaced.
    /// Without (Tandem's own state files), whatever is at `path` is replaced, with `mode`.
    /// `cancellation` stops a write that has not reached the file yet (ECANCELED): a replacement
    /// up to its rename, its temp file removed; a write in place only before it begins, since
    /// stopping one halfway would leave half a file. `calls` are the system calls made (tests
    /// make some fail).
    @discardableResult
    public static func write(_ data: Data, to path: String, mode: mode_t? = nil, followingSymlinks: Bool = true,
                             cancellation: Cancellation? = nil, calls: FileCalls = .system) throws(FileWriteError) -> SavePath {
        try commit(data, to: path, mode: mode, followingSymlinks: followingSymlinks, cancellation: cancellation, calls: calls).how
    }

    /// `write`, guarded: with `guarding`, a file that is no longer the version it expects is not
    /// overwritten (see `WriteGuard`). Returns how the file was written and the version written,
    /// as the written file's own descriptor saw it.
    public static func commit(_ data: Data, to path: String, mode: mode_t? = nil, followingSymlinks: Bool = true,
                              cancellation: Cancellation? = nil, guarding: WriteGuard? = nil,
                              calls: FileCalls = .system) throws(FileWriteError) -> (how: SavePath, written: stat) {
        try commit(.bytes(data), to: path, mode: mode, followingSymlinks: followingSymlinks, cancellation: cancellation,
                   guarding: guarding, calls: calls)
    }

    /// `commit` of content that may come in pieces. Pieces are only ever written to a new file
    /// renamed into place: a file that must be rewritten in place (other links, another owner)
    /// is refused with EMLINK, since putting its old bytes back on a failure needs them in hand.
    public static func commit(_ data: FileContent, to path: String, mode: mode_t? = nil, followingSymlinks: Bool = true,
                              cancellation: Cancellation? = nil, guarding: WriteGuard? = nil,
                              calls: FileCalls = .system) throws(FileWriteError) -> (how: SavePath, written: stat) {
        guard followingSymlinks else {
            let written = try replaceKeepingNothing(path, with: data, mode: mode ?? defaultMode(), cancellation: cancellation,
                                                    guarding: guarding, calls: calls)
            return (.replaced, written)
        }
        let target = resolvedTarget(of: path)
        var info = stat()
        guard stat(target, &info) == 0 else {
            let written = try replaceKeepingNothing(target, with: data, mode: mode ?? defaultMode(), cancellation: cancellation,
                                                    guarding: guarding, calls: calls)
            return (.created, written)
        }
        if let guarding, !guarding.expects(info) { throw FileWriteError(path: path, code: ESTALE, changedMeanwhile: true) }
        // The file's own permission decides, not the folder's: root's file in the user's folder
        // stays root's, and a read-only file is not swapped for a writable one.
        if access(target, W_OK) != 0 { throw FileWriteError(path: path, code: errno) }
        let mayReplace = FileReplacement.mayReplace(target, info: info)
        if mayReplace {
            do throws(FileReplacement.Refusal) {
                let written = try FileReplacement.replace(target, with: data, mode: mode ?? (info.st_mode & 0o7777), like: info,
                                                          cancellation: cancellation, guarding: guarding, calls: calls)
                return (.replaced, written)
            } catch {
                // The temp file could not take the old file's owner or attributes: write in place.
                if case .failed(let failure) = error { throw failure }
            }
        }
        if cancellation?.isCancelled == true { throw FileWriteError(path: path, code: ECANCELED) }
        guard case .bytes(let bytes) = data else { throw FileWriteError(path: path, code: EMLINK) }
        return (.inPlace, try FileReplacement.writeInPlace(target, data: bytes, guarding: guarding, calls: calls))
    }

    /// The file a path finally names, following symlinks (a dangling link names its target).
    public static func resolvedTarget(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = FileSystem.symlinkDestination(current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : PathName.join(PathName.folder(of: current), destination)
        }
        return current
    }

    /// Whether this process may write the file at `path`; a missing file: whether its folder
    /// lets it be created (a missing folder is not a matter of permission: saving says so).
    public static func isWritable(_ path: String) -> Bool {
        let target = resolvedTarget(of: path)
        if access(target, F_OK) == 0 { return access(target, W_OK) == 0 }
        let folder = PathName.folder(of: target)
        let existing = folder.isEmpty ? "." : folder
        return access(existing, F_OK) != 0 || access(existing, W_OK | X_OK) == 0
    }

    /// A replacement that has no old file's owner or attributes to keep.
    private static func replaceKeepingNothing(_ path: String, with data: FileContent, mode: mode_t,
                                              cancellation: Cancellation?, guarding: WriteGuard?, calls: FileCalls) throws(FileWriteError) -> stat {
        do throws(FileReplacement.Refusal) {
            return try FileReplacement.replace(path, with: data, mode: mode, like: nil, cancellation: cancellation,
                                               guarding: guarding, calls: calls)
        } catch {
            switch error {
            case .failed(let failure): throw failure
            case .cannotKeepAttributes: throw FileWriteError(path: path, code: EPERM)  // not reached: nothing to keep
            }
        }
    }

    /// What a new file gets: read-write for all, less the umask. The umask is read from
    /// /proc (Linux 4.7 and later), never by setting it: umask(2) changes it for the whole
    /// process, and another thread creating a file meanwhile would get mode 0666.
    private static func defaultMode() -> mode_t {
        0o666 & ~(currentUmask() ?? 0o022)
    }

    /// The process's umask, from the "Umask:" line of /proc/self/status.
    static func currentUmask() -> mode_t? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("Umask:") else { continue }
            return mode_t(String(text.dropFirst(6).filter { ("0"..."7").contains($0) }), radix: 8)
        }
        return nil
    }
}
