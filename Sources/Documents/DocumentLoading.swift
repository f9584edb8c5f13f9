import Dispatch
import FoundationEssentials
import Localization
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// Turns a file into a document: small files read at once, big ones with their head now and
/// the rest streamed in by a `FileLoader`, whose messages this applies as they arrive.
@MainActor
final class DocumentLoading {
    /// Files up to this size are read at once; bigger ones show their start at once and load
    /// the rest in the background (read-only until done).
    nonisolated static let synchronousLoadLimit = 1 << 20
    /// How much of a big file is read at once, so its first screen shows immediately.
    nonisolated static let headSize = 64 << 10
    /// From this size on, a UTF-8 file's text stays in the file (`FileSpan`): only its index,
    /// what is shown and what is typed are in memory. Below it a text is held whole, which keeps
    /// what a big file gives up (a change on disk followed or merged, not only said).
    nonisolated static let fileBackedMinimum: Int64 = 256 << 20

    private unowned let store: DocumentStore

    init(store: DocumentStore) {
        self.store = store
    }

    /// A new document for the file at `path` (not yet registered with the store).
    func open(path: String, canonical: String, allowBinary: Bool, synchronously: Bool) throws(TextFileError) -> Document {
        let name = PathName.file(of: path)
        if RemoteLocation.isRemote(canonical) { return openRemote(path: path, canonical: canonical, allowBinary: allowBinary) }
        // A file over the limit may still open as pieces of itself (`openInBackground` decides).
        switch FileInspection.inspect(path, maximumSize: RemoteLocation.isRemote(canonical) ? store.maximumFileSize() : .max) {
        case .readableFile(let size) where size > Self.synchronousLoadLimit && !synchronously:
            return try openInBackground(path: path, canonical: canonical, size: size, allowBinary: allowBinary)
        case .readableFile(let size) where size >= store.fileBackedMinimum:
            // Read at once (a restore replays its edits over it): indexed now, as pieces of itself.
            guard let base = BaseFile(path: canonical), let indexed = FileLoader.indexNow(base) else {
                if size > store.maximumFileSize() { throw tooBig(name) }
                return try openWhole(path: path, canonical: canonical, size: size, allowBinary: allowBinary)
            }
            if indexed.containsNUL && !allowBinary { throw TextFile.binaryError(name) }
            let document = Document(identity: .file(canonicalPath: canonical), path: path, untitledName: "",
                                    file: TextFile(text: "", encoding: .utf8))
            document.storage = indexed.text
            document.fileSize = size
            document.fileTraits.lineEnding = LineEnding.dominant(in: indexed.text.substring(0..<4096))
            document.noteFinalLineBreak()
            Self.noteTraits(containsNUL: indexed.containsNUL, longestLine: indexed.longestLine, in: document)
            return document
        case .readableFile(let size):
            return try openWhole(path: path, canonical: canonical, size: size, allowBinary: allowBinary)
        case .missing:
            return Document(identity: .file(canonicalPath: canonical), path: path, untitledName: "", file: TextFile())
        case .refused(let reason):
            throw TextFileError(localized("Could not open “%1”: %2", name, reason))
        }
    }

    /// A file read whole into memory now.
    private func openWhole(path: String, canonical: String, size: Int64, allowBinary: Bool) throws(TextFileError) -> Document {
        if size > store.maximumFileSize() { throw tooBig(PathName.file(of: path)) }
        let file = try TextFile.read(path, allowBinary: allowBinary)
        let document = Document(identity: .file(canonicalPath: canonical), path: path, untitledName: "", file: file)
        document.fileSize = size
        // Measured on the decoded text, whatever the file's encoding was.
        let traits = BlockDecoder.traits(of: file.text)
        Self.noteTraits(containsNUL: traits.containsNUL, longestLine: traits.longestLine, in: document)
        return document
    }

    /// Reads the head of a big file now (its first screen) and the rest on a background thread.
    private func openInBackground(path: String, canonical: String, size: Int64, allowBinary: Bool) throws(TextFileError) -> Document {
        let name = PathName.file(of: path)
        // The file whose pieces the text will be, opened before its head is read: both are the
        // same file, whatever another program puts at the path meanwhile.
        let base = size >= store.fileBackedMinimum ? BaseFile(path: canonical) : nil
        let head: [UInt8]
        if let base { head = try Self.head(of: base) } else { head = try TextFile.readBytes(path, limit: Self.headSize) }
        let mark = TextFile.byteOrderMark(of: head)
        let body = head[(mark?.length ?? 0)...]
        var decoder = BlockDecoder(encoding: mark?.encoding ?? .utf8, lineLength: 0)
        var text = decoder.decode(body, atEnd: false)
        if text == nil && mark == nil {
            decoder = BlockDecoder(encoding: .windows1252, lineLength: 0)
            text = decoder.decode(body, atEnd: false)
        }
        guard let text else {
            throw TextFileError(localized("Could not open “%1”: it starts with a %2 byte-order mark but is not valid %2.", name, decoder.encoding.displayName))
        }
        let inPieces = base != nil && decoder.encoding == .utf8
        // Held in memory, a text is held whole: the limit is for those (GTK counts in 32 bits),
        // and Open Anyway would not change it, so it is said first.
        if !inPieces && size > store.maximumFileSize() { throw tooBig(name) }
        if decoder.sawNUL && !allowBinary { throw TextFile.binaryError(name) }
        let file = TextFile(text: text, encoding: decoder.encoding, hasByteOrderMark: mark != nil)
        let document = Document(identity: .file(canonicalPath: canonical), path: path, untitledName: "", file: file)
        document.fileSize = size
        Self.noteTraits(of: decoder, in: document)
        let loader = FileLoader()
        document.loading.started(loader, at: LoadProgress(bytesRead: Int64(head.count), totalBytes: size))
        let deliver: @MainActor @Sendable (FileLoader.Message) -> Void = { [weak self, weak document] message in
            guard let self, let document, document.loading.loader === loader else { return }
            self.receive(message, for: document)
        }
        if inPieces, let base {
            loader.start(indexing: base, offset: Int64(head.count), carried: decoder.carried, decoder: decoder, deliver: deliver)
        } else {
            loader.start(path: canonical, offset: Int64(head.count), decoder: decoder, mayFallBack: mark == nil, deliver: deliver)
        }
        return document
    }

    /// The first bytes of a big file, through the descriptor its pieces will be read from.
    private static func head(of base: BaseFile) throws(TextFileError) -> [UInt8] {
        var head = [UInt8](repeating: 0, count: headSize)
        guard let read = head.withUnsafeMutableBytes({ base.read(into: $0, at: 0) }) else {
            throw .system("read", base.path, errno: errno)
        }
        head.removeLast(head.count - read)
        return head
    }

    private func tooBig(_ name: String) -> TextFileError {
        TextFileError(localized("Could not open “%1”: %2", name, localized("It is larger than %1, more than Tandem opens (the maximum-file-size setting).",
                                                                             FileInspection.describe(bytes: store.maximumFileSize()))))
    }

    /// A file on a server: an empty document, loading (read-only), while the file is read whole
    /// off the main thread through GIO; it fills in, or says why it could not be read.
    private func openRemote(path: String, canonical: String, allowBinary: Bool) -> Document {
        let document = Document(identity: .file(canonicalPath: canonical), path: path, untitledName: "", file: TextFile())
        let loader = FileLoader()
        document.loading.started(loader, at: LoadProgress(bytesRead: 0, totalBytes: 0))
        loader.start(remote: canonical, allowBinary: allowBinary) { [weak self, weak document] message in
            guard let self, let document, document.loading.loader === loader else { return }
            self.receive(message, for: document)
        }
        return document
    }

    /// The one place a document learns, from what was decoded, that it is binary or has lines
    /// too long to edit; returns the reasons that are new.
    @discardableResult
    static func noteTraits(of decoder: BlockDecoder, in document: Document) -> [ReadOnlyReason] {
        noteTraits(containsNUL: decoder.sawNUL, longestLine: decoder.longestLine, in: document)
    }

    @discardableResult
    static func noteTraits(containsNUL: Bool, longestLine: Int, in document: Document) -> [ReadOnlyReason] {
        var found: [ReadOnlyReason] = []
        if containsNUL { found.append(.binary) }
        if longestLine > ReadOnlyReason.longLineLimit {
            document.hasLongLines = true
            found.append(.longLines)
        }
        return found.filter { document.readOnlyReasons.insert($0).inserted }
    }

    private func receive(_ message: FileLoader.Message, for document: Document) {
        switch message {
        case .text(let piece, let bytesRead, let longestLine, let containsNUL):
            let wasEmpty = (document.loading.restoring?.fileText ?? document.storage).count == 0
            if document.loading.restoring != nil { document.loading.gathered(piece) } else { document.storage.append(contentsOf: piece) }
            if wasEmpty {
                let read = document.loading.restoring?.fileText ?? document.storage
                document.fileTraits.lineEnding = LineEnding.dominant(in: read.substring(0..<4096))
            }
            let progress = LoadProgress(bytesRead: bytesRead, totalBytes: max(bytesRead, document.fileSize))
            document.loading.progressed(to: progress)
            for reason in Self.noteTraits(containsNUL: containsNUL, longestLine: longestLine, in: document) {
                store.publish(.becameReadOnly(reason), for: document, dirtyBefore: nil)
            }
            store.publish(.loadProgressed(progress), for: document, dirtyBefore: nil)
            applyCarriedTyping(to: document, atEnd: false)
        case .restarted(let encoding):
            // What was typed goes in again where the new reading has read past it, at its place
            // among the file's bytes (`TypingCarry`).
            let carried = TypingCarry.carry(document.loading.typedWhileLoading, madeOn: document.storage, rereadAs: encoding)
            document.loading.restarted(carrying: carried)
            if !carried.isEmpty { document.history.clear() }
            document.storage = TextStorage()
            document.fileTraits.encoding = encoding
            if !carried.isEmpty {
                // The journal, whose edits and traits were of the first reading, begins again in
                // the new one with the typing already in it: a crash before the typing is back in
                // the text still keeps it.
                store.journals?.begin(document)
                for (index, step) in carried.enumerated() {
                    store.journals?.didChange(document, .edit(step.edit, removed: step.removed, merged: index > 0))
                }
            }
            document.readOnlyReasons.remove(.longLines)
            document.hasLongLines = false
            store.publish(.loadRestarted, for: document, dirtyBefore: nil)
        case .whole(let file, let stamp, let size, let writable):
            // (`stamp` nil: no such file on the server; it opens empty and is made by the first save.)
            // A file read at once (on a server): its text and traits, and the version read.
            document.fileTraits = TextFile(text: "", encoding: file.encoding, hasByteOrderMark: file.hasByteOrderMark, lineEnding: file.lineEnding)
            document.storage = TextStorage(file.text)
            document.fileSize = size
            document.loading.readWhole(writable: writable)
            let traits = BlockDecoder.traits(of: file.text)
            for reason in Self.noteTraits(containsNUL: traits.containsNUL, longestLine: traits.longestLine, in: document) {
                store.publish(.becameReadOnly(reason), for: document, dirtyBefore: nil)
            }
            document.noteFinalLineBreak()
            if let canonical = document.identity.canonicalPath { document.knowsFile(stamp, at: canonical) }
            store.publish(.loadFinished, for: document, dirtyBefore: nil)
            // Read at last after a server that did not answer: editable now.
            if document.readOnlyReasons.remove(.incomplete) != nil, document.readOnlyReasons.isEmpty {
                store.publish(.becameEditable, for: document, dirtyBefore: nil)
            }
        case .finished:
            if let restoring = document.loading.takeRestoring() { return store.replayRestored(restoring.journal, over: restoring.fileText, into: document) }
            applyCarriedTyping(to: document, atEnd: true)
            document.loading.finished()
            document.noteFinalLineBreak()
            // The version known is the one the load began with: a file replaced or rewritten while
            // it streamed in is a change, compared now (a clean document follows it undoably).
            if let canonical = document.identity.canonicalPath { document.knowsFile(document.diskStamp, at: canonical) }
            store.publish(.loadFinished, for: document, dirtyBefore: nil)
            store.checkDisk(document)
        case .failed(let error):
            if let restoring = document.loading.takeRestoring() { store.keepRestoredEditsAside(of: document, read: restoring.fileText) }
            applyCarriedTyping(to: document, atEnd: true)
            document.loading.failed(nothingRead: document.storage.count == 0 && RemoteLocation.isRemote(document.identity.canonicalPath ?? ""))
            document.readOnlyReasons.insert(.incomplete)
            store.publish(.loadFailed(error.message), for: document, dirtyBefore: nil)
            if error.isUnreachable { retryWhenReachable(document) }
        }
    }

    /// A file on a server that did not answer is read again every few seconds, for as long as
    /// its window is open, until the server answers (GVfs mounts it again then).
    private func retryWhenReachable(_ document: Document) {
        let retry = document.loading.scheduleRetry()
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(RemotePolling.interval))) { [weak self, weak document] in
            MainActor.assumeIsolated {
                // One round of retries: Try Again's reading schedules its own when it fails too.
                guard let self, let document, self.store.document(id: document.id) === document, document.loading.isLatest(retry) else { return }
                self.readAgain(document, asking: false)
            }
        }
    }

    /// Reads a file on a server again whose reading failed with nothing read (`openFailed`): the
    /// user's Try Again (`asking`: a password is asked for if the server wants one), or the
    /// retry of a server that did not answer (which never asks).
    func readAgain(_ document: Document, asking: Bool) {
        guard document.openFailed, document.loading.loader == nil, document.storage.count == 0, !document.isDirty,
              let canonical = document.identity.canonicalPath else { return }
        let loader = FileLoader(), progress = LoadProgress(bytesRead: 0, totalBytes: 0)
        document.loading.started(loader, at: progress)
        store.publish(.loadProgressed(progress), for: document, dirtyBefore: nil)
        loader.start(remote: canonical, allowBinary: document.readOnlyReasons.contains(.binary), asking: asking) { [weak self, weak document] message in
            guard let self, let document, document.loading.loader === loader else { return }
            self.receive(message, for: document)
        }
    }

    /// Puts back the typing carried over a restart, in order, each once the new reading holds
    /// the text after it (`atEnd`: the reading is over, whatever still fits goes in). It is one
    /// undo step, already in the journal; typing waits until it is all back.
    private func applyCarriedTyping(to document: Document, atEnd: Bool) {
        guard let first = document.loading.carriedTyping.first,
              first.edit.range.upperBound < document.storage.count || atEnd else { return }
        let wasDirty = document.isDirty
        document.history.beginCompound()
        let count = { document.storage.count }
        while let step = document.loading.takeCarried(if: { $0.edit.range.upperBound < count() || (atEnd && $0.edit.range.upperBound <= count()) }) {
            document.storage.replace(step.edit.range, with: step.edit.replacement)
            document.editCount += 1
            document.history.record(step.edit, removed: step.removed)
            store.publish(.edited(step.edit, origin: nil, isUndoRedo: false), for: document, dirtyBefore: wasDirty)
        }
        document.history.endCompound()
        if atEnd { document.loading.dropCarried() }  // past the end of a shorter file: nowhere to go
        if document.loading.carriedTyping.isEmpty { document.history.seal() }
    }
}
