/// What a document knows of its file: the version it last saw (its stamp, and a digest of its
/// bytes where no text of it is kept), the state of the history whose text that version is, the
/// text of that version when a merge needs it, and where the file stands against the document. It changes only through the transitions below, one per
/// thing that can happen between a document and its file; `DiskSync` decides which one happened.
struct FileKnowledge {
    /// Where the file stands against the document.
    enum Standing: Equatable, Sendable {
        /// The version known is the file (a clean document follows each change as a peer's edits).
        case inStep
        /// The file is a version the document has not taken in: the user is asked about it.
        case changed
        /// The file changed into something that cannot be read as text: said, never adopted. The
        /// version known stays the one before.
        case unreadable(String)
        /// The file is gone; `afterChange`: a change was still unanswered when it went.
        case deleted(afterChange: Bool)
    }

    /// Where the file stands.
    private(set) var standing = Standing.inStep
    /// The history state whose text the file holds (nil: none does). With the history's current
    /// state it says whether the text is the file (`Document.isDirty`); a new document's text is
    /// its file's, at the history's first state.
    private(set) var savedState: Int? = 0
    /// The version known: the one last read or written, or the one asked about (nil: none).
    private(set) var stamp: DiskStamp?
    /// The CRC-32 of the bytes of the version asked about, with its stamp: after Keep Mine the
    /// document holds no text of the version it knows, and a rewrite that keeps the stamp
    /// (`cp -p`) is told by these bytes.
    private(set) var digest: (stamp: DiskStamp, crc: UInt32)?
    /// The end of the file the text was read from or saved to, to follow a file that only grows.
    private(set) var tail: FileTail?
    /// The text of the version known before a question (or the version a merge took in) when no
    /// state of the history holds it: what a merge compares both sides with.
    private(set) var base: TextStorage?
    /// The history's saved state when the first question came (or the file went): the state that
    /// is the file again if it goes back to the version known.
    private(set) var savedStateBeforeQuestion: Int?
    /// What the user should know about how the document came back after a relaunch.
    private(set) var notice: String?
    /// Whether the journal a relaunch brought the document back from knew a version of the file
    /// (a new file typed into and never saved had none): only then is a missing file gone.
    private(set) var journalKnewFile = true

    /// Whether a change on disk waits for the user's answer (Save asks before overwriting it).
    var hasUnseenChange: Bool {
        switch standing {
        case .inStep: false
        case .changed, .unreadable: true
        case .deleted(let afterChange): afterChange
        }
    }

    /// Whether the file is gone.
    var isDeleted: Bool {
        if case .deleted = standing { true } else { false }
    }

    /// Why the file on disk cannot be taken as the document's text.
    var problem: String? {
        if case .unreadable(let message) = standing { message } else { nil }
    }

    // MARK: Transitions

    /// The file holds the text of the history's state `state` (it was read, written, followed or
    /// merged into exactly the file, or a relaunch says so; nil: of no state).
    mutating func holds(state: Int?) { savedState = state }

    /// No state of the history holds the file's text: the text was never the file's (a text from
    /// standard input, a draft that differs), or the file is written otherwise from now on (a new
    /// encoding).
    mutating func holdsNoState() { savedState = nil }

    /// The text is the version at `stamp` (read whole, written, or merged into exactly the file).
    mutating func knew(_ stamp: DiskStamp?, tail: FileTail?) {
        standing = .inStep
        self.stamp = stamp
        self.tail = tail
        digest = nil  // the text is the version's now
        base = nil
        savedStateBeforeQuestion = nil
    }

    /// The document took in the file's version at `stamp` (followed, reloaded): as `knew`, and
    /// whatever a relaunch had to say is over.
    mutating func adopted(_ stamp: DiskStamp?, tail: FileTail?) {
        knew(stamp, tail: tail)
        notice = nil
    }

    /// The file at `stamp` holds the text again, though no version known said so (a new file of the
    /// same text): as `adopted` when a question or a deletion stood (it is withdrawn; true), as
    /// `knew` otherwise (false).
    mutating func holds(_ stamp: DiskStamp, tail: FileTail?) -> Bool {
        let hadQuestion = hasUnseenChange
        if hadQuestion { adopted(stamp, tail: tail) } else { knew(stamp, tail: tail) }
        return hadQuestion
    }

    /// The very bytes known are at `stamp` now (written in place, a copy that kept them).
    mutating func moved(to stamp: DiskStamp) {
        self.stamp = stamp
        digest = digest.map { (stamp, $0.crc) }
    }

    /// The file only grew, to `stamp`, and the document took the new end in.
    mutating func grew(to stamp: DiskStamp, tail: FileTail) {
        moved(to: stamp)
        self.tail = tail
    }

    /// The growth could not be followed by its end: the file is read whole from now on.
    mutating func forgetTail() { tail = nil }

    /// The file went back to the version known while a question or a deletion stood (`git stash`
    /// and `pop`, a branch switch and back): both are over. The history's saved state from before
    /// them is the file again, if the history still holds it (`stillHeld`). The base, when there
    /// is one, is that version's text, and stays the next merge's.
    mutating func cameBack(as stamp: DiskStamp, tail: FileTail?, stillHeld: (Int) -> Bool) {
        savedState = savedStateBeforeQuestion.flatMap { stillHeld($0) ? $0 : nil }
        standing = .inStep
        moved(to: stamp)
        self.tail = tail
        savedStateBeforeQuestion = nil
        notice = nil
    }

    /// The file is a version at `stamp` the modified document has not taken in: the user is asked,
    /// and no state of the history is the file now. The first question keeps the version known
    /// before it (`known`: the saved state, or the one from before a deletion; `base()` the text
    /// of it) for a merge; a second change before the answer keeps that base, and a base kept as
    /// the history dropped the saved state stays.
    mutating func asked(about stamp: DiskStamp, digest crc: UInt32?, known: Int?, base: () -> TextStorage?) {
        if known != nil, !hasUnseenChange || self.base == nil, let text = base() { self.base = text }
        if !hasUnseenChange { savedStateBeforeQuestion = known }
        savedState = nil
        standing = .changed
        self.stamp = stamp
        digest = crc.map { (stamp, $0) }
        tail = nil
        notice = nil  // a change while Tandem runs is said as such
    }

    /// The file changed into something that is not text (`message` says why). False when that was
    /// said already.
    mutating func refused(_ message: String) -> Bool {
        guard standing != .unreadable(message) else { return false }
        standing = .unreadable(message)
        return true
    }

    /// The file is gone: no state of the history is on disk now. The saved state is the file again
    /// if it comes back as the version known. The base stays: it is the text of the version known
    /// (after a merge no state of the history holds it), what tells that version if it comes back,
    /// and what a merge compares with if another comes. False when it was gone already.
    mutating func deleted() -> Bool {
        switch standing {
        case .deleted: return false
        case .changed:
            standing = .deleted(afterChange: true)
        case .inStep, .unreadable:
            // An unreadable file left the version known as it was: that version is what may come back.
            savedStateBeforeQuestion = savedState
            standing = .deleted(afterChange: false)
        }
        savedState = nil
        stamp = nil
        tail = nil
        return true
    }

    /// The user keeps their text over the version asked about: it counts as seen, and Save may
    /// overwrite it. `seen` is the version to count as seen when it is not the one asked about (a
    /// save's question, or a file that could not be read).
    mutating func keptMine(seen: DiskStamp??) {
        if case .deleted = standing {
            standing = .deleted(afterChange: false)
        } else {
            standing = .inStep
        }
        if case .some(let seen) = seen { stamp = seen }
        base = nil  // the file's version now is one the document never held
        notice = nil
    }

    /// A merge took the file at `stamp` in, and the document is not that file (no state of the
    /// history is): `base` (the file's text) is what the next merge compares with.
    mutating func merged(_ stamp: DiskStamp, base: TextStorage) {
        savedState = nil
        standing = .inStep
        self.stamp = stamp
        self.base = base
        digest = nil
        tail = nil
        savedStateBeforeQuestion = nil
        notice = nil
    }

    /// A relaunch that restored the document before reading its file found it at `stamp` (nil:
    /// not there), ending in `tail`, its bytes' CRC-32 `crc`: what tells that version from a
    /// rewrite that keeps the stamp while no state of the history holds its text.
    mutating func found(_ stamp: DiskStamp?, tail: FileTail?, digest crc: UInt32?) {
        self.stamp = stamp
        self.tail = tail
        if let stamp, let crc { digest = (stamp, crc) }
    }

    /// The version known, at `stamp`, has bytes of CRC-32 `crc`: a relaunch replayed the unsaved
    /// changes over it, and no state of the history holds its text. Nothing
    /// when the version known is another by now.
    mutating func told(_ stamp: DiskStamp, crc: UInt32) {
        guard self.stamp == stamp, digest == nil, base == nil else { return }
        digest = (stamp, crc)
    }

    /// A relaunch replayed the unsaved changes; `changed`: the file is not the version they were
    /// made on, and is asked about, saying `notice`; `digest`: the CRC-32 of the file's bytes.
    mutating func restored(changed: Bool, digest crc: UInt32? = nil, notice: String?) {
        guard changed else { standing = .inStep; return }
        standing = .changed
        self.notice = notice
        if let stamp, let crc { digest = (stamp, crc) }
    }

    /// The text of the version known is `text`, which no state of the history will hold (rebuilt
    /// after a relaunch, or kept as the history drops the saved state): what tells the version,
    /// and what a merge compares with.
    mutating func keepBase(_ text: TextStorage) { base = text }

    /// What the user should know about how the document came back.
    mutating func tell(_ notice: String?) { self.notice = notice }

    /// A relaunch brought the document back from a journal that knew a version of its file, or
    /// knew none.
    mutating func cameBackFromJournal(knowingFile: Bool) { journalKnewFile = knowingFile }
}
