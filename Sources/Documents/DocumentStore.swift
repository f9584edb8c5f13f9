import Foundation
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// The one source of truth for text in the process: windows send it edits, it applies them
/// to the document, records undo, and pushes the resulting events to every subscriber.
@MainActor
public final class DocumentStore {
    private var documents: [Int: Document] = [:]
    private var subscribers: [Int: [(id: Int, handler: @MainActor (DocumentEvent) -> Void)]] = [:]
    private var nextSubscriptionID = 1
    private var untitledCount = 0
    private lazy var watcher = FileWatcher(
        onChange: { [weak self] paths in self?.filesMayHaveChanged(paths) },
        onRename: { [weak self] from, to in self?.fileWasRenamed(from: from, to: to) })

    /// Where unsaved text is kept (nil: nowhere, as in most tests).
    public var drafts: DraftStore?
    private var draftsDue: Set<Int> = []
    private var draftFlushScheduled = false
    /// How long unsaved text may wait before it reaches its draft (a crash loses at most this).
    public var draftDelay: DispatchTimeInterval = .milliseconds(300)

    /// Creates an empty store.
    public init() {}

    /// Every open document.
    public var openDocuments: [Document] { documents.values.sorted { $0.id < $1.id } }

    /// Files up to this size are read at once; bigger ones show their start at once and load
    /// the rest in the background (read-only until done).
    public static let synchronousLoadLimit = 1 << 20
    /// How much of a big file is read at once, so its first screen shows immediately.
    public static let headSize = 64 << 10

    /// The document for the file at `path`, opened once: a symlink or another spelling of the
    /// same file joins the same document. A missing file opens empty (created on save).
    /// A file with NUL bytes is refused (`looksBinary`) unless `allowBinary`, which opens it read-only.
    /// `synchronously` reads a big file whole before returning (a draft is about to replace it).
    public func openFile(at path: String, allowBinary: Bool = false, synchronously: Bool = false) throws(TextFileError) -> Document {
        let canonical = Self.canonicalPath(path)
        if let existing = document(canonicalPath: canonical) { return existing }
        let name = (path as NSString).lastPathComponent
        let document: Document
        switch FileInspection.inspect(path) {
        case .readableFile(let size) where size > Self.synchronousLoadLimit && !synchronously:
            document = try openInBackground(path: path, canonical: canonical, size: size, allowBinary: allowBinary)
        case .readableFile(let size):
            let file = try TextFile.read(path, allowBinary: allowBinary)
            document = Document(identity: .file(canonicalPath: canonical), path: path, untitledName: "", file: file)
            document.fileSize = size
            if file.text.utf8.contains(0) { document.readOnlyReasons.insert(.binary) }
            var decoder = BlockDecoder(encoding: file.encoding, lineLength: 0)
            _ = decoder.decode(ArraySlice(file.text.utf8), atEnd: true)
            if decoder.longestLine > ReadOnlyReason.longLineLimit { document.readOnlyReasons.insert(.longLines) }
        case .missing:
            document = Document(identity: .file(canonicalPath: canonical), path: path, untitledName: "", file: TextFile())
        case .refused(let reason):
            throw TextFileError(localized("Could not open “%1”: %2", name, reason))
        }
        document.diskStamp = DiskStamp.of(canonical)
        documents[document.id] = document
        watcher.watch(canonical)
        return document
    }

    /// Reads the head of a big file now (its first screen) and the rest on a background thread.
    private func openInBackground(path: String, canonical: String, size: Int64, allowBinary: Bool) throws(TextFileError) -> Document {
        let name = (path as NSString).lastPathComponent
        let head = try TextFile.readBytes(path, limit: Self.headSize)
        let mark = TextFile.byteOrderMark(of: head)
        let body = head[(mark?.length ?? 0)...]
        var decoder = BlockDecoder(encoding: mark?.encoding ?? .utf8, lineLength: 0)
        var text = decoder.decode(body, atEnd: false)
        if text == nil && mark == nil {
            decoder = BlockDecoder(encoding: .windows1252, lineLength: 0)
            text = decoder.decode(body, atEnd: false)
        }
        guard let text else {
            throw TextFileError(localized("Could not open “%1”: it starts with a %2 byte-order mark but is not valid %2.", name, decoder.encoding.displayName))
        }
        if decoder.sawNUL && !allowBinary { throw TextFile.binaryError(name) }
        let file = TextFile(text: text, encoding: decoder.encoding, hasByteOrderMark: mark != nil)
        let document = Document(identity: .file(canonicalPath: canonical), path: path, untitledName: "", file: file)
        document.fileSize = size
        document.loadProgress = LoadProgress(bytesRead: Int64(head.count), totalBytes: size)
        noteTraits(of: decoder, in: document)
        let loader = FileLoader()
        document.loader = loader
        loader.start(path: canonical, offset: Int64(head.count), decoder: decoder, mayFallBack: mark == nil) { [weak self, weak document] message in
            guard let self, let document, document.loader === loader else { return }
            self.receive(message, for: document)
        }
        return document
    }

    private func receive(_ message: FileLoader.Message, for document: Document) {
        switch message {
        case .text(let piece, let bytesRead, let longestLine, let containsNUL):
            let wasEmpty = document.storage.count == 0
            document.storage.append(contentsOf: piece)
            if wasEmpty { document.fileTraits.lineEnding = LineEnding.dominant(in: document.storage.substring(0..<4096)) }
            let progress = LoadProgress(bytesRead: bytesRead, totalBytes: max(bytesRead, document.fileSize))
            document.loadProgress = progress
            if containsNUL && !document.readOnlyReasons.contains(.binary) {
                document.readOnlyReasons.insert(.binary)
                publish(.becameReadOnly(.binary), for: document, dirtyBefore: nil)
            }
            if longestLine > ReadOnlyReason.longLineLimit && !document.readOnlyReasons.contains(.longLines) {
                document.readOnlyReasons.insert(.longLines)
                publish(.becameReadOnly(.longLines), for: document, dirtyBefore: nil)
            }
            publish(.loadProgressed(progress), for: document, dirtyBefore: nil)
        case .restarted(let encoding):
            document.storage = TextStorage()
            document.fileTraits.encoding = encoding
            document.readOnlyReasons.remove(.longLines)
            document.loadProgress?.bytesRead = 0
            publish(.loadRestarted, for: document, dirtyBefore: nil)
        case .finished:
            document.loader = nil
            document.loadProgress = nil
            // Whatever changed on disk while we read is looked at now.
            document.diskStamp = DiskStamp.of(document.identity.canonicalPath ?? "")
            publish(.loadFinished, for: document, dirtyBefore: nil)
        case .failed(let error):
            document.loader = nil
            document.loadProgress = nil
            document.readOnlyReasons.insert(.incomplete)
            publish(.loadFailed(error.message), for: document, dirtyBefore: nil)
        }
    }

    private func noteTraits(of decoder: BlockDecoder, in document: Document) {
        if decoder.sawNUL { document.readOnlyReasons.insert(.binary) }
        if decoder.longestLine > ReadOnlyReason.longLineLimit { document.readOnlyReasons.insert(.longLines) }
    }

    /// A new, empty, untitled document ("Untitled Document N").
    public func newUntitled() -> Document {
        untitledCount += 1
        let document = Document(identity: .untitled(draftID: UUID()), path: nil,
                                untitledName: localized("Untitled Document %1", String(untitledCount)), file: TextFile())
        documents[document.id] = document
        return document
    }

    /// The open document for the file at `path`, if any.
    public func document(atPath path: String) -> Document? {
        document(canonicalPath: Self.canonicalPath(path))
    }

    /// The open document with this id, if any.
    public func document(id: Int) -> Document? { documents[id] }

    private func document(canonicalPath: String) -> Document? {
        documents.values.first { $0.identity == .file(canonicalPath: canonicalPath) }
    }

    /// Starts delivering `document`'s events to `handler` until the subscription is released.
    public func subscribe(to document: Document, _ handler: @escaping @MainActor (DocumentEvent) -> Void) -> DocumentSubscription {
        let id = nextSubscriptionID
        nextSubscriptionID += 1
        subscribers[document.id, default: []].append((id, handler))
        return DocumentSubscription(id: id, document: document, store: self)
    }

    /// How many subscribers (windows) a document has.
    public func subscriberCount(of document: Document) -> Int { subscribers[document.id]?.count ?? 0 }

    func unsubscribe(_ id: Int, from document: Document) {
        subscribers[document.id]?.removeAll { $0.id == id }
        if subscribers[document.id]?.isEmpty ?? true {
            subscribers[document.id] = nil
            documents[document.id] = nil
            draftsDue.remove(document.id)
            document.loader?.cancel()
            document.loader = nil
            // Its last window closed: keep the unsaved text for a reopen or the next launch,
            // unless the user chose to throw it away.
            if document.discardsChangesOnClose { drafts?.delete(document.draftID) } else { writeDraft(document) }
            if case .file(let canonical) = document.identity { watcher.unwatch(canonical) }
        }
    }

    // MARK: Editing

    /// Applies an edit (clamped to the text), records it for undo and tells every subscriber.
    public func apply(_ edit: Edit, to document: Document, origin: Int? = nil) {
        guard !document.isReadOnly else { return }
        let count = document.storage.count
        let lower = max(0, min(edit.range.lowerBound, count)), upper = max(lower, min(edit.range.upperBound, count))
        // New lines take the document's newline style; the lines already there keep theirs.
        let clamped = Edit(range: lower..<upper, replacement: document.lineEnding.applied(to: edit.replacement))
        if clamped.range.isEmpty && clamped.replacement.isEmpty { return }
        let wasDirty = document.isDirty
        let removed = document.storage.substring(clamped.range)
        document.storage.replace(clamped.range, with: clamped.replacement)
        document.history.record(clamped, removed: removed)
        publish(.edited(clamped, origin: origin, isUndoRedo: false), for: document, dirtyBefore: wasDirty)
    }

    /// Undoes the document's last step, whichever window made it.
    public func undo(_ document: Document, origin: Int? = nil) {
        let wasDirty = document.isDirty
        guard !document.isReadOnly, let edits = document.history.popUndo() else { return }
        replay(edits, in: document, origin: origin, dirtyBefore: wasDirty)
    }

    /// Redoes the document's last undone step.
    public func redo(_ document: Document, origin: Int? = nil) {
        let wasDirty = document.isDirty
        guard !document.isReadOnly, let edits = document.history.popRedo() else { return }
        replay(edits, in: document, origin: origin, dirtyBefore: wasDirty)
    }

    /// Ends the current undo step (the caret moved, the window changed): the next edit starts another.
    public func sealUndoStep(_ document: Document) { document.history.seal() }

    /// Brackets edits that undo as one step (a paste over a selection).
    public func beginCompoundEdit(_ document: Document) { document.history.beginCompound() }
    /// Ends `beginCompoundEdit`.
    public func endCompoundEdit(_ document: Document) { document.history.endCompound() }

    private func replay(_ edits: [Edit], in document: Document, origin: Int?, dirtyBefore: Bool) {
        for (index, edit) in edits.enumerated() {
            document.storage.replace(edit.range, with: edit.replacement)
            let isLast = index == edits.count - 1
            publish(.edited(edit, origin: origin, isUndoRedo: true), for: document, dirtyBefore: isLast ? dirtyBefore : nil)
        }
    }

    // MARK: Saving

    /// Writes the document to its path, or to `newPath` (Save As). On failure the document
    /// stays dirty and the file on disk is untouched.
    public func save(_ document: Document, to newPath: String? = nil) throws(TextFileError) {
        guard let path = newPath ?? document.path else {
            throw TextFileError(localized("“%1” has no file yet: choose where to save it.", document.displayName))
        }
        if document.isLoading {
            throw TextFileError(localized("“%1” is still loading; it can be saved once all of it is here.", document.displayName))
        }
        if document.readOnlyReasons.contains(.incomplete) {
            throw TextFileError(localized("“%1” could not be read completely, so saving it could lose text; it is read-only.", document.displayName))
        }
        var file = document.fileTraits
        file.text = document.storage.string
        try file.write(to: path)
        let wasDirty = document.isDirty
        document.savedStateID = document.history.stateID
        let canonical = Self.canonicalPath(path)
        if document.identity != .file(canonicalPath: canonical) {
            if case .file(let old) = document.identity { watcher.unwatch(old) }
            document.identity = .file(canonicalPath: canonical)
            watcher.watch(canonical)
        }
        document.path = path
        // Our own write must not look like someone else's change.
        document.diskStamp = DiskStamp.of(canonical)
        document.isDeletedOnDisk = false
        document.history.seal()
        publish(.saved(path: path), for: document, dirtyBefore: wasDirty)
    }

    // MARK: Changes on disk

    /// Checks for changes on disk now instead of when the main queue gets to them (for tests).
    func pollDiskChanges() { watcher.poll() }

    private func fileWasRenamed(from old: String, to new: String) {
        guard let document = document(canonicalPath: old) else { return }
        document.identity = .file(canonicalPath: new)
        document.path = new
        document.diskStamp = DiskStamp.of(new)
        publish(.renamed(path: new), for: document, dirtyBefore: nil)
    }

    private func filesMayHaveChanged(_ paths: Set<String>) {
        for document in openDocuments {
            if case .file(let canonical) = document.identity, paths.contains(canonical) { checkDisk(document) }
        }
    }

    /// Compares the document with its file on disk: a clean document takes the new text
    /// (`reloadedFromDisk`), a dirty one is told (`changedOnDiskWhileDirty`), a missing file
    /// marks it deleted (`deletedOnDisk`); it stays editable and Save recreates the file.
    public func checkDisk(_ document: Document) {
        // A file still loading is compared once its load ends.
        guard case .file(let canonical) = document.identity, !document.isLoading else { return }
        let stamp = DiskStamp.of(canonical)
        if stamp == document.diskStamp { return }
        let wasDirty = document.isDirty
        guard let stamp else {
            guard !document.isDeletedOnDisk else { return }
            document.isDeletedOnDisk = true
            document.diskStamp = nil
            document.savedStateID = nil  // nothing on disk matches the text now
            publish(.deletedOnDisk, for: document, dirtyBefore: wasDirty)
            return
        }
        document.diskStamp = stamp
        document.isDeletedOnDisk = false
        guard let file = try? TextFile.read(canonical) else { return }  // unreadable for now: try at the next change
        if file.text == document.text {
            document.savedStateID = document.history.stateID
            if wasDirty { publish(.dirtyChanged(false), for: document, dirtyBefore: nil) }
            return
        }
        if wasDirty {
            document.savedStateID = nil
            publish(.changedOnDiskWhileDirty, for: document, dirtyBefore: nil)
        } else {
            replaceWithDisk(document, file: file, stamp: stamp)
        }
    }

    /// Replaces the document's text with the file on disk, dropping unsaved changes and undo.
    public func reloadFromDisk(_ document: Document) throws(TextFileError) {
        guard case .file(let canonical) = document.identity else { return }
        let file = try TextFile.read(canonical)
        replaceWithDisk(document, file: file, stamp: DiskStamp.of(canonical))
    }

    private func replaceWithDisk(_ document: Document, file: TextFile, stamp: DiskStamp?) {
        let wasDirty = document.isDirty
        document.storage = TextStorage(file.text)
        document.fileTraits = file
        document.fileTraits.text = ""
        document.history.clear()
        document.savedStateID = document.history.stateID
        document.diskStamp = stamp
        document.isDeletedOnDisk = false
        publish(.reloadedFromDisk, for: document, dirtyBefore: wasDirty)
    }

    // MARK: Events

    // MARK: Drafts

    /// Keeps the document's unsaved text in its draft, at most `draftDelay` from now; a clean
    /// document's draft is deleted.
    private func scheduleDraft(_ document: Document) {
        guard drafts != nil else { return }
        draftsDue.insert(document.id)
        guard !draftFlushScheduled else { return }
        draftFlushScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + draftDelay) { [weak self] in
            MainActor.assumeIsolated { self?.flushDrafts() }
        }
    }

    /// Writes every due draft now (on a background queue: see `DraftStore`).
    public func flushDrafts() {
        draftFlushScheduled = false
        let due = draftsDue
        draftsDue.removeAll()
        for id in due { if let document = documents[id] { writeDraft(document) } }
    }

    /// Writes every due draft and waits until all are on disk (the process is about to end).
    public func finishDrafts() {
        flushDrafts()
        drafts?.waitUntilWritten()
    }

    /// Writes (or, for a clean document, deletes) one document's draft now.
    public func writeDraft(_ document: Document) {
        guard let drafts else { return }
        if document.isDirty {
            drafts.write(document.draftID, text: document.storage,
                         metadata: .init(path: document.path, untitledName: document.path == nil ? document.untitledName : nil))
        } else {
            drafts.delete(document.draftID)
        }
    }

    /// Forgets a document no window shows (one opened for a restore that was then skipped).
    public func closeIfUnused(_ document: Document) {
        guard subscriberCount(of: document) == 0, documents[document.id] != nil else { return }
        documents[document.id] = nil
        document.loader?.cancel()
        document.loader = nil
        if case .file(let canonical) = document.identity { watcher.unwatch(canonical) }
    }

    /// The user closed the document's last window without saving: its draft goes too.
    public func discardChangesOnClose(_ document: Document) { document.discardsChangesOnClose = true }

    /// Brings a document back as it was when its draft was written: the file (if any) with the
    /// draft's text over it. A file gone since comes back as its draft alone.
    public func restoreDocument(path: String?, draftID: UUID?, untitledName: String?) -> Document? {
        let draft = draftID.flatMap { drafts?.read($0) }
        let document: Document
        if let path {
            // A draft replaces the text at once, so the file is read whole first.
            guard let opened = try? openFile(at: path, allowBinary: true, synchronously: draft != nil) else { return nil }
            document = opened
        } else {
            guard let draftID else { return nil }
            if let existing = documents.values.first(where: { $0.identity == .untitled(draftID: draftID) }) { return existing }
            let name = untitledName ?? draft?.metadata.untitledName ?? localized("Untitled Document")
            document = Document(identity: .untitled(draftID: draftID), path: nil, untitledName: name, file: TextFile())
            documents[document.id] = document
            if let number = Int(name.split(separator: " ").last ?? "") { untitledCount = max(untitledCount, number) }
        }
        if let draftID, subscriberCount(of: document) == 0 { document.draftID = draftID }
        if let draft, subscriberCount(of: document) == 0, draft.text != document.storage.string {
            document.storage = TextStorage(draft.text)
            document.history.clear()
            document.savedStateID = nil  // the text is not what is on disk
        }
        return document
    }

    private func publish(_ event: DocumentEvent, for document: Document, dirtyBefore: Bool?) {
        switch event {
        case .edited, .reloadedFromDisk, .saved, .deletedOnDisk, .changedOnDiskWhileDirty: scheduleDraft(document)
        default: break
        }
        let handlers = subscribers[document.id]?.map(\.handler) ?? []
        for handler in handlers { handler(event) }
        if let dirtyBefore, dirtyBefore != document.isDirty {
            for handler in handlers { handler(.dirtyChanged(document.isDirty)) }
        }
    }

    /// The path with symlinks resolved; for a file that does not exist yet, its folder's.
    nonisolated static func canonicalPath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        if let resolved = realpath(folder.isEmpty ? "." : folder, nil) {
            defer { free(resolved) }
            return (String(cString: resolved) as NSString).appendingPathComponent(name)
        }
        return path
    }
}
