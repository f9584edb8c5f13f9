import Gtk
import Localization

/// The widgets of one editor window: header bar, info bar, and the source view.
@MainActor
final class EditorWindow {
    let headerBar = HeaderBar()
    let infoBar = InfoBar()
    /// Asks what to do when the file changed on disk while the document has unsaved changes.
    let diskChangeBar = InfoBar(buttons: [(label: localized("_Reload"), id: EditorWindow.reloadResponse),
                                          (label: localized("_Keep Mine"), id: EditorWindow.keepMineResponse)])
    static let reloadResponse = 1
    static let keepMineResponse = 2
    /// Says why the document cannot be edited, or what was turned off to keep a big file fast.
    let readOnlyBar = InfoBar()
    /// Says only the start of a file with very long lines is shown, with a button for the rest.
    let previewBar = InfoBar(buttons: [(label: localized("Show _All"), id: EditorWindow.showAllResponse)])
    static let showAllResponse = 3
    /// Offers to open files that look binary anyway (read-only).
    let binaryBar = InfoBar(buttons: [(label: localized("Open _Anyway"), id: EditorWindow.openAnywayResponse)])
    static let openAnywayResponse = 4
    /// Shown while a big file loads: what, how far, and a way out.
    let loadingBar = Box(vertical: false, spacing: 12)
    let loadingLabel = Label()
    let loadingProgress = ProgressBar()
    /// Called when the user presses Cancel on the loading bar.
    var onCancelLoading: (@MainActor () -> Void)?
    let buffer = SourceBuffer()
    let textView: SourceView
    /// Find and Replace, and Go to Line.
    let findBar: FindBar
    /// The window menu's button in the header bar.
    let menuButton: MenuButton
    /// Where the caret is, in the header bar.
    let caretPosition: CaretPosition
    /// Indentation, line endings and encoding, at the bottom.
    let statusBar = EditorStatusBar()
    /// The document's language, and a searchable list of the others.
    let languageButton = PickerButton(placeholder: localized("Search languages"))
    private let scroller = ScrolledWindow()

    /// The window menu: sections of (label, action).
    private static let menuSections: [[(String, String)]] = [
        [("_New Window", "app.new-window"), ("New Window on This _Document", "win.new-window-on-document"),
         ("_Open…", "win.open"), ("Open _Recent…", "win.open-recent"), ("Save _As…", "win.save-as"), ("_Print…", "win.print")],
        [("_Undo", "win.undo"), ("_Redo", "win.redo"), ("_Find…", "win.find"),
         ("Find and _Replace…", "win.replace"), ("_Go to Line…", "win.go-to-line"), ("Check _Spelling", "win.check-spelling")],
        [("_Preferences", "app.preferences"), ("_Keyboard Shortcuts", "app.shortcuts"), ("_About Tandem", "app.about"),
         ("Reopen Closed _Window", "app.reopen-closed-window"), ("_Close Window", "win.close"), ("_Quit", "app.quit")],
    ]

    /// Builds the content into `window`.
    init(in window: ApplicationWindow) {
        textView = SourceView(buffer: buffer)
        caretPosition = CaretPosition(buffer: buffer)
        textView.setAccessibleName(localized("Document text"))
        textView.offerUndoInContextMenu(undo: localized("_Undo"), redo: localized("_Redo"))
        findBar = FindBar(view: textView)

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

        headerBar.packStart(Button(iconName: "document-open-symbolic", tooltip: localized("Open a file"), action: "win.open"))
        headerBar.packEnd(menuButton)
        headerBar.packEnd(Button(label: localized("_Save"), action: "win.save"))
        headerBar.packEnd(caretPosition.button)
        headerBar.packEnd(languageButton)
        window.setTitlebar(headerBar)

        let column = Box(vertical: true)
        loadingBar.pack(loadingLabel)
        loadingBar.pack(loadingProgress, expand: true)
        loadingBar.pack(Button(label: localized("_Cancel")) { [weak self] in self?.onCancelLoading?() })
        loadingBar.setBorderWidth(6)
        column.pack(loadingBar)
        column.pack(infoBar)
        column.pack(binaryBar)
        column.pack(readOnlyBar)
        column.pack(previewBar)
        column.pack(diskChangeBar)
        column.pack(findBar.searchBar)
        column.pack(findBar.goToLineBar)
        scroller.add(textView)
        column.pack(scroller, expand: true)
        column.pack(statusBar.bar)
        window.add(column)
        window.setDefaultSize(width: 800, height: 600)
        headerBar.showAll()
        column.showAll()
        loadingBar.hide()
    }
}
