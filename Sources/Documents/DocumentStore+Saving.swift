import Dispatch
import Localization

/// Saving: the document's text is taken as an O(1) snapshot on the main thread, then encoded,
/// written and fsynced on a background queue while typing goes on.
extension DocumentStore {
    /// One save on its way: what is written, and the undo state it is.
    struct SaveJob: Sendable {
        var path: String
        var file: TextFile
        var text: TextStorage
        var stateID: Int

        /// Encodes and writes the snapshot (on any thread).
        func write() throws(TextFileError) {
            var file = file
            file.text = text.string
            try file.write(to: path)
        }
    }

    /// Writes the document to its path, or to `newPath` (Save As), on a background queue; the
    /// main loop never waits for the disk. `completion` runs on the main thread with nil once the
    /// text is on disk, or the error (the document stays modified and the file untouched).
    /// Edits made meanwhile keep the document modified.
    public func save(_ document: Document, to newPath: String? = nil,
                     completion: @escaping @MainActor (TextFileError?) -> Void) throws(TextFileError) {
        let job = try beginSave(document, to: newPath)
        saveQueue.async {
            var failure: TextFileError?
            do throws(TextFileError) { try job.write() } catch { failure = error }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in
                    self?.finishSave(job, of: document, failure: failure)
                    completion(failure)
                }
            }
        }
    }

    /// Writes the document now, on the calling thread (tests, and what must be on disk before it
    /// returns). The same checks and bookkeeping as `save(_:to:completion:)`.
    public func saveNow(_ document: Document, to newPath: String? = nil) throws(TextFileError) {
        let job = try beginSave(document, to: newPath)
        var failure: TextFileError?
        do throws(TextFileError) { try job.write() } catch { failure = error }
        finishSave(job, of: document, failure: failure)
        if let failure { throw failure }
    }

    /// Returns once every save asked for so far has reached the disk (quitting).
    public func waitForSaves() { saveQueue.sync {} }

    /// Checks that the document may be written to `newPath ?? path`, and takes the snapshot.
    private func beginSave(_ document: Document, to newPath: String?) throws(TextFileError) -> SaveJob {
        guard let path = newPath ?? document.path else {
            throw TextFileError(localized("“%1” has no file yet: choose where to save it.", document.displayName))
        }
        if document.isLoading {
            throw TextFileError(localized("“%1” is still loading; it can be saved once all of it is here.", document.displayName))
        }
        if document.readOnlyReasons.contains(.incomplete) {
            throw TextFileError(localized("“%1” could not be read completely, so saving it could lose text; it is read-only.", document.displayName))
        }
        if Self.canonicalPath(path) == document.identity.canonicalPath && hasDiskConflict(document) {
            throw TextFileError(localized("“%1” changed on disk since you last saw it. Saving would overwrite that change.", document.displayName),
                                isDiskConflict: true)
        }
        applyOnSave(EditorConfig.forFile(Self.canonicalPath(path)), to: document)
        // Typing after this starts a new undo step, so the saved state is exactly this text.
        document.history.seal()
        document.savesInFlight += 1
        if document.savesInFlight == 1 { publish(.savingChanged(true), for: document, dirtyBefore: nil) }
        return SaveJob(path: path, file: document.fileTraits, text: document.storage, stateID: document.history.stateID)
    }

    private func finishSave(_ job: SaveJob, of document: Document, failure: TextFileError?) {
        document.savesInFlight -= 1
        if document.savesInFlight == 0 { publish(.savingChanged(false), for: document, dirtyBefore: nil) }
        guard failure == nil else { return }
        let wasDirty = document.isDirty
        document.savedStateID = job.stateID
        // A document whose last window closed during the save is no longer watched.
        let isOpen = self.document(id: document.id) === document
        if isOpen { moveIdentity(of: document, to: Self.canonicalPath(job.path)) }
        document.path = job.path
        document.isDeletedOnDisk = false
        document.hasUnseenDiskChange = false
        journals?.recordSave(of: document, text: job.text, stateID: job.stateID, to: job.path)
        if isOpen { publish(.saved(path: job.path), for: document, dirtyBefore: wasDirty) }
    }
}
