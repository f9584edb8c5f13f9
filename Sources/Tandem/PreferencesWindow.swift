import Gtk

/// The Preferences window: every control is bound two-way to its GSettings key, so a change
/// applies at once to every editor window.
@MainActor
enum PreferencesWindow {
    /// Shows the window over `parent`; does nothing when no schema could be found.
    static func present(preferences: EditorPreferences, over parent: DialogParent?) {
        guard let settings = preferences.settings else { return }
        let builder = Builder(file: "preferences.ui")
        let switches = ["wrap", "show-line-numbers", "highlight-current-line", "show-right-margin",
                        "insert-spaces", "auto-indent", "smart-home-end", "show-whitespace", "word-completion", "restore-windows", "open-in-tabs", "show-map",
                        "smart-punctuation", "wrap-at-margin", "prose-font", "typewriter-scrolling", "focus-mode"]
        for key in switches { if let widget = builder.widget(key) { settings.bind(key, to: widget, property: "active", twoWay: true) } }
        for key in ["tab-width", "right-margin-position"] {
            if let widget = builder.widget(key) { settings.bind(key, to: widget, property: "value", twoWay: true) }
        }
        if let font = builder.widget("font") { settings.bind("font", to: font, property: "font", twoWay: true) }
        if let scheme = builder.widget("style-scheme") { settings.bind("style-scheme", to: scheme, property: "active-id", twoWay: true) }
        builder.presentWindow("preferences", over: parent)
    }
}
