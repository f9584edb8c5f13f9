import CGtk

/// A parameterless GSimpleAction with a Swift handler.
@MainActor
public final class SimpleAction: Object {
    /// Creates an action named `name` (without its "app." or "win." prefix).
    public init(name: String, _ handler: @escaping @MainActor () -> Void) {
        super.init(UnsafeMutableRawPointer(g_simple_action_new(name, nil))!, ownership: .adopt)
        connect("activate", ignoringOneArgument: true, handler)
    }

    /// Activates the action as a menu item or shortcut would.
    public func activate() { g_action_activate(tandem_action(raw), nil) }

    /// Whether the action can be activated; menu items and shortcuts follow it.
    public var isEnabled: Bool {
        get { g_action_get_enabled(tandem_action(raw)) != 0 }
        set { g_simple_action_set_enabled(OpaquePointer(raw), newValue ? 1 : 0) }
    }
}
