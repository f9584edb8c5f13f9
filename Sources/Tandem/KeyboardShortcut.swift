import Localization
/// One keyboard shortcut: the action it triggers, its keys, and how the shortcuts window names it.
/// `all` is the only table: the app binds it and the shortcuts window is generated from it.
struct KeyboardShortcut {
    /// The detailed action name ("app.quit", "win.save").
    let action: String
    /// The accelerator in GTK's syntax ("<Control>s").
    let keys: String
    /// What the shortcuts window calls it (English: translated by the builder).
    let title: String
    /// The shortcuts window's group.
    let group: Group
    /// Other accelerators for the same action (not listed in the shortcuts window). A shortcut
    /// with no title is bound but not listed (another's title tells of it).
    var alternatives: [String] = []

    /// The groups of the shortcuts window, in order.
    enum Group: CaseIterable {
        case windows, files, editing, view

        /// The group's heading, in English (the shortcuts window's builder translates it).
        var title: String {
            switch self {
            case .windows: translatable("Windows")
            case .files: translatable("Files")
            case .editing: translatable("Editing")
            case .view: translatable("View")
            }
        }
    }

    /// Every shortcut Tandem has.
    static let all: [KeyboardShortcut] = [
        .init(action: "app.new-window", keys: "<Control>n", title: translatable("New window"), group: .windows,
              alternatives: ["<Control><Shift>n"]),
        .init(action: "app.reopen-closed-window", keys: "<Control><Shift>t", title: translatable("Reopen closed window"), group: .windows),
        .init(action: "app.switch-window", keys: "<Control>grave", title: translatable("Switch to another window"), group: .windows),
        .init(action: "win.new-tab", keys: "<Control>t", title: translatable("New tab"), group: .windows),
        .init(action: "win.split-view", keys: "<Control>backslash", title: translatable("Split view: this document again, beside"), group: .windows),
        .init(action: "win.quick-open", keys: "<Control><Alt>o", title: translatable("Quick Open: a file of the folder by a few letters of its name"), group: .windows),
        .init(action: "win.find-in-files", keys: "<Control><Shift>f", title: translatable("Find in Files: a text in every file of the folder"), group: .windows),
        .init(action: "win.side-panel", keys: "F9", title: translatable("Show or hide the folder's files beside the text"), group: .windows),
        .init(action: "win.next-tab", keys: "<Control>Page_Down", title: translatable("Next tab"), group: .windows),
        .init(action: "win.previous-tab", keys: "<Control>Page_Up", title: translatable("Previous tab"), group: .windows),
        .init(action: "win.select-tab('1')", keys: "<Alt>1", title: translatable("Show the first tab (Alt+2…8: that tab; Alt+9: the last)"), group: .windows),
        .init(action: "win.select-tab('2')", keys: "<Alt>2", title: "", group: .windows),
        .init(action: "win.select-tab('3')", keys: "<Alt>3", title: "", group: .windows),
        .init(action: "win.select-tab('4')", keys: "<Alt>4", title: "", group: .windows),
        .init(action: "win.select-tab('5')", keys: "<Alt>5", title: "", group: .windows),
        .init(action: "win.select-tab('6')", keys: "<Alt>6", title: "", group: .windows),
        .init(action: "win.select-tab('7')", keys: "<Alt>7", title: "", group: .windows),
        .init(action: "win.select-tab('8')", keys: "<Alt>8", title: "", group: .windows),
        .init(action: "win.select-tab('9')", keys: "<Alt>9", title: "", group: .windows),
        .init(action: "win.close", keys: "<Control>w", title: translatable("Close tab or window"), group: .windows),
        .init(action: "app.close-all", keys: "<Control><Shift>w", title: translatable("Close all windows"), group: .windows),
        .init(action: "app.quit", keys: "<Control>q", title: translatable("Quit (everything is kept)"), group: .windows),
        .init(action: "app.preferences", keys: "<Control>comma", title: translatable("Preferences"), group: .windows),
        .init(action: "app.shortcuts", keys: "<Control>question", title: translatable("Keyboard shortcuts"), group: .windows),
        .init(action: "win.show-menu", keys: "F10", title: translatable("Window menu"), group: .windows),
        .init(action: "win.open", keys: "<Control>o", title: translatable("Open"), group: .files),
        .init(action: "win.save", keys: "<Control>s", title: translatable("Save"), group: .files),
        .init(action: "win.save-as", keys: "<Control><Shift>s", title: translatable("Save as"), group: .files),
        .init(action: "app.save-all", keys: "<Control><Shift>l", title: translatable("Save all"), group: .files),
        .init(action: "win.print", keys: "<Control>p", title: translatable("Print"), group: .files),
        .init(action: "win.undo", keys: "<Control>z", title: translatable("Undo"), group: .editing),
        .init(action: "win.redo", keys: "<Control><Shift>z", title: translatable("Redo"), group: .editing),
        .init(action: "win.find", keys: "<Control>f", title: translatable("Find"), group: .editing),
        .init(action: "win.replace", keys: "<Control>h", title: translatable("Find and replace"), group: .editing),
        .init(action: "win.go-to-line", keys: "<Control>l", title: translatable("Go to line"), group: .editing, alternatives: ["<Control>i"]),
        .init(action: "win.next-change", keys: "<Alt>Page_Down", title: translatable("Next line changed since git's version"), group: .editing),
        .init(action: "win.previous-change", keys: "<Alt>Page_Up", title: translatable("Previous line changed since git's version"), group: .editing),
        .init(action: "win.find-next", keys: "<Control>g", title: translatable("Find next"), group: .editing),
        .init(action: "win.find-previous", keys: "<Control><Shift>g", title: translatable("Find previous"), group: .editing),
        .init(action: "win.delete-line", keys: "<Control>d", title: translatable("Delete line"), group: .editing),
        .init(action: "win.duplicate", keys: "<Control><Shift>d", title: translatable("Duplicate line or selection"), group: .editing),
        .init(action: "win.move-lines-up", keys: "<Alt>Up", title: translatable("Move lines up"), group: .editing),
        .init(action: "win.move-lines-down", keys: "<Alt>Down", title: translatable("Move lines down"), group: .editing),
        .init(action: "win.join-lines", keys: "<Control>j", title: translatable("Join lines"), group: .editing),
        .init(action: "win.sort-lines('ascending')", keys: "<Shift>F9", title: translatable("Sort lines (the whole document when nothing is selected)"), group: .editing),
        .init(action: "win.toggle-comment", keys: "<Control>slash", title: translatable("Comment or uncomment lines"), group: .editing),
        .init(action: "win.change-case('upper')", keys: "<Control>u", title: translatable("Selection to upper case"), group: .editing),
        .init(action: "win.change-case('lower')", keys: "<Control><Alt>u", title: translatable("Selection to lower case"), group: .editing),
        .init(action: "win.add-caret-below", keys: "<Shift><Alt>Down", title: translatable("Add a caret on the line below"), group: .editing),
        .init(action: "win.add-caret-above", keys: "<Shift><Alt>Up", title: translatable("Add a caret on the line above"), group: .editing),
        .init(action: "win.select-column-right", keys: "<Shift><Alt>Right", title: translatable("Widen the selection at every caret by a column"), group: .editing),
        .init(action: "win.select-column-left", keys: "<Shift><Alt>Left", title: translatable("Narrow the selection at every caret by a column"), group: .editing),
        .init(action: "win.add-next-occurrence", keys: "<Alt>j", title: translatable("Select the next occurrence as another caret"), group: .editing),
        .init(action: "win.add-all-occurrences", keys: "<Control><Shift><Alt>j", title: translatable("Select every occurrence, a caret each"), group: .editing),
        .init(action: "win.zoom-in", keys: "<Control>plus", title: translatable("Zoom in"), group: .view, alternatives: ["<Control>equal", "<Control>KP_Add"]),
        .init(action: "win.zoom-out", keys: "<Control>minus", title: translatable("Zoom out"), group: .view, alternatives: ["<Control>KP_Subtract"]),
        .init(action: "win.zoom-reset", keys: "<Control>0", title: translatable("Reset zoom"), group: .view, alternatives: ["<Control>KP_0"]),
    ]
}
