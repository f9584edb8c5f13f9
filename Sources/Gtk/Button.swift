import CGtk

/// A GtkButton bound to an action ("win.save") or a closure, shown as an icon or a label.
@MainActor
public final class Button: Widget {
    /// An icon button, with a tooltip, that activates `action`.
    public init(iconName: String, tooltip: String, action: String) {
        super.init(gtk_button_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON), ownership: .sink)
        gtk_widget_set_tooltip_text(widget, tooltip)
        gtk_actionable_set_action_name(OpaquePointer(raw), action)
        setAccessibleName(tooltip)
    }

    /// A text button that activates `action`.
    public init(label: String, action: String) {
        super.init(gtk_button_new_with_mnemonic(label), ownership: .sink)
        gtk_actionable_set_action_name(OpaquePointer(raw), action)
    }

    /// A text button that calls `onClick` when pressed.
    public init(label: String, onClick: @escaping @MainActor () -> Void) {
        super.init(gtk_button_new_with_mnemonic(label), ownership: .sink)
        connect("clicked", onClick)
    }
}
