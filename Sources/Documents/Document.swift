import Background
import FoundationEssentials
import SafeFiles

/// One text document, shown by any number of windows; the store owns and changes it.
@MainActor
public final class Document: Identifiable {
    /// Stable identity: the canonical path of a file, or a draft id for an untitled document.
    public enum Identity: Hashable, Sendable {
        case file(canonicalPath: String)
        case untitled(draftID: UUID)

        /// The canonical path of a file's document.
        public var canonicalPath: String? {
            if case .file(let path) = self { return path } else { return nil }
        }
    }

    /// Who this document is.
    public internal(set) var identity: Identity
    /// The path it is saved to, as the user named it (nil while untitled).
    public internal(set) var path: String?
    /// "Untitled Document N" for untitled documents.
    public let untitledName: String
    /// The text.
    public internal(set) var storage: TextStorage {
        // A text that no longer ends with the break it was read with shows all of itself: a
        // break typed at its end later is the user's, and shows. (O(log n), and only while set.)
        didSet { if hidesFinalLineBreak && !storage.endsWithLineBreak { hidesFinalLineBreak = false } }
    }
    /// How the file is written back (BOM and, later, encoding and line endings).
    var fileTraits: TextFile
    /// The undo history, shared by every window on this document.
    var history = UndoHistory()
    /// The history state that matches the file on disk (nil: no state does); `file` keeps it.
    var savedStateID: Int? { file.savedState }
    /// What the document knows of its file, and where the file stands (changed only through its transitions).
    var file = FileKnowledge()
    /// The version of the file on disk the document knows (nil: none).
    var diskStamp: DiskStamp? { file.stamp }
    /// Whether the file was deleted on disk since it was opened or saved.
    public var isDeletedOnDisk: Bool { file.isDeleted }
    /// Whether the file was on disk when the document was last closed with unsaved text (false
    /// for a new file typed into and never saved): a relaunch that finds it missing says so then.
    public var wasOnDiskWhenClosed: Bool { file.journalKnewFile }
    /// Whether the file changed on disk while the document had unsaved changes, and the user has
    /// neither reloaded nor chosen to keep theirs: saving then asks before overwriting.
    public var hasUnseenDiskChange: Bool { file.hasUnseenChange }
    /// Why the file, changed on disk, cannot be taken as this document's text (it is no longer
    /// text, or cannot be read); nil when it can.
    public var diskProblem: String? { file.problem }
    /// What the user should know about how the document came back after a relaunch (nil: nothing).
    public var restoreNotice: String? { file.notice }
    /// Counts changes to the text by edits, undo and redo, so a read of the file made off the
    /// main thread knows whether the text it compared is still the document's.
    public internal(set) var editCount = 0
    /// Saves on their way to disk (being formatted, waiting or writing), each stoppable by its own.
    var savesInFlight: [Cancellation] = []
    /// The version of its file the saves on their way expect to replace (see `ExpectedVersion`).
    var saveExpectation: DocumentStore.ExpectedVersion?
    /// Whether the document is being written to its file.
    public var isSaving: Bool { !savesInFlight.isEmpty }
    /// Counts reads of the file on disk, so that only the newest one is followed.
    var diskGeneration = 0

    /// The version `stamp` of the file at `canonical` holds the document's text (it was read or
    /// written): it is the version the document knows. Its end is kept to follow growth only while
    /// the file is still that version; a file changed since is compared at the next look.
    func knowsFile(_ stamp: DiskStamp?, at canonical: String) {
        if RemoteLocation.isRemote(canonical) { return file.knew(stamp, tail: nil) }  // asked of the server already
        file.knew(stamp, tail: stamp.flatMap { stamp in DiskStamp.of(canonical) == stamp ? FileTail.of(canonical, size: stamp.size) : nil })
    }
    /// Set when the user chose "Close without Saving" in its last window.
    var discardsChangesOnClose = false
    /// Whether this process may write the document's file (an untitled document: yes). A file the
    /// user may not write is saved elsewhere (Save As), never replaced.
    public var isWritable: Bool {
        guard let path else { return true }
        return RemoteLocation.isRemote(path) ? loading.remoteWritable : AtomicFileWriter.isWritable(path)
    }
    /// How the text arrives from the file, and where its server stands (changed only through its transitions).
    var loading = LoadingState()
    /// Whether the document came back after a relaunch while its server did not answer: it is not
    /// compared with the file, nor saved over it, until the server answers.
    public var awaitsServer: Bool { loading.awaitsServer }
    /// Whether the file on a server could not be read at all: nothing of it is shown until it is
    /// read again (Try Again, or the retry of a server that did not answer).
    public var openFailed: Bool { loading.openFailed }

    /// The spelling languages given to paragraphs of the text (the rest is in the document's).
    public internal(set) var paragraphLanguages = ParagraphLanguages()

    /// Where a merge kept both sides of a change for the user to settle, in order.
    public internal(set) var conflicts: [MergeConflict] = []
    /// Whether Merge can answer the change on disk: the version the document knew is known.
    public var canMerge: Bool { file.standing == .changed && file.base != nil && !isReadOnly }

    /// Why the document's unsaved text cannot be kept on disk now (its journal fails to write);
    /// nil while it can. Tried again in the background; cleared once a write works.
    public internal(set) var journalProblem: String?

    /// Why the document cannot be edited (none: it can).
    public internal(set) var readOnlyReasons: Set<ReadOnlyReason> = []
    /// Whether the text had lines too long to lay out quickly when it was read (it stays so
    /// after Edit Anyway lifts `.longLines`): windows keep costly features off for it.
    public internal(set) var hasLongLines = false
    /// An edit inside a compound step (a paste, Replace All) made a line too long: the document
    /// becomes read-only for it when the step ends, so the step is never cut in two.
    var madeLongLineInStep = false
    /// Whether undo and redo work: not while loading, nor when read-only for another reason than
    /// long lines (a paste that made them is taken back as any other step).
    public var undoes: Bool { !isLoading && readOnlyReasons.isSubset(of: [.longLines]) }
    /// Whether the document refuses edits (read-only, or still loading).
    public var isReadOnly: Bool { !readOnlyReasons.isEmpty || isLoading }
    /// How far a load in the background has got (nil: the whole text is here).
    public var loadProgress: LoadProgress? { loading.progress }
    /// Whether the text is still arriving from disk.
    public var isLoading: Bool { loading.isLoading }
    /// Whether the file is read for the unsaved edits a relaunch puts back over it (nothing is
    /// shown until they are back).
    public var restoresEdits: Bool { loading.restoring != nil }
    /// The file's size in bytes when it was opened (0 for a new document).
    public internal(set) var fileSize: Int64 = 0

    /// Whether views leave out the line break that ends the text, and the empty line after it,
    /// as gedit does (GtkSourceView's implicit trailing newline): set where the text comes from
    /// the file (a load, a reload, a followed change, a restore) when it ends with a break, and
    /// cleared when an edit leaves it without one. The text keeps the break and is written back
    /// with it; a break the user adds at the end of a text without one is shown.
    public internal(set) var hidesFinalLineBreak = false

    /// Notes whether the text now ends with a line break, for `hidesFinalLineBreak`.
    func noteFinalLineBreak() { hidesFinalLineBreak = storage.finalLineBreakLength > 0 }

    /// Names the document's draft (its unsaved text on disk); for untitled documents, its identity.
    public internal(set) var draftID: UUID

    /// A number unique to this document in this process.
    public let id: Int
    private static var nextID = 1

    init(identity: Identity, path: String?, untitledName: String, file: TextFile) {
        self.identity = identity
        if case .untitled(let id) = identity { draftID = id } else { draftID = UUID() }
        self.path = path
        self.untitledName = untitledName
        storage = TextStorage(file.text)
        fileTraits = file
        fileTraits.text = ""  // the storage holds the text; traits keep only how to write it
        id = Self.nextID
        Self.nextID += 1
        noteFinalLineBreak()
    }

    /// The whole text.
    public var text: String { storage.string }
    /// Whether the text differs from the file on disk.
    public var isDirty: Bool { savedStateID != history.stateID }
    /// Which step of its undo history the text stands at: equal again only at the same step.
    public var undoState: Int { history.stateID }
    /// Whether undo and redo have anything to do.
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// The encoding the file is read and written in.
    public var encoding: TextEncoding { fileTraits.encoding }
    /// The newline used for lines the user adds.
    public var lineEnding: LineEnding { fileTraits.lineEnding }

    /// The file name, or the untitled name.
    public var displayName: String { path.map { PathName.file(of: $0) } ?? untitledName }
}
