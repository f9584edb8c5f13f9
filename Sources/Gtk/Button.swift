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

    /// The button's text (shown as it is: no mnemonic).
    public var label: String {
        get { gtk_button_get_label(tandem_button(raw)).map { String(cString: $0) } ?? "" }
        set {
            gtk_button_set_use_underline(tandem_button(raw), 0)
            setButtonLabel(raw, newValue)
        }
    }

    /// Whether the button is drawn without a frame until pointed at (a header bar's status).
    public var isFlat: Bool {
        get { gtk_button_get_relief(tandem_button(raw)) == GTK_RELIEF_NONE }
        set { gtk_button_set_relief(tandem_button(raw), newValue ? GTK_RELIEF_NONE : GTK_RELIEF_NORMAL) }
    }

    /// A text button that calls `onClick` when pressed.
    public init(label: String, onClick: @escaping @MainActor () -> Void) {
        super.init(gtk_button_new_with_mnemonic(label), ownership: .sink)
        connect("clicked", onClick)
    }
}

/// Sets a GtkButton's label unless it already reads `text`: GTK builds a new label widget at
/// every set, and the caret's place is set at each caret move, the same text most of the time.
func setButtonLabel(_ button: UnsafeMutableRawPointer, _ text: String) {
    if let current = gtk_button_get_label(tandem_button(button)), String(cString: current) == text { return }
    gtk_button_set_label(tandem_button(button), text)
}
