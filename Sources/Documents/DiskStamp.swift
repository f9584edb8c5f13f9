#if canImport(Glibc)
import Glibc
#endif
import SafeFiles

/// What identifies one version of a file on disk: which file, its size and modification time
/// (on a server, the version's tag as well).
struct DiskStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64  // nanoseconds
    /// The server's tag of a version on a server (GIO's etag); empty on a local disk.
    var tag = ""

    /// The stamp of the file at `path` (following symlinks), or nil when there is none. A file on
    /// a server is asked for over the network: never on the main thread.
    static func of(_ path: String) -> DiskStamp? {
        if RemoteLocation.isRemote(path) { return try? RemoteFiles.stamp(path) }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return DiskStamp(info)
    }
}

extension DiskStamp {
    /// The stamp of the file `info` describes.
    init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                  modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}

/// A version of a document's file as the user saw it (an opaque token: see `DocumentStore.diskVersion(of:)`).
public struct DiskVersion: Sendable {
    let stamp: DiskStamp?
}
