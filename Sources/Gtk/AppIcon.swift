import CGtk

/// The application's icon: named for every window, and found in the source tree's `data/icons`
/// when Tandem runs from its build tree (installed, the icon theme has it).
@MainActor
public enum AppIcon {
    /// Makes `name` every window's icon, and the source tree's icons findable when not installed.
    public static func use(_ name: String) {
        if let data = SourceTree.dataFolder, let theme = gtk_icon_theme_get_default() {
            gtk_icon_theme_append_search_path(theme, data + "/icons")
        }
        gtk_window_set_default_icon_name(name)
    }
}
