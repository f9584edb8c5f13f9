/// How a document's text arrives from its file, and where the file's server stands: the reader
/// of a big or remote file while it reads, how far it got, the typing it must carry, whether a
/// server file could be read at all, and the looks again at a server that did not answer. It
/// changes only through the transitions below, one per thing that can happen while a text is
/// read; `DocumentLoading` and the restore decide which one happened.
struct LoadingState {
    /// The background reader of the rest of the file, while loading.
    private(set) var loader: FileLoader?
    /// How far the load has got (nil: the whole text is here).
    private(set) var progress: LoadProgress?
    /// The edits made to the part already read while the rest loads, in order.
    private(set) var typedWhileLoading: [TypedWhileLoading] = []
    /// Edits made before the load started over in another encoding, carried to the new reading:
    /// applied again as it reads past them (typing waits until then).
    private(set) var carriedTyping: [TypedWhileLoading] = []
    /// Whether the file on a server could not be read at all (the server did not answer, the
    /// password was not given): nothing of it is shown, and only reading it again (Try Again, or
    /// the retry of a server that did not answer) fills it in; it is never compared with the file.
    private(set) var openFailed = false
    /// Whether the document came back after a relaunch while its server did not answer: it is not
    /// compared with the file, nor saved over it, until the server answers.
    private(set) var awaitsServer = false
    /// While `awaitsServer`: looks at the server again, asking for a password if it wants one.
    private(set) var lookAgain: (() -> Void)?
    /// Whether Try Again was pressed while a look that may not ask for a password was on its way:
    /// if that look finds no answer, one that asks follows at once.
    private(set) var asksAfterThisLook = false
    /// Counts the retries of a server scheduled: one that is no longer the latest is dropped, so
    /// Try Again pressed while one waits does not start a second round.
    private(set) var serverRetries = 0
    /// Whether the server lets the user write the file (as it said at the last read).
    private(set) var remoteWritable = true

    /// A relaunch's unsaved edits waiting for the file they go over, and the file's text read so
    /// far, gathered here rather than shown: the edits are replayed over it once it is all read.
    private(set) var restoring: (journal: JournalContents, fileText: TextStorage)?

    /// Whether the text is still arriving.
    var isLoading: Bool { progress != nil }

    // MARK: Transitions

    /// `loader` reads the file (again), `progress` of it read already.
    mutating func started(_ loader: FileLoader, at progress: LoadProgress) {
        self.loader = loader
        self.progress = progress
    }

    /// The reader read more: `progress` of the file.
    mutating func progressed(to progress: LoadProgress) { self.progress = progress }

    /// The text read goes to `journal`'s replay, from `head` (what was read already) on.
    mutating func restores(_ journal: JournalContents, over head: TextStorage) { restoring = (journal, head) }

    /// More of the file the restore waits for.
    mutating func gathered(_ piece: TextStorage) { restoring?.fileText.append(contentsOf: piece) }

    /// The restore's journal and the file's text read, taken: the restore goes on without the loader.
    mutating func takeRestoring() -> (journal: JournalContents, fileText: TextStorage)? {
        defer { restoring = nil }
        return restoring
    }

    /// The user typed into the part already read: kept, to carry if the reading starts over.
    mutating func typed(_ step: TypedWhileLoading) { typedWhileLoading.append(step) }

    /// The reading started over from the file's first byte in another encoding; `carried` is the
    /// typing so far, placed in the new reading, to go in again as it reads past each edit.
    mutating func restarted(carrying carried: [TypedWhileLoading]) {
        carriedTyping += carried
        typedWhileLoading = []
        progress?.bytesRead = 0
        restoring?.fileText = TextStorage()
    }

    /// The first carried edit, taken when `fits` says the text read holds what it needs.
    mutating func takeCarried(if fits: (TypedWhileLoading) -> Bool) -> TypedWhileLoading? {
        guard let first = carriedTyping.first, fits(first) else { return nil }
        return carriedTyping.removeFirst()
    }

    /// The carried typing that is left has nowhere to go (past the end of a shorter file).
    mutating func dropCarried() { carriedTyping = [] }

    /// A streamed read reached the end of the file: the whole text is here.
    mutating func finished() {
        loader = nil
        progress = nil
        typedWhileLoading = []
    }

    /// A server's file was read whole (`writable`: the server lets the user write it).
    mutating func readWhole(writable: Bool) {
        loader = nil
        progress = nil
        openFailed = false
        remoteWritable = writable
    }

    /// The read failed; `nothingRead`: of a server's file, nothing could be read.
    mutating func failed(nothingRead: Bool) {
        loader = nil
        progress = nil
        openFailed = nothingRead
    }

    /// The document went before its reading ended: the reader stops.
    mutating func stopped() {
        loader?.cancel()
        loader = nil
    }

    /// A look at the server again is scheduled; returns its number, for `isLatest`.
    mutating func scheduleRetry() -> Int {
        serverRetries += 1
        return serverRetries
    }

    /// Whether `retry` is the latest scheduled: an older one is dropped.
    func isLatest(_ retry: Int) -> Bool { retry == serverRetries }

    /// A relaunch's look at the server is on its way: Try Again waits for it (`triedAgainWhileLooking`).
    mutating func lookingAtServer() { lookAgain = nil }

    /// Try Again while a look is on its way: a look that asks follows it if it finds no answer.
    mutating func triedAgainWhileLooking() { asksAfterThisLook = true }

    /// A look found no answer: whether Try Again was pressed meanwhile (then a look that asks is
    /// due now; `asked`: this one asked already, which is what Try Again wanted).
    mutating func takeTryAgain(asked: Bool) -> Bool {
        defer { asksAfterThisLook = false }
        return asksAfterThisLook && !asked
    }

    /// The server did not answer a relaunch's look (or asked for a password not given): the
    /// document waits for it, `again` looks once more (Try Again), and a retry is scheduled;
    /// returns its number.
    mutating func serverDidNotAnswer(again: @escaping () -> Void) -> Int {
        awaitsServer = true
        lookAgain = again
        return scheduleRetry()
    }

    /// The server answered a relaunch's look. True when the document was waiting for it.
    mutating func serverAnswered() -> Bool {
        let wasWaiting = awaitsServer
        awaitsServer = false
        lookAgain = nil
        asksAfterThisLook = false
        return wasWaiting
    }
}
