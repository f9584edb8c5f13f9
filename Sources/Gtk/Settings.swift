import CGtk
import Glibc

/// A GSettings object for one schema, found installed or in a folder the app names (its build
/// tree's, where the build compiled it). Never aborts on a missing schema.
@MainActor
public final class Settings: Object {
    private var gsettings: UnsafeMutablePointer<GSettings> { raw.assumingMemoryBound(to: GSettings.self) }

    /// Opens the settings of `schemaID`: the installed schema if there is one, else the one
    /// compiled in `folder` (`gschemas.compiled`); nil if neither has it.
    public static func open(schemaID: String, orIn folder: String? = nil) -> Settings? {
        if let source = g_settings_schema_source_get_default(),
           let schema = g_settings_schema_source_lookup(source, schemaID, 1) {
            defer { g_settings_schema_unref(schema) }
            return Settings(g_settings_new_full(schema, nil, nil))
        }
        guard let folder, g_file_test(folder + "/gschemas.compiled", G_FILE_TEST_EXISTS) != 0 else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let source = g_settings_schema_source_new_from_directory(folder, g_settings_schema_source_get_default(), 0, &error) else {
            g_clear_error(&error)
            return nil
        }
        defer { g_settings_schema_source_unref(source) }
        guard let schema = g_settings_schema_source_lookup(source, schemaID, 0) else { return nil }
        defer { g_settings_schema_unref(schema) }
        return Settings(g_settings_new_full(schema, nil, nil))
    }

    private init?(_ settings: UnsafeMutablePointer<GSettings>?) {
        guard let settings else { return nil }
        super.init(UnsafeMutableRawPointer(settings), ownership: .adopt)
    }

    /// Whether the schema has `key` (reading a key a schema lacks would abort).
    public func hasKey(_ key: String) -> Bool {
        tandem_settings_has_key(gsettings, key) != 0
    }

    /// A boolean key.
    public func bool(_ key: String) -> Bool { g_settings_get_boolean(gsettings, key) != 0 }

    /// A new action that is boolean `key` (named as the key): a menu item on it shows a check
    /// mark while the key is on, and turns it on or off. Retained (+1) for the caller to hand on.
    func createAction(_ key: String) -> OpaquePointer? { g_settings_create_action(gsettings, key) }
    /// A string key.
    public func string(_ key: String) -> String {
        guard let value = g_settings_get_string(gsettings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }
    /// An unsigned integer key.
    public func uint(_ key: String) -> Int { Int(g_settings_get_uint(gsettings, key)) }
    /// Sets a boolean key.
    public func set(_ key: String, _ value: Bool) { g_settings_set_boolean(gsettings, key, value ? 1 : 0) }
    /// Sets an unsigned integer key.
    public func set(_ key: String, _ value: Int) { g_settings_set_uint(gsettings, key, guint(value)) }
    /// Sets a string key.
    public func set(_ key: String, _ value: String) { g_settings_set_string(gsettings, key, value) }

    /// Keeps `object`'s property equal to the key, now and whenever the key changes; with
    /// `twoWay`, changing the property (a switch in the Preferences window) changes the key too.
    /// `inverted`: a boolean property is the key's opposite (a control off while a switch is on).
    public func bind(_ key: String, to object: Object, property: String, twoWay: Bool = false, inverted: Bool = false) {
        var flags = twoWay ? G_SETTINGS_BIND_DEFAULT : G_SETTINGS_BIND_GET
        if inverted { flags = GSettingsBindFlags(flags.rawValue | G_SETTINGS_BIND_INVERT_BOOLEAN.rawValue) }
        g_settings_bind(gsettings, key, object.raw, property, flags)
    }

    /// Called whenever `key` changes (and the handler should also be run once by the caller).
    @discardableResult
    public func onChange(_ key: String, _ handler: @escaping @MainActor () -> Void) -> UInt {
        connect("changed::\(key)", ignoringOneArgument: true, handler)
    }
}
