import CGtk
import Glibc
import SafeFiles

/// Tandem's windows and bars, declared in GtkBuilder files (`data/ui/*.ui`) and bundled in one
/// GResource: `share/tandem/tandem-ui.gresource` beside an installed binary (meson compiles it), or,
/// run from the build tree, compiled from `data/ui` into `$XDG_CACHE_HOME/tandem` as the files
/// change. Registered once, the first time a builder asks for a file.
enum UIResources {
    /// Where the files are in the resource tree.
    static let prefix = "/io/github/tandemedit/Tandem/ui/"

    /// Whether the bundle was found and registered (a missing one is said once, on stderr).
    static let isRegistered: Bool = {
        guard let path = bundlePath() else {
            StandardError.write("tandem: its interface files (tandem-ui.gresource) are missing; is Tandem installed completely?")
            return false
        }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_load(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            StandardError.write("tandem: could not load its interface files from \(path): \(message)")
            return false
        }
        g_resources_register(resource)  // the registry keeps its own reference
        g_resource_unref(resource)
        return true
    }()

    /// The bundle to load: the build tree's, compiled when stale, or the installed one.
    private static func bundlePath() -> String? {
        if let data = SourceTree.dataFolder { return compiledFromSourceTree(ui: data + "/ui") }
        guard let executable = SourceTree.executablePath else { return nil }
        let path = PathName.join(PathName.folder(of: PathName.folder(of: executable)), "share/tandem/tandem-ui.gresource")
        return FileSystem.exists(path) ? path : nil
    }

    /// `data/ui` compiled into the user's cache unless the bundle there is newer than every file.
    private static func compiledFromSourceTree(ui: String) -> String? {
        let folder = String(cString: g_get_user_cache_dir()) + "/tandem"
        let target = folder + "/tandem-ui.gresource"
        if let built = FileSystem.modificationTime(target), newestChange(in: ui).map({ built >= $0 }) ?? false { return target }
        guard g_mkdir_with_parents(folder, 0o755) == 0,
              SourceTree.run(["glib-compile-resources", "--sourcedir=" + ui, "--target=" + target, ui + "/tandem-ui.gresource.xml"]) else { return nil }
        return target
    }

    /// The latest modification time of the files in `folder` (nil: it cannot be read).
    private static func newestChange(in folder: String) -> Double? {
        guard let directory = g_dir_open(folder, 0, nil) else { return nil }
        defer { g_dir_close(directory) }
        var newest = FileSystem.modificationTime(folder) ?? 0  // a file removed changes the folder
        while let name = g_dir_read_name(directory) {
            newest = max(newest, FileSystem.modificationTime(folder + "/" + String(cString: name)) ?? 0)
        }
        return newest
    }
}
