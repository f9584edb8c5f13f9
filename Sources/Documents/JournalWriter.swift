import Dispatch
import FoundationEssentials
import SafeFiles
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How a journal that begins learns what the document's file holds.
enum JournalFileKnowledge: Sendable {
    /// The file at `path` holds `text` (hashed on the writer's queue, never on the main thread).
    case text(TextStorage, path: String)
    /// What this journal knew last (a compaction).
    case lastKnown
    /// What a journal read back knew (it begins again after a relaunch).
    case known(JournalFileState?)
    /// The file this journal knew, with `appended` added at its end by another program (a followed
    /// log): its fingerprint is carried on (the CRC continued over the new bytes), never the
    /// whole text hashed again; `whole` is hashed only when the journal knew no file at `path`.
    case grown(appended: String, whole: TextStorage, path: String)
    /// There is no file, or nothing is known of it.
    case none
}

/// A journal to begin (or begin again, compacted): its header, base and history.
struct JournalBeginning: Sendable {
    var header: JournalHeader
    /// The base text, written as snapshots when `header.hasSnapshot`.
    var base: TextStorage
    var history: UndoHistory
    var file: JournalFileKnowledge
}

/// Writes journals on one background queue, in the order asked: a journal begins atomically
/// (temp file, fsync, rename, 0600), then records are appended as soon as they are handed over
/// (a kill -9 of the process loses none of them: a keystroke's within a frame of the key, see
/// `submitQuietly`) and made durable with fdatasync once the appends pause for `quietBeforeSync`,
/// or `longestUnsynced` after the first one not yet durable while they go on, so that a keystroke
/// costs its own few bytes, and a burst of typing a synced block a second.
///
/// A write that fails (a full or read-only disk) is said once and kept: a record torn halfway is
/// cut off the file, and what could not be written waits, in order, with what comes after it,
/// tried again with back-off (at most `longestRetry` apart, and on a full disk only once
/// statvfs shows the room), so only what was missed is written once there is room. A journal
/// whose records may be lost (its fdatasync failed, a torn record could not be cut) asks to be
/// begun again (`needsBeginning`).
final class JournalWriter: @unchecked Sendable {
    // @unchecked: `open`, `waiting` and `unsynced` are only touched on `queue`.
    enum Job: Sendable {
        case begin(JournalBeginning)
        case append([UInt8])
        /// The document was saved to `path` and its file now holds `text`.
        case saved(TextStorage, path: String)
        /// Goes on with a journal read back (after a relaunch or a reopen): appends go to its end.
        /// `file` is what it last knew of the document's file.
        case adopt(JournalFileState?)
        /// Lets go of the file (its document closed); an `adopt` or a `begin` takes it up again.
        case close
        case delete
        /// Calls back once every job asked for before it is written (not yet durable): a journal
        /// is then read back whole, and no thread waited.
        case notify(@Sendable () -> Void)
    }

    private struct OpenJournal {
        var fd: Int32
        var file: JournalFileState?
        /// The bytes the file holds that are known whole: a torn record is cut back to here.
        var length: Int
    }

    /// What a journal in trouble could not write yet, in the order it is to be written.
    private struct Waiting {
        /// Its beginning, when that failed (written first, then `bytes`).
        var beginning: JournalBeginning?
        /// Whether the file is to be opened again for appending (an `adopt` that failed).
        var reopen = false
        /// What the journal knew of its document's file when it stopped (or its beginning that
        /// failed knew): a beginning after it that asks for what was known last gets this.
        var lastFile: JournalFileState?
        var bytes: [UInt8] = []
        /// The size of its beginning as last tried (bytes), for the look at the room.
        var needed = 0
        /// Whether it is to be let go of once written (its document closed meanwhile).
        var closing = false
        var code: Int32
        /// The wait before the next try (seconds), doubled after each until `longestRetry`.
        var delay: Double
        var retryScheduled = false
    }

    private let queue = DispatchQueue(label: "tandem.journal", qos: .utility)
    /// Jobs asked for and not yet taken by the writer, and whether a drain is on its way.
    private let inbox = Mutex<(queued: [(path: String, job: Job)], scheduled: Bool)>(([], false))
    private var open: [String: OpenJournal] = [:]
    private var waiting: [String: Waiting] = [:]
    /// The first and the longest wait between tries of a journal in trouble (seconds): room that
    /// comes back is used, and the document says so, within `longestRetry`. A whole beginning
    /// that fails for another reason than room (a disk that fails, a quota statvfs cannot show)
    /// is tried at most every `longestRewrite`.
    static let firstRetry = 0.1
    static let longestRetry = 1.0
    static let longestRewrite = 8.0
    /// The journal being tried again, with its trouble's wait: a failure meanwhile goes on with
    /// that wait and is not said again.
    private var retrying: (path: String, delay: Double)?
    private let calls: FileCalls
    /// The journals with appends not yet synced: when the first and the last of them came
    /// (uptime nanoseconds; writer's queue only). Each has a look at its sync on its way.
    private var unsynced: [String: (first: UInt64, last: UInt64)] = [:]
    /// How long the appends to a journal pause before it is synced, and the longest an appended
    /// record waits for its fdatasync while they go on (nanoseconds). One sync a pause, not one per
    /// 150 ms: each costs about a quarter of a millisecond of CPU, a tenth of a key's.
    static let quietBeforeSync: UInt64 = 150_000_000
    static let longestUnsynced: UInt64 = 1_000_000_000
    private let failed: @Sendable (String, Int32) -> Void
    private let began: @Sendable (String) -> Void
    private let needsBeginning: @Sendable (String) -> Void

    /// `failed(path, errno)` is called (on the writer's queue) once when a journal cannot be
    /// written or made durable; `began(path)` when a journal began, was taken up again, or wrote
    /// all it had missed; `needsBeginning(path)` when only a new beginning can make it whole.
    init(calls: FileCalls = .system, failed: @escaping @Sendable (String, Int32) -> Void,
         began: @escaping @Sendable (String) -> Void = { _ in }, needsBeginning: @escaping @Sendable (String) -> Void = { _ in }) {
        self.calls = calls
        self.failed = failed
        self.began = began
        self.needsBeginning = needsBeginning
    }

    /// Asks for `job` on the journal at `path`, after every job asked for before it.
    func submit(_ job: Job, for path: String) {
        let start = inbox.withLock { inbox in
            inbox.queued.append((path, job))
            defer { inbox.scheduled = true }
            return !inbox.scheduled
        }
        if start { queue.async { [self] in drain() } }
    }

    /// Asks for `job` as `submit` does, but leaves the writer asleep until `wake()` or the next
    /// `submit`: a keystroke's record is handed over after its frame is drawn, so waking the
    /// writer's thread (a futex call, and a thread beside the display server's) is not part of it.
    func submitQuietly(_ job: Job, for path: String) {
        inbox.withLock { $0.queued.append((path, job)) }
    }

    /// How many jobs wait for the writer while no drain is on its way: what `submitQuietly` left
    /// asleep (tests; 0 once something woke the writer).
    var asleepWithJobs: Int { inbox.withLock { $0.scheduled ? 0 : $0.queued.count } }

    /// Starts writing what `submitQuietly` left waiting, unless a drain is already on its way.
    func wake() {
        let start = inbox.withLock { inbox in
            defer { if !inbox.queued.isEmpty { inbox.scheduled = true } }
            return !inbox.scheduled && !inbox.queued.isEmpty
        }
        if start { queue.async { [self] in drain() } }
    }

    /// Returns once every job asked for so far (quietly too) is done and durable, or waits for
    /// room (`troubled`).
    func waitUntilIdle() {
        queue.sync {
            drain()
            syncAll()
        }
    }

    /// The journals with something not on disk: waiting for room, or for a beginning.
    func troubled() -> Set<String> { queue.sync { troubledOnQueue() } }

    /// `troubled`, asked on the writer's queue (a `notify` job).
    func troubledOnQueue() -> Set<String> { Set(waiting.keys) }

    /// Makes every append durable now (on the writer's queue: a `notify` job).
    func syncAll() {
        for path in unsynced.keys { sync(path) }
    }

    private func drain() {
        while true {
            let batch: [(path: String, job: Job)] = inbox.withLock { inbox in
                defer { inbox.queued.removeAll() }
                if inbox.queued.isEmpty { inbox.scheduled = false }
                return inbox.queued
            }
            if batch.isEmpty { return }
            var pending: [String: [UInt8]] = [:]
            var order: [String] = []
            func flush(_ path: String) {
                guard let bytes = pending.removeValue(forKey: path) else { return }
                append(bytes, to: path)
            }
            for (path, job) in batch {
                switch job {
                case .append(let bytes):
                    if pending[path] == nil { order.append(path) }
                    pending[path, default: []].append(contentsOf: bytes)
                case .saved(let text, let savedPath):
                    let state = JournalFileState(path: savedPath, length: text.count, hash: textHash(text))
                    if pending[path] == nil { order.append(path) }
                    pending[path, default: []].append(contentsOf: JournalRecord.saved(state).framed())
                    open[path]?.file = state
                case .begin(let beginning):
                    pending[path] = nil
                    begin(beginning, at: path)
                case .adopt(let file):
                    flush(path)
                    closeJournal(path)
                    waiting[path] = nil
                    adopt(path, file: file)
                case .close:
                    flush(path)
                    sync(path)
                    if waiting[path] != nil { waiting[path]?.closing = true } else { closeJournal(path) }
                case .delete:
                    pending[path] = nil
                    waiting[path] = nil
                    closeJournal(path)
                    _ = calls.unlink(path)
                case .notify(let written):
                    for path in order { flush(path) }
                    written()
                }
            }
            for path in order { flush(path) }
            for path in Set(order) { syncSoon(path) }
        }
    }

    private func begin(_ beginning: JournalBeginning, at path: String) {
        let lastKnown = open[path]?.file ?? waiting[path]?.lastFile
        // A new beginning holds all the journal had: what waited for the old one is in it.
        waiting[path] = nil
        write(beginning, at: path, lastKnown: lastKnown)
    }

    /// Writes a beginning (`lastKnown`: what the journal knew of its file); one that fails waits
    /// with its trouble.
    private func write(_ beginning: JournalBeginning, at path: String, lastKnown: JournalFileState?) {
        var header = beginning.header
        switch beginning.file {
        case .text(let text, let filePath):
            header.file = JournalFileState(path: filePath, length: text.count, hash: textHash(text))
        case .lastKnown:
            header.file = lastKnown
        case .known(let state):
            header.file = state
        case .grown(var appended, let whole, let filePath):
            if let known = lastKnown, known.path == filePath {
                let hash = appended.withUTF8 { journalCRC($0, continuing: known.hash) }
                header.file = JournalFileState(path: filePath, length: known.length + appended.unicodeScalars.count, hash: hash)
            } else {
                header.file = JournalFileState(path: filePath, length: whole.count, hash: textHash(whole))
            }
        case .none:
            header.file = nil
        }
        closeJournal(path)
        var data = Data(JournalRecord.magic)
        data.append(contentsOf: JournalRecord.header(header).framed())
        if header.hasSnapshot {
            var piece = ""
            beginning.base.forEachChunk { chunk in
                piece += chunk
                if piece.utf8.count >= 1 << 20 {
                    data.append(contentsOf: JournalRecord.snapshot(piece).framed())
                    piece = ""
                }
            }
            if !piece.isEmpty { data.append(contentsOf: JournalRecord.snapshot(piece).framed()) }
        }
        data.append(contentsOf: JournalRecord.history(beginning.history.encoded()).framed())
        // What the beginning knew of the file is kept with it, for a try after this one.
        var known = beginning
        known.file = .known(header.file)
        do {
            try AtomicFileWriter.write(data, to: path, mode: 0o600, followingSymlinks: false, calls: calls)
        } catch {
            return trouble(path, error.code, Waiting(beginning: known, lastFile: header.file, needed: data.count, code: error.code,
                                                     delay: Self.firstRetry))
        }
        let fd = calls.open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            return trouble(path, errno, Waiting(beginning: known, lastFile: header.file, needed: data.count, code: errno, delay: Self.firstRetry))
        }
        open[path] = OpenJournal(fd: fd, file: header.file, length: data.count)
        // A retry says it worked once all it missed is written too.
        if retrying?.path != path { began(path) }
    }

    /// Opens a journal read back for appending; one that cannot be opened waits with its trouble.
    private func adopt(_ path: String, file: JournalFileState?) {
        let fd = calls.open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        var info = stat()
        guard fd >= 0, calls.stat(fd, &info) == 0 else {
            let code = errno
            if fd >= 0 { _ = calls.close(fd) }
            return trouble(path, code, Waiting(reopen: true, lastFile: file, code: code, delay: Self.firstRetry))
        }
        open[path] = OpenJournal(fd: fd, file: file, length: Int(info.st_size))
        if retrying?.path != path { began(path) }
    }

    private func append(_ bytes: [UInt8], to path: String) {
        if waiting[path] != nil {
            // After what waits, never before it.
            waiting[path]?.bytes.append(contentsOf: bytes)
            return
        }
        // A journal that never began takes no records: a record without its base means nothing.
        guard let journal = open[path] else { return }
        guard let stop = bytes.withUnsafeBytes({ calls.writeAll($0, to: journal.fd) }) else {
            open[path]?.length += bytes.count
            return
        }
        // A torn record would hide every later one: it is cut off, and the whole of it waits.
        guard stop.written == 0 || calls.truncate(journal.fd, journal.length) == 0 else {
            return brokenBeyondRepair(path, stop.code)
        }
        trouble(path, stop.code, Waiting(bytes: bytes, code: stop.code, delay: Self.firstRetry))
    }

    /// Records that reached the file may be lost, or a torn one sits in it: only a beginning
    /// written anew makes the journal whole, and the store is asked for one.
    private func brokenBeyondRepair(_ path: String, _ code: Int32) {
        let file = open[path]?.file
        closeJournal(path)
        trouble(path, code, Waiting(lastFile: file, code: code, delay: Self.longestRetry))
        needsBeginning(path)
    }

    /// Keeps what `path` could not write; says so once per trouble, and tries again later.
    private func trouble(_ path: String, _ code: Int32, _ missed: Waiting) {
        let again = retrying?.path == path
        let first = waiting[path] == nil && !again
        var kept = missed
        if again, let delay = retrying?.delay { kept.delay = delay }
        if let earlier = waiting[path] {
            kept.bytes = earlier.bytes + missed.bytes
            kept.delay = earlier.delay
            kept.closing = earlier.closing
            kept.retryScheduled = earlier.retryScheduled
        }
        waiting[path] = kept
        if first { failed(path, code) }
        scheduleRetry(path)
    }

    private func scheduleRetry(_ path: String) {
        guard var kept = waiting[path], !kept.retryScheduled else { return }
        kept.retryScheduled = true
        let delay = kept.delay
        let longest = kept.beginning != nil && kept.code != ENOSPC ? Self.longestRewrite : Self.longestRetry
        kept.delay = min(delay * 2, longest)
        waiting[path] = kept
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            waiting[path]?.retryScheduled = false
            retry(path)
        }
    }

    /// Writes what `path` missed, if there is room for it now.
    private func retry(_ path: String) {
        guard let kept = waiting[path] else { return }
        // Waiting for a beginning the store was asked for: it comes as a job of its own.
        if kept.beginning == nil && !kept.reopen && open[path] == nil {
            return scheduleRetry(path)
        }
        if kept.code == ENOSPC && !hasRoom(for: kept, at: path) { return scheduleRetry(path) }
        waiting[path] = nil
        retrying = (path, kept.delay)
        defer { retrying = nil }
        if let beginning = kept.beginning {
            write(beginning, at: path, lastKnown: nil)
        } else if kept.reopen {
            adopt(path, file: kept.lastFile)
        }
        if waiting[path] != nil {
            // Failed again: the rest waits after it, as before.
            waiting[path]?.bytes.append(contentsOf: kept.bytes)
            waiting[path]?.closing = kept.closing
            return
        }
        if !kept.bytes.isEmpty { append(kept.bytes, to: path) }
        if waiting[path] != nil {
            waiting[path]?.closing = kept.closing
            return
        }
        syncSoon(path)
        began(path)
        if kept.closing {
            sync(path)
            closeJournal(path)
        }
    }

    /// Whether the journal's folder has room for what waits (statvfs: a cheap look, so a full
    /// disk is not written to until it has room).
    private func hasRoom(for kept: Waiting, at path: String) -> Bool {
        var info = statvfs()
        guard statvfs(PathName.folder(of: path), &info) == 0 else { return true }
        let needed = kept.bytes.count + kept.needed
        return Int(info.f_bavail) * Int(info.f_frsize) > needed
    }

    /// Syncs `path` once its appends pause for `quietBeforeSync`, or `longestUnsynced` after the
    /// first of them not yet synced.
    private func syncSoon(_ path: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        if let waiting = unsynced[path] {
            unsynced[path] = (waiting.first, now)  // the look on its way sees the later append
            return
        }
        unsynced[path] = (now, now)
        lookAtSync(path, at: now + Self.quietBeforeSync)
    }

    private func lookAtSync(_ path: String, at deadline: UInt64) {
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline)) { [self] in
            guard let waiting = unsynced[path] else { return }  // synced meanwhile (a close)
            let due = min(waiting.last + Self.quietBeforeSync, waiting.first + Self.longestUnsynced)
            if DispatchTime.now().uptimeNanoseconds >= due { sync(path) } else { lookAtSync(path, at: due) }
        }
    }

    private func sync(_ path: String) {
        unsynced[path] = nil
        guard let fd = open[path]?.fd, calls.sync(fd, dataOnly: true) != 0 else { return }
        // Not durable (the disk failed, or its space ran out as the data went to it): what follows
        // would rest on records that may be lost, so the journal waits until it begins again.
        brokenBeyondRepair(path, errno)
    }

    private func closeJournal(_ path: String) {
        // A close that fails has let the descriptor go all the same; its writes were synced or
        // are synced by the next beginning.
        if let fd = open.removeValue(forKey: path)?.fd { _ = calls.close(fd) }
    }

    deinit {
        for journal in open.values { close(journal.fd) }
    }
}
