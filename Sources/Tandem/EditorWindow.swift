import Documents
import Editing
import Gtk
import Localization
import Scenes

/// The widgets of one editor window: header bar, info bar, and the source view.
@MainActor
final class EditorWindow {
    /// The window's widgets as `data/ui/editor-window.ui` declares them.
    private let builder = Builder(file: "editor-window.ui")
    let headerBar: HeaderBar
    /// The banners made so far, one per subject; a bar is made the first time its subject has
    /// something to say (most windows never need one, and the first frame waits for none).
    private var bars: [BannerSubject: InfoBar] = [:]
    private let bannerSlot: Box
    /// Called with each banner as it is made.
    var onBarMade: (@MainActor (BannerSubject, InfoBar) -> Void)?
    /// Shown while a big file loads: what, how far, and a way out (hidden until a load lasts).
    let loadingBar: (bar: Box, label: Label, progress: ProgressBar)
    /// Called when the user presses Cancel on the loading bar.
    var onCancelLoading: (@MainActor () -> Void)?
    let buffer = SourceBuffer()
    let textView: SourceView
    /// Find and Replace, and Go to Line, made when first opened.
    private(set) lazy var findBar: FindBar = {
        let bar = FindBar(view: textView, viewport: viewport)
        findSlot.pack(bar.searchBar)
        findSlot.pack(bar.goToLineBar)
        hasFindBar = true
        return bar
    }()
    private var hasFindBar = false
    private let findSlot: Box

    /// The document changed: the caret's place (after the frame; a frame later when the edit was
    /// `typedElsewhere`, in another window) and Find's count (once Find was opened) follow.
    func documentEdited(_ edit: Edit, typedElsewhere: Bool = false) {
        caretPosition.updateSoon(afterAFrame: typedElsewhere)
        if hasFindBar { findBar.documentEdited(edit) }
    }
    /// Many edits at once (a save's formatting).
    func documentEditedTogether() {
        caretPosition.update()
        if hasFindBar { findBar.documentEditedTogether() }
    }
    /// The window of the document the text view holds, set once the document is bound.
    weak var viewport: DocumentViewport?
    /// The window menu's button in the header bar.
    let menuButton: MenuButton
    /// Where the caret is, in the header bar.
    let caretPosition: CaretPosition
    /// Indentation, line endings and encoding, at the bottom.
    let statusBar: EditorStatusBar
    /// The document's language, and a searchable list of the others (in the status bar).
    let languageButton = PickerButton(placeholder: localized("Search languages"))
    /// The vertical scrollbar, over the whole document (the text view holds only a window of it).
    let scrollbar: Scrollbar
    /// The overview map beside the text, drawn from the store (shown when the setting asks).
    let map = OverviewMap()

    /// Builds the content of `scene` (its tab's page and title bar); `windows` is the shared
    /// list of every window, shown in the menu after "Switch to Window…".
    init(in scene: WindowScene, windows: Menu?, sessions: SessionSwitcher?) {
        textView = SourceView(buffer: buffer)
        caretPosition = CaretPosition(buffer: buffer)
        textView.setAccessibleName(localized("Document text"))
        textView.offerUndoInContextMenu(undo: localized("_Undo"), redo: localized("_Redo"))

        headerBar = builder.headerBar("header-bar")
        if let windows { builder.menu("windows-section").appendSection(windows) }
        if let sessions {
            builder.menu("sessions-list").appendSection(sessions.list)
            builder.menu("sessions-beside").appendSection(sessions.beside)
        }
        menuButton = builder.menuButton("menu-button", menu: builder.menu("window-menu"))
        headerBar.packEnd(caretPosition.button)
        // A window of one tab has no strip: its tab is dragged to another window by this handle.
        headerBar.packStart(scene.makeTabHandle(tooltip: localized("Drag to move this tab to another window")))

        loadingBar = (builder.box("loading-bar"), builder.label("loading-label"), builder.progressBar("loading-progress"))
        bannerSlot = builder.box("banner-slot")
        findSlot = builder.box("find-slot")
        let scroller = builder.scrolledWindow("scroller")
        scroller.add(textView)
        scroller.containsResizes()  // a key lays out the text, not the whole window
        scene.acceptTabDrops(on: textView)
        scrollbar = builder.scrollbar("scrollbar")
        builder.box("map-slot").pack(map)
        map.setAccessibleName(localized("Overview map"))
        // The language sits in the status bar, as in gedit: the header keeps its room for the
        // file's name, and a window can be as narrow as gedit's.
        statusBar = EditorStatusBar(in: builder.box("status-bar"))
        statusBar.bar.packEnd(languageButton)
        // Until the language is guessed after the first frame, the button says what the text is
        // shown as: a button with no words has no name for a screen reader (seen in CI when the
        // first banner came before the guess).
        languageButton.label = EditorLanguage.plainText
        let content = builder.box("content")
        scene.setContent(content, titlebar: headerBar)
        scene.setWindowDefaultSize(width: 800, height: 600)
        builder.on("loading-cancel", "clicked") { [weak self] in self?.onCancelLoading?() }
        headerBar.showAll()
        content.showAll()
    }

    /// The banner of `subject`, if one was made.
    func bar(_ subject: BannerSubject) -> InfoBar? { bars[subject] }

    /// The banner of `subject`, made (in its place among the others) if it was not yet.
    func makeBar(_ subject: BannerSubject) -> InfoBar {
        if let bar = bars[subject] { return bar }
        let bar = InfoBar(buttons: subject.responses.map { (label: $0.label, id: $0.rawValue) }, closeName: localized("Close"))
        let order = BannerSubject.allCases
        bannerSlot.insert(bar, at: bars.keys.filter { order.firstIndex(of: $0)! < order.firstIndex(of: subject)! }.count)
        bannerSlot.show()
        bars[subject] = bar
        onBarMade?(subject, bar)
        return bar
    }
}
