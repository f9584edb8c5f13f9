import CGtk

extension Builder {
    /// One group of a shortcuts window: its heading and its shortcuts (titles as shown, keys in
    /// GTK's accelerator syntax).
    public struct ShortcutsGroup {
        public var title: String
        public var shortcuts: [(title: String, accelerator: String)]

        public init(title: String, shortcuts: [(title: String, accelerator: String)]) {
            self.title = title
            self.shortcuts = shortcuts
        }
    }

    /// Fills the GtkShortcutsSection `id` with `groups`, so a shortcuts window lists what the
    /// application's own table binds instead of a copy of it.
    public func fillShortcuts(section id: String, with groups: [ShortcutsGroup]) {
        guard let section = object(id) else { return }
        for group in groups {
            let box = g_object_new_with_properties(gtk_shortcuts_group_get_type(), 0, nil, nil)!
            tandem_object_set_string(box, "title", group.title)
            for shortcut in group.shortcuts {
                let item = g_object_new_with_properties(gtk_shortcuts_shortcut_get_type(), 0, nil, nil)!
                tandem_object_set_string(item, "title", shortcut.title)
                tandem_object_set_string(item, "accelerator", shortcut.accelerator)
                gtk_widget_show(tandem_widget(item))
                gtk_container_add(tandem_container(box), tandem_widget(item))
            }
            gtk_widget_show(tandem_widget(box))
            gtk_container_add(tandem_container(section.raw), tandem_widget(box))
        }
    }
}
