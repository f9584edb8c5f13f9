import Background
import Dispatch
import FoundationEssentials
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// Watches the folders of open files with inotify and reports, on the main queue and at most
/// every `interval`, which watched paths may have changed. Watching the folder, not the
/// file, also catches editors that save by writing a new file and renaming it over the old.
///
/// It never goes deaf: a folder that does not exist (or goes away: a branch switch) is watched
/// through its nearest existing ancestor until it is back, and its files are then reported; an
/// overflow of inotify's queue reports every watched file.
@MainActor
final class FileWatcher {
    private let fd: Int32
    private let reader: InotifyReader
    /// Folders inotify watches now, both ways: a document's folder or an ancestor of a missing one.
    private var watches: [Int32: String] = [:]
    private var watchOf: [String: Int32] = [:]
    /// The folder each watch was added on (device, inode): a name may come to mean another folder.
    private var inodes: [Int32: FolderIdentity] = [:]
    private var watched: [String: Set<String>] = [:] // folder -> file names
    /// Folders of watched files that do not exist now, watched through an ancestor.
    private var missing: Set<String> = []
    /// Folders a watched file went from since the last report: looked at again as it is made,
    /// since the folder itself may go a moment after its files (see `renewIfGone`).
    private var suspects: Set<String> = []
    private var pending: Set<String> = []
    /// Pending paths whose file was written, truncated or touched in place (not replaced): a
    /// change that may keep the file's size and time, told by its bytes alone.
    private var pendingInPlace: Set<String> = []
    /// Watched files moved to another name in the burst not yet reported, old path -> new path.
    /// Whether they moved or were replaced is decided when the burst is reported (`reportIfDue`).
    private var moves: [String: String] = [:]
    /// When the oldest unreported change arrived (nil: nothing pending).
    private var pendingSince: DispatchTime?
    private var flushScheduled = false
    /// How many reports `onChange` has received (tests wait on it instead of sleeping).
    private(set) var reportCount = 0
    /// How many inotify events reached the main thread (tests: those about other files must not).
    private(set) var eventsTaken = 0
    /// How many reads of inotify off the main thread found events (tests wait on it).
    var readsWithEvents: Int { reader.readCount.load(ordering: .relaxed) }
    private let interval: DispatchTimeInterval
    private let onChange: @MainActor (_ paths: Set<String>, _ inPlace: Set<String>) -> Void
    private let onRename: @MainActor (_ from: String, _ to: String) -> Void
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MODIFY
                                     | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Creates a watcher; `onChange` receives paths (as passed to `watch`) that may have changed,
    /// and those of them written in place,
    /// `onRename` a watched file renamed within a watched folder (the old path stops being watched)
    /// when no file took its old name in the same burst (one that did is a change of the old path).
    init(interval: DispatchTimeInterval = .milliseconds(150),
         onChange: @escaping @MainActor (_ paths: Set<String>, _ inPlace: Set<String>) -> Void,
         onRename: @escaping @MainActor (_ from: String, _ to: String) -> Void = { _, _ in }) {
        self.interval = interval
        self.onChange = onChange
        self.onRename = onRename
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        self.fd = fd
        reader = InotifyReader(fd: fd)
        guard fd >= 0 else { return }  // no inotify: documents simply are not watched
        reader.start(kept: Self.draining(self))
    }

    /// What the reader calls when it kept events: made here so that it holds the watcher weakly
    /// (a closure written in `init` would hold it strongly, to hand it to the inner one).
    private nonisolated static func draining(_ watcher: FileWatcher) -> @Sendable () -> Void {
        { [weak watcher] in Background.onMain { [weak watcher] in watcher?.drain() } }
    }

    isolated deinit {
        reader.stop()
    }

    /// Starts watching the file at `path` (which need not exist yet, nor its folder).
    func watch(_ path: String) {
        let folder = PathName.folder(of: path)
        let isNew = watched[folder] == nil
        watched[folder, default: []].insert(PathName.file(of: path))
        if isNew { attach(folder) } else { publishInterest() }
    }

    /// Stops watching the file at `path`.
    func unwatch(_ path: String) {
        let folder = PathName.folder(of: path)
        watched[folder]?.remove(PathName.file(of: path))
        publishInterest()
        guard watched[folder]?.isEmpty ?? false else { return }
        watched[folder] = nil
        missing.remove(folder)
        prune()
    }

    /// The file at `path` was found missing (a look at the disk, such as a window getting the
    /// focus): its folder is looked at, and watched anew if it went.
    func lookAtFolder(of path: String) {
        guard renewIfGone(PathName.folder(of: path)) else { return }
        retryMissing()
        scheduleFlush()
    }

    /// Watches `folder` itself, or, while it does not exist, its nearest existing ancestor.
    private func attach(_ folder: String) {
        guard fd >= 0 else { return }
        if add(folder) { missing.remove(folder); return }
        missing.insert(folder)
        var ancestor = folder
        while ancestor != "/" && !ancestor.isEmpty {
            ancestor = PathName.folder(of: ancestor)
            if add(ancestor) { return }
        }
    }

    /// Adds an inotify watch on `path` (kept if there already is one); false when it cannot.
    private func add(_ path: String) -> Bool {
        if watchOf[path] != nil { return true }
        let wd = inotify_add_watch(fd, path, Self.mask)
        guard wd >= 0 else { return false }
        watches[wd] = path
        watchOf[path] = wd
        inodes[wd] = FolderIdentity(path)
        publishInterest()
        return true
    }

    /// Forgets a watch inotify dropped or that no longer watches the right folder.
    private func forget(_ wd: Int32, remove: Bool) {
        guard let path = watches.removeValue(forKey: wd) else { return }
        watchOf[path] = nil
        inodes[wd] = nil
        if remove { inotify_rm_watch(fd, wd) }
        publishInterest()
    }

    /// Tells the reader which names each watch is for, so that it drops events about others.
    private func publishInterest() {
        reader.publish(watches.mapValues { watched[$0] ?? [] })
    }

    /// A folder deleted while something holds it open (a process's working directory, a shell's,
    /// an open descriptor) sends no IN_DELETE_SELF until the last holder lets go: its watch stays
    /// on the dead folder, deaf to one made again under its name. So when a watched file goes
    /// from a folder, the folder is looked at (a stat): gone, it is watched through an ancestor;
    /// another folder under its name, that one is watched. Returns whether it was.
    private func renewIfGone(_ folder: String) -> Bool {
        guard let wd = watchOf[folder], watched[folder] != nil, FolderIdentity(folder) != inodes[wd] else { return false }
        forget(wd, remove: true)
        for file in watched[folder] ?? [] { pending.insert(PathName.join(folder, file)) }
        missing.insert(folder)
        return true
    }

    /// Tries the missing folders again (something appeared in a folder on their way): each one
    /// back has its files reported, since they may be back too.
    private func retryMissing() {
        for folder in missing.sorted() {
            attach(folder)
            if !missing.contains(folder) { for name in watched[folder] ?? [] { pending.insert(PathName.join(folder, name)) } }
        }
        prune()
    }

    /// Drops watches that are neither a document's folder nor on the way to a missing one.
    private func prune() {
        for (wd, path) in watches where watched[path] == nil && !missing.contains(where: { $0.hasPrefix(path == "/" ? "/" : path + "/") }) {
            forget(wd, remove: true)
        }
    }

    /// Reads whatever inotify has now, and reports what has waited a full interval, without
    /// waiting for the main queue (tests use it: their run loop does not always service the
    /// main queue promptly). The rate limit is the same as on the main queue's path.
    func poll() {
        _ = reader.read()
        drain()
        reportIfDue()
    }

    private func drain() {
        var movedFrom: [UInt32: String] = [:]  // rename cookie -> old path of a watched file
        var lookForMissing = false
        var goneFrom: Set<String> = []  // folders a watched file went from
        let events = reader.take()
        eventsTaken += events.count
        for event in events {
            let (wd, mask, cookie, name) = (event.wd, event.mask, event.cookie, event.name)
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Events were lost: every watched file may have changed.
                for (folder, names) in watched { for file in names { pending.insert(PathName.join(folder, file)) } }
                lookForMissing = true
                continue
            }
            guard let folder = watches[wd] else { continue }
            if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                // The folder itself went away or moved (a watch on a moved folder would follow it
                // elsewhere): every file in it may have, and it is watched again where it was.
                forget(wd, remove: mask & UInt32(IN_IGNORED) == 0)
                for file in watched[folder] ?? [] { pending.insert(PathName.join(folder, file)) }
                if watched[folder] != nil { missing.insert(folder) }
                lookForMissing = true
                continue
            }
            if !missing.isEmpty && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { lookForMissing = true }
            guard let names = watched[folder] else { continue }
            let path = PathName.join(folder, name)
            if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0, names.contains(name) { goneFrom.insert(folder); suspects.insert(folder) }
            if mask & UInt32(IN_MOVED_FROM) != 0, names.contains(name) { movedFrom[cookie] = path }
            if mask & UInt32(IN_MOVED_TO) != 0, let old = movedFrom.removeValue(forKey: cookie), !names.contains(name) {
                // A watched file renamed. Emacs, Vim (backupcopy=no) and many tools save by
                // renaming the file to a backup and writing a new one in its place: that is
                // decided once the burst is over, so the backup is never taken for the file.
                moves[old] = path
                pending.insert(old)
                continue
            }
            if names.contains(name) {
                pending.insert(path)
                if mask & UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB) != 0 { pendingInPlace.insert(path) }
            }
        }
        for folder in goneFrom where renewIfGone(folder) { lookForMissing = true }
        if lookForMissing { retryMissing() }
        scheduleFlush()
    }

    // Rate limit: changes are reported `interval` after the first of them, together, however
    // many events arrive in between (a program writing in many small pieces is read once).
    private func scheduleFlush() {
        guard !pending.isEmpty else { return }
        if pendingSince == nil { pendingSince = .now() }
        guard !flushScheduled else { return }
        flushScheduled = true
        DispatchQueue.main.asyncAfter(deadline: pendingSince! + interval) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.flushScheduled = false
                self.reportIfDue()
                self.scheduleFlush()  // changes that came after a poll's report
            }
        }
    }

    private func reportIfDue() {
        guard let since = pendingSince, DispatchTime.now() >= since + interval else { return }
        // A folder removed with its files goes after them (`rm -r`, `git checkout`): looked at
        // again now, a burst later.
        let looked = suspects
        suspects.removeAll()
        var renewed = false
        for folder in looked where renewIfGone(folder) { renewed = true }
        if renewed { retryMissing() }
        pendingSince = nil
        var paths = pending
        pending.removeAll()
        let inPlace = pendingInPlace
        pendingInPlace.removeAll()
        let moved = moves
        moves.removeAll()
        for (old, new) in moved.sorted(by: { $0.key < $1.key }) where !FileSystem.exists(old) && FileSystem.exists(new) {
            // Nothing took its place, and it is where it went: the file really moved. (A save's
            // exchange moves the old file to the temporary name, which is unlinked at once: a
            // file removed right after a save is then gone, not moved to that name.)
            paths.remove(old)
            watch(new)  // first, so the folder's watch never lapses
            unwatch(old)
            onRename(old, new)
        }
        guard !paths.isEmpty else { return }
        reportCount += 1
        onChange(paths, inPlace)
    }
}

/// Which folder a path names now (device and inode; nil when it names none).
private struct FolderIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
