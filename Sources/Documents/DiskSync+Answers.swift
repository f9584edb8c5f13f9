import Background
import Dispatch
import Localization
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// The user's answers to a change on disk that take in the file (Reload, Merge). The file is read,
/// decoded, diffed and merged off the main thread, read again while it moves (another program
/// still writing it), and taken in on the main thread only if the document did not change
/// meanwhile (otherwise it all runs again on the new text).
extension DiskSync {
    /// How many reads of a file that keeps moving are tried before the answer gives up.
    nonisolated static let steadyAttempts = 5

    /// Makes the document's text the file's on disk. The user's unsaved changes go as one undo
    /// step of theirs (Ctrl+Z brings them back); the file's change since the version the document
    /// knew comes as a peer's edits, which undo never takes away. Without that version, the whole
    /// difference is the undo step. `done` gets the error, if any, on the main thread.
    func reload(_ document: Document, then done: @escaping @MainActor (TextFileError?) -> Void) {
        guard let canonical = document.identity.canonicalPath, answering.insert(document.id).inserted else { return done(nil) }
        let known = document.savedStateID.flatMap { document.history.text(atState: $0, from: document.storage) } ?? document.file.base
        let text = document.storage, version = document.editCount, settle = settle
        Background.run(on: .global(qos: .userInitiated), { () -> Result<Reloaded, TextFileError> in
            let read = Self.steadyRead(canonical, comparedWith: known == nil ? text : nil, version: version, settle: settle)
            return read.flatMap { read in
                read.file.map { file in
                    guard let known else { return Reloaded(file: file, revert: read.change, peer: nil, stamp: read.stamp, tail: read.tail) }
                    return Reloaded(file: file, revert: TextChange(from: text, to: known.string), peer: TextChange(from: known, to: file.text),
                                    stamp: read.stamp, tail: read.tail)
                }
            }
        }, then: { [weak self, weak document] result in
            guard let self, let document else { return }
            self.answering.remove(document.id)
            guard self.store.document(id: document.id) === document else { return done(nil) }  // closed meanwhile
            guard document.editCount == version else { return self.reload(document, then: done) }
            switch result {
            case .failure(let error): done(error)
            case .success(let reloaded):
                self.adopt(reloaded.file, revert: reloaded.revert, peer: reloaded.peer, stamp: reloaded.stamp, tail: reloaded.tail, in: document)
                done(nil)
            }
        })
    }

    /// A reload worked out off the main thread.
    private struct Reloaded: Sendable {
        var file: TextFile
        var revert: TextChange?
        var peer: TextChange?
        var stamp: DiskStamp?
        var tail: FileTail?
    }

    /// Answers a change on disk with a three-way merge (see `DocumentStore.mergeWithDisk`); `done`
    /// gets how many conflicts it left, or the error, on the main thread.
    func merge(_ document: Document, then done: @escaping @MainActor (Result<Int, TextFileError>) -> Void) {
        guard document.canMerge, let canonical = document.identity.canonicalPath, let base = document.file.base,
              answering.insert(document.id).inserted else { return done(.success(0)) }
        let mine = document.storage, version = document.editCount, settle = settle
        Background.run(on: .global(qos: .userInitiated), { () -> Result<Merged, TextFileError> in
            Self.steadyRead(canonical, comparedWith: nil, version: version, settle: settle).flatMap { read in
                read.file.map { file in
                    let merged = ThreeWayMerge(base: base.string, mine: mine.string, theirs: file.text)
                    return Merged(fileText: TextStorage(file.text), merged: merged, change: TextChange(from: mine, to: merged.text),
                                  isTheFile: merged.text.utf8.elementsEqual(file.text.utf8), stamp: read.stamp)
                }
            }
        }, then: { [weak self, weak document] result in
            guard let self, let document else { return }
            self.answering.remove(document.id)
            guard self.store.document(id: document.id) === document else { return done(.success(0)) }
            // Typed into meanwhile: merged again with the text as it is.
            guard document.canMerge else { return done(.success(0)) }  // the question went meanwhile
            guard document.editCount == version else { return self.merge(document, then: done) }
            switch result {
            case .failure(let error): done(.failure(error))
            case .success(let merged):
                self.store.take(merged.merged, change: merged.change, fileText: merged.fileText, isTheFile: merged.isTheFile,
                                stamp: merged.stamp, into: document, canonical: canonical)
                done(.success(merged.merged.conflicts.count))
            }
        })
    }

    /// A merge worked out off the main thread.
    private struct Merged: Sendable {
        /// The file's text as a rope, built off the main thread (the next merge's base, the journal's).
        var fileText: TextStorage
        var merged: ThreeWayMerge
        var change: TextChange?
        var isTheFile: Bool
        var stamp: DiskStamp
    }

    /// The file read whole while it held still (its stamp the same before and after the read, and
    /// for `settle` ns since it was written), read again while it moves; fails once it moved
    /// `steadyAttempts` times: what was read may be half of each version, and must never become a
    /// version the document knows. Off the main thread.
    nonisolated static func steadyRead(_ path: String, comparedWith text: TextStorage?, version: Int, settle: Int64)
        -> Result<(file: Result<TextFile, TextFileError>, stamp: DiskStamp, tail: FileTail?, change: TextChange?), TextFileError> {
        for _ in 0..<steadyAttempts {
            let read = DiskRead.Whole(path: path, comparedWith: text, version: version)
            if case .failure(let error) = read.file { return .failure(error) }
            guard let stamp = read.stamp else { continue }
            // Written a moment ago: a writer may be between two writes, which no stat shows. The
            // version is the file's once it has held still for `settle` since it was written.
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let age = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - stamp.modified
            if age < settle {
                usleep(useconds_t((settle - max(age, 0)) / 1_000))
                guard DiskStamp.of(path) == stamp else { continue }
            }
            return .success((read.file, stamp, read.tail, read.change))
        }
        return .failure(TextFileError(localized("“%1” is still being written by another program. Try again once it is done.", PathName.file(of: path))))
    }

    /// The user keeps their text over the file's new version: the version they were asked about
    /// (or, from a save's question, `seen`: the file when the question was put) counts as seen, and
    /// Save may overwrite it; a write after it is not taken as seen, and is asked about again.
    /// The answer holds in every window of the document.
    func keepMine(_ document: Document, seen: DiskStamp?? = nil) {
        // A file that could not be read was never a version the document held: the one on disk now.
        var seen = seen
        if case .none = seen, document.diskProblem != nil, let canonical = document.identity.canonicalPath, !RemoteLocation.isRemote(canonical) {
            seen = .some(DiskStamp.of(canonical))
        }
        document.file.keptMine(seen: seen)
        store.publish(.diskChangeSeen, for: document, dirtyBefore: nil)
        check(document)  // a write since the version seen is asked about at once
    }
}
