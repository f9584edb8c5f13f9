import Background
import CRenameExchange
import CXattr
#if canImport(Glibc)
import Glibc
#endif

/// The system calls Tandem's writes make, in one place: the system's own (`.system`), or, in
/// tests, the same calls with some of them made to fail as a full, read-only or dying disk would
/// (the Nth call of a kind, with an errno). Each wrapper answers as its system call does (-1 and
/// `errno`, or an errno where the call returns one), so callers check every one the same way.
public struct FileCalls: Sendable {
    /// A kind of call a fault can be put on.
    public enum Kind: String, CaseIterable, Sendable {
        /// open(2), mkstemp(3) and mkdir(2).
        case open
        case write
        /// fsync(2) and fdatasync(2) of a file.
        case sync
        /// The fsync of a folder that makes a rename in it durable.
        case folderSync
        /// rename(2), renameat2(RENAME_EXCHANGE) and link(2).
        case rename
        case chmod
        case chown
        /// fsetxattr(2), an extended attribute (an ACL) carried over.
        case xattr
        /// ftruncate(2).
        case truncate
        /// posix_fallocate(3): room secured before a file is rewritten in place.
        case allocate
        /// fstat(2).
        case stat
        case close
        case unlink
    }

    /// What a call does instead of its work.
    public enum Fault: Sendable, Equatable {
        /// Fails with this errno, having done nothing.
        case fail(Int32)
        /// A write takes only this many of the bytes asked (a disk that fills during it).
        case shortWrite(Int)
    }

    /// Asked before each call with its kind and, for a write, the bytes asked: nil lets it run.
    private let fault: (@Sendable (Kind, Int) -> Fault?)?

    /// The system's own calls.
    public static let system = FileCalls(fault: nil)

    /// Calls that ask `fault` first (tests).
    public init(fault: (@Sendable (_ kind: Kind, _ bytes: Int) -> Fault?)?) { self.fault = fault }

    /// The errno a call of `kind` is to fail with, if any.
    private func failure(_ kind: Kind) -> Int32? {
        guard let fault, case .fail(let code)? = fault(kind, 0) else { return nil }
        return code
    }

    /// -1 with `code` in errno: what a failed call returns.
    private func failed(_ code: Int32) -> Int32 {
        errno = code
        return -1
    }

    public func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        if let code = failure(.open) { return failed(code) }
        return Glibc.open(path, flags, mode)
    }

    /// mkstemp(3) on `template` (its XXXXXX replaced by the name made).
    public func makeTemporary(_ template: inout [CChar]) -> Int32 {
        if let code = failure(.open) { return failed(code) }
        return template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    }

    /// write(2), or pwrite(2) at `offset`.
    public func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, at offset: Int? = nil) -> Int {
        var count = count
        switch fault?(.write, count) {
        case .fail(let code)?: return Int(failed(code))
        case .shortWrite(let limit)?: count = min(count, limit)
        case nil: break
        }
        if let offset { return pwrite(fd, bytes, count, off_t(offset)) }
        return Glibc.write(fd, bytes, count)
    }

    /// How much one write(2) takes, so that a cancellation is seen between pieces of a big file.
    public static let pieceSize = 1 << 20

    /// Writes all of `bytes` (from `offset` with pwrite, else at the file's position), a piece at
    /// a time, going on after a short write or EINTR. Returns nil, or the errno that stopped it
    /// (ECANCELED: `cancellation`), with how many bytes were written before it.
    public func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, at offset: Int? = nil,
                         cancellation: Cancellation? = nil) -> (code: Int32, written: Int)? {
        var done = 0
        while done < bytes.count {
            if cancellation?.isCancelled == true { return (ECANCELED, done) }
            let n = write(fd, bytes.baseAddress! + done, min(bytes.count - done, Self.pieceSize), at: offset.map { $0 + done })
            if n < 0 {
                if errno == EINTR { continue }
                return (errno, done)
            }
            // A write that takes nothing and says no error would loop for ever: the disk is full.
            if n == 0 { return (ENOSPC, done) }
            done += n
        }
        return nil
    }

    /// fsync(2), or fdatasync(2) when only the data must be durable.
    public func sync(_ fd: Int32, dataOnly: Bool = false) -> Int32 {
        if let code = failure(.sync) { return failed(code) }
        return dataOnly ? fdatasync(fd) : fsync(fd)
    }

    /// Makes the names in `folder` durable (a rename into it): nil, or the errno that failed.
    public func syncFolder(_ folder: String) -> Int32? {
        if let code = failure(.folderSync) { return code }
        let fd = Glibc.open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { Glibc.close(fd) }
        return fsync(fd) == 0 ? nil : errno
    }

    public func rename(_ from: String, _ to: String) -> Int32 {
        if let code = failure(.rename) { return failed(code) }
        return Glibc.rename(from, to)
    }

    /// Renames `from` to `to` unless something is there (EEXIST). Where the file system cannot
    /// tell (EINVAL), it looks first: a rename the user asks for never replaces a file.
    public func renameWithoutReplacing(_ from: String, _ to: String) -> Int32 {
        if let code = failure(.rename) { return failed(code) }
        let result = tandem_rename_noreplace(from, to)
        guard result != 0, errno == EINVAL else { return result }
        var info = Glibc.stat()
        if lstat(to, &info) == 0 { return failed(EEXIST) }
        return Glibc.rename(from, to)
    }

    /// mkdir(2).
    public func makeFolder(_ path: String, _ mode: mode_t) -> Int32 {
        if let code = failure(.open) { return failed(code) }
        return mkdir(path, mode)
    }

    /// Swaps the files at `a` and `b` (renameat2 RENAME_EXCHANGE; EINVAL where the file system cannot).
    public func exchange(_ a: String, _ b: String) -> Int32 {
        if let code = failure(.rename) { return failed(code) }
        return tandem_rename_exchange(a, b)
    }

    /// link(2): a second name, refused (EEXIST) where one is there already.
    public func link(_ from: String, _ to: String) -> Int32 {
        if let code = failure(.rename) { return failed(code) }
        return Glibc.link(from, to)
    }

    public func chmod(_ fd: Int32, _ mode: mode_t) -> Int32 {
        if let code = failure(.chmod) { return failed(code) }
        return fchmod(fd, mode)
    }

    public func chown(_ fd: Int32, _ owner: uid_t, _ group: gid_t) -> Int32 {
        if let code = failure(.chown) { return failed(code) }
        return fchown(fd, owner, group)
    }

    public func setAttribute(_ fd: Int32, _ name: String, _ value: [UInt8]) -> Int32 {
        if let code = failure(.xattr) { return failed(code) }
        return fsetxattr(fd, name, value, value.count, 0)
    }

    public func truncate(_ fd: Int32, _ length: Int) -> Int32 {
        if let code = failure(.truncate) { return failed(code) }
        return ftruncate(fd, off_t(length))
    }

    /// posix_fallocate(3) of the first `length` bytes: 0, or the errno (it sets none).
    public func allocate(_ fd: Int32, _ length: Int) -> Int32 {
        if let code = failure(.allocate) { return code }
        return posix_fallocate(fd, 0, off_t(length))
    }

    public func stat(_ fd: Int32, _ info: inout stat) -> Int32 {
        if let code = failure(.stat) { return failed(code) }
        return fstat(fd, &info)
    }

    public func close(_ fd: Int32) -> Int32 {
        if let code = failure(.close) {
            Glibc.close(fd)  // a close that fails still lets the descriptor go (close(2))
            return failed(code)
        }
        return Glibc.close(fd)
    }

    public func unlink(_ path: String) -> Int32 {
        if let code = failure(.unlink) { return failed(code) }
        return Glibc.unlink(path)
    }
}
