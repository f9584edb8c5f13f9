import Gtk
import Localization
import SafeFiles

/// Where Tandem's data is (its interface bundle, settings schema, translations and icons), laid
/// out as under PREFIX/share: installed beside the binary (PREFIX/bin/tandem), or, run from the
/// build tree, where the build put it (`BuildTreeData`, from the BuildData plugin). One file is
/// looked at to tell which; nothing is compiled or spawned at launch.
enum AppData {
    /// The resource path the interface files are under in the bundle (data/ui/tandem-ui.gresource.xml).
    static let interfacePrefix = "/io/github/tandemedit/Tandem/ui/"

    /// Whether the binary is installed: its prefix's share folder has the interface bundle.
    static let isInstalled: Bool = FileSystem.exists(bundle(in: installedFolder))

    /// PREFIX/share when installed, else the build's folder.
    static let folder: String = isInstalled ? installedFolder : BuildTreeData.folder

    /// The compiled settings schema, for when it is not installed where GLib looks.
    static var schemaFolder: String { folder + "/glib-2.0/schemas" }

    private static var installedFolder: String {
        let bin = PathName.folder(of: Executable.path ?? "/usr/bin/tandem")
        return PathName.join(PathName.folder(of: bin), "share")
    }

    private static func bundle(in folder: String) -> String { folder + "/tandem/tandem-ui.gresource" }

    /// Points gettext and GtkBuilder at the data, before anything is translated or built.
    @MainActor
    static func setUp() {
        setUpLocalization(localeDirectory: folder + "/locale")
        SourceView.spellingMenuText = .localizedText
        UIBundle.use(path: bundle(in: folder), prefix: interfacePrefix, translationDomain: textDomain) { path, message in
            StandardError.write("tandem: could not load its interface files from \(path): \(message); is Tandem installed completely?")
        }
    }

    /// The app's icon (the About window's logo): installed, the icon theme has it already.
    @MainActor
    static func findIcon() {
        if !isInstalled { AppIcon.addSearchPath(folder + "/icons") }
    }
}
