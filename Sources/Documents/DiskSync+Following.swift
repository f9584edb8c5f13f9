import Localization
import SafeFiles

/// Taking in what a read of the file found: a clean document follows it as another program's
/// edits (its undo history carried across them), a modified one is asked, an unreadable file is
/// said; a file back as the version known withdraws the question.
extension DiskSync {
    /// Appends what a file that only grew brought; false when it cannot (the document was
    /// edited meanwhile, or is read-only).
    func appendTail(_ growth: FileTail.Growth, at stamp: DiskStamp, to document: Document) -> Bool {
        guard !Self.asks(document), !document.isReadOnly else { return false }
        let text = growth.text
        guard !text.isEmpty else {
            // Half a character so far: the rest comes with the next write.
            document.file.moved(to: stamp)
            return true
        }
        let end = document.storage.count
        // Views are told with the final break's showing settled: it is hidden when the file's text
        // ends with one (as after a load).
        document.hidesFinalLineBreak = ["\n", "\r", "\u{2029}"].contains(text.unicodeScalars.last)
        applyPeer([Edit.insert(text, at: end)], to: document, result: nil)
        document.file.holds(state: document.history.stateID)
        document.file.grew(to: stamp, tail: growth.tail)
        journalPeerChange(document, appended: text)
        return true
    }

    /// Applies another program's change to the text as a peer's edits (in turn; `result` is the
    /// text after all of them when it was built already): not an undo step of the user's, and the
    /// history is carried across them, so undo takes back only what the user did.
    func applyPeer(_ edits: [Edit], to document: Document, result: TextStorage?) {
        let wasDirty = document.isDirty
        document.history.carry(across: edits, from: document.storage)
        var madeLong = false
        for (index, edit) in edits.enumerated() {
            if let result, edits.count == 1 { document.storage = result } else { document.storage.replace(edit.range, with: edit.replacement) }
            document.editCount += 1
            if !document.hasLongLines && !madeLong { madeLong = DocumentStore.madeLongLine(edit, in: document.storage) }
            store.publish(.edited(edit, origin: nil, isUndoRedo: false), for: document, dirtyBefore: index == 0 ? wasDirty : nil)
        }
        // Not an undo step: no undo takes the long line back, so nothing lifts the reason again.
        store.noteLongLine(made: madeLong, before: nil, in: document)
    }

    /// The journal after a peer's change to a clean document: it begins again from the file with
    /// the history carried across (a header and the history: the file is its base), or goes when
    /// there is no history to keep. `appended`: the change was only that text at the end.
    private func journalPeerChange(_ document: Document, appended: String? = nil) {
        guard document.canUndo || document.canRedo else { return store.journals?.delete(document.draftID) ?? () }
        // An append carries the file's fingerprint on by its new bytes: the cost is the append's.
        if let appended, let path = document.path {
            store.journals?.begin(document, file: .grown(appended: appended, whole: document.storage, path: path))
        } else {
            store.journals?.begin(document)
        }
    }

    func follow(_ read: DiskRead.Whole, in document: Document, canonical: String) {
        let file: TextFile
        switch read.file {
        case .failure(let error):
            guard FileSystem.exists(canonical) else { return check(document) }  // gone meanwhile
            return refuse(error, in: document)
        case .success(let read): file = read
        }
        guard let stamp = read.stamp else { return check(document) }  // written while read: again
        let wasDirty = document.isDirty, wasDeleted = document.isDeletedOnDisk
        let change = read.version == document.editCount ? read.change : TextChange(from: document.storage, to: file.text)
        if read.isKnown && (document.hasUnseenDiskChange || wasDeleted) && document.diskProblem == nil {
            // Back to the very version the document knew (`git stash`, then `git stash pop`; a
            // branch switch that removed the file, and back): the change it was asked about, or
            // the deletion, is gone, and so is the question.
            document.file.cameBack(as: stamp, tail: nil) { document.history.holds(state: $0) }
            if !document.isDirty, let tail = read.tail { document.file.grew(to: stamp, tail: tail) }
            withdrawQuestion(document, wasDirty: wasDirty)
            return
        }
        if read.isKnown {
            // Still the version known, byte for byte (written in place, or a new file of the
            // same bytes): nothing changed.
            document.file.moved(to: stamp)
            return
        }
        guard let change else {
            // The same text: only the version known moves on, and a question about it is moot.
            document.file.holds(state: document.history.stateID)
            if document.file.holds(stamp, tail: read.tail) { return withdrawQuestion(document, wasDirty: wasDirty) }
            if wasDirty { store.publish(.dirtyChanged(document.isDirty), for: document, dirtyBefore: nil) }
            return
        }
        // A file deleted and back with another text (a branch switch that differs): measured
        // against the version known before the deletion, so a document clean then follows it.
        let savedBefore = wasDeleted && !document.hasUnseenDiskChange ? document.file.savedStateBeforeQuestion : nil
        if let savedBefore, document.history.stateID == savedBefore { document.file.holds(state: savedBefore) }
        if Self.asks(document) {
            // The question stands until it is answered; the version it is about is the one read.
            // The version known before it is the base a merge needs: the text at the saved state
            // (a second change before the answer keeps the first base; after a merge the base is
            // the version it merged, which no state of the history holds).
            let saved = document.savedStateID ?? savedBefore
            document.file.asked(about: stamp, digest: read.digest, known: saved) {
                saved.flatMap { document.history.text(atState: $0, from: document.storage) }
            }
            store.rebaseJournal(document)
            store.publish(.changedOnDiskWhileDirty, for: document, dirtyBefore: wasDirty)
        } else {
            adopt(file, revert: nil, peer: change, stamp: stamp, tail: read.tail, in: document)
        }
    }

    /// The question about a change on disk is gone with the change: said in every window.
    func withdrawQuestion(_ document: Document, wasDirty: Bool) {
        store.rebaseJournal(document)
        store.publish(.diskChangeSeen, for: document, dirtyBefore: wasDirty)
    }

    /// The file changed into something that is not this document's text: said, never adopted.
    /// The version known stays the old one, so Save asks before overwriting.
    private func refuse(_ error: TextFileError, in document: Document) {
        let message = error.looksBinary
            ? localized("“%1” changed on disk and is no longer text (it contains NUL bytes). Your text is kept as it was.", document.displayName)
            : localized("“%1” changed on disk and cannot be read: %2 Your text is kept as it was.", document.displayName, error.message)
        // Whether the text is modified stays as it was: it is measured against the last version
        // that could be read, and a clean document follows the file once it is text again.
        guard document.file.refused(message) else { return }
        store.rebaseJournal(document)
        store.publish(.changedOnDiskUnreadable, for: document, dirtyBefore: nil)
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
            var madeLong = false
            for (index, edit) in revert.edits.enumerated() {
                if revert.edits.count == 1 { document.storage = revert.storage } else { document.storage.replace(edit.range, with: edit.replacement) }
                document.editCount += 1
                if !document.hasLongLines && !madeLong { madeLong = DocumentStore.madeLongLine(edit, in: document.storage) }
                store.publish(.edited(edit, origin: nil, isUndoRedo: false), for: document, dirtyBefore: index == 0 ? wasDirty : nil)
            }
            store.noteLongLine(made: madeLong, before: document.history.stateBeforeLastStep, in: document)
        }
        if let peer {
            document.hidesFinalLineBreak = peer.storage.finalLineBreakLength > 0
            applyPeer(peer.edits, to: document, result: peer.storage)
        }
        document.fileTraits = file
        document.fileTraits.text = ""
        document.file.holds(state: document.history.stateID)
        document.file.adopted(stamp, tail: tail)
        // The journal begins again from the file, with the history that undoes back to the old text.
        journalPeerChange(document)
        store.publish(.reloadedFromDisk, for: document, dirtyBefore: revert == nil && peer == nil ? wasDirty : nil)
    }
}
