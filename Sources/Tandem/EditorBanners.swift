import Dispatch
import Documents
import FoundationEssentials
import Gtk
import Localization
import SafeFiles

/// The banners of one editor window, as state: at most one per subject, derived from the
/// document and the window (`refresh`), replaced when that changes and gone when it no longer
/// holds. Failures and launch problems are messages the next one replaces. A banner the user
/// closed stays closed until what it would say changes.
@MainActor
final class EditorBanners {
    /// What one banner says, how loudly, and which of its subject's buttons it offers.
    struct Banner: Equatable {
        var message: String
        var kind: InfoBar.Kind
        var offering: Set<BannerResponse> = []
    }

    private unowned let ui: EditorWindow
    private let document: Document
    /// Banners that are messages (launch problems, failures, Open Anyway), not derived state.
    private var messages: [BannerSubject: Banner] = [:]
    /// What the user closed, by subject.
    private var closed: [BannerSubject: String] = [:]
    /// The long-line preview, as the loading part of the window reports it.
    private var preview: Banner?
    /// Whether the document's save has gone on long enough to offer Cancel.
    private var saveIsSlow = false
    /// Whether the window opened on a file that existed (a restore of a file now gone says so).
    var expectsFile = false
    /// Called when the user presses a banner's button.
    var onResponse: (@MainActor (BannerResponse) -> Void)?
    /// Files that looked binary, offered by the Open Anyway banner.
    private(set) var openAnywayPaths: [String] = []

    init(ui: EditorWindow, document: Document) {
        self.ui = ui
        self.document = document
        ui.onBarMade = { [weak self] subject, bar in
            bar.onClose = { [weak self] in self?.userClosed(subject) }
            bar.onButton = { [weak self] id in BannerResponse(rawValue: id).map { self?.onResponse?($0) } }
        }
    }

    /// A save began or ended: one that lasts offers Cancel, so a quick save never flashes a bar.
    func savingChanged(after delay: Double = 0.5) {
        saveIsSlow = false
        refresh()
        guard document.isSaving else { return }
        slowSaveTimer = TimerSource(milliseconds: UInt32(delay * 1000)) { [weak self] in
            guard let self else { return false }
            self.slowSaveTimer = nil
            if self.document.isSaving && !self.saveIsSlow {
                self.saveIsSlow = true
                self.refresh()
            }
            return false
        }
    }
    private var slowSaveTimer: TimerSource?

    /// Shows what holds now, subject by subject.
    func refresh() {
        for subject in BannerSubject.allCases { show(subject, banner(for: subject)) }
    }

    /// The banner `subject` calls for now (nil: none).
    private func banner(for subject: BannerSubject) -> Banner? {
        switch subject {
        case .launch, .openAnyway, .saveFailure, .failure: messages[subject]
        case .disk: diskBanner()
        case .conflicts: conflictsBanner()
        case .journal: journalBanner()
        case .readOnly: readOnlyBanner()
        case .preview: preview
        case .saving where saveIsSlow && document.isSaving:
            Banner(message: localized("Saving “%1”…", document.displayName), kind: .info, offering: [.cancelSave])
        case .saving: nil
        case .encoding where document.encoding != .utf8 && document.readOnlyReasons.isEmpty:
            Banner(message: localized("“%1” is not UTF-8: it was opened as %2 and will be saved the same way.", document.displayName, document.encoding.displayName), kind: .info)
        case .encoding: nil
        }
    }

    private func diskBanner() -> Banner? {
        if let problem = document.diskProblem, document.hasUnseenDiskChange {
            return Banner(message: problem, kind: .warning, offering: [.keepMine, .saveAs])
        }
        if document.hasUnseenDiskChange && document.canMerge {
            return Banner(message: document.restoreNotice ?? localized("“%1” changed on disk. Merge its changes into yours, reload it (Undo brings your changes back), or keep yours and overwrite the file when you save?", document.displayName),
                          kind: .warning, offering: [.merge, .reload, .keepMine])
        }
        if document.hasUnseenDiskChange {
            return Banner(message: document.restoreNotice ?? localized("“%1” changed on disk. Reload it (Undo brings your changes back), or keep yours and overwrite the file when you save?", document.displayName),
                          kind: .warning, offering: [.reload, .keepMine])
        }
        guard let path = document.path else { return nil }
        if RemoteLocation.isRemote(path) { return remoteFileBanner() }  // the server is not asked from here
        let folderGone: Bool = if case .missing(folderExists: false) = FileInspection.inspect(path) { true } else { false }
        if !document.isLoading && (document.isDeletedOnDisk || expectsFile) && !FileSystem.exists(path) {
            if folderGone {
                return Banner(message: localized("“%1” and its folder are no longer on disk. Its text is still here: save it somewhere else with Save As.", document.displayName),
                              kind: .warning, offering: [.saveAs])
            }
            return Banner(message: localized("“%1” is no longer on disk. Its text is still here: save to create the file again.", document.displayName),
                          kind: .warning, offering: [.save])
        }
        if let notice = document.restoreNotice { return Banner(message: notice, kind: .warning) }
        if folderGone {
            return Banner(message: localized("The folder of “%1” does not exist; saving will need another place.", document.displayName),
                          kind: .warning, offering: [.saveAs])
        }
        return nil
    }

    /// A file on a server: what its last look found (deleted there), else what the restore noticed.
    private func remoteFileBanner() -> Banner? {
        if document.isDeletedOnDisk {
            return Banner(message: localized("“%1” is no longer on the server. Its text is still here: save to create the file again.", document.displayName),
                          kind: .warning, offering: [.save])
        }
        // Back while its server is away: Save As keeps the text elsewhere meanwhile.
        return document.restoreNotice.map { Banner(message: $0, kind: .warning, offering: document.awaitsServer ? [.tryAgain, .saveAs] : []) }
    }

    /// A journal that fails, while there is unsaved text it should keep.
    private func journalBanner() -> Banner? {
        guard let problem = document.journalProblem, document.isDirty else { return nil }
        return Banner(message: localized("Unsaved changes to “%1” cannot be protected against a crash: %2. Tandem keeps trying; save them, or save them elsewhere with Save As.", document.displayName, problem),
                      kind: .error, offering: [.saveAs])
    }

    /// What a merge left to settle: said while any region holds both sides.
    private func conflictsBanner() -> Banner? {
        let count = document.conflicts.count
        guard count > 0 else { return nil }
        let message = localizedPlural("One place was changed both here and on disk: your lines (blue) come first, theirs (orange) after. Keep which?",
                                      "%1 places were changed both here and on disk: your lines (blue) come first, theirs (orange) after. Keep which, at the caret or the next place?",
                                      count: count)
        return Banner(message: message, kind: .warning, offering: [.useMine, .useTheirs, .useBoth])
    }

    private func readOnlyBanner() -> Banner? {
        // A file on a server not read at all: its failure says so; nothing read is shown.
        let reasons: [ReadOnlyReason] = document.openFailed ? [.binary, .longLines] : [.binary, .longLines, .incomplete]
        var lines = reasons.filter(document.readOnlyReasons.contains).map { reason in
            switch reason {
            case .binary: localized("“%1” contains NUL bytes, shown as “␀”. It is open read-only, so its bytes stay as they are.", document.displayName)
            case .longLines where document.readOnlyReasons == [.longLines]:
                localized("“%1” has lines longer than %2 characters, shown wrapped and read-only. Edit Anyway makes it editable; each change to such a line then lays all of it out again, which takes a moment on lines this long.", document.displayName, LocalizedNumber.string(ReadOnlyReason.longLineLimit))
            case .longLines: localized("“%1” has lines longer than %2 characters. It is shown wrapped and read-only, so its bytes stay as they are.", document.displayName, LocalizedNumber.string(ReadOnlyReason.longLineLimit))
            case .incomplete: localized("“%1” could not be read completely; what was read is shown read-only.", document.displayName)
            }
        }
        let unwritable = document.path != nil && document.readOnlyReasons.isEmpty && !document.isWritable
        if unwritable {
            lines.append(localized("You may not write “%1”. Your changes can be saved to another file with Save As.", document.displayName))
        }
        guard !lines.isEmpty else { return nil }
        let offering: Set<BannerResponse> = unwritable ? [.saveAs] : document.readOnlyReasons == [.longLines] && !document.isLoading ? [.editAnyway] : []
        return Banner(message: lines.joined(separator: "\n"), kind: .warning, offering: offering)
    }

    private func show(_ subject: BannerSubject, _ banner: Banner?) {
        guard let banner else {
            closed[subject] = nil  // a state that comes back later is said again
            ui.bar(subject)?.dismiss()
            return
        }
        if closed[subject] == banner.message { return }
        closed[subject] = nil
        ui.makeBar(subject).show(banner.message, kind: banner.kind, offering: Set(banner.offering.map(\.rawValue)))
    }

    /// A key that would have typed into the read-only document: why it did nothing is said
    /// again (once per window) if the user had closed that banner.
    func remindReadOnly() {
        guard !remindedReadOnly, closed[.readOnly] != nil else { return }
        remindedReadOnly = true
        closed[.readOnly] = nil
        show(.readOnly, readOnlyBanner())
    }

    private var remindedReadOnly = false

    private func userClosed(_ subject: BannerSubject) {
        switch subject {
        case .launch, .failure, .saveFailure: messages[subject] = nil
        case .openAnyway:
            messages[subject] = nil
            openAnywayPaths = []
        default: closed[subject] = banner(for: subject)?.message
        }
    }

    // MARK: Messages

    /// Whether a launch's problems or an Open Anyway offer show (what a blank window carries).
    var carriesMessages: Bool { messages[.launch] != nil || messages[.openAnyway] != nil }

    /// Problems of a launch: they replace the last launch's.
    func showLaunchProblems(_ problems: [String]) {
        guard !problems.isEmpty else { return }
        setMessage(.launch, Banner(message: problems.joined(separator: "\n"), kind: .error))
    }

    /// A failed save: said until a save succeeds; a repeat replaces it.
    func showSaveFailure(_ message: String) { setMessage(.saveFailure, Banner(message: message, kind: .error, offering: [.saveAs])) }

    /// Another failed action (printing, reloading); a file on a server not read at all offers Try Again.
    func showFailure(_ message: String) {
        setMessage(.failure, Banner(message: message, kind: .error, offering: document.openFailed ? [.tryAgain] : []))
    }

    /// The file was read after all (a server answered at last): its failure no longer holds.
    func didLoad() { setMessage(.failure, nil) }

    /// The document was saved: a save failure no longer holds.
    func didSave() {
        setMessage(.saveFailure, nil)
        refresh()
    }

    /// The long-line preview as it is now (nil: the whole text is shown).
    func setPreview(shown count: Int?) {
        preview = count.map {
            Banner(message: localized("“%1” has lines too long to show quickly: only its first %2 characters are shown.", document.displayName, LocalizedNumber.string($0)),
                   kind: .info, offering: [.showAll])
        }
        show(.preview, preview)
    }

    /// Offers Open Anyway (read-only) for files refused because they look binary.
    func offerToOpenAnyway(_ offer: OpenAnywayOffer) {
        guard !offer.paths.isEmpty else { return }
        let known = Set(openAnywayPaths)
        let fresh = zip(offer.paths, offer.messages).filter { !known.contains($0.0) }
        openAnywayPaths += fresh.map(\.0)
        let previous = messages[.openAnyway].map { [$0.message] } ?? []
        setMessage(.openAnyway, Banner(message: (previous + fresh.map(\.1)).joined(separator: "\n"), kind: .warning, offering: [.openAnyway]))
    }

    /// The paths offered so far, forgotten as the user takes the offer.
    func takeOpenAnywayPaths() -> [String] {
        defer {
            openAnywayPaths = []
            messages[.openAnyway] = nil
        }
        return openAnywayPaths
    }

    private func setMessage(_ subject: BannerSubject, _ banner: Banner?) {
        messages[subject] = banner
        closed[subject] = nil
        show(subject, banner)
    }
}
