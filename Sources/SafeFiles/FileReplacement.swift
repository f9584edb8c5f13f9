import Background
import CRenameExchange
import CXattr
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The two ways a file's bytes are written: replaced through a temp file and a rename, or
/// rewritten in place. `AtomicFileWriter` chooses between them.
enum FileReplacement {
    /// Why a replacement did not happen.
    enum Refusal: Error {
        /// The temp file could not be given the old file's owner, group or attributes.
        case cannotKeepAttributes
        /// A system call failed.
        case failed(FileWriteError)
    }

    /// Whether replacing by rename keeps the file as it is: the folder may be written, no other
    /// name links to the file, and it is this user's own (or this process may give it away).
    static func mayReplace(_ target: String, info: stat) -> Bool {
        let folder = PathName.folder(of: target)
        guard access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0 else { return false }
        guard info.st_nlink <= 1 else { return false }
        return geteuid() == 0 || info.st_uid == geteuid()
    }

    /// Writes `data` to a temp file beside `target` with `mode` (and, given `like`, that file's
    /// owner, group and extended attributes), fsyncs it and renames it over `target`, unless
    /// `cancellation` asked to stop before the rename.
    /// With `guarding`, the file at `target` must still be what it expects just before the
    /// rename and, where the filesystem can swap two files (RENAME_EXCHANGE), the file replaced is
    /// checked after the swap and swapped back if another write slipped in. Returns the new file's
    /// version as the temp file's descriptor saw it (never a later `stat` of the path).
    @discardableResult
    static func replace(_ target: String, with data: Data, mode: mode_t, like original: stat?,
                        cancellation: Cancellation? = nil, guarding: WriteGuard? = nil) throws(Refusal) -> stat {
        let folder = PathName.folder(of: target)
        var template = Array("\(folder.isEmpty ? "." : folder)/.\(PathName.file(of: target)).tandem-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .failed(FileWriteError(path: target, code: errno)) }
        let tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var committed = false
        defer { if !committed { unlink(tempPath) } }
        fchmod(fd, mode)
        if let original {
            let sameOwner = original.st_uid == geteuid() && original.st_gid == getegid()
            if !sameOwner && fchown(fd, original.st_uid, original.st_gid) != 0 {
                close(fd)
                throw .cannotKeepAttributes
            }
            fchmod(fd, mode)  // chown clears set-id bits; the file keeps its own
            guard copyExtendedAttributes(from: target, to: fd) else {
                close(fd)
                throw .cannotKeepAttributes
            }
        }
        var written = stat()
        if let code = writeAll(data, to: fd, cancellation: cancellation) ?? (fsync(fd) != 0 ? errno : nil)
            ?? (fstat(fd, &written) != 0 ? errno : nil) {
            close(fd)
            throw .failed(FileWriteError(path: target, code: code))
        }
        if close(fd) != 0 { throw .failed(FileWriteError(path: target, code: errno)) }
        // The last moment a stop leaves the old file as it was.
        if cancellation?.isCancelled == true { throw .failed(FileWriteError(path: target, code: ECANCELED)) }
        if let guarding {
            if !guarding.holds(at: target) { throw .failed(FileWriteError(path: target, code: ESTALE, changedMeanwhile: true)) }
            if tandem_rename_exchange(tempPath, target) == 0 {
                // The old file is at the temp path now: if it is not the version expected, another
                // write came between the check and the swap, and the swap is undone.
                if !guarding.holds(at: tempPath) {
                    if tandem_rename_exchange(tempPath, target) == 0 {
                        throw .failed(FileWriteError(path: target, code: ESTALE, changedMeanwhile: true))
                    }
                    // Could not swap back: the other write is kept beside it, never lost.
                    let aside = target + ".tandem-other"
                    rename(tempPath, aside)
                    committed = true
                    throw .failed(FileWriteError(path: target, code: ESTALE, changedMeanwhile: true))
                }
                unlink(tempPath)
                committed = true
            }
        }
        if !committed {
            if rename(tempPath, target) != 0 { throw .failed(FileWriteError(path: target, code: errno)) }
            committed = true
        }
        // Make the rename itself durable.
        let dirFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 { fsync(dirFD); close(dirFD) }
        return written
    }

    /// Rewrites the file itself: its inode, owner, links and attributes stay what they are.
    /// Not atomic (a crash can leave it half written); Tandem's draft still holds the text then.
    /// With `guarding`, the file must be what it expects when it is opened. Returns the version written.
    @discardableResult
    static func writeInPlace(_ target: String, data: Data, guarding: WriteGuard? = nil) throws(FileWriteError) -> stat {
        let fd = open(target, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileWriteError(path: target, code: errno) }
        var before = stat(), written = stat()
        if let guarding, fstat(fd, &before) == 0, !guarding.expects(before) {
            close(fd)
            throw FileWriteError(path: target, code: ESTALE, changedMeanwhile: true)
        }
        if let code = writeAll(data, to: fd) ?? (ftruncate(fd, off_t(data.count)) != 0 ? errno : nil)
            ?? (fsync(fd) != 0 ? errno : nil) ?? (fstat(fd, &written) != 0 ? errno : nil) {
            close(fd)
            throw FileWriteError(path: target, code: code)
        }
        if close(fd) != 0 { throw FileWriteError(path: target, code: errno) }
        return written
    }

    /// How much one write(2) takes, so that a cancellation is seen between pieces of a big file.
    static let pieceSize = 1 << 20

    /// Writes all of `data`; returns errno on failure (ECANCELED: `cancellation` stopped it).
    private static func writeAll(_ data: Data, to fd: Int32, cancellation: Cancellation? = nil) -> Int32? {
        data.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                if cancellation?.isCancelled == true { return ECANCELED }
                let n = Glibc.write(fd, bytes.baseAddress! + offset, min(bytes.count - offset, pieceSize))
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
    }

    /// Copies every extended attribute (ACLs are some) of the file at `path` onto `fd`; false
    /// when one could not be copied.
    private static func copyExtendedAttributes(from path: String, to fd: Int32) -> Bool {
        let size = listxattr(path, nil, 0)
        if size < 0 { return errno == ENOTSUP }  // a file system without them has none to keep
        if size == 0 { return true }
        var names = [CChar](repeating: 0, count: size)
        let listed = listxattr(path, &names, size)
        guard listed >= 0 else { return false }
        let all = names[0..<listed].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        for name in all {
            let length = getxattr(path, name, nil, 0)
            guard length >= 0 else { return false }
            var value = [UInt8](repeating: 0, count: length)
            guard getxattr(path, name, &value, length) == length, fsetxattr(fd, name, value, length, 0) == 0 else { return false }
        }
        return true
    }
}
