import CGtk
import Glibc
import SafeFiles

/// The GResource bundle an app's GtkBuilder files come from (`Builder(file:)`): the app says
/// where it is and which resource path its files are under; it is registered the first time a
/// builder needs it, so a launch that builds nothing from it never reads it.
@MainActor
public enum UIBundle {
    private static var path: String?
    /// The resource path the bundle's files are under, ending with "/".
    static private(set) var prefix = "/"

    /// Uses the bundle at `path`, whose files are under resource path `prefix`.
    public static func use(path: String, prefix: String) {
        self.path = path
        self.prefix = prefix.hasSuffix("/") ? prefix : prefix + "/"
    }

    /// Whether the bundle was found and registered (a missing or damaged one is said once, on stderr).
    static let isRegistered: Bool = {
        guard let path else { return false }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_load(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            StandardError.write("tandem: could not load its interface files from \(path): \(message); is Tandem installed completely?")
            return false
        }
        g_resources_register(resource)  // the registry keeps its own reference
        g_resource_unref(resource)
        return true
    }()
}
