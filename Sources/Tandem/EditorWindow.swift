import Documents
import Editing
import Gtk
import Localization

/// The widgets of one editor window: header bar, info bar, and the source view.
@MainActor
final class EditorWindow {
    let headerBar = HeaderBar()
    /// The banners made so far, one per subject; a bar is made the first time its subject has
    /// something to say (most windows never need one, and the first frame waits for none).
    private var bars: [BannerSubject: InfoBar] = [:]
    private let bannerSlot = Box(vertical: true)
    /// Called with each banner as it is made.
    var onBarMade: (@MainActor (BannerSubject, InfoBar) -> Void)?
    /// Shown while a big file loads: what, how far, and a way out. Made the first time a load
    /// is still under way (most windows never need it).
    private(set) lazy var loadingBar: (bar: Box, label: Label, progress: ProgressBar) = {
        let (bar, label, progress) = (Box(vertical: false, spacing: 12), Label(), ProgressBar())
        bar.pack(label)
        bar.pack(progress, expand: true)
        bar.pack(Button(label: localized("_Cancel")) { [weak self] in self?.onCancelLoading?() })
        bar.setBorderWidth(6)
        loadingSlot.pack(bar)
        hasLoadingBar = true
        return (bar, label, progress)
    }()
    private(set) var hasLoadingBar = false
    private let loadingSlot = Box(vertical: true)
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
    private let findSlot = Box(vertical: true)

    /// The document changed: the caret's place and Find's count (once Find was opened) follow.
    func documentEdited(_ edit: Edit) {
        caretPosition.update()
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
    let statusBar = EditorStatusBar()
    /// The document's language, and a searchable list of the others (in the status bar).
    let languageButton = PickerButton(placeholder: localized("Search languages"))
    private let scroller = ScrolledWindow()
    /// The vertical scrollbar, over the whole document (the text view holds only a window of it).
    let scrollbar = Scrollbar()

    /// The window menu: sections of (label, action).
    private static let menuSections: [[(String, String)]] = [
        [(translatable("_New Window"), "app.new-window"), (translatable("New Window on This _Document"), "win.new-window-on-document"),
         (translatable("_Open…"), "win.open"), (translatable("Open _Recent…"), "win.open-recent"), (translatable("Save _As…"), "win.save-as"), (translatable("Save A_ll"), "app.save-all"), (translatable("_Print…"), "win.print")],
        [(translatable("_Undo"), "win.undo"), (translatable("_Redo"), "win.redo"), (translatable("_Find…"), "win.find"),
         (translatable("Find and _Replace…"), "win.replace"), (translatable("_Go to Line…"), "win.go-to-line"), (translatable("Check _Spelling"), "win.check-spelling")],
        [(translatable("_Preferences"), "app.preferences"), (translatable("_Keyboard Shortcuts"), "app.shortcuts"), (translatable("_About Tandem"), "app.about"),
         (translatable("Reopen Closed _Window"), "app.reopen-closed-window"), (translatable("_Close Window"), "win.close"), (translatable("Close All Windo_ws"), "app.close-all"), (translatable("_Quit"), "app.quit")],
    ]

    /// Builds the content into `window`; `windows` is the shared list of every window, shown
    /// in the menu after "Switch to Window…".
    init(in window: ApplicationWindow, windows: Menu?) {
        textView = SourceView(buffer: buffer)
        caretPosition = CaretPosition(buffer: buffer)
        textView.setAccessibleName(localized("Document text"))
        textView.offerUndoInContextMenu(undo: localized("_Undo"), redo: localized("_Redo"))

        let menu = Menu()
        menuButton = MenuButton(iconName: "open-menu-symbolic", tooltip: localized("Main menu"), menu: menu)
        for section in Self.menuSections {
            let part = Menu()
            for (label, action) in section {
                // Each item shows its shortcut, from the one shortcut table.
                if let keys = KeyboardShortcut.all.first(where: { $0.action == action })?.keys {
                    part.append(localized(label), action: action, accel: keys)
                } else {
                    part.append(localized(label), action: action)
                }
            }
            menu.appendSection(part)
        }
        let windowsPart = Menu()
        windowsPart.append(localized("S_witch to Window…"), action: "app.switch-window",
                           accel: KeyboardShortcut.all.first { $0.action == "app.switch-window" }!.keys)
        if let windows { windowsPart.appendSection(windows) }
        menu.appendSection(windowsPart)

        headerBar.packStart(Button(iconName: "document-open-symbolic", tooltip: localized("Open a file"), action: "win.open"))
        headerBar.packEnd(menuButton)
        headerBar.packEnd(Button(label: localized("_Save"), action: "win.save"))
        headerBar.packEnd(caretPosition.button)
        // The language sits in the status bar, as in gedit: the header keeps its room for the
        // file's name, and a window can be as narrow as gedit's.
        statusBar.bar.packEnd(languageButton)
        window.setTitlebar(headerBar)

        let column = Box(vertical: true)
        column.pack(loadingSlot)
        column.pack(bannerSlot)
        column.pack(findSlot)
        scroller.add(textView)
        scroller.hidesVerticalScrollbar()
        let textRow = Box(vertical: false)
        textRow.pack(scroller, expand: true)
        textRow.pack(scrollbar)
        column.pack(textRow, expand: true)
        column.pack(statusBar.bar)
        window.add(column)
        window.setDefaultSize(width: 800, height: 600)
        headerBar.showAll()
        column.showAll()
    }

    /// The banner of `subject`, if one was made.
    func bar(_ subject: BannerSubject) -> InfoBar? { bars[subject] }

    /// The banner of `subject`, made (in its place among the others) if it was not yet.
    func makeBar(_ subject: BannerSubject) -> InfoBar {
        if let bar = bars[subject] { return bar }
        let bar = InfoBar(buttons: subject.responses.map { (label: $0.label, id: $0.rawValue) })
        let order = BannerSubject.allCases
        bannerSlot.insert(bar, at: bars.keys.filter { order.firstIndex(of: $0)! < order.firstIndex(of: subject)! }.count)
        bannerSlot.show()
        bars[subject] = bar
        onBarMade?(subject, bar)
        return bar
    }
}
