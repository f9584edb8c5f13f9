/// Keeps open documents in step with their files on disk: watches them, follows renames,
/// reloads clean documents, asks about dirty ones, marks deleted ones.
@MainActor
final class DiskSync {
    private unowned let store: DocumentStore
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
    func poll() { watcher.poll() }
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
    /// (`reloadedFromDisk`), a dirty one is told (`changedOnDiskWhileDirty`), a missing file
    /// marks it deleted (`deletedOnDisk`); it stays editable and Save recreates the file.
    func check(_ document: Document) {
        // A file still loading is compared once its load ends.
        guard let canonical = document.identity.canonicalPath, !document.isLoading else { return }
        let stamp = DiskStamp.of(canonical)
        if stamp == document.diskStamp { return }
        let wasDirty = document.isDirty
        guard let stamp else {
            guard !document.isDeletedOnDisk else { return }
            document.isDeletedOnDisk = true
            document.diskStamp = nil
            document.savedStateID = nil  // nothing on disk matches the text now
            store.rebaseJournal(document)
            store.publish(.deletedOnDisk, for: document, dirtyBefore: wasDirty)
            return
        }
        document.diskStamp = stamp
        document.isDeletedOnDisk = false
        guard let file = try? TextFile.read(canonical) else { return }  // unreadable for now: try at the next change
        if file.text == document.text {
            document.savedStateID = document.history.stateID
            if wasDirty { store.publish(.dirtyChanged(false), for: document, dirtyBefore: nil) }
            return
        }
        if wasDirty {
            document.savedStateID = nil
            document.hasUnseenDiskChange = true
            store.rebaseJournal(document)
            store.publish(.changedOnDiskWhileDirty, for: document, dirtyBefore: nil)
        } else {
            replace(document, with: file, stamp: stamp)
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
        if let canonical = document.identity.canonicalPath { document.diskStamp = DiskStamp.of(canonical) }
    }

    /// Replaces the document's text with the file on disk, dropping unsaved changes and undo.
    func reload(_ document: Document) throws(TextFileError) {
        guard let canonical = document.identity.canonicalPath else { return }
        let file = try TextFile.read(canonical)
        replace(document, with: file, stamp: DiskStamp.of(canonical))
    }

    private func replace(_ document: Document, with file: TextFile, stamp: DiskStamp?) {
        let wasDirty = document.isDirty
        document.storage = TextStorage(file.text)
        document.fileTraits = file
        document.fileTraits.text = ""
        document.history.clear()
        document.savedStateID = document.history.stateID
        document.diskStamp = stamp
        document.isDeletedOnDisk = false
        document.hasUnseenDiskChange = false
        store.journals?.delete(document.draftID)  // nothing to keep: the text is the file's, the history empty
        store.publish(.reloadedFromDisk, for: document, dirtyBefore: wasDirty)
    }
}
