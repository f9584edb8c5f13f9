import CGtk

/// A GSimpleAction with a Swift handler: parameterless, taking a string, a check, or a choice.
@MainActor
public final class SimpleAction: Object {
    /// The action's name, without its prefix.
    public var name: String { String(cString: g_action_get_name(tandem_action(raw))) }

    /// Creates an action named `name` (without its "app." or "win." prefix).
    public init(name: String, _ handler: @escaping @MainActor () -> Void) {
        super.init(UnsafeMutableRawPointer(g_simple_action_new(name, nil))!, ownership: .adopt)
        connect("activate", ignoringOneArgument: true, handler)
    }

    /// Creates an action named `name` that takes a string ("app.show-window('…')" in a menu item).
    public init(name: String, withString handler: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        super.init(UnsafeMutableRawPointer(g_simple_action_new(name, type))!, ownership: .adopt)
        connectPointer("activate") { parameter in
            guard let parameter else { return }
            handler(String(cString: g_variant_get_string(parameter, nil)))
        }
    }

    /// Creates a check action named `name` (a menu shows a check mark while `isOn`); `handler`
    /// acts, and whoever owns the state sets it again (`ApplicationWindow.setActionState`).
    public init(name: String, isOn: Bool, _ handler: @escaping @MainActor () -> Void) {
        super.init(UnsafeMutableRawPointer(g_simple_action_new_stateful(name, nil, g_variant_new_boolean(isOn ? 1 : 0)))!, ownership: .adopt)
        connect("activate", ignoringOneArgument: true, handler)
    }

    /// Creates a choice action named `name` with the string `chosen` as its state: menu items
    /// targeting it show a radio mark on the one chosen; `handler` gets the item's target.
    public init(name: String, chosen: String, _ handler: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        super.init(UnsafeMutableRawPointer(g_simple_action_new_stateful(name, type, g_variant_new_string(chosen)))!, ownership: .adopt)
        connectPointer("activate") { parameter in
            guard let parameter else { return }
            handler(String(cString: g_variant_get_string(parameter, nil)))
        }
    }

    /// The choice a choice action (`init(name:chosen:_:)`) shows as made.
    public func setChosen(_ chosen: String) {
        g_simple_action_set_state(OpaquePointer(raw), g_variant_new_string(chosen))
    }

    /// Activates the action as a menu item or shortcut would.
    public func activate() { g_action_activate(tandem_action(raw), nil) }

    /// Whether the action can be activated; menu items and shortcuts follow it.
    public var isEnabled: Bool {
        get { g_action_get_enabled(tandem_action(raw)) != 0 }
        set { g_simple_action_set_enabled(OpaquePointer(raw), newValue ? 1 : 0) }
    }
}
