#if canImport(Glibc)
import Glibc
#endif

/// Every file of a project, as paths relative to its folder: what git tracks and what it would
/// add (`git ls-files --cached --others --exclude-standard`, so `.gitignore` is git's own to read)
/// in a working tree, else a walk of the folder that leaves hidden files and folders out.
/// Blocking: called off the main thread. At most `limit` paths.
public enum ProjectListing {
    public static func paths(of folder: String, limit: Int = 500_000) -> [String] {
        var found: [String] = []
        let fromGit = list(folder, limit: limit) { batch in
            found += batch
            return true
        }
        // A file deleted but not yet staged is still listed by --cached: the disk has the last word.
        return fromGit ? found.filter { access(folder + "/" + $0, F_OK) == 0 } : found
    }

    /// Lists the files of `folder` as `paths` does, handing them to `batch` a few hundred at a
    /// time as they are found (so a search can start on the first while the rest are listed),
    /// until it returns false. Returns whether git gave the list (it may name files deleted
    /// since their last commit).
    @discardableResult
    public static func list(_ folder: String, limit: Int = 500_000, batch: ([String]) -> Bool) -> Bool {
        var remaining = limit
        var pending: [String] = []
        var going = true
        func add(_ path: String) -> Bool {
            pending.append(path)
            remaining -= 1
            if pending.count >= batchSize || remaining <= 0 {
                going = batch(pending)
                pending.removeAll(keepingCapacity: true)
            }
            return going && remaining > 0
        }
        let fromGit = gitFiles(in: folder, add)
        if !fromGit { walk(folder, prefix: "", add) }
        if going && !pending.isEmpty { _ = batch(pending) }
        return fromGit
    }

    static let batchSize = 256

    /// git's list, each path to `add` until it returns false; false outside a working tree (or
    /// without git), before any path is given.
    private static func gitFiles(in folder: String, _ add: (String) -> Bool) -> Bool {
        // No fsmonitor: a hook a cloned repository names must not run because a folder was opened.
        let arguments = ["git", "-c", "core.fsmonitor=false", "-C", folder, "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
        // git says nothing until it knows it is in a working tree; the first bytes are kept until
        // it has exited with success, so a failure midway (not a tree) gives no paths at all.
        var held: [UInt8] = []
        var trusted = false
        var going = true
        let succeeded = run(arguments) { chunk in
            held += chunk
            guard trusted || held.count >= 1 << 16 else { return true }
            trusted = true
            going = give(&held, add, final: false)
            return going
        }
        guard succeeded || (trusted && !going) else { return false }
        if going { _ = give(&held, add, final: true) }
        return true
    }

    /// Hands the NUL-ended paths in `bytes` to `add`, keeping an unfinished last one.
    private static func give(_ bytes: inout [UInt8], _ add: (String) -> Bool, final: Bool) -> Bool {
        var start = 0
        var going = true
        for (index, byte) in bytes.enumerated() where byte == 0 {
            if index > start { going = add(String(decoding: bytes[start..<index], as: UTF8.self)) }
            start = index + 1
            if !going { break }
        }
        bytes.removeFirst(start)
        return going
    }

    private static func walk(_ folder: String, prefix: String, _ add: (String) -> Bool) {
        guard let directory = opendir(folder) else { return }
        var folders: [String] = []
        var going = true
        while going, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }  // ".", "..", and hidden ones
            var kind = Int32(entry.pointee.d_type)
            if kind == Int32(DT_UNKNOWN) {  // a file system that does not say: ask it
                var info = stat()
                guard lstat(folder + "/" + name, &info) == 0 else { continue }
                kind = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : 0
            }
            switch kind {
            case Int32(DT_DIR): folders.append(name)
            case Int32(DT_REG): going = add(prefix + name)
            default: break  // links are not followed: a link to / would list the disk
            }
        }
        closedir(directory)
        for name in folders.sorted() where going {
            var more = true
            walk(folder + "/" + name, prefix: prefix + name + "/") { path in
                more = add(path)
                return more
            }
            going = more
        }
    }

    /// Runs `arguments` (looked up on PATH), giving its standard output to `chunk` as it comes
    /// until that returns false (the program is then stopped); whether it ran and exited with 0.
    private static func run(_ arguments: [String], _ chunk: ([UInt8]) -> Bool) -> Bool {
        var pipes: [Int32] = [0, 0]
        guard pipe(&pipes) == 0 else { return false }
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
            return false
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var stopped = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipes[0], $0.baseAddress, $0.count) }
            if count > 0 {
                if !chunk(Array(buffer[0..<count])) {
                    stopped = true
                    kill(pid, SIGTERM)
                    break
                }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(pipes[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited with 0: WIFEXITED and WEXITSTATUS, which Swift's Glibc does not bring.
        return !stopped && status & 0x7f == 0 && (status >> 8) & 0xff == 0
    }
}
