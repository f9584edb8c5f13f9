import CGtk

/// A GSimpleActionGroup: one scene's window actions ("win.NAME"). A window holding several
/// scenes as tabs takes the shown scene's actions into its own (`ApplicationWindow.adopt`), so
/// shortcuts, menus and the window's actions on D-Bus act on the tab shown.
@MainActor
public final class ActionGroup: Object {
    /// The actions by name, as added.
    public private(set) var actions: [String: SimpleAction] = [:]

    /// Creates an empty group.
    public init() {
        super.init(UnsafeMutableRawPointer(g_simple_action_group_new())!, ownership: .adopt)
    }

    /// Adds an action (replacing one of the same name).
    public func add(_ action: SimpleAction) {
        actions[action.name] = action
        g_action_map_add_action(tandem_action_map(raw), tandem_action(action.raw))
    }

    /// Enables or disables the action `name` (menu items and shortcuts follow).
    public func setEnabled(_ name: String, _ enabled: Bool) {
        tandem_action_map_set_enabled(raw, name, enabled ? 1 : 0)
    }

    /// Sets a check action's state: its menu items show a check mark while on.
    public func setState(_ name: String, isOn: Bool) {
        tandem_action_map_set_state(raw, name, g_variant_new_boolean(isOn ? 1 : 0))
    }

    /// Sets a choice action's state: its menu item targeting `chosen` shows the radio mark.
    public func setState(_ name: String, chosen: String) {
        tandem_action_map_set_state(raw, name, g_variant_new_string(chosen))
    }
}

extension ApplicationWindow {
    /// Makes `group`'s actions the window's own "win" actions (the same objects: a state set in
    /// either is set in both), and takes away those of `previous` that `group` lacks.
    public func adopt(_ group: ActionGroup, replacing previous: ActionGroup?) {
        for name in (previous?.actions.keys).map(Array.init) ?? [] where group.actions[name] == nil {
            g_action_map_remove_action(tandem_action_map(raw), name)
        }
        for action in group.actions.values { addAction(action) }
    }
}
