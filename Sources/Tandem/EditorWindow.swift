import Gtk

/// The widgets of one editor window: header bar, info bar, and the source view.
@MainActor
final class EditorWindow {
    let headerBar = HeaderBar()
    let infoBar = InfoBar()
    /// Asks what to do when the file changed on disk while the document has unsaved changes.
    let diskChangeBar = InfoBar(buttons: [(label: "_Reload", id: EditorWindow.reloadResponse),
                                          (label: "_Keep Mine", id: EditorWindow.keepMineResponse)])
    static let reloadResponse = 1
    static let keepMineResponse = 2
    let buffer = SourceBuffer()
    let textView: SourceView
    /// Find and Replace, and Go to Line.
    let findBar: FindBar
    private let scroller = ScrolledWindow()

    /// Builds the content into `window`.
    init(in window: ApplicationWindow) {
        textView = SourceView(buffer: buffer)
        textView.setAccessibleName("Document text")
        findBar = FindBar(view: textView)

        let fileMenu = Menu()
        fileMenu.append("_New Window", action: "app.new-window")
        fileMenu.append("New Window on This _Document", action: "win.new-window-on-document")
        fileMenu.append("_Open…", action: "win.open")
        fileMenu.append("Open _Recent…", action: "win.open-recent")
        fileMenu.append("Save _As…", action: "win.save-as")
        let editMenu = Menu()
        editMenu.append("_Undo", action: "win.undo")
        editMenu.append("_Redo", action: "win.redo")
        editMenu.append("_Find…", action: "win.find")
        editMenu.append("Find and _Replace…", action: "win.replace")
        editMenu.append("_Go to Line…", action: "win.go-to-line")
        let windowMenu = Menu()
        windowMenu.append("_Preferences", action: "app.preferences")
        windowMenu.append("_Keyboard Shortcuts", action: "app.shortcuts")
        windowMenu.append("_About Tandem", action: "app.about")
        windowMenu.append("Reopen Closed _Window", action: "app.reopen-closed-window")
        windowMenu.append("_Close Window", action: "win.close")
        windowMenu.append("_Quit", action: "app.quit")
        let menu = Menu()
        menu.appendSection(fileMenu)
        menu.appendSection(editMenu)
        menu.appendSection(windowMenu)

        headerBar.packStart(Button(iconName: "document-open-symbolic", tooltip: "Open a file", action: "win.open"))
        headerBar.packEnd(MenuButton(iconName: "open-menu-symbolic", tooltip: "Main menu", menu: menu))
        headerBar.packEnd(Button(label: "_Save", action: "win.save"))
        window.setTitlebar(headerBar)

        let column = Box(vertical: true)
        column.pack(infoBar)
        column.pack(diskChangeBar)
        column.pack(findBar.findBar)
        column.pack(findBar.goToLineBar)
        scroller.add(textView)
        column.pack(scroller, expand: true)
        window.add(column)
        window.setDefaultSize(width: 800, height: 600)
        headerBar.showAll()
        column.showAll()
    }
}
