import Background
import Dispatch
import FoundationEssentials
import Localization
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// Every document's unsaved text and undo history, kept on disk as an append-only edit journal
/// (one file per document, 0600 in a 0700 folder) so that quitting, a crash or kill -9 loses
/// nothing and undo works after a relaunch. A keystroke appends its own few bytes; the journal
/// begins again, compacted, in the background when it outgrows the document.
@MainActor
public final class JournalStore {
    /// The journals' folder.
    public let folder: String
    var warn: (String) -> Void = { StandardError.write("tandem: \($0)") }
    private let writer: JournalWriter
    /// Journals being written, by draft id: bytes so far, the size that makes them compact, and
    /// whether their base is the document's file.
    private var begun: [UUID: (bytes: Int, compactAt: Int, baseIsFile: Bool)] = [:]
    /// Journals that failed to write, by path, until the writer says all they missed is written.
    private var broken: Set<String> = []
    /// Told when a document's journal fails (with why) and when it works again (nil).
    var onTrouble: (@MainActor (UUID, String?) -> Void)?
    /// Asked to begin a broken journal again, when only a new beginning makes it whole (the
    /// store knows the document it belongs to).
    var onRetry: (@MainActor (UUID) -> Void)?
    /// A journal is compacted past this many bytes, or twice its document, whichever is more.
    var compactionFloor = 4 << 20
    /// Runs its closure in the main loop's first turn after the frame being drawn: the app gives
    /// GLib's (an idle just after GTK's redraw); without it, the main queue's next turn.
    public var afterDrawing: (@escaping @MainActor @Sendable () -> Void) -> Void = { Background.onMain($0) }
    /// Records of at most this many bytes (a keystroke's) wait for `afterDrawing`.
    static let quietRecordLimit = 1024
    /// Whether a wake of the writer waits for `afterDrawing`.
    private var wakePending = false
    /// Jobs asked of the writer so far, the count when each journal was last asked one, and the
    /// count the writer is known to have written through: a journal is read back only once its
    /// jobs are written (`whenWritten`), never by waiting for the writer.
    private var asked = 0
    private var lastAsked: [String: Int] = [:]
    private var writtenThrough = 0

    /// Uses (and creates, 0700) `folder`; `calls` write the journals (tests make some fail).
    public init(folder: String, calls: FileCalls = .system) {
        self.folder = folder
        FileSystem.createFolder(folder, mode: 0o700)
        // The writer's callbacks reach the store through a weak reference set once it exists.
        let reference = StoreReference()
        writer = JournalWriter(calls: calls, failed: { path, code in
            Background.onMain { reference.store?.writeFailed(path, code: code) }
        }, began: { path in
            Background.onMain { reference.store?.writeWorked(path) }
        }, needsBeginning: { path in
            Background.onMain { reference.store?.beginAgain(path) }
        })
        reference.store = self
    }

    /// The store as the writer's callbacks know it: set once, right after `init` makes it, and
    /// read only on the main thread (inside `MainActor.assumeIsolated`).
    private final class StoreReference: @unchecked Sendable {
        weak var store: JournalStore?
    }

    func path(_ id: UUID) -> String { folder + "/\(id.uuidString).journal" }

    private func draftID(ofPath path: String) -> UUID? {
        guard path.hasPrefix(folder + "/"), path.hasSuffix(".journal") else { return nil }
        return UUID(uuidString: String(path.dropFirst(folder.count + 1).dropLast(".journal".count)))
    }

    /// Said once per trouble on stderr, and to the document (its banner); the writer tries again.
    private func writeFailed(_ path: String, code: Int32) {
        let text = String(cString: strerror(code))
        let reason = text.prefix(1).lowercased() + text.dropFirst()  // said inside a sentence
        if broken.insert(path).inserted {
            warn(localized("could not keep the unsaved text of a document in %1: %2", folder, reason))
        }
        guard let id = draftID(ofPath: path), begun[id] != nil else { return }
        onTrouble?(id, reason)
    }

    /// The writer can make the journal whole only from a new beginning.
    private func beginAgain(_ path: String) {
        guard let id = draftID(ofPath: path), begun[id] != nil else { return }
        onRetry?(id)
    }

    private func writeWorked(_ path: String) {
        guard broken.remove(path) != nil, let id = draftID(ofPath: path) else { return }
        onTrouble?(id, nil)
    }

    /// Whether `document`'s journal is failing now.
    func isBroken(_ document: Document) -> Bool { broken.contains(path(document.draftID)) }

    // MARK: Writing

    /// `document` is about to change: its journal begins first if it has not, from the
    /// document as it is before the change.
    func willChange(_ document: Document) {
        // A broken journal is not begun again per keystroke (each beginning writes the whole
        // text): it is tried again a while after it failed.
        if begun[document.draftID] == nil && !kept.contains(document.draftID) { begin(document) }
    }

    /// Appends a change made to `document`; a journal that has outgrown its document is compacted.
    func didChange(_ document: Document, _ record: JournalRecord) {
        let bytes = record.framed()
        if bytes.count <= Self.quietRecordLimit {
            // Typing: handed to the writer once the frame showing it is drawn (`afterDrawing`).
            submit(.append(bytes), for: path(document.draftID), quietly: true)
            wakeWriterAfterDrawing()
        } else {
            // A paste or a replacement: written at once, beside a frame that may take a while.
            submit(.append(bytes), for: path(document.draftID))
        }
        guard var state = begun[document.draftID] else { return }
        state.bytes += bytes.count
        begun[document.draftID] = state
        // Not while loading: a snapshot would hold only the part read so far.
        if state.bytes > state.compactAt && !document.isLoading { begin(document) }
    }

    /// The document was saved: its file at `path` holds `text`, undo state `stateID`.
    func recordSave(of document: Document, text: TextStorage, stateID: Int, to path: String) {
        // Nothing to undo yet: the journal can wait for the first change.
        if begun[document.draftID] == nil && !document.canUndo && !document.canRedo { return }
        if begun[document.draftID] != nil && document.history.stateID == stateID {
            submit(.saved(text, path: path), for: self.path(document.draftID))
        } else {
            // Edited while the save was on its way (or no journal yet): the text now is not the
            // file's, so the journal begins again from it, knowing what the file holds.
            begin(document, file: .text(text, path: path))
        }
    }

    /// Begins `document`'s journal again from what it is now: its base is the file when the text
    /// is the file's, else a snapshot of the text. `file` says what is known of the file.
    func begin(_ document: Document, file: JournalFileKnowledge? = nil) {
        guard !kept.contains(document.draftID) else { return }
        let holdsFile = document.path != nil && !document.isDirty && document.diskStamp != nil
        // A file on a server may be out of reach at the next launch: its journal carries the text.
        let baseIsFile = holdsFile && !RemoteLocation.isRemote(document.path!)
        // A file still loading is not all here: its fingerprint is not known yet.
        let knowledge = file ?? (holdsFile ? (document.isLoading ? .none : .text(document.storage, path: document.path!)) : .lastKnown)
        let header = JournalHeader(path: document.path, untitledName: document.path == nil ? document.untitledName : nil,
                                   hasSnapshot: !baseIsFile, file: nil, savedStateID: document.savedStateID,
                                   traits: JournalTraits(encoding: document.encoding, hasByteOrderMark: document.fileTraits.hasByteOrderMark,
                                                         lineEnding: document.lineEnding))
        let journalPath = path(document.draftID)
        submit(.begin(JournalBeginning(header: header, base: document.storage, history: document.history, file: knowledge)),
                      for: journalPath)
        // Compacting writes about the document's size, so it waits until the journal has grown by
        // twice that: what compaction writes stays proportional to what was typed.
        let size = (baseIsFile ? 0 : document.storage.count) + document.history.bytes
        begun[document.draftID] = (size, size + max(compactionFloor, 2 * document.storage.count), baseIsFile)
    }

    /// Whether `document`'s journal has begun.
    func hasBegun(_ document: Document) -> Bool { begun[document.draftID] != nil }
    /// Whether `document`'s journal needs its file to be as it was to rebuild the text.
    func dependsOnFile(_ document: Document) -> Bool { begun[document.draftID]?.baseIsFile ?? false }

    /// The document closed: its journal stays on disk for a reopen or the next launch, and lets
    /// go of its file (a reopen reads it back and goes on with it).
    func close(_ document: Document) {
        guard begun.removeValue(forKey: document.draftID) != nil else { return }
        submit(.close, for: path(document.draftID))
    }

    /// Forgets a journal (the document's unsaved text and history are not wanted any more).
    public func delete(_ id: UUID) {
        begun[id] = nil
        submit(.delete, for: path(id))
    }

    /// Returns once every journal record asked for so far is on disk, or waits for room: at
    /// quit, when the main loop is over, and in tests.
    public func waitUntilWritten() {
        writer.waitUntilIdle()
        writtenThrough = asked
    }

    /// The documents of `candidates` whose journal does not hold all their text durably now
    /// (its writes failed and wait, or it never began); the loop is over (quit) or a test asks.
    func notDurable(_ candidates: [Document]) -> [Document] {
        writer.waitUntilIdle()
        writtenThrough = asked
        let troubled = writer.troubled()
        return candidates.filter { troubled.contains(path($0.draftID)) || begun[$0.draftID] == nil }
    }

    /// Calls `body` once every journal job asked for so far is written and durable, with the
    /// documents of `candidates` whose journal is not (its writes failed and wait): the main
    /// loop runs meanwhile (a quit asks about those documents).
    func whenDurable(_ candidates: [Document], _ body: @escaping @MainActor ([Document]) -> Void) {
        let reference = StoreReference()
        reference.store = self
        let target = asked
        writer.submit(.notify({ [writer] in
            writer.syncAll()
            let troubled = writer.troubledOnQueue()
            Background.onMain {
                guard let store = reference.store else { return body(candidates) }
                store.writtenThrough = max(store.writtenThrough, target)
                body(candidates.filter { troubled.contains(store.path($0.draftID)) || store.begun[$0.draftID] == nil })
            }
        }), for: "")
    }

    /// Calls `body` on the main thread once every journal job asked for so far is written (the
    /// main loop runs meanwhile); at once when there is none on its way.
    public func whenWritten(_ body: @escaping @MainActor () -> Void) {
        let target = asked
        guard writtenThrough < target else { return body() }
        let reference = StoreReference()
        reference.store = self
        writer.submit(.notify({
            Background.onMain {
                guard let store = reference.store else { return }
                store.writtenThrough = max(store.writtenThrough, target)
                body()
            }
        }), for: "")
    }

    /// Asks the writer for `job` on the journal at `path`; `quietly`: without waking it.
    private func submit(_ job: JournalWriter.Job, for path: String, quietly: Bool = false) {
        asked += 1
        lastAsked[path] = asked
        if quietly { writer.submitQuietly(job, for: path) } else { writer.submit(job, for: path) }
    }

    /// How many records wait, asleep, for the turn after drawing (tests).
    var recordsAwaitingTurn: Int { writer.asleepWithJobs }

    private func wakeWriterAfterDrawing() {
        guard !wakePending else { return }
        wakePending = true
        afterDrawing { [weak self] in
            guard let self else { return }
            self.wakePending = false
            self.writer.wake()
        }
    }

    // MARK: Reading

    /// The journal with this id: nil when there is none, or when it is unusable (said on stderr;
    /// the file is left in place for the user).
    func read(_ id: UUID) -> JournalContents? {
        // A journal with jobs still on their way is read after them (`whenWritten`), never by
        // waiting for the writer here.
        assert(lastAsked[path(id), default: 0] <= writtenThrough, "journal \(id) read before its writes: use whenWritten")
        switch JournalReader.read(path(id)) {
        case .success(let contents):
            if let damage = contents.damage {
                warn(localized("used the good part of the journal %1: %2; the rest was dropped", path(id), damage))
            }
            return contents
        case .failure(.missing):
            return nil
        case .failure(.unusable(let why)):
            warn(localized("skipped the journal %1: %2", path(id), why))
            return nil
        }
    }

    /// Where drafts were kept before journals: read once after an upgrade, then removed.
    public var legacyDraftFolder: String?

    /// The draft an earlier Tandem kept for this id, if any.
    func legacyDraft(_ id: UUID) -> LegacyDraft? {
        legacyDraftFolder.flatMap { LegacyDraft.read($0 + "/\(id.uuidString).draft") }
    }

    /// Removes an earlier Tandem's draft, once the journal that replaces it is on its way to disk
    /// (the writer's queue keeps that order).
    func removeLegacyDraft(_ id: UUID) {
        guard let legacyDraftFolder else { return }
        submit(.delete, for: legacyDraftFolder + "/\(id.uuidString).draft")
    }

    /// The journal's edits could not be applied to its file as it is now: it is kept aside (never
    /// deleted) and the path it is kept at returned, to tell the user. One that cannot be moved
    /// stays where it is and is never written over: its document keeps no journal (it says so,
    /// and a quit asks about it).
    func setAside(_ id: UUID) -> String {
        let aside = path(id) + ".unapplied"
        begun[id] = nil
        guard rename(path(id), aside) == 0 else {
            let text = String(cString: strerror(errno))
            let reason = text.prefix(1).lowercased() + text.dropFirst()
            kept.insert(id)
            warn(localized("could not keep the unsaved text of a document in %1: %2", folder, reason))
            onTrouble?(id, reason)
            return path(id)
        }
        return aside
    }

    /// Journals that could not be set aside: never begun again over.
    private var kept: Set<UUID> = []

    /// Continues the journal read back for `document` (its base and records are still right);
    /// `file` is what the journal last knew of the document's file.
    func adopt(_ document: Document, baseIsFile: Bool, file: JournalFileState?) {
        submit(.adopt(file), for: path(document.draftID))
        var info = stat()
        let bytes = stat(path(document.draftID), &info) == 0 ? Int(info.st_size) : 0
        begun[document.draftID] = (bytes, bytes + max(compactionFloor, 2 * document.storage.count), baseIsFile)
    }
}
