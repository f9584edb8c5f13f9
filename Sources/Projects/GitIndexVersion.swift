import CGit2

/// A file's version in the index of the git working tree it is in (what `git diff` compares
/// it with), read through libgit2; nil outside a working tree, for a file git does not track,
/// or when the repository cannot be read. Blocking: called off the main thread.
public enum GitIndexVersion {
    /// libgit2 is initialized before any use (it counts initializations; one for the process
    /// is enough), or answers nothing.
    static let initialized: Bool = git_libgit2_init() > 0

    public static func bytes(of path: String) -> [UInt8]? {
        guard initialized else { return nil }
        var repository: OpaquePointer?
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        guard git_repository_open_ext(&repository, folder.isEmpty ? "/" : folder, 0, nil) == 0, let repository else { return nil }
        defer { git_repository_free(repository) }
        guard let workdir = git_repository_workdir(repository).map({ String(cString: $0) }) else { return nil }  // a bare repository
        // The working tree's path as libgit2 found it may name the folder through other links.
        guard let relative = relativePath(of: path, in: workdir) else { return nil }
        var index: OpaquePointer?
        guard git_repository_index(&index, repository) == 0, let index else { return nil }
        defer { git_index_free(index) }
        guard let entry = git_index_get_bypath(index, relative, 0) else { return nil }
        var blob: OpaquePointer?
        var id = entry.pointee.id
        guard git_blob_lookup(&blob, repository, &id) == 0, let blob else { return nil }
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }

    /// The index file of the working tree `path` is in (to follow: a commit, a checkout or a
    /// stash rewrites it), or nil outside one.
    public static func indexFile(of path: String) -> String? {
        guard initialized else { return nil }
        var repository: OpaquePointer?
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        guard git_repository_open_ext(&repository, folder.isEmpty ? "/" : folder, 0, nil) == 0, let repository else { return nil }
        defer { git_repository_free(repository) }
        guard git_repository_workdir(repository) != nil, let gitFolder = git_repository_path(repository) else { return nil }
        return String(cString: gitFolder) + "index"
    }

    /// `path` relative to `folder` (ending in "/"), both with their links resolved.
    static func relativePath(of path: String, in folder: String) -> String? {
        guard let real = resolved(path), let root = resolved(folder) else { return nil }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return real.hasPrefix(prefix) ? String(real.dropFirst(prefix.count)) : nil
    }

    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
