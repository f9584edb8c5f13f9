import Dispatch
import FoundationEssentials
import Gtk
import Localization
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// Keeps sessions and their restoration records under `$XDG_STATE_HOME/tandem` (else
/// `~/.local/state/tandem`): folder 0700, files 0600, every write atomic. Whatever is found
/// there is treated as hostile: a bad file is skipped with one line on stderr, never trusted.
@MainActor
public final class SessionStore {
    /// The state folder.
    public let folder: String
    /// Largest session file read; anything bigger is not a record we wrote.
    static let maximumFileSize = 1 << 20
    private(set) var usable: Bool
    /// Writes reach the disk in order on this queue: the main thread only encodes, so a launch's
    /// first records (one per window) never hold up the first frame.
    private let writes = DispatchQueue(label: "tandem.session-store", qos: .userInitiated)
    /// What was last asked of each file and is not on disk yet (nil data: a delete): a read
    /// takes it from here, so the main thread never waits for the queue.
    private var unwritten: [String: (generation: Int, data: Data?)] = [:]
    private var generation = 0
    /// How many times each file was saved (tests: a new window's first record is saved once),
    /// and how many of those saves were written (the others held what the file holds).
    private(set) var savesAsked: [String: Int] = [:]
    private(set) var writesAsked: [String: Int] = [:]
    /// The bytes each file holds, or will once the writes asked for are done, as far as this
    /// process read or wrote them: a write of the same bytes is skipped (a record saved again
    /// with nothing changed, the index a launch writes as it read it), saving its two fsyncs.
    private var known: [String: Data] = [:]
    /// Files found damaged that could not be set aside: kept as they are, never written over.
    var heldFiles: Set<String> = []
    /// Where warnings go (stderr; tests capture them).
    var warn: (String) -> Void = { StandardError.write("tandem: \($0)") }

    /// The default folder for this user.
    public nonisolated static func defaultFolder() -> String {
        if let state = EnvironmentVariable.value("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/tandem" }
        return HomeFolder.path + "/.local/state/tandem"
    }

    /// Opens (and creates) the store's folder. An unusable folder leaves the store read-nothing, write-nothing.
    public init(folder: String = SessionStore.defaultFolder()) {
        self.folder = folder
        usable = false
        usable = prepareFolder()
    }

    private func prepareFolder() -> Bool {
        var info = stat()
        if lstat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                warn(localized("the state folder %1 is not a folder (a link?); windows will not be restored", String(describing: folder)))
                return false
            }
            if info.st_mode & 0o777 != 0o700 { chmod(folder, 0o700) }
            return true
        }
        // Each missing folder on the way is made (the state folder itself private to this user).
        if let problem = GLibFile.makeFolders(folder, mode: 0o700) {
            warn(localized("could not create the state folder %1: %2", String(describing: folder), problem))
            return false
        }
        return true
    }

    func sessionPath(_ id: UUID) -> String { folder + "/session-\(id.uuidString).json" }
    private var indexPath: String { folder + "/sessions.json" }

    // MARK: Reading

    /// The index; a missing or bad one is an empty index (and a bad one is reported).
    func loadIndex() -> SessionIndex {
        guard usable else { return SessionIndex() }
        guard let data = readStateFile(indexPath, what: localized("the session list")) else {
            // None yet (a first launch): as good as the index of an open, empty default session.
            if unwritten[indexPath] == nil, access(indexPath, F_OK) != 0, errno == ENOENT { known[indexPath] = Self.encode(SessionIndex.none) }
            return SessionIndex()
        }
        guard let index = try? JSONDecoder().decode(SessionIndex.self, from: data), index.version <= SessionIndex.currentVersion else {
            warn(localized("skipped the session list %1: it is damaged or from a newer Tandem", String(describing: indexPath)))
            known[indexPath] = nil  // written again at the first save, whatever it says
            return SessionIndex()
        }
        return index
    }

    /// The saved session `id`, or nil (reported) when its file is missing, damaged or hostile.
    public func loadSession(_ id: UUID) -> SavedSession? {
        guard usable, let data = readStateFile(sessionPath(id), what: localized("window %1", String(id.uuidString.prefix(8)))) else { return nil }
        guard let saved = try? JSONDecoder().decode(SavedSession.self, from: data) else {
            warn(localized("skipped window %1: its record is damaged", String(describing: id.uuidString.prefix(8))))
            return nil
        }
        guard saved.version <= SavedSession.currentVersion, (saved.record?.version ?? 1) <= RestorationRecord.currentVersion else {
            warn(localized("skipped window %1: its record is from a newer Tandem", String(describing: id.uuidString.prefix(8))))
            return nil
        }
        guard saved.id == id else {
            warn(localized("skipped window %1: its record names another window", String(describing: id.uuidString.prefix(8))))
            return nil
        }
        return saved
    }

    /// Reads one of our files without following links or blocking on FIFOs and devices; a file
    /// with a write on its way is what that write will put there.
    func readStateFile(_ path: String, what: String) -> Data? {
        if let asked = unwritten[path] { return asked.data }
        let data = readUnknownStateFile(path, what: what)
        known[path] = data
        return data
    }

    private func readUnknownStateFile(_ path: String, what: String) -> Data? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno != ENOENT { warn(localized("skipped %1: %2 cannot be opened (%3)", String(describing: what), String(describing: path), String(describing: String(cString: strerror(errno))))) }
            return nil
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            warn(localized("skipped %1: %2 is not a regular file", String(describing: what), String(describing: path)))
            return nil
        }
        guard Int(info.st_size) <= Self.maximumFileSize else {
            warn(localized("skipped %1: %2 is too large to be a record", String(describing: what), String(describing: path)))
            return nil
        }
        var data = Data(count: Int(info.st_size))
        let n = data.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n == Int(info.st_size) else {
            warn(localized("skipped %1: %2 could not be read", String(describing: what), String(describing: path)))
            return nil
        }
        return data
    }

    // MARK: Writing

    /// Returns once every write asked for so far is on disk: at quit, when the main loop is over.
    public func waitUntilWritten() { writes.sync {} }

    /// Writes one session's file.
    public func save(_ session: SavedSession) {
        write(session, to: sessionPath(session.id))
    }

    func saveIndex(_ index: SessionIndex) {
        write(index, to: indexPath)
    }

    /// Deletes one session's file.
    public func deleteSession(_ id: UUID) {
        guard usable else { return }
        remove(sessionPath(id))
    }

    /// Deletes one of the store's files, in order with the writes.
    func remove(_ path: String) {
        known[path] = nil
        unsaved[path] = nil
        let done = noteUnwritten(nil, at: path)
        writes.async {
            _ = unlink(path)
            done()
        }
    }

    /// What `path` will hold once the writes asked for are done: nil when none is on its way,
    /// .some(nil) when it is being deleted.
    func unwrittenData(at path: String) -> Data?? {
        guard let asked = unwritten[path] else { return nil }
        return .some(asked.data)
    }

    /// Notes what `path` is about to hold; the closure returned, called on the queue once it
    /// does, forgets it (unless a later write was asked for meanwhile).
    private func noteUnwritten(_ data: Data?, at path: String) -> @Sendable () -> Void {
        generation += 1
        let asked = generation
        unwritten[path] = (asked, data)
        return { [weak self] in
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    if self?.unwritten[path]?.generation == asked { self?.unwritten[path] = nil }
                }
            }
        }
    }

    /// Writes `value` to `path` as JSON, unless the file holds (or will hold) those very bytes.
    func write<T: Encodable>(_ value: T, to path: String) {
        guard usable else { return }
        guard let data = Self.encode(value) else { return warn(localized("could not encode %1", String(describing: path))) }
        savesAsked[path, default: 0] += 1
        writeData(data, to: path)
    }

    /// Writes `data` to `path`, unless the file holds (or will hold) those very bytes.
    private func writeData(_ data: Data, to path: String) {
        unsaved[path] = nil
        guard known[path] != data else { return }
        known[path] = data
        let done = noteUnwritten(data, at: path)
        writesAsked[path, default: 0] += 1
        let trouble = writeTrouble
        writes.async { [weak self] in
            defer { done() }
            // GLib's atomic replace, as GNOME apps keep their state: whole or not at all.
            guard let problem = GLibFile.replace(path, with: Array(data), mode: 0o600) else {
                if trouble.failing {
                    trouble.failing = false
                    DispatchQueue.main.async { MainActor.assumeIsolated { self?.failure = nil } }
                }
                return
            }
            // Off the main thread: straight to stderr, once until a write works again.
            if !trouble.failing {
                trouble.failing = true
                StandardError.write("tandem: " + localized("could not save %1: %2", String(describing: path), problem))
            }
            // What the file holds is not known now: the next save writes whatever it is, and
            // until then it is written again a while later (room may come back).
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { return }
                    if self.known[path] == data {
                        self.known[path] = nil
                        self.unsaved[path] = data
                    }
                    self.failure = problem
                    self.retryUnsavedSoon()
                }
            }
        }
    }

    /// Files whose last write failed, with the bytes asked for: written again until they are.
    private var unsaved: [String: Data] = [:]
    private var retryScheduled = false
    /// How long a failed write waits before it is tried again (seconds).
    static let retryDelay = 2.0

    /// Writes again now what failed, then calls `then` on the main thread once every write asked
    /// for is done and `failure` says how the last ones went (a quit asks on that account).
    public func retryFailedWrites(then: @escaping @MainActor () -> Void) {
        let again = unsaved
        unsaved = [:]
        for (path, data) in again where known[path] == nil && unwritten[path] == nil { writeData(data, to: path) }
        // After each write's own word to the main thread, which it posted before this runs.
        writes.async { DispatchQueue.main.async { MainActor.assumeIsolated { then() } } }
    }

    private func retryUnsavedSoon() {
        guard !retryScheduled, !unsaved.isEmpty else { return }
        retryScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.retryDelay) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.retryScheduled = false
                let again = self.unsaved
                self.unsaved = [:]
                // A later write or delete of the same file was asked meanwhile: that one stands.
                for (path, data) in again where self.known[path] == nil && self.unwritten[path] == nil {
                    self.writeData(data, to: path)
                }
            }
        }
    }

    /// Why the last write failed, until one works again: windows may then not come back as
    /// they are (a quit asks before it drops unsaved text on that account).
    public private(set) var failure: String?

    /// Whether the writes are failing, as the writing queue knows it (touched only on `writes`).
    private final class WriteTrouble: @unchecked Sendable {
        var failing = false
    }
    private let writeTrouble = WriteTrouble()

    private static func encode<T: Encodable>(_ value: T) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(value)
    }
}
