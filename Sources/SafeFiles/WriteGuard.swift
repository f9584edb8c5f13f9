#if canImport(Glibc)
import Glibc
#endif

/// What a save expects to replace: the file's version it knows. A file that is not that version
/// any more (another program wrote it) is not overwritten: the write fails with
/// `FileWriteError.changedMeanwhile`. A missing file expects nothing (saving creates it again).
public struct WriteGuard: Sendable {
    /// Whether the file described by a `stat` is the version expected.
    public let expects: @Sendable (stat) -> Bool

    /// A guard that accepts the files `expects` says yes to.
    public init(expects: @escaping @Sendable (stat) -> Bool) { self.expects = expects }

    /// Whether the file at `path` is the version expected, or is not there.
    func holds(at path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return expects(info)
    }
}
