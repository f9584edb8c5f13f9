import CGtk

/// A GtkButton that shows a status and activates an action (the caret's place: Go to Line).
@MainActor
public final class Button: Widget {
    /// A button showing a status that changes often (`text`, shown as it is), activating `action`.
    public init(statusAction action: String) {
        super.init(gtk_button_new(), ownership: .sink)
        status = DrawnText(in: self)
        gtk_actionable_set_action_name(OpaquePointer(raw), action)
    }

    private var status: DrawnText?

    /// The text of a status button (`init(statusAction:)`), which may change at every key.
    public var text: String {
        get { status?.text ?? "" }
        set { status?.text = newValue }
    }

    /// Whether the button is drawn without a frame until pointed at (a header bar's status).
    public var isFlat: Bool {
        get { gtk_button_get_relief(tandem_button(raw)) == GTK_RELIEF_NONE }
        set { gtk_button_set_relief(tandem_button(raw), newValue ? GTK_RELIEF_NONE : GTK_RELIEF_NORMAL) }
    }
}

/// A label of its own as a button's only child, for text that changes often (the caret's place,
/// the status bar's choices): GtkButton's own label is destroyed and built anew at every set,
/// each caret move included; this one only changes its text.
@MainActor
final class ButtonText {
    /// Held with a reference of ours: a caret move reported while its window is destroyed then
    /// sets the text of a label no longer shown, never of a freed one.
    private let label: UnsafeMutablePointer<GtkWidget>

    /// Replaces `button`'s child (a menu button's arrow) with an empty label.
    init(in button: UnsafeMutableRawPointer) {
        if let old = gtk_bin_get_child(UnsafeMutablePointer<GtkBin>(OpaquePointer(button))) {
            gtk_container_remove(tandem_container(button), old)
        }
        label = gtk_label_new(nil)
        g_object_ref_sink(label)
        gtk_widget_show(label)
        gtk_container_add(tandem_container(button), label)
        // As GtkButton styles a button whose child is its label.
        gtk_style_context_add_class(gtk_widget_get_style_context(tandem_widget(button)), "text-button")
    }

    isolated deinit { g_object_unref(label) }

    /// The text shown (set only when it changes).
    var text: String {
        get { String(cString: gtk_label_get_text(tandem_label(label))) }
        set { if text != newValue { gtk_label_set_text(tandem_label(label), newValue) } }
    }
}
