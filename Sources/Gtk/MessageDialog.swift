import CGtk

/// A modal GtkMessageDialog with buttons of the caller's choosing; answers through a closure.
@MainActor
public final class MessageDialog: Widget {
    /// One button: its label (with mnemonic) and the answer it gives.
    public struct Choice {
        public let label: String
        public let id: Int
        public let isDestructive: Bool
        public let isDefault: Bool
        /// Creates a choice; ids are the caller's own, positive numbers.
        public init(_ label: String, id: Int, isDestructive: Bool = false, isDefault: Bool = false) {
            self.label = label; self.id = id; self.isDestructive = isDestructive; self.isDefault = isDefault
        }
    }

    /// Creates a question dialog over `parent`; `onAnswer` gets the chosen id, or nil if dismissed.
    public init(parent: ApplicationWindow?, title: String, detail: String, choices: [Choice],
                onAnswer: @escaping @MainActor (Int?) -> Void) {
        let parentWindow: UnsafeMutablePointer<GtkWindow>? = parent.flatMap { tandem_window($0.raw) }
        super.init(tandem_message_dialog_new(parentWindow, GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, title), ownership: .sink)
        tandem_message_dialog_set_secondary(widget, detail)
        for choice in choices {
            let button = gtk_dialog_add_button(tandem_dialog(raw), choice.label, gint(choice.id))
            if choice.isDestructive, let button {
                gtk_style_context_add_class(gtk_widget_get_style_context(button), "destructive-action")
            }
            if choice.isDefault { gtk_dialog_set_default_response(tandem_dialog(raw), gint(choice.id)) }
        }
        // A toplevel is held by GTK until it is destroyed, so the handler needs no reference to
        // this wrapper (which may go once the dialog is presented): nothing keeps itself alive.
        let dialog = widget
        connectInt("response") { response in
            gtk_widget_destroy(dialog)
            onAnswer(response > 0 ? response : nil)
        }
    }

    /// Shows the dialog; the answer arrives through the closure.
    public func present() { WaylandActivation.present(tandem_window(raw)) }
}
