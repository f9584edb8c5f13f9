import Background
import FoundationEssentials
import Localization
import SafeFiles

/// Bringing back unsaved edits over a file too big to read on the main thread: the window shows
/// at once, loading and empty (so nothing can be typed over a text the edits have not reached),
/// while the file is indexed and the journal replayed over it off the main thread. Until then
/// the journal is left as it is: a quit, a kill or a closed window keeps the edits for next time.
extension DocumentStore {
    /// The document for `path` restoring `journal` (whose base is the file) in the background;
    /// nil when the file is not one that opens as pieces of itself (the restore reads it at once).
    func restoreOverBigFile(path: String, _ journal: JournalContents, draftID: UUID) -> Document? {
        guard document(atPath: path) == nil, !RemoteLocation.isRemote(path),
              let size = FileSystem.regularFileSize(path), size >= fileBackedMinimum,
              let document = try? openFile(at: path, allowBinary: true), document.isLoading else { return nil }
        document.draftID = draftID
        document.loading.restores(journal, over: document.storage)
        document.storage = TextStorage()
        return document
    }

    /// The file is all read: `journal` is replayed over `fileText` off the main thread, and the
    /// document takes the outcome (or, when the edits no longer fit, the file's text with the
    /// edits kept aside).
    func replayRestored(_ journal: JournalContents, over fileText: TextStorage, into document: Document) {
        // Kept from the load: a binary file, say, takes no edits, as a restore read at once.
        let readOnly = document.readOnlyReasons.subtracting([.longLines])
        let fileHadLongLines = document.hasLongLines
        Background.run(on: .global(qos: .userInitiated), { () -> (outcome: JournalReplay.Outcome?, longLines: Bool) in
            guard readOnly.isEmpty else { return (nil, false) }
            let outcome = JournalReplay.replay(journal, fileText: fileText)
            let long = outcome.map { fileHadLongLines || $0.storage.hasLineTouchingOwnText(longerThan: ReadOnlyReason.longLineLimit) } ?? false
            return (outcome, long)
        }, then: { [weak self, weak document] replayed in
            guard let self, let document, self.document(id: document.id) === document else { return }
            let wasReadOnlyForLongLines = document.readOnlyReasons.contains(.longLines)
            document.loading.finished()
            document.storage = fileText
            document.noteFinalLineBreak()
            if let canonical = document.identity.canonicalPath { document.knowsFile(document.diskStamp, at: canonical) }
            if readOnly.isEmpty {
                document.readOnlyReasons.remove(.longLines)
                self.take(replayed.outcome, of: journal, over: fileText, into: document)
                document.hasLongLines = replayed.outcome == nil ? fileHadLongLines : replayed.longLines
                if document.hasLongLines { document.readOnlyReasons.insert(.longLines) }
            }
            self.publish(.loadFinished, for: document, dirtyBefore: nil)
            if wasReadOnlyForLongLines && !document.readOnlyReasons.contains(.longLines) {
                self.publish(.becameEditable, for: document, dirtyBefore: nil)
            } else if !wasReadOnlyForLongLines && document.readOnlyReasons.contains(.longLines) {
                self.publish(.becameReadOnly(.longLines), for: document, dirtyBefore: nil)
            }
            if document.isDirty { self.publish(.dirtyChanged(true), for: document, dirtyBefore: nil) }
            self.checkDisk(document)
        })
    }

    /// The file could not be read to its end: the edits cannot be put back over it, so their
    /// journal is kept aside, said, and the part read is shown (read-only, as any load that failed).
    func keepRestoredEditsAside(of document: Document, read: TextStorage) {
        document.storage = read
        guard let journals else { return }
        let aside = journals.setAside(document.draftID)
        document.file.tell(localized("“%1” could not be read to its end, so your unsaved changes could not be put back over it. They are kept in %2.",
                                     document.displayName, aside))
        journals.warn(localized("the unsaved changes of %1 could not be put back over it; kept in %2", document.path ?? "", aside))
    }
}
