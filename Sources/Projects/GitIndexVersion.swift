import CGit2

/// A file's version in the index of the git working tree it is in (what `git diff` compares
/// it with), read through libgit2; nil outside a working tree, for a file git does not track,
/// or when the repository cannot be read. Blocking: called off the main thread.
public enum GitIndexVersion {
    /// libgit2 is initialized before any use (it counts initializations; one for the process
    /// is enough), or answers nothing.
    static let initialized: Bool = git_libgit2_init() > 0

    public static func bytes(of path: String, largest: Int = .max) -> [UInt8]? { read(path, largest: largest)?.bytes }

    /// The file's version in the index (nil for a file git does not track, or one whose version
    /// is over `largest` bytes) and the index file (to follow: a commit, a checkout or a stash
    /// rewrites it), the repository opened once; nil outside a working tree.
    public static func read(_ path: String, largest: Int = .max) -> (bytes: [UInt8]?, indexFile: String)? {
        guard initialized else { return nil }
        var repository: OpaquePointer?
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        guard git_repository_open_ext(&repository, folder.isEmpty ? "/" : folder, 0, nil) == 0, let repository else { return nil }
        defer { git_repository_free(repository) }
        // A bare repository has no working tree, and so no file of it is in one.
        guard let workdir = git_repository_workdir(repository).map({ String(cString: $0) }),
              let gitFolder = git_repository_path(repository).map({ String(cString: $0) }) else { return nil }
        let indexFile = gitFolder + "index"
        // The working tree's path as libgit2 found it may name the folder through other links.
        guard let relative = relativePath(of: path, in: workdir) else { return (nil, indexFile) }
        var index: OpaquePointer?
        guard git_repository_index(&index, repository) == 0, let index else { return (nil, indexFile) }
        defer { git_index_free(index) }
        // The size the file had when staged: a big blob is not even inflated.
        guard let entry = git_index_get_bypath(index, relative, 0), Int(entry.pointee.file_size) <= largest else { return (nil, indexFile) }
        var blob: OpaquePointer?
        var id = entry.pointee.id
        guard git_blob_lookup(&blob, repository, &id) == 0, let blob else { return (nil, indexFile) }
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size <= largest else { return (nil, indexFile) }
        guard size > 0, let content = git_blob_rawcontent(blob) else { return ([], indexFile) }
        return (Array(UnsafeRawBufferPointer(start: content, count: size)), indexFile)
    }

    /// `path` relative to `folder` (ending in "/"), both with their links resolved.
    static func relativePath(of path: String, in folder: String) -> String? {
        guard let real = resolved(path), let root = resolved(folder) else { return nil }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return real.hasPrefix(prefix) ? String(real.dropFirst(prefix.count)) : nil
    }

    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
