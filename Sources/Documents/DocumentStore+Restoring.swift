import Background
import Dispatch
import FoundationEssentials
import Localization
import SafeFiles

/// Bringing documents back after a relaunch or a reopen, from their journals.
extension DocumentStore {
    /// Brings a document back as its journal left it: the file (if any) with the unsaved edits
    /// over it, and its undo history. A file gone or changed since is said so on the document
    /// (`hasUnseenDiskChange`, `restoreNotice`); unsaved text is never dropped silently.
    public func restoreDocument(path: String?, draftID: UUID?, untitledName: String?) -> Document? {
        // A window on a document still open shows it, even when the record names the path it had
        // before Save As or a rename: reading that path again would make a second document with
        // the same journal (a window closed before Save As, reopened).
        if let draftID, let open = openDocuments.first(where: { $0.draftID == draftID }) { return open }
        var journal = draftID.flatMap { journals?.read($0) }
        if let found = journal, Self.lastPath(of: found).map(Self.canonicalPath) != path.map(Self.canonicalPath) {
            journals?.warn(localized("skipped the journal of %1: it belongs to another document", path ?? untitledName ?? "a window"))
            journal = nil
        }
        let legacy = journal == nil ? draftID.flatMap { journals?.legacyDraft($0) } : nil
        // A journal that carries its text needs no file to come back: the file is compared with
        // it off the main thread, so a big document's window appears at once.
        if let path, let draftID, let found = journal, found.snapshot != nil, document(atPath: path) == nil,
           let restored = restoreWithoutReading(path: path, found, draftID: draftID) {
            return restored
        }
        // A journal of no unsaved edits over a file that opens as pieces of itself is left: the
        // file opens in the background (its undo history does not come back), rather than being
        // indexed and fingerprinted whole before the window shows.
        if let path, let found = journal, found.snapshot == nil, Self.endsSaved(found),
           !RemoteLocation.isRemote(path), let size = FileSystem.regularFileSize(path), size >= fileBackedMinimum {
            journal = nil
        }
        if let path, let draftID, let found = journal, found.snapshot == nil, legacy == nil,
           let restoring = restoreOverBigFile(path: path, found, draftID: draftID) {
            return restoring
        }
        let document: Document
        if let path {
            // Edits are replayed over the file at once, so the file is read whole first.
            let needsText = journal != nil || legacy != nil
            guard let opened = try? openFile(at: path, allowBinary: true, synchronously: needsText) else { return nil }
            document = opened
        } else {
            guard let draftID else { return nil }
            if let existing = openDocuments.first(where: { $0.identity == .untitled(draftID: draftID) }) { return existing }
            let name = untitledName ?? journal?.header.untitledName ?? legacy?.metadata.untitledName ?? localized("Untitled Document")
            document = adoptUntitled(draftID: draftID, name: name)
        }
        // A document another window already shows is as it is.
        guard let draftID, subscriberCount(of: document) == 0 else { return document }
        document.draftID = draftID
        // Unsaved edits to a file of long lines (made after Edit Anyway) come back: the replay
        // takes them, and the document is read-only for long lines again below.
        let edited = journal.map { !$0.changes.isEmpty || $0.snapshot != nil } ?? (legacy != nil)
        if document.readOnlyReasons == [.longLines] && edited { document.readOnlyReasons = [] }
        guard !document.isReadOnly else { return document }
        if let journal {
            replay(journal, into: document)
        } else if let legacy, legacy.text != document.storage.string {
            document.storage = TextStorage(legacy.text)
            document.noteFinalLineBreak()
            document.history.clear()
            document.file.holdsNoState()  // the text is not what is on disk
            journals?.begin(document)
            journals?.removeLegacyDraft(draftID)
        }
        if edited { Self.noteRestoredLongLines(in: document) }
        return document
    }

    /// Whether a journal's last word is a save: nothing typed since, the file holds its text.
    private static func endsSaved(_ journal: JournalContents) -> Bool {
        guard let last = journal.changes.last else { return true }
        if case .saved = last { return true }
        return false
    }

    /// The file a replay went over is a version no state of the history holds (saved, undone, typed
    /// into): its bytes' CRC is what tells it from a rewrite that keeps size and time. Taken off
    /// the main thread, and only from bytes that still decode to the text replayed over.
    private func noteDigest(of document: Document, holding fileText: TextStorage) {
        guard let canonical = document.identity.canonicalPath, let stamp = document.diskStamp,
              !RemoteLocation.isRemote(canonical) else { return }
        if fileText.baseFile != nil {
            // Pieces of the file itself: their CRC is the file's, taken off the main thread.
            guard !document.fileTraits.hasByteOrderMark else { return }
            Background.run(on: .global(qos: .utility), { () -> UInt32? in
                let crc = textHash(fileText)
                return DiskStamp.of(canonical) == stamp && fileText.baseFile?.isDamaged == false ? crc : nil
            }, then: { [weak self, weak document] crc in
                guard let self, let document, let crc, self.document(id: document.id) === document else { return }
                document.file.told(stamp, crc: crc)
            })
            return
        }
        let expected = TextFingerprint(fileText)
        Background.run(on: .global(qos: .utility), { () -> UInt32? in
            guard let bytes = try? TextFile.readBytes(canonical), DiskStamp.of(canonical) == stamp,
                  let read = try? TextFile.decode(bytes, name: PathName.file(of: canonical), allowBinary: true),
                  TextFingerprint(read.text) == expected else { return nil }
            return journalCRC(bytes)
        }, then: { [weak self, weak document] crc in
            guard let self, let document, let crc, self.document(id: document.id) === document else { return }
            document.file.told(stamp, crc: crc)
        })
    }

    /// A restored text with a line too long to lay out (a paste made it, or Edit Anyway let it
    /// be typed into) comes back read-only for it, shown as a preview with Edit Anyway offered:
    /// no document holds a launch hostage (a 2 MB pasted line froze every relaunch). The look
    /// reads the text once, as the restore did.
    static func noteRestoredLongLines(in document: Document) {
        guard document.hasLongLines || document.storage.hasLine(longerThan: ReadOnlyReason.longLineLimit) else { return }
        document.hasLongLines = true
        document.readOnlyReasons.insert(.longLines)
    }

    private func replay(_ journal: JournalContents, into document: Document) {
        let fileText = document.path != nil && document.diskStamp != nil ? document.storage : nil
        take(JournalReplay.replay(journal, fileText: fileText), of: journal, over: fileText, into: document)
    }

    /// Gives `document` the text and history a replay of `journal` over `fileText` (the file's
    /// text, nil: no file) rebuilt; `outcome` nil: the file changed beyond what the edits fit.
    func take(_ outcome: JournalReplay.Outcome?, of journal: JournalContents, over fileText: TextStorage?, into document: Document) {
        guard let journals else { return }
        guard let outcome else {
            // The file changed under edits that needed it as it was: keep the journal for the user.
            let aside = journals.setAside(document.draftID)
            document.file.tell(localized("“%1” changed on disk while Tandem was closed, and your unsaved changes no longer fit it. They are kept in %2; the window shows the file as it is now.",
                                              document.displayName, aside))
            journals.warn(localized("the unsaved changes of %1 no longer fit the file; kept in %2", document.path ?? "", aside))
            return
        }
        // The reader said what it dropped; a replay that stopped on a change says so here.
        if outcome.damage != journal.damage, let damage = outcome.damage {
            journals.warn(Self.stopped(document.path ?? document.displayName, damage))
        }
        document.storage = outcome.storage
        document.noteFinalLineBreak()
        document.history = outcome.history
        document.file.holds(state: outcome.savedStateID)
        document.file.cameBackFromJournal(knowingFile: outcome.anchorFile != nil)
        document.file.restored(changed: outcome.fileChanged, notice: Self.changedWhileClosed(document))
        if !outcome.fileChanged, let fileText, !(outcome.savedStateID.map(document.history.holds(state:)) ?? false) {
            noteDigest(of: document, holding: fileText)
        }
        if outcome.damage == nil && (journal.snapshot != nil || !outcome.fileChanged) {
            journals.adopt(document, baseIsFile: journal.snapshot == nil, file: outcome.anchorFile)
        } else {
            // A torn tail, or a base the file no longer is: the journal begins again from here.
            let file = outcome.fileChanged ? nil : fileText.map { JournalFileKnowledge.text($0, path: document.path!) }
            journals.begin(document, file: file ?? JournalFileKnowledge.none)
        }
    }

    private func restoreWithoutReading(path: String, _ journal: JournalContents, draftID: UUID) -> Document? {
        guard let journals, let traits = journal.header.traits, let outcome = JournalReplay.replayWithoutFile(journal) else { return nil }
        if outcome.damage != journal.damage, let damage = outcome.damage { journals.warn(Self.stopped(path, damage)) }
        let canonical = Self.canonicalPath(path)
        let document = Document(identity: .file(canonicalPath: canonical), path: path, untitledName: "",
                                file: TextFile(encoding: traits.encoding, hasByteOrderMark: traits.hasByteOrderMark, lineEnding: traits.lineEnding))
        document.draftID = draftID
        document.storage = outcome.storage
        document.noteFinalLineBreak()
        document.history = outcome.history
        document.file.holds(state: outcome.savedStateID)
        document.file.cameBackFromJournal(knowingFile: outcome.anchorFile != nil)
        document.fileSize = FileSystem.regularFileSize(canonical) ?? 0
        Self.noteRestoredLongLines(in: document)
        register(document, canonical: canonical)
        if outcome.damage == nil {
            journals.adopt(document, baseIsFile: false, file: outcome.anchorFile)
        } else {
            journals.begin(document, file: .known(outcome.anchorFile))
        }
        compareRestored(document, anchor: outcome.anchorFile, canonical: canonical)
        return document
    }

    /// Compares a document restored without its file with the file, off the main thread. A file
    /// on a server that does not answer is not taken as gone: the document keeps its text, says
    /// why, is neither compared nor saved over an unseen version, and is looked at again every
    /// few seconds until the server answers. Only the first look and Try Again (`asking`) may ask
    /// for a password: a password cancelled is not asked for again every few seconds.
    private func compareRestored(_ document: Document, anchor: JournalFileState?, canonical: String, asking: Bool = true) {
        let text = document.storage, version = document.editCount
        let remote = RemoteLocation.isRemote(canonical)
        document.loading.lookingAtServer()  // this look is on its way
        Background.run(on: .global(qos: .userInitiated), {
            var unreachable: TextFileError?
            var stamp: DiskStamp?
            if remote {
                do throws(TextFileError) { stamp = try RemoteFiles.stamp(canonical, asking: asking) } catch { unreachable = error }
            } else {
                stamp = DiskStamp.of(canonical)
            }
            if !remote, text.baseFile != nil, let streamed = TextFingerprint.ofUTF8File(canonical) {
                // A file too big to hold: its fingerprint taken a block at a time.
                return (stamp: stamp, file: Optional(streamed.fingerprint), crc: Optional(streamed.crc), rebuilt: TextFingerprint(text), unreachable: unreachable)
            }
            let bytes = unreachable == nil ? try? TextFile.readBytes(canonical) : nil
            let file = bytes.flatMap { try? TextFile.decode($0, name: PathName.file(of: canonical), allowBinary: true) }.map { TextFingerprint($0.text) }
            return (stamp: stamp, file: file, crc: bytes.map { journalCRC($0) }, rebuilt: TextFingerprint(text), unreachable: unreachable)
        }, then: { [weak self, weak document] read in
            guard let self, let document, self.document(id: document.id) === document else { return }
            if let failure = read.unreachable {
                let notice = failure.isCancelled
                    ? localized("“%1” is on a server that asked for a password, and none was given. Your unsaved text is here; Try Again asks again, and Save works once the server answers (Save As keeps it elsewhere meanwhile).", document.displayName)
                    : localized("“%1” is on a server that cannot be reached now. Your unsaved text is here; Tandem looks again every few seconds, and Save works once the server answers (Save As keeps it elsewhere meanwhile).", document.displayName)
                let look = { [weak self, weak document] (asking: Bool) in
                    guard let self, let document, self.document(id: document.id) === document, document.awaitsServer else { return }
                    self.compareRestored(document, anchor: anchor, canonical: canonical, asking: asking)
                }
                let wasWaiting = document.awaitsServer
                let retry = document.loading.serverDidNotAnswer(again: { look(true) })
                // Try Again pressed while this look (which could not ask) was on its way.
                if document.loading.takeTryAgain(asked: asking) { return look(true) }
                // A password cancelled is not taken back by a look that cannot ask.
                if !wasWaiting || (asking && document.restoreNotice != notice) {
                    document.file.tell(notice)
                    self.publish(.restoreNoticeChanged, for: document, dirtyBefore: nil)
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(RemotePolling.interval))) { [weak document] in
                    MainActor.assumeIsolated {
                        // Try Again looked meanwhile, and scheduled its own retry.
                        guard let document, document.loading.isLatest(retry), document.loading.lookAgain != nil else { return }
                        look(false)
                    }
                }
                return
            }
            if document.loading.serverAnswered() {
                document.file.tell(nil)
                self.publish(.restoreNoticeChanged, for: document, dirtyBefore: nil)
            }
            // Typed in meanwhile: the text compared is not the document's any more.
            let current = version == document.editCount ? read.rebuilt : TextFingerprint(length: -1, hash: 0)
            var settled = JournalReplay.Outcome(storage: document.storage, history: document.history,
                                                savedStateID: document.savedStateID, fileChanged: false, anchorFile: anchor)
            let knownSavedState = document.savedStateID
            settled.settle(file: read.file, text: current)
            self.settle(document, with: settled, stamp: read.file == nil ? nil : read.stamp, digest: read.crc, canonical: canonical)
            // The version asked about is told by its bytes too (Keep Mine keeps no text of it).
            if settled.fileChanged, let anchor, let known = knownSavedState {
                self.carryEdits(of: document, knownState: known, anchor: anchor)
            }
        })
    }

    /// What the file turned out to hold, told to the document restored without reading it.
    /// The version asked about is told by its bytes too (`digest`: Keep Mine keeps no text of it).
    private func settle(_ document: Document, with outcome: JournalReplay.Outcome, stamp: DiskStamp?, digest: UInt32?, canonical: String) {
        let wasDirty = document.isDirty
        document.file.holds(state: outcome.savedStateID)
        document.file.found(stamp, tail: stamp.flatMap { FileTail.of(canonical, size: $0.size) }, digest: digest)
        if outcome.fileChanged {
            document.file.restored(changed: true, digest: digest, notice: Self.changedWhileClosed(document))
            publish(.changedOnDiskWhileDirty, for: document, dirtyBefore: wasDirty)
        } else if wasDirty != document.isDirty {
            publish(.dirtyChanged(document.isDirty), for: document, dirtyBefore: nil)
        }
    }

    /// The file changed while Tandem was closed: the unsaved edits are merged into its new text,
    /// as Merge would, when the text the document knew of the file can be rebuilt from
    /// the history (and is the text the journal says the file held). Otherwise the question stays.
    private func carryEdits(of document: Document, knownState: Int, anchor: JournalFileState) {
        guard document.hasUnseenDiskChange, !document.isReadOnly,
              let base = document.history.text(atState: knownState, from: document.storage),
              TextFingerprint(base) == TextFingerprint(length: anchor.length, hash: anchor.hash) else { return }
        document.file.keepBase(base)
        mergeWithDisk(document) { [weak self, weak document] result in
            // Not merged (unreadable now, or the question went meanwhile): the question stays as said.
            guard let self, let document, case .success(let conflicts) = result, !document.hasUnseenDiskChange else { return }
            document.file.tell(conflicts == 0
                ? localized("“%1” changed on disk while Tandem was closed. Your unsaved changes were merged into its new version; Undo takes back only yours.", document.displayName)
                : localizedPlural("“%2” changed on disk while Tandem was closed. Your unsaved changes were merged into its new version; %1 place changed on both sides is marked to settle.",
                                  "“%2” changed on disk while Tandem was closed. Your unsaved changes were merged into its new version; %1 places changed on both sides are marked to settle.",
                                  count: conflicts, document.displayName))
            self.publish(.dirtyChanged(document.isDirty), for: document, dirtyBefore: nil)
        }
    }

    private static func stopped(_ name: String, _ damage: String) -> String {
        localized("the journal of %1 stopped early: %2; the text is as it was before that", name, damage)
    }

    private static func changedWhileClosed(_ document: Document) -> String {
        localized("“%1” changed on disk while Tandem was closed. Your unsaved changes are here; reload to take the file's version instead.",
                  document.displayName)
    }

    /// The path a journal's document was last saved to or loaded from.
    private static func lastPath(of journal: JournalContents) -> String? {
        for change in journal.changes.reversed() { if case .saved(let file) = change { return file.path } }
        return journal.header.path
    }
}
