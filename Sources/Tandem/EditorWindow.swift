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
    private let scroller = ScrolledWindow()

    /// Builds the content into `window`.
    init(in window: ApplicationWindow) {
        textView = SourceView(buffer: buffer)
        textView.setAccessibleName(localized("Document text"))
        findBar = FindBar(view: textView)

        let fileMenu = Menu()
        fileMenu.append(localized("_New Window"), action: "app.new-window")
        fileMenu.append(localized("New Window on This _Document"), action: "win.new-window-on-document")
        fileMenu.append(localized("_Open…"), action: "win.open")
        fileMenu.append(localized("Open _Recent…"), action: "win.open-recent")
        fileMenu.append(localized("Save _As…"), action: "win.save-as")
        let editMenu = Menu()
        editMenu.append(localized("_Undo"), action: "win.undo")
        editMenu.append(localized("_Redo"), action: "win.redo")
        editMenu.append(localized("_Find…"), action: "win.find")
        editMenu.append(localized("Find and _Replace…"), action: "win.replace")
        editMenu.append(localized("_Go to Line…"), action: "win.go-to-line")
        let windowMenu = Menu()
        windowMenu.append(localized("_Preferences"), action: "app.preferences")
        windowMenu.append(localized("_Keyboard Shortcuts"), action: "app.shortcuts")
        windowMenu.append(localized("_About Tandem"), action: "app.about")
        windowMenu.append(localized("Reopen Closed _Window"), action: "app.reopen-closed-window")
        windowMenu.append(localized("_Close Window"), action: "win.close")
        windowMenu.append(localized("_Quit"), action: "app.quit")
        let menu = Menu()
        menu.appendSection(fileMenu)
        menu.appendSection(editMenu)
        menu.appendSection(windowMenu)

        headerBar.packStart(Button(iconName: "document-open-symbolic", tooltip: localized("Open a file"), action: "win.open"))
        headerBar.packEnd(MenuButton(iconName: "open-menu-symbolic", tooltip: localized("Main menu"), menu: menu))
        headerBar.packEnd(Button(label: localized("_Save"), action: "win.save"))
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
        window.add(column)
        window.setDefaultSize(width: 800, height: 600)
        headerBar.showAll()
        column.showAll()
        loadingBar.hide()
    }
}
