import CGtk

/// A flat header-bar button naming the current choice; pressing it opens a popover with an
/// entry that completes from `choices` as the user types (searchable, as GNOME Text Editor's
/// language button); Enter on a known choice picks it.
@MainActor
public final class PickerButton: Widget {
    /// The popover's entry, made the first time the button is pressed.
    private var entry: Entry?
    private let placeholder: String
    private var choices: [String] = []
    /// Called with the choice picked.
    public var onPick: (@MainActor (String) -> Void)?
    /// Gives the choices the first time the popover opens (nothing is built before it is needed).
    public var choicesWhenOpened: (@MainActor () -> [String])?

    /// Creates the button; `placeholder` is the entry's hint.
    public init(placeholder: String) {
        self.placeholder = placeholder
        super.init(gtk_menu_button_new(), ownership: .sink)
        gtk_button_set_relief(tandem_button(raw), GTK_RELIEF_NONE)
        status = ButtonText(in: raw)
        // The popover waits for the first press: a window's first frame needs only the button.
        // (GtkMenuButton makes itself insensitive while it has nothing to show.)
        gtk_widget_set_sensitive(widget, 1)
        connect("toggled") { [weak self] in
            guard let self, self.entry == nil,
                  gtk_toggle_button_get_active(UnsafeMutablePointer<GtkToggleButton>(OpaquePointer(self.raw))) != 0 else { return }
            gtk_popover_popup(self.makePopover())
        }
    }

    /// Builds the popover and its entry, with the choices.
    private func makePopover() -> UnsafeMutablePointer<GtkPopover> {
        let popover = gtk_popover_new(nil)!
        let rawEntry = gtk_entry_new()!
        let entry = Entry(UnsafeMutableRawPointer(rawEntry), ownership: .sink)
        self.entry = entry
        gtk_entry_set_placeholder_text(UnsafeMutablePointer<GtkEntry>(OpaquePointer(rawEntry)), placeholder)
        gtk_widget_set_margin_start(rawEntry, 6); gtk_widget_set_margin_end(rawEntry, 6)
        gtk_widget_set_margin_top(rawEntry, 6); gtk_widget_set_margin_bottom(rawEntry, 6)
        gtk_container_add(tandem_container(popover), rawEntry)
        gtk_widget_show(rawEntry)
        gtk_menu_button_set_popover(UnsafeMutablePointer<GtkMenuButton>(OpaquePointer(raw)), popover)
        entry.onActivate { [weak self] in self?.pickTyped() }
        if let provide = choicesWhenOpened {
            choicesWhenOpened = nil
            setChoices(provide())
        } else if !choices.isEmpty {
            setChoices(choices)
        }
        return UnsafeMutablePointer<GtkPopover>(OpaquePointer(popover))
    }

    /// The choices the entry completes from (shown as they are, matched ignoring case).
    public func setChoices(_ names: [String]) {
        choices = names
        let store = tandem_string_list_store()!
        var iter = GtkTreeIter()
        for name in names {
            gtk_list_store_append(store, &iter)
            tandem_list_store_set_string(store, &iter, 0, name)
        }
        let completion = gtk_entry_completion_new()!
        gtk_entry_completion_set_model(completion, tandem_tree_model(store))
        gtk_entry_completion_set_text_column(completion, 0)
        gtk_entry_completion_set_minimum_key_length(completion, 1)
        if let entry { gtk_entry_set_completion(UnsafeMutablePointer<GtkEntry>(OpaquePointer(entry.raw)), completion) }
        g_object_unref(completion)
        g_object_unref(store)
    }

    private var status: ButtonText?

    /// What the button says (the current choice).
    public var label: String {
        get { status?.text ?? "" }
        set { status?.text = newValue }
    }

    /// Whether the button can be pressed (with `tooltip` saying why not, when it cannot).
    public func setEnabled(_ enabled: Bool, tooltip: String?) {
        gtk_widget_set_sensitive(widget, enabled ? 1 : 0)
        gtk_widget_set_tooltip_text(widget, tooltip)
    }

    private func pickTyped() {
        guard let entry else { return }
        let typed = entry.text.lowercased()
        guard let choice = choices.first(where: { $0.lowercased() == typed }) else { return }
        gtk_toggle_button_set_active(UnsafeMutablePointer<GtkToggleButton>(OpaquePointer(raw)), 0)
        entry.text = ""
        onPick?(choice)
    }
}
