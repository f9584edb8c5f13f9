import CGtk
import Glibc

/// The GResource bundle an app's GtkBuilder files come from (`Builder(file:)`): the app says
/// where it is and which resource path its files are under; it is registered the first time a
/// builder needs it, so a launch that builds nothing from it never reads it.
@MainActor
public enum UIBundle {
    private static var path: String?
    /// The resource path the bundle's files are under, ending with "/".
    static private(set) var prefix = "/"
    /// The gettext domain its translatable properties are looked up in.
    static private(set) var translationDomain: String?
    private static var complain: (@MainActor (_ path: String, _ message: String) -> Void)?

    /// Uses the bundle at `path`, whose files are under resource path `prefix` and translated in
    /// gettext domain `translationDomain`; `complain` says (once) that it could not be loaded.
    public static func use(path: String, prefix: String, translationDomain: String,
                           complain: @escaping @MainActor (_ path: String, _ message: String) -> Void) {
        self.path = path
        self.prefix = prefix.hasSuffix("/") ? prefix : prefix + "/"
        self.translationDomain = translationDomain
        self.complain = complain
    }

    /// Whether the bundle was found and registered (a missing or damaged one is said once).
    static let isRegistered: Bool = {
        guard let path else { return false }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_load(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            complain?(path, message)
            return false
        }
        g_resources_register(resource)  // the registry keeps its own reference
        g_resource_unref(resource)
        return true
    }()
}
