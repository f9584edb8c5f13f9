import CGtk

/// A passing message at the foot of a panel with one action (Undo), as libadwaita's toasts and
/// Nautilus's in-app notifications show one: it slides in, and goes by itself after a while,
/// when closed, or once its action ran.
@MainActor
public final class Toast: Widget {
    private let label: UnsafeMutablePointer<GtkWidget>
    private let button: UnsafeMutablePointer<GtkWidget>
    private var action: (@MainActor () -> Void)?
    private var expiry: TimerSource?
    /// How long a toast stays when nobody answers it.
    public static let shownMilliseconds: UInt32 = 10_000

    /// A toast, hidden until `show`; its close button is called `closeName` for screen readers.
    public init(closeName: String) {
        let revealer = gtk_revealer_new()!
        label = gtk_label_new("")!
        button = gtk_button_new_with_mnemonic("")!
        super.init(UnsafeMutableRawPointer(revealer), ownership: .sink)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_style_context_add_class(gtk_widget_get_style_context(box), "app-notification")
        // A notification to screen readers: Orca reads one out as it shows.
        atk_object_set_role(gtk_widget_get_accessible(box), ATK_ROLE_NOTIFICATION)
        gtk_label_set_line_wrap(tandem_label(label), 1)
        gtk_label_set_xalign(tandem_label(label), 0)
        gtk_widget_set_hexpand(label, 1)
        let close = gtk_button_new_from_icon_name("window-close-symbolic", GTK_ICON_SIZE_BUTTON)!
        gtk_button_set_relief(tandem_button(close), GTK_RELIEF_NONE)
        gtk_widget_set_tooltip_text(close, closeName)
        atk_object_set_name(gtk_widget_get_accessible(close), closeName)
        for child in [label, button, close] { gtk_container_add(tandem_container(box), child) }
        gtk_container_add(tandem_container(revealer), box)
        gtk_revealer_set_transition_type(UnsafeMutablePointer<GtkRevealer>(OpaquePointer(revealer)), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_widget_show_all(box)
        Widget(UnsafeMutableRawPointer(button), ownership: .sink).connect("clicked") { [weak self] in
            guard let self else { return }
            let action = self.action
            self.dismiss()
            action?()
        }
        Widget(UnsafeMutableRawPointer(close), ownership: .sink).connect("clicked") { [weak self] in self?.dismiss() }
        gtk_widget_show(widget)
    }

    /// Shows `message` with a button labelled `actionLabel` (with a mnemonic) that runs `action`,
    /// in place of any toast shown.
    public func show(_ message: String, actionLabel: String, _ action: @escaping @MainActor () -> Void) {
        gtk_label_set_text(tandem_label(label), message)
        gtk_button_set_label(tandem_button(button), actionLabel)
        self.action = action
        gtk_revealer_set_reveal_child(revealer, 1)
        expiry = TimerSource(milliseconds: Self.shownMilliseconds) { [weak self] in
            self?.dismiss()
            return false
        }
    }

    /// Hides the toast; its action can no longer run.
    public func dismiss() {
        action = nil
        expiry = nil
        gtk_revealer_set_reveal_child(revealer, 0)
    }

    /// The message shown, or nil while none is.
    public var message: String? {
        action == nil ? nil : String(cString: gtk_label_get_text(tandem_label(label)))
    }

    private var revealer: UnsafeMutablePointer<GtkRevealer> { UnsafeMutablePointer<GtkRevealer>(OpaquePointer(raw)) }
}
