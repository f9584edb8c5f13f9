import Dispatch
import FoundationEssentials

/// Keeps open documents in step with their files on disk: watches them, follows renames,
/// reloads clean documents, asks about dirty ones, marks deleted ones.
@MainActor
final class DiskSync {
    private unowned let store: DocumentStore
    /// Reads finished off the main thread, waiting to be followed.
    private let reads = ReadInbox()
    private lazy var watcher = FileWatcher(
        onChange: { [weak self] paths in self?.filesMayHaveChanged(paths) },
        onRename: { [weak self] from, to in self?.fileWasRenamed(from: from, to: to) })

    init(store: DocumentStore) {
        self.store = store
    }

    /// Starts watching a document's file.
    func watch(_ canonicalPath: String) { watcher.watch(canonicalPath) }
    /// Stops watching a document's file.
    func unwatch(_ canonicalPath: String) { watcher.unwatch(canonicalPath) }
    /// Reads the watcher's pending events now instead of when the main queue gets to them;
    /// the watcher's rate limit still applies.
    func poll() {
        watcher.poll()
        reads.wait()
        followReads()
    }
    /// How many batches of changes the watcher has reported.
    var reportCount: Int { watcher.reportCount }

    private func fileWasRenamed(from old: String, to new: String) {
        guard let document = store.document(canonicalPath: old) else { return }
        document.identity = .file(canonicalPath: new)
        document.path = new
        document.diskStamp = DiskStamp.of(new)
        store.rebaseJournal(document)
        store.publish(.renamed(path: new), for: document, dirtyBefore: nil)
    }

    private func filesMayHaveChanged(_ paths: Set<String>) {
        for document in store.openDocuments {
            if let canonical = document.identity.canonicalPath, paths.contains(canonical) { check(document) }
        }
    }

    /// Compares the document with its file on disk: a clean document takes the new text
    /// (`reloadedFromDisk`, or only the new tail of a file that grew), a dirty one is told
    /// (`changedOnDiskWhileDirty`), a missing file marks it deleted (`deletedOnDisk`); it stays
    /// editable and Save recreates the file. The file is read and decoded off the main thread.
    func check(_ document: Document) {
        // A file still loading is compared once its load ends; one being saved, once its save has
        // told the document what it wrote.
        guard let canonical = document.identity.canonicalPath, !document.isLoading, !document.isSaving else { return }
        let stamp = DiskStamp.of(canonical)
        if stamp == document.diskStamp { return }
        guard stamp != nil else {
            guard !document.isDeletedOnDisk else { return }
            let wasDirty = document.isDirty
            document.isDeletedOnDisk = true
            document.diskStamp = nil
            document.fileTail = nil
            document.savedStateID = nil  // nothing on disk matches the text now
            store.rebaseJournal(document)
            store.publish(.deletedOnDisk, for: document, dirtyBefore: wasDirty)
            return
        }
        document.diskStamp = stamp
        document.isDeletedOnDisk = false
        document.diskGeneration += 1
        let request = (id: document.id, generation: document.diskGeneration)
        // A clean UTF-8 document whose file only grew takes just the new bytes.
        let tail = !document.isDirty && document.encoding == .utf8 ? document.fileTail : nil
        let reads = self.reads
        reads.expect()
        let text = document.storage, version = document.editCount
        DispatchQueue.global(qos: .userInitiated).async {
            let read = tail.flatMap { $0.grownBytes(canonical) }.map { DiskRead.grew($0, from: tail!) }
                ?? .whole(DiskRead.Whole(file: try? TextFile.read(canonical), comparedWith: text, version: version))
            reads.put((request.id, request.generation, read))
            DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in self?.followReads() } }
        }
    }

    /// What a read off the main thread found.
    enum DiskRead: Sendable {
        case grew([UInt8], from: FileTail)
        case whole(Whole)

        /// A whole file read, compared with the document's text and turned into storage off the
        /// main thread (for 100 MB, each of those is a long stall).
        struct Whole: Sendable {
            var file: TextFile?
            /// Whether the file holds the text the document had at `version`.
            var isSame = false
            var version: Int
            var storage: TextStorage?

            init(file: TextFile?, comparedWith text: TextStorage, version: Int) {
                self.file = file
                self.version = version
                guard let file else { return }
                isSame = file.text.unicodeScalars.count == text.count && file.text == text.string
                if !isSame { storage = TextStorage(file.text) }
            }
        }
    }

    /// Follows the reads that have finished (the newest of each document's only).
    func followReads() {
        for (id, generation, read) in reads.takeAll() {
            guard let document = store.document(id: id), document.diskGeneration == generation,
                  let canonical = document.identity.canonicalPath else { continue }
            switch read {
            case .grew(let bytes, let tail):
                if !appendTail(bytes, from: tail, to: document, canonical: canonical) {
                    // Not text that can simply follow: read the whole file.
                    document.diskStamp = nil
                    document.fileTail = nil
                    check(document)
                }
            case .whole(let whole):
                guard whole.file != nil else { continue }  // unreadable for now: try at the next change
                follow(whole, in: document, canonical: canonical)
            }
        }
    }

    /// Appends what a file that only grew brought; false when it cannot (not UTF-8 text, or the
    /// document was edited meanwhile).
    private func appendTail(_ bytes: [UInt8], from tail: FileTail, to document: Document, canonical: String) -> Bool {
        guard !document.isDirty, !document.isReadOnly, !bytes.contains(0),
              let (text, used) = FileTail.decodeUTF8Prefix(bytes) else { return false }
        guard used > 0 else { return true }  // half a character so far: the rest comes with the next write
        let end = document.storage.count
        let edit = Edit.insert(text, at: end)
        document.storage.replace(end..<end, with: text)
        document.history.clear()
        document.savedStateID = document.history.stateID
        document.fileTail = FileTail.of(canonical, size: tail.size + Int64(used))
        store.journals?.delete(document.draftID)  // nothing to keep: the text is the file's, the history empty
        store.publish(.edited(edit, origin: nil, isUndoRedo: false), for: document, dirtyBefore: false)
        return true
    }

    private func follow(_ read: DiskRead.Whole, in document: Document, canonical: String) {
        guard let file = read.file else { return }
        let wasDirty = document.isDirty
        let isSame = read.version == document.editCount ? read.isSame : file.text == document.text
        if isSame {
            document.savedStateID = document.history.stateID
            document.fileTail = document.diskStamp.flatMap { FileTail.of(canonical, size: $0.size) }
            if wasDirty { store.publish(.dirtyChanged(false), for: document, dirtyBefore: nil) }
            return
        }
        if wasDirty {
            document.savedStateID = nil
            document.hasUnseenDiskChange = true
            document.restoreNotice = nil  // a change while Tandem runs is said as such
            store.rebaseJournal(document)
            store.publish(.changedOnDiskWhileDirty, for: document, dirtyBefore: nil)
        } else {
            replace(document, with: file, storage: read.storage, canonical: canonical)
        }
    }

    /// Whether saving `document` to its own file would overwrite a change on disk the user has not
    /// chosen to overwrite: one the user was asked about, or one the watcher has not reported yet.
    func hasConflict(_ document: Document) -> Bool {
        guard let canonical = document.identity.canonicalPath else { return false }
        if document.hasUnseenDiskChange { return true }
        guard let current = DiskStamp.of(canonical) else { return false }  // gone: saving recreates it
        return current != document.diskStamp
    }

    /// The user keeps their text over the file's new version: it counts as seen, and Save may
    /// overwrite it.
    func keepMine(_ document: Document) {
        document.hasUnseenDiskChange = false
        document.restoreNotice = nil
        if let canonical = document.identity.canonicalPath { document.diskStamp = DiskStamp.of(canonical) }
    }

    /// Replaces the document's text with the file on disk, dropping unsaved changes and undo.
    func reload(_ document: Document) throws(TextFileError) {
        guard let canonical = document.identity.canonicalPath else { return }
        let file = try TextFile.read(canonical)
        replace(document, with: file, storage: nil, canonical: canonical)
    }

    /// `storage`: the file's text as storage, when it was built off the main thread.
    private func replace(_ document: Document, with file: TextFile, storage: TextStorage?, canonical: String) {
        let wasDirty = document.isDirty
        document.storage = storage ?? TextStorage(file.text)
        document.editCount += 1
        document.fileTraits = file
        document.fileTraits.text = ""
        document.history.clear()
        document.savedStateID = document.history.stateID
        document.matchesFile(at: canonical)
        document.isDeletedOnDisk = false
        document.hasUnseenDiskChange = false
        document.restoreNotice = nil
        store.journals?.delete(document.draftID)  // nothing to keep: the text is the file's, the history empty
        store.publish(.reloadedFromDisk, for: document, dirtyBefore: wasDirty)
    }
}

