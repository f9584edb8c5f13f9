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
    /// `cancellation` asked to stop before the rename. Every call is checked: until the rename the
    /// old file is untouched and the temp file goes; after it, a folder that cannot be synced is
    /// an error too (the new file is in place but not known to be durable).
    /// With `guarding`, the file at `target` must still be what it expects just before the
    /// rename and, where the filesystem can swap two files (RENAME_EXCHANGE), the file replaced is
    /// checked after the swap and swapped back if another write slipped in. Returns the new file's
    /// version as the temp file's descriptor saw it (never a later `stat` of the path).
    @discardableResult
    static func replace(_ target: String, with data: FileContent, mode: mode_t, like original: stat?,
                        cancellation: Cancellation? = nil, guarding: WriteGuard? = nil,
                        calls: FileCalls = .system) throws(Refusal) -> stat {
        let folder = PathName.folder(of: target)
        var template = Array("\(folder.isEmpty ? "." : folder)/.\(PathName.file(of: target)).tandem-XXXXXX".utf8CString)
        let fd = calls.makeTemporary(&template)
        guard fd >= 0 else { throw .failed(FileWriteError(path: target, code: errno)) }
        let tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var committed = false
        var isOpen = true
        // A temp file that could not be removed is only a hidden leftover beside the file.
        defer {
            if isOpen { _ = calls.close(fd) }
            if !committed { _ = calls.unlink(tempPath) }
        }
        func fail(_ code: Int32) -> Refusal { .failed(FileWriteError(path: target, code: code)) }
        if calls.chmod(fd, mode) != 0 { throw fail(errno) }
        if let original {
            let sameOwner = original.st_uid == geteuid() && original.st_gid == getegid()
            if !sameOwner && calls.chown(fd, original.st_uid, original.st_gid) != 0 { throw .cannotKeepAttributes }
            // chown clears set-id bits; the file keeps its own
            if !sameOwner && calls.chmod(fd, mode) != 0 { throw fail(errno) }
            guard copyExtendedAttributes(from: target, to: fd, calls: calls) else { throw .cannotKeepAttributes }
        }
        var written = stat()
        if let stop = data.write(to: fd, calls: calls, cancellation: cancellation) { throw fail(stop) }
        if calls.sync(fd) != 0 || calls.stat(fd, &written) != 0 { throw fail(errno) }
        isOpen = false
        if calls.close(fd) != 0 { throw fail(errno) }
        // The last moment a stop leaves the old file as it was.
        if cancellation?.isCancelled == true { throw fail(ECANCELED) }
        if let guarding {
            if !guarding.holds(at: target) { throw .failed(FileWriteError(path: target, code: ESTALE, changedMeanwhile: true)) }
            if calls.exchange(tempPath, target) == 0 {
                // The old file is at the temp path now: if it is not the version expected, another
                // write came between the check and the swap, and the swap is undone.
                committed = true
                if !guarding.holds(at: tempPath) {
                    if calls.exchange(tempPath, target) != 0 {
                        // Could not swap back: the other write is kept beside it, never lost,
                        // under a name of its own (at the temp path if no other name can be made).
                        keepAside(tempPath, besides: target, calls: calls)
                    } else {
                        committed = false
                    }
                    throw .failed(FileWriteError(path: target, code: ESTALE, changedMeanwhile: true))
                }
                // The old version's name goes; left behind, it is a hidden file beside the new one.
                _ = calls.unlink(tempPath)
            }
        }
        if !committed {
            if calls.rename(tempPath, target) != 0 { throw fail(errno) }
            committed = true
        }
        // Make the rename itself durable.
        if let code = calls.syncFolder(folder) { throw fail(code) }
        return written
    }

    /// Gives the file at `path` (another program's write, swapped out) a visible name beside
    /// `target` that no other file has: `NAME.tandem-other`, else `NAME.tandem-other-2`, …
    private static func keepAside(_ path: String, besides target: String, calls: FileCalls) {
        for number in 1...100 {
            let aside = target + ".tandem-other" + (number == 1 ? "" : "-\(number)")
            if calls.link(path, aside) == 0 {
                _ = calls.unlink(path)
                return
            }
            if errno != EEXIST { return }
        }
    }

    /// Rewrites the file itself: its inode, owner, links and attributes stay what they are.
    /// The room for the new bytes is secured first (posix_fallocate), so a disk that cannot hold
    /// them refuses before any old byte is overwritten; a write that fails after that puts the
    /// old bytes back (read before the first write), and a shrink truncates only once the new
    /// bytes are durable. On any error the file holds its old bytes, or `damaged` says it may not.
    /// With `guarding`, the file must be what it expects when it is opened. Returns the version written.
    @discardableResult
    static func writeInPlace(_ target: String, data: Data, guarding: WriteGuard? = nil,
                             calls: FileCalls = .system) throws(FileWriteError) -> stat {
        let fd = calls.open(target, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw FileWriteError(path: target, code: errno) }
        var isOpen = true
        defer { if isOpen { _ = calls.close(fd) } }
        var before = stat(), written = stat()
        if calls.stat(fd, &before) != 0 { throw FileWriteError(path: target, code: errno) }
        if let guarding, !guarding.expects(before) { throw FileWriteError(path: target, code: ESTALE, changedMeanwhile: true) }
        let oldSize = Int(before.st_size)
        if data.count > oldSize {
            let code = calls.allocate(fd, data.count)
            if code != 0 {
                // glibc's fallback (a file system without fallocate) writes zeros past the end
                // before it fails: those go, the old bytes were never touched.
                var now = stat()
                if fstat(fd, &now) == 0, Int(now.st_size) != oldSize { _ = ftruncate(fd, off_t(oldSize)) }
                throw FileWriteError(path: target, code: code)
            }
        }
        guard let old = readAll(fd, count: oldSize) else { throw FileWriteError(path: target, code: errno) }
        func putBack(_ code: Int32) -> FileWriteError {
            // Written from the start, as the new bytes were: the room is the old file's own.
            var failure = FileWriteError(path: target, code: code)
            let restored = old.withUnsafeBytes { calls.writeAll($0, to: fd, at: 0) } == nil
                && calls.truncate(fd, oldSize) == 0 && calls.sync(fd) == 0
            failure.damaged = !restored
            return failure
        }
        if let stop = data.withUnsafeBytes({ calls.writeAll($0, to: fd, at: 0) }) { throw putBack(stop.code) }
        if calls.sync(fd) != 0 { throw putBack(errno) }
        if data.count < oldSize && (calls.truncate(fd, data.count) != 0 || calls.sync(fd) != 0) { throw putBack(errno) }
        if calls.stat(fd, &written) != 0 { throw FileWriteError(path: target, code: errno) }
        isOpen = false
        if calls.close(fd) != 0 { throw FileWriteError(path: target, code: errno) }
        return written
    }

    /// The first `count` bytes of the file open at `fd`, read from its start (nil: errno says why).
    private static func readAll(_ fd: Int32, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { errno = EIO; return nil }  // shorter than its size said: changed under us
            done += n
        }
        return bytes
    }

    /// Copies every extended attribute (ACLs are some) of the file at `path` onto `fd`; false
    /// when one could not be copied.
    private static func copyExtendedAttributes(from path: String, to fd: Int32, calls: FileCalls) -> Bool {
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
            guard getxattr(path, name, &value, length) == length, calls.setAttribute(fd, name, value) == 0 else { return false }
        }
        return true
    }
}
