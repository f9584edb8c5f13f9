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
/// `submitQuietly`) and made durable with fdatasync at most every `syncInterval`, so that a
/// keystroke costs its own few bytes, and a burst of typing a few synced blocks.
final class JournalWriter: @unchecked Sendable {
    // @unchecked: `open`, `lastSync` and `syncScheduled` are only touched on `queue`.
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
    }

    private let queue = DispatchQueue(label: "tandem.journal", qos: .utility)
    /// Jobs asked for and not yet taken by the writer, and whether a drain is on its way.
    private let inbox = Mutex<(queued: [(path: String, job: Job)], scheduled: Bool)>(([], false))
    private var open: [String: OpenJournal] = [:]
    /// When each journal was last synced, and those with a sync waiting (writer's queue only).
    private var lastSync: [String: UInt64] = [:]
    private var syncScheduled: Set<String> = []
    /// The longest an appended record waits for its fdatasync (nanoseconds).
    static let syncInterval: UInt64 = 150_000_000
    private let failed: @Sendable (String, Int32) -> Void
    private let began: @Sendable (String) -> Void

    /// `failed(path, errno)` is called (on the writer's queue) when a journal cannot be written or
    /// made durable; `began(path)` when a journal began (or was taken up again) on disk.
    init(failed: @escaping @Sendable (String, Int32) -> Void, began: @escaping @Sendable (String) -> Void = { _ in }) {
        self.failed = failed
        self.began = began
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

    /// Starts writing what `submitQuietly` left waiting, unless a drain is already on its way.
    func wake() {
        let start = inbox.withLock { inbox in
            defer { if !inbox.queued.isEmpty { inbox.scheduled = true } }
            return !inbox.scheduled && !inbox.queued.isEmpty
        }
        if start { queue.async { [self] in drain() } }
    }

    /// Returns once every job asked for so far (quietly too) is done and durable.
    func waitUntilIdle() {
        queue.sync {
            drain()
            for path in syncScheduled { sync(path) }
        }
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
                    let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
                    if fd >= 0 {
                        open[path] = OpenJournal(fd: fd, file: file)
                        began(path)
                    } else {
                        failed(path, errno)
                    }
                case .close:
                    flush(path)
                    sync(path)
                    closeJournal(path)
                case .delete:
                    pending[path] = nil
                    closeJournal(path)
                    unlink(path)
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
        var header = beginning.header
        switch beginning.file {
        case .text(let text, let filePath):
            header.file = JournalFileState(path: filePath, length: text.count, hash: textHash(text))
        case .lastKnown:
            header.file = open[path]?.file
        case .known(let state):
            header.file = state
        case .grown(var appended, let whole, let filePath):
            if let known = open[path]?.file, known.path == filePath {
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
        do {
            try AtomicFileWriter.write(data, to: path, mode: 0o600, followingSymlinks: false)
        } catch {
            failed(path, error.code)
            return
        }
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { failed(path, errno); return }
        open[path] = OpenJournal(fd: fd, file: header.file)
        began(path)
    }

    private func append(_ bytes: [UInt8], to path: String) {
        // A journal that could not begin takes no records: a record without its base means nothing.
        guard let fd = open[path]?.fd else { return }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failed(path, errno)
                // A torn record would hide every later one: stop this journal; the next beginning restarts it.
                closeJournal(path)
                return
            }
            written += n
        }
    }

    /// Syncs `path` now if it was not synced within `syncInterval`, else once that has passed.
    private func syncSoon(_ path: String) {
        guard !syncScheduled.contains(path) else { return }
        let due = (lastSync[path] ?? 0) + Self.syncInterval
        let now = DispatchTime.now().uptimeNanoseconds
        guard now < due else { return sync(path) }
        syncScheduled.insert(path)
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: due)) { [self] in
            if syncScheduled.contains(path) { sync(path) }
        }
    }

    private func sync(_ path: String) {
        syncScheduled.remove(path)
        lastSync[path] = DispatchTime.now().uptimeNanoseconds
        guard let fd = open[path]?.fd, fdatasync(fd) != 0 else { return }
        // Not durable (the disk failed, or its space ran out as the data went to it): what follows
        // would rest on records that may be lost, so the journal stops until it begins again.
        failed(path, errno)
        closeJournal(path)
    }

    private func closeJournal(_ path: String) {
        if let fd = open.removeValue(forKey: path)?.fd { close(fd) }
    }

    deinit {
        for journal in open.values { close(journal.fd) }
    }
}
