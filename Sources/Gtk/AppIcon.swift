import CGtk

/// The application's icon, found in an icon folder of the app's own when it runs from its build
/// tree (installed, the icon theme has it). Windows carry no icon of their own: the desktop finds
/// it through the desktop file, and loading the SVG at start-up would cost librsvg (6 MB).
@MainActor
public enum AppIcon {
    private static var added: Set<String> = []

    /// Makes the icons in `folder` (a hicolor theme's layout) findable (once per folder).
    public static func addSearchPath(_ folder: String) {
        guard added.insert(folder).inserted, let theme = gtk_icon_theme_get_default() else { return }
        gtk_icon_theme_append_search_path(theme, folder)
    }
}
