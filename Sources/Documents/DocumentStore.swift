import Dispatch
import FoundationEssentials
import Localization
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// The one source of truth for text in the process: windows send it edits, it applies them
/// to the document, records undo, and pushes the resulting events to every subscriber.
/// A façade: loading (`DocumentLoading`), the disk (`DiskSync`), unsaved text and history
/// (`JournalStore`) and subscribers (`DocumentSubscribers`) each live in their own type.
@MainActor
public final class DocumentStore {
    private var documents: [Int: Document] = [:]
    private var subscribers = DocumentSubscribers()
    private var untitledCount = 0
    private lazy var loading = DocumentLoading(store: self)
    lazy var disk = DiskSync(store: self)
    /// Where saves are encoded and written, one after another, off the main thread.
    let saveQueue = DispatchQueue(label: "tandem.save", qos: .userInitiated)
    /// Where what `.editorconfig` asks of a save is worked out, and the saves waiting for it.
    let formatQueue = DispatchQueue(label: "tandem.format", qos: .userInitiated)
    var pendingFormats: [PendingFormat] = []
    /// Set once quitting began: a save finishing its formatting then writes at once.
    var isQuitting = false

    /// Where unsaved text and undo history are kept (nil: nowhere, as in most tests).
    public var journals: JournalStore? {
        didSet {
            journals?.onTrouble = { [weak self] id, problem in self?.journalTrouble(id, problem) }
            journals?.onRetry = { [weak self] id in self?.retryJournal(id) }
        }
    }

    /// Told whenever a document's journal fails or works again (the app holds logout off while
    /// any unsaved text cannot be kept).
    public var journalTroubleChanged: (@MainActor () -> Void)?

    /// The system calls saves make (tests make some of them fail).
    public var fileCalls = FileCalls.system

    /// The largest file that opens, asked at each open (the user's setting may change).
    public var maximumFileSize: () -> Int64 = { FileInspection.defaultMaximumSize }
    /// From this size on a local UTF-8 file opens as pieces of itself (tests make it small).
    public var fileBackedMinimum = DocumentLoading.fileBackedMinimum

    /// Creates an empty store.
    public init() {}

    /// Every open document.
    public var openDocuments: [Document] { documents.values.sorted { $0.id < $1.id } }

    /// Files up to this size are read at once; bigger ones load in the background.
    public static var synchronousLoadLimit: Int { DocumentLoading.synchronousLoadLimit }
    /// How much of a big file is read at once, so its first screen shows immediately.
    public static var headSize: Int { DocumentLoading.headSize }

    // MARK: Opening and closing

    /// The document for the file at `path`, opened once: a symlink or another spelling of the
    /// same file joins the same document. A missing file opens empty (created on save).
    /// A file with NUL bytes is refused (`looksBinary`) unless `allowBinary`, which opens it read-only.
    /// `synchronously` reads a big file whole before returning (a draft is about to replace it).
    public func openFile(at path: String, allowBinary: Bool = false, synchronously: Bool = false) throws(TextFileError) -> Document {
        let canonical = Self.canonicalPath(path)
        if let existing = document(canonicalPath: canonical) { return existing }
        // The version read is the one before the read: a change while it reads (a big file streams
        // in for seconds) is compared once the text is all here.
        let version = RemoteLocation.isRemote(canonical) ? nil : DiskStamp.of(canonical)  // a server's: the read's own
        let document = try loading.open(path: path, canonical: canonical, allowBinary: allowBinary, synchronously: synchronously)
        document.knowsFile(version, at: canonical)
        register(document, canonical: canonical)
        if !document.isLoading { disk.check(document) }  // changed before the watch began
        return document
    }

    /// Try Again, on a file on a server: reads it again when its reading failed with nothing read
    /// (`openFailed`), or looks at it again when it came back after a relaunch without its server
    /// (`awaitsServer`), asking for a password if the server wants one. Nothing otherwise.
    public func tryAgain(_ document: Document) {
        if document.openFailed { return loading.readAgain(document, asking: true) }
        guard document.awaitsServer else { return }
        if let again = document.loading.lookAgain { again() } else { document.loading.triedAgainWhileLooking() }
    }

    /// Lists and watches a document of the file at `canonical`.
    func register(_ document: Document, canonical: String) {
        documents[document.id] = document
        disk.watch(canonical)
    }

    /// A new, empty, untitled document ("Untitled Document N").
    public func newUntitled() -> Document {
        untitledCount += 1
        let document = Document(identity: .untitled(draftID: UUID()), path: nil,
                                untitledName: localized("Untitled Document %1", String(untitledCount)), file: TextFile())
        documents[document.id] = document
        return document
    }

    /// A new untitled document holding `file`'s text (the standard input of `tandem -`):
    /// modified, since no file holds it, and journaled at once, so a crash keeps it.
    public func newUntitled(holding file: TextFile) -> Document {
        untitledCount += 1
        let document = Document(identity: .untitled(draftID: UUID()), path: nil,
                                untitledName: localized("Untitled Document %1", String(untitledCount)), file: file)
        document.file.holdsNoState()
        documents[document.id] = document
        journals?.begin(document)
        return document
    }

    /// An untitled document brought back under its draft id and name.
    func adoptUntitled(draftID: UUID, name: String) -> Document {
        let document = Document(identity: .untitled(draftID: draftID), path: nil, untitledName: name, file: TextFile())
        documents[document.id] = document
        if let number = Int(name.split(separator: " ").last ?? "") { untitledCount = max(untitledCount, number) }
        return document
    }

    /// The open document for the file at `path`, if any.
    public func document(atPath path: String) -> Document? {
        document(canonicalPath: Self.canonicalPath(path))
    }

    /// The open document with this id, if any.
    public func document(id: Int) -> Document? { documents[id] }

    func document(canonicalPath: String) -> Document? {
        documents.values.first { $0.identity == .file(canonicalPath: canonicalPath) }
    }

    /// Forgets a document no window shows (one opened for a restore that was then skipped).
    public func closeIfUnused(_ document: Document) {
        guard subscriberCount(of: document) == 0 else { return }
        close(document)
    }

    /// The one way a document closes: no longer listed, loaded or watched.
    private func close(_ document: Document) {
        guard documents.removeValue(forKey: document.id) != nil else { return }
        document.loading.stopped()
        if let canonical = document.identity.canonicalPath { disk.unwatch(canonical) }
    }

    /// The user closed the document's last window without saving: its draft goes too.
    public func discardChangesOnClose(_ document: Document) { document.discardsChangesOnClose = true }

    // MARK: Subscriptions

    /// Starts delivering `document`'s events to `handler` until the subscription is released.
    public func subscribe(to document: Document, _ handler: @escaping @MainActor (DocumentEvent) -> Void) -> DocumentSubscription {
        DocumentSubscription(id: subscribers.add(handler, for: document), document: document, store: self)
    }

    /// How many subscribers (windows) a document has.
    public func subscriberCount(of document: Document) -> Int { subscribers.count(of: document) }

    func unsubscribe(_ id: Int, from document: Document) {
        guard subscribers.remove(id, from: document) else { return }
        close(document)
        // Its last window closed: the journal keeps the unsaved text and the history for a reopen or
        // the next launch, unless the user chose to throw them away. Unsaved text must not depend
        // on a file that may change or go while no window shows it: such a journal takes a snapshot.
        if document.discardsChangesOnClose {
            journals?.delete(document.draftID)
        } else if document.isDirty, journals?.dependsOnFile(document) == true {
            journals?.begin(document)
        }
        journals?.close(document)
    }

    /// Tells the document's subscribers.
    func publish(_ event: DocumentEvent, for document: Document, dirtyBefore: Bool?) {
        // Paragraphs' languages and regions left to settle follow every change of the text, whoever made it.
        let edits: [Edit]
        switch event {
        case .edited(let edit, _, _): edits = [edit]
        // From the last: each is then in the offsets the ones before it left.
        case .editedTogether(let batch, _, _): edits = batch.edits.reversed()
        default: edits = []
        }
        if !document.paragraphLanguages.isEmpty {
            for edit in edits { document.paragraphLanguages = document.paragraphLanguages.following(edit) }
        }
        subscribers.deliver(event, for: document, dirtyBefore: dirtyBefore)
        guard !document.conflicts.isEmpty, !edits.isEmpty else { return }
        var followed = document.conflicts
        for edit in edits { followed = followed.compactMap { $0.following(edit) } }
        if followed != document.conflicts {
            document.conflicts = followed
            subscribers.deliver(.conflictsChanged, for: document, dirtyBefore: nil)
        }
    }

    // MARK: Journals

    /// Makes every journal durable and independent of files that may change while Tandem is
    /// closed (a modified document's journal whose base is its file begins again from a snapshot;
    /// windows closing do the same); returns when all of it is on disk (the process is about to end).
    /// The modified documents whose text could not be kept are returned: the main loop is over,
    /// so only standard error can still say so.
    @discardableResult
    public func finishJournals() -> [Document] {
        let modified = openDocuments.filter(\.isDirty)
        guard let journals else { return modified }
        takeSnapshotsForQuit(journals)
        return journals.notDurable(modified)
    }

    /// A modified document whose journal rests on its file begins again from a snapshot: the
    /// file may change while Tandem is closed.
    private func takeSnapshotsForQuit(_ journals: JournalStore) {
        for document in openDocuments where document.isDirty && journals.dependsOnFile(document) {
            journals.begin(document)
        }
    }

    /// Calls `body` with the modified documents whose unsaved text a quit would lose: their
    /// journal could not be written (a state folder full, read-only, over quota or gone) and
    /// still waits, or there is none. It first makes every journal as a quit leaves it (snapshots
    /// taken, everything written and synced), the main loop running meanwhile, so a failure of
    /// those last writes is known too. A quit asks about these documents; the others are safe.
    public func whenUnsavedTextIsKept(_ body: @escaping @MainActor (_ notKept: [Document]) -> Void) {
        let modified = openDocuments.filter(\.isDirty)
        guard let journals else { return body(modified) }
        guard !modified.isEmpty else { return body([]) }
        takeSnapshotsForQuit(journals)
        journals.whenDurable(modified, body)
    }

    /// Calls `body` once every journal record asked for so far is written, the main loop running
    /// meanwhile: a window closed a moment ago is restored from all of its journal.
    public func whenJournalsWritten(_ body: @escaping @MainActor () -> Void) {
        guard let journals else { return body() }
        journals.whenWritten(body)
    }

    /// The document's journal begins again from what the document is now (its file changed,
    /// moved or went away under it), if it has begun at all.
    func rebaseJournal(_ document: Document) {
        guard let journals, journals.hasBegun(document) else { return }
        journals.begin(document)
    }

    // MARK: Changes on disk

    /// Reads the file watcher's pending events now, instead of when the main queue gets to them
    /// (for tests); its rate limit still applies.
    func pollDiskChanges() { disk.poll() }
    /// How many batches of changes on disk the store has been told of (for tests).
    var diskReportCount: Int { disk.reportCount }

    /// Compares the document with its file on disk and follows it (see `DiskSync.check`).
    public func checkDisk(_ document: Document) { disk.check(document) }

    /// Looks at the document's file again when a window on it gets the focus, as gedit does:
    /// a stat, and a read only when the file is not the version known. Not before the document
    /// knows a version (a restore still comparing its journal with the file settles that itself).
    public func lookAgain(at document: Document) {
        guard document.diskStamp != nil || document.isDeletedOnDisk else { return }
        disk.check(document)
    }

    /// The user keeps their text over a change on disk ("Keep Mine"): the next save overwrites the
    /// version they were asked about, or `seen` (from `diskVersion(of:)` when a save's question was
    /// put), never a write that came after it.
    public func keepMine(_ document: Document, seen: DiskVersion? = nil) { disk.keepMine(document, seen: seen.map { $0.stamp }) }

    /// The version of the document's file on disk now, to say later which one the user saw.
    public func diskVersion(of document: Document) -> DiskVersion {
        // A server is not asked from the main thread: its version last looked at stands for it.
        guard let canonical = document.identity.canonicalPath, !RemoteLocation.isRemote(canonical) else { return DiskVersion(stamp: document.diskStamp) }
        return DiskVersion(stamp: DiskStamp.of(canonical))
    }

    /// Whether saving to the document's own file would overwrite a change the user has not seen.
    func hasDiskConflict(_ document: Document) -> Bool { disk.hasConflict(document) }

    /// Makes the document's text the file's on disk (read off the main thread); the unsaved
    /// changes go as one undo step, the file's change as another program's edits (`DiskSync.reload`).
    public func reloadFromDisk(_ document: Document, then done: @escaping @MainActor (TextFileError?) -> Void) {
        disk.reload(document, then: done)
    }

    /// The user moved the file or folder at `old` to `new` (both as given, `new` there now):
    /// the documents open on it, or on files in it, are those files' documents from now on,
    /// with their unsaved text and undo history.
    public func followMove(of old: String, to new: String) {
        let target = Self.canonicalPath(new)
        // The old path is gone: its folder is resolved, and it named what is at `new` now.
        disk.moved(PathName.join(Self.canonicalPath(PathName.folder(of: old)), PathName.file(of: old)), to: target)
    }

    /// The document was written to `canonical` as version `written`: it is that file's document now
    /// (watched there), and that version is what it knows, so our own write is not someone else's
    /// change, and a change after it is.
    func moveIdentity(of document: Document, to canonical: String, written: DiskStamp?) {
        if document.identity != .file(canonicalPath: canonical) {
            if let old = document.identity.canonicalPath { disk.unwatch(old) }
            document.identity = .file(canonicalPath: canonical)
            disk.watch(canonical)
        }
        document.knowsFile(written, at: canonical)
    }

    /// The path with symlinks resolved; for a file that does not exist yet, its folder's.
    nonisolated static func canonicalPath(_ path: String) -> String {
        if RemoteLocation.isRemote(path) { return path }  // the address as GIO takes it
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let folder = PathName.folder(of: path)
        let name = PathName.file(of: path)
        if let resolved = realpath(folder.isEmpty ? "." : folder, nil) {
            defer { free(resolved) }
            return PathName.join(String(cString: resolved), name)
        }
        return path
    }
}
