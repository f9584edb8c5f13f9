import Dispatch
import Documents
import Editing
import FoundationEssentials
import Gtk
import Localization
import Scenes

/// One editor window on one document: the scene's delegate, which makes the window's parts and
/// follows the scene's lifecycle. It never edits its own buffer: the user's edits go to the
/// store, and the buffer changes only when the store's events come back (`EditorEventHandler`).
/// Its parts: `EditorWindow` (widgets), `EditorBanners` (messages), `EditorLoading` (loading and
/// preview), `EditorCommands` (actions), `EditorChrome` (title, status, Undo and Save),
/// `EditorRecordKeeper` and `EditorRestoration` (its record).
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
    private var lineCommands: LineCommands?
    private var statistics: EditorStatistics?
    private var gitMarks: EditorGitMarks?
    private var prose: EditorProse?
    /// The regions a merge left to settle, painted where this window shows them.
    private(set) var conflictHighlights: ConflictHighlights?
    private var chrome: EditorChrome?
    private var records: EditorRecordKeeper?
    private var events: EditorEventHandler?
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
        let ui = EditorWindow(in: scene, windows: environment.host?.windowsMenu, sessions: environment.host?.sessions)
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
        viewport.showMap(ui.map)
        environment.preferences.settings?.bind("show-map", to: ui.map, property: "visible")
        let banners = EditorBanners(ui: ui, document: document)
        let loading = EditorLoading(ui: ui, binding: binding, banners: banners)
        let commands = EditorCommands(scene: scene, ui: ui, viewport: viewport, banners: banners, environment: environment)
        (self.ui, self.binding, self.banners, self.loading, self.commands) = (ui, binding, banners, loading, commands)
        let conflictHighlights = ConflictHighlights(buffer: ui.buffer, binding: binding)
        let chrome = EditorChrome(scene: scene, ui: ui, binding: binding, document: document, environment: environment,
                                  windowNumber: windowNumber)
        let records = EditorRecordKeeper(scene: scene)
        events = EditorEventHandler(ui: ui, binding: binding, banners: banners, loading: loading,
                                    conflictHighlights: conflictHighlights, chrome: chrome, records: records, document: document,
                                    chosenLanguage: { [weak self] in self?.chosenLanguage },
                                    checkSpellingIfProse: { [weak self] in self?.checkSpellingIfProse() })
        (self.conflictHighlights, self.chrome, self.records) = (conflictHighlights, chrome, records)
        commands.install()
        lineCommands = LineCommands(scene: scene, ui: ui, viewport: viewport, store: environment.store)
        lineCommands?.install()
        EditorCarets.install(in: scene, viewport: viewport)
        prose = EditorProse(ui: ui, binding: binding, document: document, preferences: environment.preferences)
        let statistics = EditorStatistics(binding: binding, statusBar: ui.statusBar.bar)
        self.statistics = statistics
        scene.addAction("statistics", isOn: false) { [weak statistics] in statistics?.toggle() }
        statistics.onShownChanged = { [weak scene] shown in scene?.setAction("statistics", isOn: shown) }
        // The figures stay while the user types; Escape or a click in the text puts them away.
        ui.textView.onEscape { [weak statistics] in statistics?.closeIfOpen() ?? false }
        ui.textView.onPointerPressed { [weak statistics] in statistics?.closeIfOpen() }
        ui.buffer.onCaretMoved { [weak statistics] in statistics?.selectionMayHaveChanged() }
        let gitMarks = EditorGitMarks(view: ui.textView, document: document, go: { [weak self] line in
            self?.go(to: EditorPlace(line: line + 1, column: 1))
        }, caretLine: { [weak ui, weak viewport] in
            guard let ui, let viewport else { return 0 }
            return EditorPlace.current(in: ui, through: viewport).caret.line
        })
        self.gitMarks = gitMarks
        scene.addAction("next-change") { [weak gitMarks] in gitMarks?.nextChange() }
        scene.addAction("previous-change") { [weak gitMarks] in gitMarks?.previousChange() }
        chrome.updateUndoActions()
        commands.onZoomed = { [weak records] in records?.saveSoon() }
        commands.onSidePanelToggled = { [weak records] in records?.saveSoon() }
        commands.onFormatChanged = { [weak chrome] in chrome?.updateStatusBar() }
        ui.languageButton.onPick = { [weak self] name in self?.pickLanguage(named: name) }
        ui.textView.onControlWheel { [weak commands] steps in commands?.zoom(by: steps) }
        wire(ui, binding, viewport)

        chosenLanguage = options.restorationRecord.flatMap { EditorState.decode($0.payload)?.language }
        EditorLanguage.offer(in: ui.languageButton)
        // Guessing the language reads every language definition GtkSourceView has (~7 ms), and
        // the spelling dictionary takes ~50 ms (on its queue): both wait for the first frame (spelling for text).
        ui.textView.whenShown { [weak self] in
            self?.afterFirstFrame = IdleSource(priority: MainLoopPriority.afterTextLayout) { [weak self] in
                guard let self, let ui = self.ui else { return false }
                EditorLanguage.apply(to: ui, for: self.document, chosen: self.chosenLanguage)
                self.checkSpellingIfProse()
                self.prose?.update()
                return false
            }
        }
        if lightweight { ui.textView.setWraps(true) }
        loading.update()
        loading.showBarIfStillLoading()
        if let record = options.restorationRecord {
            ui.textView.zoom = EditorRestoration.zoom(in: record)
            if let place = EditorRestoration.restore(record, in: scene) { go(to: place) }
            // The window's folder comes back with its first tab that names it.
            if let folder = EditorRestoration.folder(in: record), scene.sidePanel == nil {
                environment.host?.showFolder(folder.path, in: scene)
                scene.isSidePanelShown = folder.isShown
            }
            pendingParagraphLanguages = EditorState.decode(record.payload)?.paragraphLanguages
            restoreParagraphLanguages()
            banners.expectsFile = document.path != nil && document.wasOnDiskWhenClosed
        } else if !scene.hasTabSiblings {
            environment.host?.cascade(scene)
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
        EditorParagraphLanguages.wire(ui, binding, store: environment.store, document: document)
        binding.onEvent = { [weak self] event in
            if case .loadFinished = event { self?.restoreParagraphLanguages() }
            self?.events?.handle(event)
            self?.statistics?.follow(event)
            self?.gitMarks?.follow(event)
        }
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

    /// Whether the window is new, empty and untouched, and says nothing either: a launch's files
    /// may take its place.
    var isUntouchedBlank: Bool { isBlankCarrier && !(banners?.carriesMessages ?? false) }

    /// Whether a launch's files may take this window's place: never a folder's window (the
    /// folder would go with it), else an untouched blank one.
    var givesWayToLaunchedFiles: Bool { isUntouchedBlank && scene?.sidePanel == nil }

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
        (events, chrome, records) = (nil, nil, nil)
        // A diff still running answers nobody: the view's widget is gone with the window.
        gitMarks = nil
        self.scene = nil
    }

    // MARK: Restoration

    func stateRestorationRecord(for scene: WindowScene) -> RestorationRecord? {
        guard let ui, let viewport else { return nil }
        // A place still waiting for its lines is where the user is, not the buffer's caret.
        // A restored window's record, taken before its scroll lands, keeps the top line it
        // goes to: the record taken once it has landed is then the same, and not written again.
        return EditorRestoration.record(of: scene, place: pendingPlace ?? .current(in: ui, through: viewport, landing: landingTopLine),
                                        document: document, zoom: ui.textView.zoom, language: chosenLanguage)
    }

    /// A place whose lines the buffer does not hold yet (EditorSceneDelegate+Places).
    var pendingPlace: EditorPlace?
    /// The paragraphs' spelling languages of the record this window came back from, given to
    /// the document once its text is all there.
    var pendingParagraphLanguages: [EditorState.LanguageSpan]?

    func restoreParagraphLanguages() {
        guard let spans = pendingParagraphLanguages, let binding, !document.isLoading else { return }
        pendingParagraphLanguages = nil
        EditorParagraphLanguages.restore(spans, to: document, in: binding, store: environment.store)
    }
    /// The top line of the place last applied, where its scroll lands.
    var landingTopLine: Int?
    /// A restored selection to make again once the window has the focus (Wayland; see
    /// EditorSceneDelegate+Places).
    var selectionAwaitingFocus: EditorPlace?

    /// Work that waits until the window's first frame is on screen.
    private var afterFirstFrame: IdleSource?

    /// The language the user picked for this window's file ("" for plain text; nil: the guess).
    var chosenLanguage: String?

    private func pickLanguage(named name: String) {
        guard let ui, let id = EditorLanguage.id(named: name) else { return }
        chosenLanguage = id
        EditorLanguage.apply(to: ui, for: document, chosen: id)
        prose?.update()
        records?.saveSoon()
    }

    /// Spelling is checked in prose, never in a log or a document with lines too long to lay out.
    private func checkSpellingIfProse() {
        guard let ui else { return }
        ui.textView.checkSpellingOnceThereIsText(EditorLanguage.readsAsProse(document, in: ui.buffer.languageID)
                                                 && document.readOnlyReasons.isEmpty && !EditorLoading.isLightweight(document))
    }

    /// Shows messages about a launch in this window.
    func showNotices(_ notices: [String]) { banners?.showLaunchProblems(notices) }

    /// Offers to open files that look binary, read-only.
    func offerToOpenAnyway(_ offer: OpenAnywayOffer) { banners?.offerToOpenAnyway(offer) }

    // MARK: Title

    /// Says the document's name again (another window on it opened or closed, it was renamed).
    func updateTitle() { chrome?.updateTitle() }
}
