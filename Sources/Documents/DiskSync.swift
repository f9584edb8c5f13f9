import Background
import Dispatch
import SafeFiles

/// Keeps open documents in step with their files on disk. A document knows one version of its
/// file (`Document.file`, a `FileKnowledge`: the one it last read or wrote, or was asked about);
/// whatever looks at the disk compares the file now with that version before it adopts anything,
/// and says what happened through one of that knowledge's transitions. A clean document follows a change as another
/// program's edits (`DiskSync+Following`); a modified one is asked (`DiskSync+Answers`); a file
/// that cannot be read as text is said and never adopted, a missing one marks the document
/// deleted, a file that really moved is followed. This file looks; `DiskRead` is what it read.
@MainActor
final class DiskSync {
    unowned let store: DocumentStore
    /// Reads finished off the main thread, waiting to be followed.
    private let reads = ReadInbox()
    /// The version each document's newest read is reading, by document id.
    private var reading: [Int: DiskStamp] = [:]
    /// Documents whose Reload or Merge is reading the file (a second press waits for nothing).
    var answering: Set<Int> = []
    /// How long (ns) a version must have held still since it was written to count as whole when
    /// Reload or Merge reads it: a writer may be between two writes. Tests lengthen it.
    var settle: Int64 = 100_000_000
    private lazy var watcher = FileWatcher(
        onChange: { [weak self] paths, inPlace in self?.filesMayHaveChanged(paths, inPlace: inPlace) },
        onRename: { [weak self] from, to in self?.fileWasRenamed(from: from, to: to) })

    init(store: DocumentStore) {
        self.store = store
    }

    /// Starts watching a document's file (one on a server is looked at every few seconds: `RemotePolling`).
    func watch(_ canonicalPath: String) {
        if RemoteLocation.isRemote(canonicalPath) { return remote.watch(canonicalPath) }
        watcher.watch(canonicalPath)
    }
    /// Stops watching a document's file.
    func unwatch(_ canonicalPath: String) {
        if RemoteLocation.isRemote(canonicalPath) { return remote.unwatch(canonicalPath) }
        watcher.unwatch(canonicalPath)
    }
    /// Looks at the files on servers every few seconds: GVfs's backends mostly have no monitor.
    private lazy var remote = RemotePolling { [weak self] path in
        guard let self, let document = self.store.document(canonicalPath: path) else { return }
        self.check(document)
    }
    /// Reads the watcher's pending events now instead of when the main queue gets to them, and
    /// waits for the reads they start: for tests only (the app never waits for a queue); the
    /// watcher's rate limit still applies.
    func poll() {
        watcher.poll()
        reads.wait()
        followReads()
    }
    /// How many batches of changes the watcher has reported.
    var reportCount: Int { watcher.reportCount }
    /// How many inotify events the watcher let through to the main thread.
    var eventsTaken: Int { watcher.eventsTaken }
    /// How many reads of inotify found events, whether or not any reached the main thread.
    var readsWithEvents: Int { watcher.readsWithEvents }

    /// A file or folder the user moved through Tandem itself (the Files panel): every open
    /// document at or under `old` goes with it to `new` at once, as with a file seen to move.
    /// The watcher sees a moved folder only as its files gone.
    func moved(_ old: String, to new: String) {
        for document in store.openDocuments {
            guard let from = document.identity.canonicalPath, from == old || from.hasPrefix(old + "/") else { continue }
            let to = new + from.dropFirst(old.count)
            unwatch(from)
            watch(to)
            fileWasRenamed(from: from, to: to)
        }
    }

    /// The file really moved (nothing took its old name): the document goes with it, unless another
    /// document already shows the file it moved onto; then this one's file is gone, and the other's
    /// changed. Either way the file is compared with the version the document knows.
    private func fileWasRenamed(from old: String, to new: String) {
        guard let document = store.document(canonicalPath: old) else { return }
        if let other = store.document(canonicalPath: new), other !== document {
            check(other)
        } else {
            document.identity = .file(canonicalPath: new)
            document.path = new
            store.rebaseJournal(document)
            store.publish(.renamed(path: new), for: document, dirtyBefore: nil)
        }
        check(document)
    }

    private func filesMayHaveChanged(_ paths: Set<String>, inPlace: Set<String>) {
        for document in store.openDocuments {
            if let canonical = document.identity.canonicalPath, paths.contains(canonical) {
                check(document, inPlace: inPlace.contains(canonical))
            }
        }
    }

    /// Compares the document with its file on disk (see the type's comment). The file is read and
    /// decoded off the main thread; a file that only grew costs only its new bytes. A file written
    /// in place (`inPlace`: the watcher saw it) whose stamp is still the version known is compared
    /// by its bytes: `cp -p`, `rsync --inplace -t` and coarse clocks keep size and time.
    func check(_ document: Document, inPlace: Bool = false) {
        // A file still loading is compared once its load ends; one being saved, once its save has
        // told the document what it wrote.
        guard let canonical = document.identity.canonicalPath, !document.isLoading, !document.isSaving else { return }
        guard !document.awaitsServer else { return }  // its restore looks again itself
        guard !document.openFailed else { return }  // never read: Try Again (or its retry) reads it
        if RemoteLocation.isRemote(canonical) { return checkRemote(document, canonical) }
        compare(document, canonical, stamp: DiskStamp.of(canonical), inPlace: inPlace)
    }

    /// A file on a server: its version is asked for off the main thread, then compared as a
    /// disk's is. A server that does not answer is no news (the file is not taken as deleted).
    private func checkRemote(_ document: Document, _ canonical: String) {
        // A change reported while a look is on its way may be after what that look sees: one more.
        guard !remote.isAsking(canonical) else { return remote.lookAgainAfter(canonical) }
        remote.asking(canonical, true)
        Background.run(on: .global(qos: .utility), { () -> Result<DiskStamp?, TextFileError> in
            // A look never asks: a password cancelled is not asked for again every few seconds.
            do throws(TextFileError) { return .success(try RemoteFiles.stamp(canonical, asking: false)) } catch { return .failure(error) }
        }, then: { [weak self, weak document] result in
            guard let self else { return }
            let again = self.remote.asking(canonical, false)
            guard let document, self.store.document(id: document.id) === document, !document.isLoading, !document.isSaving else { return }
            if case .success(let stamp) = result { self.compare(document, canonical, stamp: stamp, inPlace: false) }
            if again { self.check(document) }
        })
    }

    /// Compares the document with the version `stamp` of its file (nil: no file).
    private func compare(_ document: Document, _ canonical: String, stamp: DiskStamp?, inPlace: Bool) {
        guard let stamp else {
            // No file, and no version known: a file not made yet (nothing to say).
            guard document.diskStamp != nil || document.isDeletedOnDisk else { return }
            if !RemoteLocation.isRemote(canonical) { watcher.lookAtFolder(of: canonical) }  // a folder held open may have gone without a word
            return markDeleted(document)
        }
        var known: TextStorage?, knownDigest: UInt32?
        if stamp == document.diskStamp {
            guard inPlace, document.diskProblem == nil else { return }
            if let text = knownText(document) {
                known = text
            } else if let digest = document.file.digest, digest.stamp == stamp {
                knownDigest = digest.crc  // the version asked about and kept over: told by its bytes
            } else {
                return
            }
        } else if (document.hasUnseenDiskChange || document.isDeletedOnDisk) && document.diskProblem == nil {
            // Under a question or deleted, the version known before: a file back to it (`git stash
            // pop`, a branch switch and back) withdraws the question or the deletion.
            known = document.file.base
                ?? document.file.savedStateBeforeQuestion.flatMap { document.history.text(atState: $0, from: document.storage) }
            if known == nil, document.isDeletedOnDisk, let digest = document.file.digest { knownDigest = digest.crc }
        } else if document.isDirty && document.diskProblem == nil {
            // A new file with the very bytes known (`sed -i` that matched nothing, a stash popped
            // before the watcher looked) is no change: compared with the version known.
            if let text = knownText(document) {
                known = text
            } else if let digest = document.file.digest {
                knownDigest = digest.crc
            }
        }
        if reading[document.id] == stamp { return }  // that version is being read already
        reading[document.id] = stamp
        document.diskGeneration += 1
        let request = (id: document.id, generation: document.diskGeneration)
        // A clean UTF-8 document whose file only grew takes just the new bytes; one whose file kept
        // its stamp is compared byte for byte first (a log's writes come as several events).
        let tail = !Self.asks(document) && document.encoding == .utf8 && document.diskProblem == nil ? document.file.tail : nil
        let sameStamp = stamp == document.diskStamp
        let reads = self.reads
        reads.expect()
        let text = document.storage, version = document.editCount, knownText = known, digestKnown = knownDigest
        let markLength = document.fileTraits.hasByteOrderMark ? 3 : 0
        // The result goes through the inbox, not the closure, so `poll` can take it without the main queue.
        // A text standing on its file's pieces is never read whole again: it follows an append,
        // and any other change is said, the text kept as it was (the pieces read the version
        // opened, which the descriptor keeps).
        let inPieces = text.baseFile != nil
        Background.run(on: .global(qos: .userInitiated), {
            let unchanged = sameStamp && tail != nil && (inPieces || FileTail.fileHolds(canonical, text: text, markLength: markLength))
            var read = unchanged ? .unchanged(stamp) : tail.flatMap { tail in
                tail.growth(canonical, holding: text, markLength: markLength).map { DiskRead.grew($0, stamp: stamp) }
            }
                ?? .whole(inPieces ? DiskRead.Whole(tooBigToCompare: canonical, version: version)
                                   : DiskRead.Whole(path: canonical, comparedWith: text, version: version, known: knownText))
            if case .whole(let whole) = read, let digestKnown, whole.digest == digestKnown, whole.stamp == stamp { read = .unchanged(stamp) }
            reads.put((request.id, request.generation, read))
        }, then: { [weak self] _ in self?.followReads() })
    }

    /// The text of the file's version the document knows (nil: not known): its own text when it
    /// is clean, the saved state's when that is in the history, or the version a merge took in.
    private func knownText(_ document: Document) -> TextStorage? {
        if !document.isDirty { return document.storage }
        if document.hasUnseenDiskChange { return nil }  // the version known is one the document never held
        return document.savedStateID.flatMap { document.history.text(atState: $0, from: document.storage) } ?? document.file.base
    }

    /// Whether a change on disk is a question for the user rather than followed: the text is not
    /// the file's. (Undone steps are carried across a followed change, as the rest of the history.)
    static func asks(_ document: Document) -> Bool { document.isDirty }

    private func markDeleted(_ document: Document) {
        reading[document.id] = nil
        let wasDirty = document.isDirty
        guard document.file.deleted() else { return }
        // The text is now the only copy of the file: journaled even when it had no edits, so a
        // crash before it is saved again brings it back.
        store.journals?.begin(document)
        store.publish(.deletedOnDisk, for: document, dirtyBefore: wasDirty)
    }

    /// Follows the reads that have finished (the newest of each document's only).
    func followReads() {
        for (id, generation, read) in reads.takeAll() {
            guard let document = store.document(id: id), document.diskGeneration == generation,
                  let canonical = document.identity.canonicalPath else { continue }
            reading[id] = nil
            switch read {
            case .grew(let growth, let stamp):
                if !appendTail(growth, at: stamp, to: document) {
                    // Not text that can simply follow: read the whole file.
                    document.file.forgetTail()
                    check(document)
                }
            case .whole(let whole):
                follow(whole, in: document, canonical: canonical)
            case .unchanged(let stamp):
                if document.isDeletedOnDisk {
                    // Back as the version kept over (after Keep Mine): as it was before the deletion.
                    let wasDirty = document.isDirty
                    document.file.cameBack(as: stamp, tail: document.file.tail) { document.history.holds(state: $0) }
                    withdrawQuestion(document, wasDirty: wasDirty)
                } else {
                    document.file.moved(to: stamp)
                }
            }
        }
    }

    /// Whether saving `document` to its own file would overwrite a change on disk the user has not
    /// chosen to overwrite: one the user was asked about, or one the watcher has not reported yet.
    func hasConflict(_ document: Document) -> Bool {
        guard let canonical = document.identity.canonicalPath else { return false }
        if document.hasUnseenDiskChange { return true }
        // A server is not asked from the main thread: the save's own tag check refuses a change since.
        if RemoteLocation.isRemote(canonical) { return false }
        guard let current = DiskStamp.of(canonical) else { return false }  // gone: saving recreates it
        return current != document.diskStamp
    }
}
