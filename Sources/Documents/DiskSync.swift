import Background
import Dispatch
import FoundationEssentials
import Localization
import SafeFiles

/// Keeps open documents in step with their files on disk. A document knows one version of its
/// file (`diskStamp`: the one it last read or wrote); whatever looks at the disk compares the file
/// now with that version before it adopts anything. A clean document follows a change as one
/// undoable step; a dirty one, or one with undone steps to redo (text kept nowhere else, which
/// following would drop), is asked; a file that cannot be read as text is said and never
/// adopted, a missing one marks the document deleted, a file that really moved is followed.
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
        let stamp = DiskStamp.of(canonical)
        var known: TextStorage?, knownDigest: UInt32?
        if stamp == document.diskStamp {
            guard inPlace, let stamp, document.diskProblem == nil else { return }
            if let text = knownText(document) {
                known = text
            } else if let digest = document.knownDigest, digest.stamp == stamp {
                knownDigest = digest.crc  // the version asked about and kept over: told by its bytes
            } else {
                return
            }
        } else if (document.hasUnseenDiskChange || document.isDeletedOnDisk) && document.diskProblem == nil {
            // Under a question or deleted, the version known before: a file back to it (`git stash
            // pop`, a branch switch and back) withdraws the question or the deletion.
            known = document.knownFileText
                ?? document.savedStateBeforeQuestion.flatMap { document.history.text(atState: $0, from: document.storage) }
            if known == nil, document.isDeletedOnDisk, let digest = document.knownDigest { knownDigest = digest.crc }
        } else if document.isDirty && stamp != nil && document.diskProblem == nil {
            // A new file with the very bytes known (`sed -i` that matched nothing, a stash popped
            // before the watcher looked) is no change: compared with the version known.
            if let text = knownText(document) {
                known = text
            } else if let digest = document.knownDigest {
                knownDigest = digest.crc
            }
        }
        guard let stamp else { return markDeleted(document) }
        if reading[document.id] == stamp { return }  // that version is being read already
        reading[document.id] = stamp
        document.diskGeneration += 1
        let request = (id: document.id, generation: document.diskGeneration)
        // A clean UTF-8 document whose file only grew takes just the new bytes; one whose file kept
        // its stamp is compared byte for byte first (a log's writes come as several events).
        let tail = !Self.asks(document) && document.encoding == .utf8 && document.diskProblem == nil ? document.fileTail : nil
        let sameStamp = stamp == document.diskStamp
        let reads = self.reads
        reads.expect()
        let text = document.storage, version = document.editCount, knownText = known, digestKnown = knownDigest
        let markLength = document.fileTraits.hasByteOrderMark ? 3 : 0
        // The result goes through the inbox, not the closure, so `poll` can take it without the main queue.
        Background.run(on: .global(qos: .userInitiated), {
            let unchanged = sameStamp && tail != nil && FileTail.fileHolds(canonical, text: text, markLength: markLength)
            var read = unchanged ? .unchanged(stamp) : tail.flatMap { tail in
                tail.growth(canonical, holding: text, markLength: markLength).map { DiskRead.grew($0, stamp: stamp) }
            }
                ?? .whole(DiskRead.Whole(path: canonical, comparedWith: text, version: version, known: knownText))
            if case .whole(let whole) = read, let digestKnown, whole.digest == digestKnown, whole.stamp == stamp { read = .unchanged(stamp) }
            reads.put((request.id, request.generation, read))
        }, then: { [weak self] _ in self?.followReads() })
    }

    /// The text of the file's version the document knows (nil: not known): its own text when it
    /// is clean, the saved state's when that is in the history, or the version a merge took in.
    private func knownText(_ document: Document) -> TextStorage? {
        if !document.isDirty { return document.storage }
        if document.hasUnseenDiskChange { return nil }  // the version known is one the document never held
        return document.savedStateID.flatMap { document.history.text(atState: $0, from: document.storage) } ?? document.knownFileText
    }

    /// Whether a change on disk is a question for the user rather than followed: the text is not
    /// the file's. (Undone steps are carried across a followed change, as the rest of the history.)
    private static func asks(_ document: Document) -> Bool { document.isDirty }

    private func markDeleted(_ document: Document) {
        reading[document.id] = nil
        guard !document.isDeletedOnDisk else { return }
        let wasDirty = document.isDirty
        // The state that is the file again if the file comes back as the version known.
        if !document.hasUnseenDiskChange { document.savedStateBeforeQuestion = document.savedStateID }
        document.isDeletedOnDisk = true
        document.diskStamp = nil
        document.knownFileText = nil
        document.fileTail = nil
        document.savedStateID = nil  // nothing on disk matches the text now
        // The text is now the only copy of the file: journaled even when it had no edits, so a
        // crash before it is saved again brings it back (found by the random user).
        store.journals?.begin(document)
        store.publish(.deletedOnDisk, for: document, dirtyBefore: wasDirty)
    }

    /// What a read off the main thread found.
    enum DiskRead: Sendable {
        case grew(FileTail.Growth, stamp: DiskStamp)
        /// The version known, byte for byte, at `stamp` (written in place, or a new file with the same bytes).
        case unchanged(DiskStamp)
        case whole(Whole)

        /// A whole file read, compared with the document's text, and the change turned into the
        /// document's next text off the main thread (for 100 MB, each of those is a long stall).
        struct Whole: Sendable {
            /// The file's text, or why it cannot be the document's.
            var file: Result<TextFile, TextFileError>
            /// The version read: the stamp before the read. Nil when the file changed while it was
            /// read (what was read may be half of each): the next look reads it again.
            var stamp: DiskStamp?
            /// The end of the version read, to follow it if it only grows.
            var tail: FileTail?
            /// The text the document had at `version`, changed into the file's (nil: the same).
            var change: TextChange?
            var version: Int
            /// Whether the file holds the text of `known` (the version known before a question).
            var isKnown = false
            /// CRC-32 of the bytes read.
            var digest: UInt32?

            /// `text` nil: only the file is read, compared with nothing.
            init(path: String, comparedWith text: TextStorage?, version: Int, known: TextStorage? = nil) {
                self.version = version
                let before = DiskStamp.of(path)
                do throws(TextFileError) {
                    let bytes = try TextFile.readBytes(path)
                    digest = journalCRC(bytes)
                    file = .success(try TextFile.decode(bytes, name: PathName.file(of: path)))
                } catch { file = .failure(error) }
                if let size = before?.size { tail = FileTail.of(path, size: size) }
                stamp = DiskStamp.of(path) == before ? before : nil
                if case .success(let read) = file, let text { change = TextChange(from: text, to: read.text) }
                if case .success(let read) = file, let known { isKnown = known.string.utf8.elementsEqual(read.text.utf8) }
            }
        }
    }

    /// Follows the reads that have finished (the newest of each document's only).
    func followReads() {
        for (id, generation, read) in reads.takeAll() {
            guard let document = store.document(id: id), document.diskGeneration == generation,
                  let canonical = document.identity.canonicalPath else { continue }
            reading[id] = nil
            switch read {
            case .grew(let growth, let stamp):
                if appendTail(growth, to: document) {
                    document.diskStamp = stamp
                } else {
                    // Not text that can simply follow: read the whole file.
                    document.fileTail = nil
                    check(document)
                }
            case .whole(let whole):
                follow(whole, in: document, canonical: canonical)
            case .unchanged(let stamp):
                document.diskStamp = stamp
                document.knownDigest = document.knownDigest.map { (stamp, $0.crc) }
                if document.isDeletedOnDisk {
                    // Back as the version kept over (after Keep Mine): as it was before the deletion.
                    let wasDirty = document.isDirty
                    document.isDeletedOnDisk = false
                    document.savedStateID = document.savedStateBeforeQuestion.flatMap { document.history.holds(state: $0) ? $0 : nil }
                    withdrawQuestion(document, wasDirty: wasDirty)
                }
            }
        }
    }

    /// Appends what a file that only grew brought; false when it cannot (the document was
    /// edited meanwhile, or is read-only).
    private func appendTail(_ growth: FileTail.Growth, to document: Document) -> Bool {
        guard !Self.asks(document), !document.isReadOnly else { return false }
        let text = growth.text
        guard !text.isEmpty else { return true }  // half a character so far: the rest comes with the next write
        let end = document.storage.count
        // Views are told with the final break's showing settled: it is hidden when the file's text
        // ends with one (as after a load).
        document.hidesFinalLineBreak = ["\n", "\r", "\u{2029}"].contains(text.unicodeScalars.last)
        applyPeer([Edit.insert(text, at: end)], to: document, result: nil)
        document.savedStateID = document.history.stateID
        document.fileTail = growth.tail
        journalPeerChange(document)
        return true
    }

    /// Applies another program's change to the text as a peer's edits (in turn; `result` is the
    /// text after all of them when it was built already): not an undo step of the user's, and the
    /// history is carried across them, so undo takes back only what the user did.
    private func applyPeer(_ edits: [Edit], to document: Document, result: TextStorage?) {
        let wasDirty = document.isDirty
        document.history.carry(across: edits, from: document.storage)
        for (index, edit) in edits.enumerated() {
            if let result, edits.count == 1 { document.storage = result } else { document.storage.replace(edit.range, with: edit.replacement) }
            document.editCount += 1
            store.publish(.edited(edit, origin: nil, isUndoRedo: false), for: document, dirtyBefore: index == 0 ? wasDirty : nil)
        }
    }

    /// The journal after a peer's change to a clean document: it begins again from the file with
    /// the history carried across (a header and the history: the file is its base), or goes when
    /// there is no history to keep.
    private func journalPeerChange(_ document: Document) {
        if document.canUndo || document.canRedo { store.journals?.begin(document) } else { store.journals?.delete(document.draftID) }
    }

    private func follow(_ read: DiskRead.Whole, in document: Document, canonical: String) {
        let file: TextFile
        switch read.file {
        case .failure(let error):
            guard FileSystem.exists(canonical) else { return check(document) }  // gone meanwhile
            return refuse(error, in: document)
        case .success(let read): file = read
        }
        guard let stamp = read.stamp else { return check(document) }  // written while read: again
        let wasDirty = document.isDirty, wasDeleted = document.isDeletedOnDisk
        document.isDeletedOnDisk = false
        let change = read.version == document.editCount ? read.change : TextChange(from: document.storage, to: file.text)
        if read.isKnown && (document.hasUnseenDiskChange || wasDeleted) && document.diskProblem == nil {
            // Back to the very version the document knew (`git stash`, then `git stash pop`; a
            // branch switch that removed the file, and back): the change it was asked about, or
            // the deletion, is gone, and so is the question.
            document.diskStamp = stamp
            document.savedStateID = document.savedStateBeforeQuestion.flatMap { document.history.holds(state: $0) ? $0 : nil }
            document.fileTail = document.isDirty ? nil : read.tail
            withdrawQuestion(document, wasDirty: wasDirty)
            return
        }
        if read.isKnown {
            // Still the version known, byte for byte (written in place, or a new file of the
            // same bytes): nothing changed.
            document.diskStamp = stamp
            return
        }
        guard let change else {
            // The same text: only the version known moves on, and a question about it is moot.
            document.diskStamp = stamp
            document.fileTail = read.tail
            document.savedStateID = document.history.stateID
            let hadQuestion = document.diskProblem != nil || document.hasUnseenDiskChange
            document.diskProblem = nil
            if hadQuestion { return withdrawQuestion(document, wasDirty: wasDirty) }
            if wasDirty { store.publish(.dirtyChanged(document.isDirty), for: document, dirtyBefore: nil) }
            return
        }
        // A file deleted and back with another text (a branch switch that differs): measured
        // against the version known before the deletion, so a document clean then follows it.
        let savedBefore = wasDeleted && !document.hasUnseenDiskChange ? document.savedStateBeforeQuestion : nil
        if let savedBefore, document.history.stateID == savedBefore { document.savedStateID = savedBefore }
        if Self.asks(document) {
            // The question stands until it is answered; the version it is about is the one read.
            // The version known before it is the base a merge needs: the text at the saved state
            // (a second change before the answer keeps the first base; after a merge the base is
            // the version it merged, which no state of the history holds).
            if let saved = document.savedStateID ?? savedBefore, !document.hasUnseenDiskChange || document.knownFileText == nil {
                document.knownFileText = document.history.text(atState: saved, from: document.storage)
            }
            if !document.hasUnseenDiskChange { document.savedStateBeforeQuestion = document.savedStateID ?? savedBefore }
            document.diskStamp = stamp
            document.knownDigest = read.digest.map { (stamp, $0) }
            document.fileTail = nil
            document.savedStateID = nil
            document.hasUnseenDiskChange = true
            document.diskProblem = nil
            document.restoreNotice = nil  // a change while Tandem runs is said as such
            store.rebaseJournal(document)
            store.publish(.changedOnDiskWhileDirty, for: document, dirtyBefore: wasDirty)
        } else {
            adopt(file, revert: nil, peer: change, stamp: stamp, tail: read.tail, in: document)
        }
    }

    /// The question about a change on disk is gone with the change: said in every window.
    private func withdrawQuestion(_ document: Document, wasDirty: Bool) {
        document.hasUnseenDiskChange = false
        document.knownFileText = nil
        document.savedStateBeforeQuestion = nil
        document.restoreNotice = nil
        store.rebaseJournal(document)
        store.publish(.diskChangeSeen, for: document, dirtyBefore: wasDirty)
    }

    /// The file changed into something that is not this document's text: said, never adopted.
    /// The version known stays the old one, so Save asks before overwriting.
    private func refuse(_ error: TextFileError, in document: Document) {
        let message = error.looksBinary
            ? localized("“%1” changed on disk and is no longer text (it contains NUL bytes). Your text is kept as it was.", document.displayName)
            : localized("“%1” changed on disk and cannot be read: %2 Your text is kept as it was.", document.displayName, error.message)
        guard document.diskProblem != message || !document.hasUnseenDiskChange else { return }
        // Whether the text is modified stays as it was: it is measured against the last version
        // that could be read, and a clean document follows the file once it is text again.
        document.diskProblem = message
        document.hasUnseenDiskChange = true
        store.rebaseJournal(document)
        store.publish(.changedOnDiskUnreadable, for: document, dirtyBefore: nil)
    }

    /// Whether saving `document` to its own file would overwrite a change on disk the user has not
    /// chosen to overwrite: one the user was asked about, or one the watcher has not reported yet.
    func hasConflict(_ document: Document) -> Bool {
        guard let canonical = document.identity.canonicalPath else { return false }
        if document.hasUnseenDiskChange { return true }
        guard let current = DiskStamp.of(canonical) else { return false }  // gone: saving recreates it
        return current != document.diskStamp
    }

    /// The user keeps their text over the file's new version: the version they were asked about
    /// (or, from a save's question, `seen`: the file when the question was put) counts as seen, and
    /// Save may overwrite it; a write after it is not taken as seen, and is asked about again.
    /// The answer holds in every window of the document.
    func keepMine(_ document: Document, seen: DiskStamp?? = nil) {
        // A file that could not be read was never a version the document held: the one on disk now.
        let unreadable = document.diskProblem != nil
        document.hasUnseenDiskChange = false
        document.knownFileText = nil  // the file's version now is one the document never held
        document.diskProblem = nil
        document.restoreNotice = nil
        if case .some(let stamp) = seen {
            document.diskStamp = stamp
        } else if unreadable, let canonical = document.identity.canonicalPath {
            document.diskStamp = DiskStamp.of(canonical)
        }
        store.publish(.diskChangeSeen, for: document, dirtyBefore: nil)
        check(document)  // a write since the version seen is asked about at once
    }

    /// The document takes the file's text and its traits, and knows the file at `stamp` as its
    /// version: `revert` (the user's changes taken back) is an undo step, then `peer` (the file's
    /// change) is applied as another program's edits.
    func adopt(_ file: TextFile, revert: TextChange?, peer: TextChange?, stamp: DiskStamp?, tail: FileTail?, in document: Document) {
        let wasDirty = document.isDirty
        // Views are told with the final break's showing settled: hidden when the text that each
        // part leads to ends with one (the file's text, at the end).
        document.hidesFinalLineBreak = (revert?.storage ?? document.storage).finalLineBreakLength > 0
        if let revert {
            document.history.seal()
            document.history.beginCompound()
            for (edit, removed) in zip(revert.edits, revert.removed) { document.history.record(edit, removed: removed) }
            document.history.endCompound()
            document.history.seal()
            // Each edit is told with the text as it is after it (views read the lines around it); a
            // single one (a whole new text) was built off the main thread already.
            for (index, edit) in revert.edits.enumerated() {
                if revert.edits.count == 1 { document.storage = revert.storage } else { document.storage.replace(edit.range, with: edit.replacement) }
                document.editCount += 1
                store.publish(.edited(edit, origin: nil, isUndoRedo: false), for: document, dirtyBefore: index == 0 ? wasDirty : nil)
            }
        }
        if let peer {
            document.hidesFinalLineBreak = peer.storage.finalLineBreakLength > 0
            applyPeer(peer.edits, to: document, result: peer.storage)
        }
        document.fileTraits = file
        document.fileTraits.text = ""
        document.savedStateID = document.history.stateID
        document.knownFileText = nil
        document.diskStamp = stamp
        document.knownDigest = nil  // the text is the version's now
        document.fileTail = tail
        document.isDeletedOnDisk = false
        document.hasUnseenDiskChange = false
        document.diskProblem = nil
        document.restoreNotice = nil
        // The journal begins again from the file, with the history that undoes back to the old text.
        journalPeerChange(document)
        store.publish(.reloadedFromDisk, for: document, dirtyBefore: revert == nil && peer == nil ? wasDirty : nil)
    }
}
