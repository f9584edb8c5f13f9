import CGtk

/// The About dialog, as `data/ui/about.ui` declares it; made once, hidden when closed and shown
/// again (GTK 3's accessibility bridge logs criticals when a window it has walked is destroyed).
@MainActor
public enum AboutDialog {
    private static var builder: Builder?

    /// Shows the About dialog over `parent`, saying `version`.
    public static func present(over parent: DialogParent?, version: String) {
        let builder = builder ?? made(version: version)
        builder.presentWindow("about", over: parent, hidesOnClose: true)
    }

    private static func made(version: String) -> Builder {
        let builder = Builder(file: "about.ui")
        let dialog = builder.declared("about")
        gtk_about_dialog_set_version(UnsafeMutablePointer<GtkAboutDialog>(OpaquePointer(dialog)), version)
        // Its Close button answers with a response; the dialog is hidden, to be shown again.
        builder.widget("about")?.connectInt("response") { _ in gtk_widget_hide(tandem_widget(dialog)) }
        self.builder = builder
        return builder
    }
}
