#if canImport(Glibc)
import Glibc
#endif

/// Every file of a project, as paths relative to its folder: what git tracks and what it would
/// add (`git ls-files --cached --others --exclude-standard`, so `.gitignore` is git's own to read)
/// in a working tree, else a walk of the folder that leaves hidden files and folders out.
/// Blocking: called off the main thread. At most `limit` paths.
public enum ProjectListing {
    public static func paths(of folder: String, limit: Int = 500_000) -> [String] {
        if let tracked = gitFiles(in: folder, limit: limit) { return tracked }
        var found: [String] = []
        walk(folder, prefix: "", into: &found, limit: limit)
        return found
    }

    /// git's list, or nil outside a working tree (or without git).
    static func gitFiles(in folder: String, limit: Int) -> [String]? {
        // No fsmonitor: a hook a cloned repository names must not run because a folder was opened.
        let arguments = ["git", "-c", "core.fsmonitor=false", "-C", folder, "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
        guard let output = run(arguments) else { return nil }
        var paths: [String] = []
        var start = 0
        for (index, byte) in output.enumerated() where byte == 0 {
            if index > start { paths.append(String(decoding: output[start..<index], as: UTF8.self)) }
            start = index + 1
            if paths.count >= limit { break }
        }
        // A file deleted but not yet staged is still listed by --cached: the disk has the last word.
        return paths.filter { access(folder + "/" + $0, F_OK) == 0 }
    }

    private static func walk(_ folder: String, prefix: String, into found: inout [String], limit: Int) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var folders: [String] = []
        while found.count < limit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }  // ".", "..", and hidden ones
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: folders.append(name)
            case S_IFREG: found.append(prefix + name)
            default: break  // links are not followed: a link to / would list the disk
            }
        }
        for name in folders.sorted() where found.count < limit {
            walk(folder + "/" + name, prefix: prefix + name + "/", into: &found, limit: limit)
        }
    }

    /// The standard output of `arguments` (looked up on PATH), or nil if it could not run or failed.
    private static func run(_ arguments: [String]) -> [UInt8]? {
        var pipes: [Int32] = [0, 0]
        guard pipe(&pipes) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipes[0])
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(pipes[1])
        guard spawned == 0 else {
            close(pipes[0])
            return nil
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipes[0], $0.baseAddress, $0.count) }
            if count > 0 { output += chunk[0..<count] } else if count < 0 && errno == EINTR { continue } else { break }
        }
        close(pipes[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited with 0: WIFEXITED and WEXITSTATUS, which Swift's Glibc does not bring.
        return status & 0x7f == 0 && (status >> 8) & 0xff == 0 ? output : nil
    }
}
