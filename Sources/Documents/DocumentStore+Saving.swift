import Background
import Dispatch
import Localization
import SafeFiles
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Saving: the document's text is taken as an O(1) snapshot on the main thread, then encoded,
/// written and fsynced on a background queue while typing goes on.
extension DocumentStore {
    /// One save on its way: what is written, and the undo state it is.
    struct SaveJob: Sendable {
        var path: String
        var file: TextFile
        var text: TextStorage
        var stateID: Int
        /// Saving over the document's own file: the version it knows, which must still be the one on
        /// disk when the file is replaced (nil: another file).
        var replacing: ExpectedVersion?
        /// The document's name, for the sentence a refused save says.
        var name: String
        /// Set when the user stops the save (`cancelSaving`).
        var cancellation: Cancellation
        /// Which of the document's snapshots this is: a newer one written first supersedes it.
        var sequence = 0
        /// The system calls that write it.
        var calls = FileCalls.system
        /// A text on its file's pieces, once written: the same text on the new file's pieces.
        let rebased = Rebased()

        /// Encodes and writes the snapshot (on any thread); returns the version written, as the
        /// written file's descriptor saw it. A file changed since the save was asked for (a
        /// formatter, a checkout) is not overwritten, up to the rename that replaces it (a guarded
        /// commit: `WriteGuard`).
        func write() throws(TextFileError) -> DiskStamp? {
            if cancellation.isCancelled { throw .cancelledSave(path) }
            if RemoteLocation.isRemote(path) { return try writeRemote() }
            var guarding: WriteGuard?
            if let replacing {
                // A newer text of the document was written already: this older one is not.
                guard let expected = replacing.expectation(for: sequence) else { throw .supersededSave(path) }
                guarding = WriteGuard { info in expected.map { DiskStamp(info) == $0 } ?? false }
            }
            if text.baseFile != nil && file.encoding == .utf8 { return try writePieces(guarding: guarding) }
            var file = file
            file.text = text.string
            let written = DiskStamp(try file.write(to: path, cancellation: cancellation, guarding: guarding, calls: calls))
            replacing?.wrote(written, sequence: sequence)  // a save queued behind replaces what this one wrote
            return written
        }
    }

    /// Where a save leaves the text it wrote, standing on the new file's pieces.
    final class Rebased: Sendable {
        let text = Mutex<TextStorage?>(nil)
    }

    /// The version of its own file a save expects to replace, shared by the saves of a document
    /// queued one behind the other: each one that writes sets it to what it wrote, so Ctrl+S
    /// pressed again during a save expects the file the first one leaves, not a false change.
    final class ExpectedVersion: Sendable {
        private let state: Mutex<(stamp: DiskStamp?, issued: Int, written: Int)>
        init(_ stamp: DiskStamp?) { state = Mutex((stamp, 0, 0)) }

        /// A number for the next snapshot, greater than every one before.
        func issue() -> Int { state.withLock { $0.issued += 1; return $0.issued } }

        /// The version the save of snapshot `sequence` expects to replace; nil when a newer
        /// snapshot was written already (saves' formatting may finish out of order).
        func expectation(for sequence: Int) -> DiskStamp?? {
            state.withLock { $0.written > sequence ? nil : .some($0.stamp) }
        }

        /// Snapshot `sequence` was written: the file is now `stamp`.
        func wrote(_ stamp: DiskStamp, sequence: Int) {
            state.withLock { $0.stamp = stamp; $0.written = max($0.written, sequence) }
        }
    }

    /// Why a save that would overwrite a change the user has not seen is refused.
    nonisolated static func diskConflict(_ name: String) -> TextFileError {
        TextFileError(localized("“%1” changed on disk since you last saw it. Saving would overwrite that change.", name),
                      isDiskConflict: true)
    }

    /// Writes the document to its path, or to `newPath` (Save As), on a background queue; the
    /// main loop never waits for the disk, nor for what `.editorconfig` asks (worked out off it
    /// first). `completion` runs on the main thread with nil once the text is on disk, or the
    /// error (the document stays modified and the file untouched). Edits made meanwhile keep the
    /// document modified.
    public func save(_ document: Document, to newPath: String? = nil,
                     completion: @escaping @MainActor (TextFileError?) -> Void) throws(TextFileError) {
        let (path, isOwnFile) = try checkSave(document, to: newPath)
        let cancellation = beginSaving(document)
        // The text as it is now is what is saved, unless `.editorconfig` changes it first.
        let asked = snapshot(document, path: path, isOwnFile: isOwnFile, cancellation: cancellation)
        formatForSave(document, path: Self.canonicalPath(path)) { [weak self] changed in
            guard let self else { return }
            let job = changed && !cancellation.isCancelled
                ? self.snapshot(document, path: path, isOwnFile: isOwnFile, cancellation: cancellation) : asked
            if self.isQuitting {
                // The main loop will not run again: written now, as `saveNow` does.
                return self.writeAtQuit(job, of: document, completion: completion)
            }
            Background.run(on: self.saveQueue, { () -> Result<DiskStamp?, TextFileError> in
                do throws(TextFileError) { return .success(try job.write()) } catch { return .failure(error) }
            }, then: { [weak self] result in
                self?.finishSave(job, of: document, result: result)
                // A save superseded by a newer one of the same document is done: the newer text is on disk.
                if case .failure(let failure) = result, !failure.isSuperseded { completion(failure) } else { completion(nil) }
            })
        }
    }

    /// Writes the document now, on the calling thread (tests, and what must be on disk before it
    /// returns). The same checks and bookkeeping as `save(_:to:completion:)`.
    public func saveNow(_ document: Document, to newPath: String? = nil) throws(TextFileError) {
        let (path, isOwnFile) = try checkSave(document, to: newPath)
        let cancellation = beginSaving(document)
        applyOnSave(EditorConfig.forFile(Self.canonicalPath(path)), to: document)
        var failure: TextFileError?
        write(snapshot(document, path: path, isOwnFile: isOwnFile, cancellation: cancellation), of: document) { failure = $0 }
        if let failure { throw failure }
    }

    /// Calls `then` on the main thread once no save is pending or being written, without holding
    /// the main loop meanwhile: a quit waits so, its windows saying "Saving…" until it is done.
    public func whenSavesFinish(_ then: @escaping @MainActor () -> Void) {
        let busy = !pendingFormats.isEmpty || openDocuments.contains { $0.isSaving }
        guard busy else { return then() }
        // A save still being formatted reaches the save queue later: look again after each pass.
        Background.run(on: saveQueue, {}, then: { [weak self] _ in
            guard let self else { return then() }
            self.whenSavesFinish(then)
        })
    }

    /// Stops every save of `document` that has not reached its file: each ends with an error
    /// that `isCancelled`, the file as it was and the document still modified (its journal
    /// keeps the text). A save already rewriting a file in place finishes.
    public func cancelSaving(_ document: Document) {
        for save in document.savesInFlight { save.cancel() }
    }

    /// Returns once every save asked for so far has reached the disk (quitting): those still
    /// waiting for their formatting are finished and written at once.
    public func waitForSaves() {
        isQuitting = true
        finishPendingFormats()
        // A server that never answers does not hold the end of the process for ever: the journal
        // keeps what it was to take.
        let done = DispatchSemaphore(value: 0)
        saveQueue.async { done.signal() }
        _ = done.wait(timeout: .now() + Self.serverWaitAtQuit)
    }

    /// Checks that the document may be written to `newPath ?? path`; returns the path and whether
    /// it is the document's own file.
    private func checkSave(_ document: Document, to newPath: String?) throws(TextFileError) -> (String, Bool) {
        guard let path = newPath ?? document.path else {
            throw TextFileError(localized("“%1” has no file yet: choose where to save it.", document.displayName))
        }
        if document.isLoading {
            throw TextFileError(localized("“%1” is still loading; it can be saved once all of it is here.", document.displayName))
        }
        if document.awaitsServer, newPath == nil, let remote = RemoteLocation(path) {
            throw TextFileError(localized("Could not save “%1”: the server %2 cannot be reached. Your text is kept; save again once it answers, or keep it elsewhere with Save As.", document.displayName, remote.host))
        }
        if document.readOnlyReasons.contains(.incomplete) {
            throw TextFileError(localized("“%1” could not be read completely, so saving it could lose text; it is read-only.", document.displayName))
        }
        let canonical = Self.canonicalPath(path)
        let isOwnFile = canonical == document.identity.canonicalPath
        // With a save on its way, the file on disk is that save's to change: the write checks what it
        // replaces (a second Ctrl+S waits for the first, and never says a false "changed on disk").
        if isOwnFile && (document.isSaving ? document.hasUnseenDiskChange : hasDiskConflict(document)) {
            throw Self.diskConflict(document.displayName)
        }
        if !isOwnFile, let other = self.document(canonicalPath: canonical), other !== document {
            // One file, one document: the other window's text would be overwritten under it.
            throw TextFileError(localized("“%1” is open in another window. Save your text there, or close that window first.",
                                          PathName.file(of: path)))
        }
        return (path, isOwnFile)
    }

    private func beginSaving(_ document: Document) -> Cancellation {
        let cancellation = Cancellation()
        document.savesInFlight.append(cancellation)
        if document.savesInFlight.count == 1 { publish(.savingChanged(true), for: document, dirtyBefore: nil) }
        return cancellation
    }

    /// What a save of the document's own file expects to replace: the version it knows, or, with
    /// a save already on its way, whatever that save leaves.
    private func expectedVersion(of document: Document) -> ExpectedVersion {
        // (This save is counted in flight already: another one is on its way when there are two.)
        if document.savesInFlight.count > 1, let shared = document.saveExpectation { return shared }
        let expected = ExpectedVersion(document.diskStamp)
        document.saveExpectation = expected
        return expected
    }

    /// The text to write, as it is now (O(1)).
    private func snapshot(_ document: Document, path: String, isOwnFile: Bool, cancellation: Cancellation) -> SaveJob {
        // Typing after this starts a new undo step, so the saved state is exactly this text.
        document.history.seal()
        let replacing = isOwnFile ? expectedVersion(of: document) : nil
        return SaveJob(path: path, file: document.fileTraits, text: document.storage, stateID: document.history.stateID,
                       replacing: replacing, name: document.displayName, cancellation: cancellation,
                       sequence: replacing?.issue() ?? 0, calls: fileCalls)
    }

    /// Writes `job` on this thread and finishes its save.
    private func write(_ job: SaveJob, of document: Document, completion: @MainActor (TextFileError?) -> Void) {
        let result: Result<DiskStamp?, TextFileError>
        do throws(TextFileError) { result = .success(try job.write()) } catch { result = .failure(error) }
        finishSave(job, of: document, result: result)
        if case .failure(let failure) = result { completion(failure) } else { completion(nil) }
    }

    /// How long a quit waits for a server to take a save (seconds); the journal keeps the text.
    nonisolated static let serverWaitAtQuit = 10.0

    /// Writes `job` while the process ends: a local file on this thread; a file on a server on
    /// the save queue, as GIO requires (never on the main thread), waited for a while. A server
    /// that does not answer in time leaves the document modified, its text in the journal.
    private func writeAtQuit(_ job: SaveJob, of document: Document, completion: @MainActor (TextFileError?) -> Void) {
        guard RemoteLocation.isRemote(job.path) else { return write(job, of: document, completion: completion) }
        let outcome = Mutex<Result<DiskStamp?, TextFileError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        saveQueue.async {
            let result: Result<DiskStamp?, TextFileError>
            do throws(TextFileError) { result = .success(try job.write()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        let result = done.wait(timeout: .now() + Self.serverWaitAtQuit) == .success ? outcome.withLock { $0 } : nil
        guard let result else {
            return completion(TextFileError(localized("Could not save “%1”: the server did not answer before Tandem quit. Your text is kept for the next launch.", job.name)))
        }
        finishSave(job, of: document, result: result)
        if case .failure(let failure) = result { completion(failure) } else { completion(nil) }
    }

    private func finishSave(_ job: SaveJob, of document: Document, result: Result<DiskStamp?, TextFileError>) {
        document.savesInFlight.removeAll { $0 === job.cancellation }
        if document.savesInFlight.isEmpty {
            document.saveExpectation = nil
            publish(.savingChanged(false), for: document, dirtyBefore: nil)
        }
        // A document whose last window closed during the save is no longer watched.
        let isOpen = self.document(id: document.id) === document
        guard case .success(let written) = result else {
            if isOpen { checkDisk(document) }  // what stopped it (unless the user) is said like any change
            return
        }
        let wasDirty = document.isDirty
        // Nothing typed since the snapshot: the text reads the file it was saved to from now on.
        if let moved = job.rebased.text.withLock({ $0 }), document.storage.root === job.text.root { document.storage = moved }
        document.file.holds(state: job.stateID)
        if isOpen {
            moveIdentity(of: document, to: Self.canonicalPath(job.path), written: written)
        } else {
            document.file.knew(written, tail: nil)
        }
        document.path = job.path
        journals?.recordSave(of: document, text: job.text, stateID: job.stateID, to: job.path)
        if isOpen {
            publish(.saved(path: job.path), for: document, dirtyBefore: wasDirty)
            checkDisk(document)  // a change that landed after our write is someone else's
        }
    }
}

extension DocumentStore.SaveJob {
    /// Writes a text that stands on its file's pieces without ever holding it whole: the pieces
    /// are copied from the file read, checked against their index, and the edits between them,
    /// into a new file renamed into place.
    fileprivate func writePieces(guarding: WriteGuard?) throws(TextFileError) -> DiskStamp? {
        let mark: [UInt8] = file.hasByteOrderMark ? TextFile.utf8BOM : []
        let text = text
        let content = FileContent.pieces(count: mark.count + text.utf8Count) { take in
            if !mark.isEmpty && !mark.withUnsafeBytes({ take($0) }) { return false }
            return text.forEachUTF8Piece(take)
        }
        do {
            let written = DiskStamp(try AtomicFileWriter.commit(content, to: path, cancellation: cancellation, guarding: guarding, calls: calls).written)
            replacing?.wrote(written, sequence: sequence)
            // The new file is the text's now, byte for byte: its pieces are read from it, and
            // the old file (unlinked by the rename, kept by its descriptor) can go.
            if let base = BaseFile(path: path), base.device == written.device, base.inode == written.inode {
                let moved = text.rebased(onto: base, at: Int64(mark.count))
                rebased.text.withLock { $0 = moved }
            }
            return written
        } catch where error.changedMeanwhile {
            throw .changedMeanwhile(path)
        } catch where error.code == ECANCELED {
            throw .cancelledSave(path)
        } catch where error.code == EMLINK {
            throw TextFileError(localized("Could not save “%1”: it has other links, or another owner, so it can only be rewritten in place, and a file this big is saved only as a new file put in its place. Save it under another name (Save As…).", name))
        } catch where error.code == EIO && text.baseFile?.isDamaged == true {
            throw TextFileError(localized("Could not save “%1”: the file it was read from was changed in place by another program, and the parts of it not shown yet are lost. Your changes are kept; copy them into another document.", name))
        } catch {
            throw .system("save", path, errno: error.code)
        }
    }

    /// Writes the snapshot to a file on a server through GIO; the server's tag of the version
    /// known is the guard (GIO refuses the replace when the file is no longer it).
    fileprivate func writeRemote() throws(TextFileError) -> DiskStamp? {
        var expected: DiskStamp?
        if let replacing {
            guard let known = replacing.expectation(for: sequence) else { throw .supersededSave(path) }
            expected = known
        }
        var file = file
        file.text = text.string
        let bytes = [UInt8](try file.encoded(name: PathName.file(of: path)))
        if cancellation.isCancelled { throw .cancelledSave(path) }
        // Its own file, known not to be there: one made there since is someone else's.
        if replacing != nil, expected == nil, try RemoteFiles.stamp(path, saving: true) != nil { throw .changedMeanwhile(path) }
        let written = try RemoteFiles.replace(path, with: bytes, expecting: expected)
        replacing?.wrote(written, sequence: sequence)
        return written
    }
}
