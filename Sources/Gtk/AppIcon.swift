import CGtk

/// The application's icon, found in the source tree's `data/icons` when Tandem runs from its
/// build tree (installed, the icon theme has it). Windows carry no icon of their own: the desktop
/// finds it through the desktop file, and loading the SVG at start-up would cost librsvg (6 MB).
@MainActor
public enum AppIcon {
    private static var added = false

    /// Makes the source tree's icons findable when Tandem is not installed (first call only).
    public static func useSourceTreeIcons() {
        guard !added else { return }
        added = true
        if let data = SourceTree.dataFolder, let theme = gtk_icon_theme_get_default() {
            gtk_icon_theme_append_search_path(theme, data + "/icons")
        }
    }
}
