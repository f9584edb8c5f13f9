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
    public convenience init(parent: DialogParent?, title: String, detail: String, choices: [Choice],
                            onAnswer: @escaping @MainActor (Int?) -> Void) {
        self.init(parent: parent, title: title, detail: detail, choices: choices, checklist: nil) { answer, _ in onAnswer(answer) }
    }

    /// Creates a question dialog over `parent` with a list of check boxes under `checklist`'s
    /// heading, every one checked (gedit's close question: which documents to save);
    /// `onAnswer` gets the chosen id (nil if dismissed) and which boxes were checked then.
    public convenience init(parent: DialogParent?, title: String, detail: String, choices: [Choice],
                            checklist: (heading: String, items: [String])?, onAnswer: @escaping @MainActor (Int?, [Bool]) -> Void) {
        self.init(parent: parent, title: title, detail: detail, choices: choices, checklist: checklist, field: nil) { answer, checked, _ in
            onAnswer(answer, checked)
        }
    }

    /// Creates a question dialog over `parent` asking for one line of text (a name), the field
    /// holding `field.text` at first, all selected; Enter gives the default choice. `onAnswer`
    /// gets the chosen id (nil if dismissed) and the text then.
    public convenience init(parent: DialogParent?, title: String, detail: String, choices: [Choice],
                            field: (text: String, name: String), onAnswer: @escaping @MainActor (Int?, String) -> Void) {
        self.init(parent: parent, title: title, detail: detail, choices: choices, checklist: nil, field: field) { answer, _, text in
            onAnswer(answer, text ?? "")
        }
    }

    private init(parent: DialogParent?, title: String, detail: String, choices: [Choice],
                 checklist: (heading: String, items: [String])?, field: (text: String, name: String)?,
                 onAnswer: @escaping @MainActor (Int?, [Bool], String?) -> Void) {
        let parentWindow: UnsafeMutablePointer<GtkWindow>? = parent.flatMap { tandem_window($0.window.raw) }
        super.init(tandem_message_dialog_new(parentWindow, GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, title), ownership: .sink)
        tandem_message_dialog_set_secondary(widget, detail)
        for choice in choices {
            let button = gtk_dialog_add_button(tandem_dialog(raw), choice.label, gint(choice.id))
            if choice.isDestructive, let button {
                gtk_style_context_add_class(gtk_widget_get_style_context(button), "destructive-action")
            }
            if choice.isDefault { gtk_dialog_set_default_response(tandem_dialog(raw), gint(choice.id)) }
        }
        let boxes = checklist.map { addChecklist(heading: $0.heading, items: $0.items) } ?? []
        let entry = field.map { addField(text: $0.text, name: $0.name) }
        // A toplevel is held by GTK until it is destroyed, so the handler needs no reference to
        // this wrapper (which may go once the dialog is presented): nothing keeps itself alive.
        // The boxes are read before the dialog (and they with it) is destroyed.
        let dialog = widget
        connectInt("response") { response in
            let checked = boxes.map { gtk_toggle_button_get_active(UnsafeMutablePointer<GtkToggleButton>(OpaquePointer($0))) != 0 }
            let text = entry.map { String(cString: gtk_entry_get_text(UnsafeMutablePointer<GtkEntry>(OpaquePointer($0)))) }
            gtk_widget_destroy(dialog)
            onAnswer(response > 0 ? response : nil, checked, text)
        }
    }

    /// Puts the heading and one checked box per item under the dialog's text; returns the boxes.
    private func addChecklist(heading: String, items: [String]) -> [UnsafeMutablePointer<GtkWidget>] {
        guard let area = gtk_message_dialog_get_message_area(UnsafeMutablePointer<GtkMessageDialog>(OpaquePointer(raw))) else { return [] }
        let label = gtk_label_new(heading)!
        gtk_label_set_xalign(UnsafeMutablePointer<GtkLabel>(OpaquePointer(label)), 0)
        gtk_box_pack_start(tandem_box(area), label, 0, 0, 0)
        let boxes = items.map { item -> UnsafeMutablePointer<GtkWidget> in
            let box = gtk_check_button_new_with_label(item)!
            gtk_toggle_button_set_active(UnsafeMutablePointer<GtkToggleButton>(OpaquePointer(box)), 1)
            gtk_box_pack_start(tandem_box(area), box, 0, 0, 0)
            return box
        }
        gtk_widget_show_all(area)
        return boxes
    }

    /// Puts a one-line field under the dialog's text, holding `text`, named `name` for screen
    /// readers; Enter in it answers with the default choice. Returns the field.
    private func addField(text: String, name: String) -> UnsafeMutablePointer<GtkWidget> {
        let entry = gtk_entry_new()!
        gtk_entry_set_text(UnsafeMutablePointer<GtkEntry>(OpaquePointer(entry)), text)
        gtk_entry_set_activates_default(UnsafeMutablePointer<GtkEntry>(OpaquePointer(entry)), 1)
        if let accessible = gtk_widget_get_accessible(entry) { atk_object_set_name(accessible, name) }
        if let area = gtk_message_dialog_get_message_area(UnsafeMutablePointer<GtkMessageDialog>(OpaquePointer(raw))) {
            gtk_box_pack_start(tandem_box(area), entry, 0, 0, 0)
            gtk_widget_show_all(area)
        }
        gtk_widget_grab_focus(entry)
        return entry
    }

    /// Shows the dialog; the answer arrives through the closure.
    public func present() { WaylandActivation.present(tandem_window(raw)) }
}
