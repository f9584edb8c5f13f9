import Gtk

/// The keyboard shortcuts window (Ctrl+?), as GNOME apps have it, generated from `KeyboardShortcut.all`.
@MainActor
enum ShortcutsWindow {
    /// The window, built the first time it is asked for and hidden, not destroyed, when closed.
    private static var builder: Builder?

    /// Shows the window over `parent`.
    static func present(over parent: ApplicationWindow?) {
        let builder = builder ?? Builder(xml: xml)
        Self.builder = builder
        builder.presentWindow("shortcuts", over: parent, hidesOnClose: true)
    }

    /// The UI description. Titles are English and marked translatable, so the builder translates
    /// them; every value is escaped, so no text can break the XML.
    static var xml: String {
        let body = KeyboardShortcut.Group.allCases.map { group in
            let items = KeyboardShortcut.all.filter { $0.group == group }.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut"><property name="visible">True</property>
                <property name="title" translatable="yes">\(Builder.escaped(shortcut.title))</property><property name="accelerator">\(Builder.escaped(shortcut.keys))</property></object></child>
                """
            }.joined()
            return #"<child><object class="GtkShortcutsGroup"><property name="visible">True</property><property name="title" translatable="yes">\#(Builder.escaped(group.title))</property>\#(items)</object></child>"#
        }.joined()
        return """
        <interface>
          <object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">True</property>
            <child><object class="GtkShortcutsSection"><property name="visible">True</property>
              <property name="section-name">shortcuts</property>\(body)</object></child>
          </object>
        </interface>
        """
    }
}
