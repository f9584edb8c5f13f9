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
    /// Other accelerators for the same action (not listed in the shortcuts window).
    var alternatives: [String] = []

    /// The groups of the shortcuts window, in order.
    enum Group: String, CaseIterable {
        case windows = "Windows", files = "Files", editing = "Editing", view = "View"
    }

    /// Every shortcut Tandem has.
    static let all: [KeyboardShortcut] = [
        .init(action: "app.new-window", keys: "<Control>n", title: "New window", group: .windows),
        .init(action: "app.reopen-closed-window", keys: "<Control><Shift>t", title: "Reopen closed window", group: .windows),
        .init(action: "app.switch-window", keys: "<Control>grave", title: "Switch to another window", group: .windows),
        .init(action: "win.close", keys: "<Control>w", title: "Close window", group: .windows),
        .init(action: "app.close-all", keys: "<Control><Shift>w", title: "Close all windows", group: .windows),
        .init(action: "app.quit", keys: "<Control>q", title: "Quit (everything is kept)", group: .windows),
        .init(action: "app.preferences", keys: "<Control>comma", title: "Preferences", group: .windows),
        .init(action: "app.shortcuts", keys: "<Control>question", title: "Keyboard shortcuts", group: .windows),
        .init(action: "win.show-menu", keys: "F10", title: "Window menu", group: .windows),
        .init(action: "win.open", keys: "<Control>o", title: "Open", group: .files),
        .init(action: "win.save", keys: "<Control>s", title: "Save", group: .files),
        .init(action: "win.save-as", keys: "<Control><Shift>s", title: "Save as", group: .files),
        .init(action: "app.save-all", keys: "<Control><Shift>l", title: "Save all", group: .files),
        .init(action: "win.print", keys: "<Control>p", title: "Print", group: .files),
        .init(action: "win.undo", keys: "<Control>z", title: "Undo", group: .editing),
        .init(action: "win.redo", keys: "<Control><Shift>z", title: "Redo", group: .editing),
        .init(action: "win.find", keys: "<Control>f", title: "Find", group: .editing),
        .init(action: "win.replace", keys: "<Control>h", title: "Find and replace", group: .editing),
        .init(action: "win.go-to-line", keys: "<Control>l", title: "Go to line", group: .editing, alternatives: ["<Control>i"]),
        .init(action: "win.find-next", keys: "<Control>g", title: "Find next", group: .editing),
        .init(action: "win.find-previous", keys: "<Control><Shift>g", title: "Find previous", group: .editing),
        .init(action: "win.delete-line", keys: "<Control>d", title: "Delete line", group: .editing),
        .init(action: "win.zoom-in", keys: "<Control>plus", title: "Zoom in", group: .view, alternatives: ["<Control>equal", "<Control>KP_Add"]),
        .init(action: "win.zoom-out", keys: "<Control>minus", title: "Zoom out", group: .view, alternatives: ["<Control>KP_Subtract"]),
        .init(action: "win.zoom-reset", keys: "<Control>0", title: "Reset zoom", group: .view, alternatives: ["<Control>KP_0"]),
    ]
}
