import CGtk
import Glibc
import SafeFiles

/// A GSettings object for Tandem's schema, found installed or, when Tandem runs from its build
/// tree, compiled from the source tree's `data/` folder. Never aborts on a missing schema.
@MainActor
public final class Settings: Object {
    private var gsettings: UnsafeMutablePointer<GSettings> { raw.assumingMemoryBound(to: GSettings.self) }

    /// Opens the settings of `schemaID`: the installed schema if there is one, else the one in a
    /// `data/` folder above the executable (compiled into the user's cache folder); nil if neither.
    public static func open(schemaID: String) -> Settings? {
        if let source = g_settings_schema_source_get_default(),
           let schema = g_settings_schema_source_lookup(source, schemaID, 1) {
            defer { g_settings_schema_unref(schema) }
            return Settings(g_settings_new_full(schema, nil, nil))
        }
        guard let compiled = compileFromSourceTree(schemaID: schemaID) else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let source = g_settings_schema_source_new_from_directory(compiled, g_settings_schema_source_get_default(), 0, &error) else {
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

    /// Finds `data/<id>.gschema.xml` above the running executable and compiles it into
    /// `$XDG_CACHE_HOME/tandem/schemas` unless it is compiled there already; returns that folder.
    private static func compileFromSourceTree(schemaID: String) -> String? {
        guard let source = SourceTree.dataFolder.map({ $0 + "/\(schemaID).gschema.xml" }),
              let schema = contents(source) else { return nil }
        let target = String(cString: g_get_user_cache_dir()) + "/tandem/schemas"
        let copy = target + "/\(schemaID).gschema.xml"
        // Compiled at most once per change of the source: no process is spawned on an ordinary launch.
        if let compiled = FileSystem.modificationTime(target + "/gschemas.compiled"), let written = FileSystem.modificationTime(source),
           compiled >= written, contents(copy) == schema {
            return target
        }
        guard g_mkdir_with_parents(target, 0o755) == 0,
              schema.withUnsafeBytes({ g_file_set_contents(copy, $0.baseAddress, gssize($0.count), nil) }) != 0 else { return nil }
        return compileSchemas(in: target) ? target : nil
    }

    /// The bytes of the file at `path` (nil: unreadable).
    private static func contents(_ path: String) -> [UInt8]? {
        var text: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &text, &length, nil) != 0, let text else { return nil }
        defer { g_free(text) }
        return Array(UnsafeRawBufferPointer(start: text, count: Int(length)))
    }

    /// Runs `glib-compile-schemas` on `folder` (found on PATH) and waits for it.
    private static func compileSchemas(in folder: String) -> Bool {
        SourceTree.run(["glib-compile-schemas", folder])
    }

    /// Whether the schema has `key` (reading a key a schema lacks would abort).
    public func hasKey(_ key: String) -> Bool {
        tandem_settings_has_key(gsettings, key) != 0
    }

    /// A boolean key.
    public func bool(_ key: String) -> Bool { g_settings_get_boolean(gsettings, key) != 0 }
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
