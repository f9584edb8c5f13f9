import Dispatch
import Documents
import Editing
import FoundationEssentials
import Gtk
import Localization
import Scenes

/// One editor window on one document. It never edits its own buffer: the user's edits go to
/// the store, and the buffer changes only when the store's events come back. Its parts:
/// `EditorWindow` (widgets), `EditorBanners` (messages), `EditorLoading` (loading and preview),
/// `EditorCommands` (actions), `EditorRestoration` (its record).
@MainActor
final class EditorSceneDelegate: SceneDelegate {
    let environment: EditorEnvironment
    private let connection: EditorConnection
    private(set) weak var scene: WindowScene?
    private(set) var ui: EditorWindow?
    private(set) var binding: DocumentBinding?
    private(set) var viewport: DocumentViewport?
    private(set) var banners: EditorBanners?
    private(set) var loading: EditorLoading?
    private(set) var commands: EditorCommands?
    /// The regions a merge left to settle, painted where this window shows them.
    private(set) var conflictHighlights: ConflictHighlights?
    /// The document shown.
    var document: Document { connection.document }
    /// The spell checking this window shares with the other windows on its document.
    var spellingGroup: SpellingGroup? { ui?.textView.spellingGroup }
    /// Which window on its document this is (1, 2…), said in the title while there are several.
    private(set) var windowNumber = 0

    /// Creates the delegate of a window that will show `connection`'s document.
    init(environment: EditorEnvironment, connection: EditorConnection) {
        self.environment = environment
        self.connection = connection
    }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        self.scene = scene
        windowNumber = environment.host?.windowNumber(for: document) ?? 1
        let ui = EditorWindow(in: scene, windows: environment.host?.windowsMenu)
        scene.tabCloseName = localized("Close Tab")
        // One checker per document: loaded once, one language in all its windows.
        if let group = environment.host?.spellingGroup(for: document) { ui.textView.spellingGroup = group }
        let lightweight = EditorLoading.isLightweight(document)
        let indentation = EditorIndentation.rules(for: document)
        environment.preferences.adopt(ui.textView, lightweight: lightweight, overridden: indentation.overriddenKeys)
        indentation.apply(to: ui.textView)
        ui.statusBar.update(view: ui.textView, document: document)
        EditorLoading.reserveLineNumbers(in: ui, for: document)
        let binding = DocumentBinding(store: environment.store, document: document, buffer: ui.buffer,
                                      displayLimit: document.readOnlyReasons.contains(.longLines) ? EditorLoading.previewLength : nil)
        let viewport = DocumentViewport(binding: binding, view: ui.textView, scrollbar: ui.scrollbar)
        (self.viewport, ui.viewport) = (viewport, viewport)
        let banners = EditorBanners(ui: ui, document: document)
        let loading = EditorLoading(ui: ui, binding: binding, banners: banners)
        let commands = EditorCommands(scene: scene, ui: ui, viewport: viewport, banners: banners, environment: environment)
        (self.ui, self.binding, self.banners, self.loading, self.commands) = (ui, binding, banners, loading, commands)
        conflictHighlights = ConflictHighlights(buffer: ui.buffer, binding: binding)
        commands.install()
        updateUndoActions()
        commands.onZoomed = { [weak self] in self?.scheduleRecord() }
        commands.onFormatChanged = { [weak self] in self?.updateStatusBar() }
        ui.languageButton.onPick = { [weak self] name in self?.pickLanguage(named: name) }
        ui.textView.onControlWheel { [weak commands] steps in commands?.zoom(by: steps) }
        wire(ui, binding, viewport)

        chosenLanguage = options.restorationRecord.flatMap { EditorState.decode($0.payload)?.language }
        EditorLanguage.offer(in: ui.languageButton)
        // Guessing the language reads every language definition GtkSourceView has (~7 ms), and
        // the spelling dictionary takes ~50 ms (on its queue): both wait for the first frame (spelling for text).
        ui.textView.whenShown { [weak self] in
            self?.afterFirstFrame = IdleSource(priority: 200) { [weak self] in
                guard let self, let ui = self.ui else { return false }
                EditorLanguage.apply(to: ui, for: self.document, chosen: self.chosenLanguage)
                self.checkSpellingIfProse()
                return false
            }
        }
        if lightweight { ui.textView.setWraps(true) }
        loading.update()
        loading.showBarIfStillLoading()
        if let record = options.restorationRecord {
            ui.textView.zoom = EditorRestoration.zoom(in: record)
            if let place = EditorRestoration.restore(record, in: scene) { go(to: place) }
            banners.expectsFile = document.path != nil
        } else if !scene.hasTabSiblings, let place = environment.host?.cascadePlace(for: scene) {
            scene.moveWindow(x: place.x, y: place.y)
        }
        if let place = options.files.first { moveCaret(to: place) }
        if options.restorationRecord == nil, options.files.first?.line == nil { comeBack(ui) }
        banners.showLaunchProblems(options.notices)
        if let offer = connection.openAnyway { banners.offerToOpenAnyway(offer) }
        banners.refresh()
        updateTitle()
        scene.preferredFocus = ui.textView
        ui.textView.grabFocus()
    }

    /// Connects the window's buttons and the binding's callbacks to this delegate.
    private func wire(_ ui: EditorWindow, _ binding: DocumentBinding, _ viewport: DocumentViewport) {
        ui.textView.onFilesDropped { [weak self] paths in self?.commands?.open(paths) }
        // The buffer holds a window of the document (and very long lines show split into rows):
        // line numbers and the caret's place are the document's.
        ui.textView.lineNumbers.lineNumber = { [weak binding] row, start in binding.map { $0.documentLine(forRow: row, startingAt: start) } ?? row }
        ui.caretPosition.follow(binding)
        viewport.onMoved = { [weak self, weak ui, weak binding] in
            guard let ui, let binding else { return }
            ui.textView.lineNumbers.lineCount = binding.shownLineCount
            ui.caretPosition.update()
            self?.conflictHighlights?.refresh()  // the window holds other lines now
        }
        binding.onEvent = { [weak self] event in self?.handle(event) }
        binding.onStreamed = { [weak self] in
            self?.loading?.update()
            self?.applyPendingPlace()
        }
        banners?.onResponse = { [weak self] response in self?.respond(to: response) }
        ui.textView.onRefusedKey { [weak self] in self?.banners?.remindReadOnly() }
        ui.onCancelLoading = { [weak self] in self?.scene?.requestClose() }
    }

    /// Whether this window shows nothing but messages: a new, empty, untitled document.
    var isBlankCarrier: Bool {
        document.path == nil && document.storage.count == 0 && !document.isDirty && (binding?.isLastWindowOnDocument ?? true)
    }

    func sceneDidBecomeActive(_ scene: WindowScene) {
        environment.host?.windowBecameActive(scene.session)
        selectAgainWithFocus()
        // Nothing a watcher missed stays unseen.
        environment.store.lookAgain(at: document)
    }

    func sceneDidDisconnect(_ scene: WindowScene) {
        rememberPlace()
        environment.host?.editorDidClose(scene.session)
        // The store closes the document if this was its last window.
        (commands, loading, banners, viewport, binding, ui) = (nil, nil, nil, nil, nil, nil)
        self.scene = nil
    }

    // MARK: Store events

    private func handle(_ event: DocumentEvent) {
        guard let ui, let banners, let loading else { return }
        // A save, a reload or a load that started over may write the file another way.
        switch event {
        case .edited, .editedTogether: break
        // A slice of a load changes no banner's state: no stat of the file per slice.
        case .loadProgressed: updateStatusBar()
        default:
            updateStatusBar()
            banners.refresh()
        }
        updateUndoActions()
        switch event {
        case .edited(let edit, let origin, let isUndoRedo):
            scheduleRecord()
            // The window that asked for undo shows where it happened.
            if isUndoRedo && origin != nil && origin == binding?.originID { ui.textView.scrollToCaret() }
            if binding?.followedGrowth == true { ui.textView.scrollToCaret() }  // a log that grows, followed
            ui.documentEdited(edit, here: origin == nil || origin == binding?.originID)
        case .editedTogether(_, let origin, let isUndoRedo):
            scheduleRecord()
            if isUndoRedo && origin != nil && origin == binding?.originID { ui.textView.scrollToCaret() }
            ui.documentEditedTogether()
        case .savingChanged:
            updateTitle()
            banners.savingChanged()
        case .dirtyChanged, .closed:
            updateTitle()
        case .renamed:
            EditorLanguage.apply(to: ui, for: document, chosen: chosenLanguage)  // a new name may be another language
            updateTitle()
            // Every window's record names the file now, not a second later: a crash in between
            // would bring this window back on the old path (found by the random user).
            scene?.saveRestorationRecord()
        case .saved:
            banners.didSave()
            EditorLanguage.apply(to: ui, for: document, chosen: chosenLanguage)
            updateTitle()
            scene?.saveRestorationRecord()  // Save As: the record names the new file at once
        case .reloadedFromDisk:
            ui.textView.scrollToCaret()
            updateTitle()
        case .changedOnDiskWhileDirty, .changedOnDiskUnreadable, .diskChangeSeen:
            updateTitle()  // the disk banner says the rest
        case .becameReadOnly(let reason):
            if reason == .longLines {
                loading.startPreviewIfNeeded()
                ui.textView.setWraps(true)
                ui.textView.checkSpellingOnceThereIsText(false)  // a paste made them: the checker stops too
            }
            loading.update()
            updateTitle()
        case .becameEditable:
            if !document.hasLongLines { checkSpellingIfProse() }  // an undo took the long line back
            loading.update()
            updateTitle()
        case .loadProgressed, .loadRestarted, .loadFinished:
            loading.update()
        case .loadFailed(let message):
            banners.showFailure(message)
            loading.update()
        case .deletedOnDisk:
            updateTitle()
        case .conflictsChanged:
            conflictHighlights?.refresh()
        case .journalProblemChanged:
            break  // its banner was refreshed above
        }
    }

    // MARK: Restoration

    /// Keeps the window's record (caret, scroll) at most a second behind the typing, so that
    /// after a crash the caret comes back where the text does; the draft keeps the text itself.
    private func scheduleRecord() {
        guard recordTimer == nil else { return }
        recordTimer = TimerSource(milliseconds: 1000) { [weak self] in
            guard let self else { return false }
            self.recordTimer = nil
            self.scene?.saveRestorationRecord()
            return false
        }
    }

    func stateRestorationRecord(for scene: WindowScene) -> RestorationRecord? {
        guard let ui, let viewport else { return nil }
        // A place still waiting for its lines is where the user is, not the buffer's caret.
        return EditorRestoration.record(of: scene, place: pendingPlace ?? .current(in: ui, through: viewport), document: document,
                                        zoom: ui.textView.zoom, language: chosenLanguage)
    }

    /// A place whose lines the buffer does not hold yet (EditorSceneDelegate+Places).
    var pendingPlace: EditorPlace?
    /// A restored selection to make again once the window has the focus (Wayland; see
    /// EditorSceneDelegate+Places).
    var selectionAwaitingFocus: EditorPlace?

    /// Work that waits until the window's first frame is on screen.
    private var afterFirstFrame: IdleSource?
    private var recordTimer: TimerSource?

    /// The language the user picked for this window's file ("" for plain text; nil: the guess).
    var chosenLanguage: String?

    private func pickLanguage(named name: String) {
        guard let ui, let id = EditorLanguage.id(named: name) else { return }
        chosenLanguage = id
        EditorLanguage.apply(to: ui, for: document, chosen: id)
        scheduleRecord()
    }

    /// Spelling is checked in prose, never in a log or a document with lines too long to lay out.
    private func checkSpellingIfProse() {
        guard let ui else { return }
        ui.textView.checkSpellingOnceThereIsText(EditorLanguage.isProse(ui.buffer.languageID) && !EditorLanguage.isLog(document)
                                                 && document.readOnlyReasons.isEmpty && !EditorLoading.isLightweight(document))
    }

    /// Shows messages about a launch in this window.
    func showNotices(_ notices: [String]) { banners?.showLaunchProblems(notices) }

    /// Offers to open files that look binary, read-only.
    func offerToOpenAnyway(_ offer: OpenAnywayOffer) { banners?.offerToOpenAnyway(offer) }

    // MARK: Title

    /// Undo and Redo are on only when they have something to do.
    private func updateUndoActions() {
        scene?.setAction("undo", enabled: document.canUndo && document.undoes)
        scene?.setAction("redo", enabled: document.canRedo && document.undoes)
        // A read-only document's file is left as it is (Save As still writes a copy).
        scene?.setAction("save", enabled: document.readOnlyReasons.isEmpty)
    }

    private func updateStatusBar() {
        guard let ui else { return }
        ui.statusBar.update(view: ui.textView, document: document)
        // The status menus mark what is in use.
        for (action, target) in EditorStatusBar.chosen(view: ui.textView, document: document) { scene?.setAction(action, chosen: target) }
    }

    func updateTitle() {
        guard let ui, let scene, let binding else { return }
        let title = EditorTitle.title(for: document, number: binding.isLastWindowOnDocument ? 1 : windowNumber)
        ui.headerBar.title = title
        // The task bar and Alt+Tab show only the window's title: with two "letter.txt" open,
        // it says which folder each is in (the header bar says so below the name).
        let folder = environment.host?.sharesName(document) == true ? EditorTitle.folder(of: document) : nil
        scene.title = folder.map { title + " — " + $0 } ?? title
        ui.headerBar.subtitle = EditorTitle.subtitle(for: document)
        environment.host?.windowRetitled(scene.session, title: title, folder: EditorTitle.folder(of: document))
    }
}
