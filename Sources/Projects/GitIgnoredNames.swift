import CGit2
import Dispatch
import Synchronization

/// Which of a folder's entries git ignores (`.gitignore` files, `.git/info/exclude`, the user's
/// excludes), as `git status` decides, through libgit2; none outside a working tree. Blocking:
/// called off the main thread, once per folder listed.
public enum GitIgnoredNames {
    public static func ignored(in folder: String, _ entries: [(name: String, isFolder: Bool)]) -> Set<String> {
        guard GitIndexVersion.initialized, !entries.isEmpty else { return [] }
        // libgit2 stats each path to tell a file from a folder: a big folder is asked on both
        // cores, each part through a repository of its own.
        let parts = entries.count > 2_000 ? 2 : 1
        let found = Mutex<Set<String>>([])
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let slice = Array(entries[(entries.count * part / parts)..<(entries.count * (part + 1) / parts)])
            let names = ignored(in: folder, slice: slice)
            found.withLock { $0.formUnion(names) }
        }
        return found.withLock { $0 }
    }

    private static func ignored(in folder: String, slice entries: [(name: String, isFolder: Bool)]) -> Set<String> {
        var repository: OpaquePointer?
        guard git_repository_open_ext(&repository, folder, 0, nil) == 0, let repository else { return [] }
        defer { git_repository_free(repository) }
        guard let workdir = git_repository_workdir(repository).map({ String(cString: $0) }) else { return [] }
        // Both with their links resolved: libgit2 may name the working tree through other links.
        guard let real = GitIndexVersion.resolved(folder), let top = GitIndexVersion.resolved(workdir) else { return [] }
        let relative: String
        if real == top {
            relative = ""
        } else if real.hasPrefix(top + "/") {
            relative = String(real.dropFirst(top.count + 1)) + "/"
        } else {
            return []
        }
        var found: Set<String> = []
        for entry in entries where entry.name != ".git" {
            var ignored: Int32 = 0
            // A trailing slash asks about a folder: "build/" in .gitignore names only folders.
            let path = relative + entry.name + (entry.isFolder ? "/" : "")
            if git_ignore_path_is_ignored(&ignored, repository, path) == 0, ignored != 0 { found.insert(entry.name) }
        }
        return found
    }
}
