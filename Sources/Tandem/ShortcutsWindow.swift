import Gtk
import Localization

/// The keyboard shortcuts window (Ctrl+?), as GNOME apps have it.
@MainActor
enum ShortcutsWindow {
    private static let groups: [(String, [(String, String)])] = [
        ("Windows", [("New window", "<Control>n"), ("Reopen closed window", "<Control><Shift>t"),
                     ("Close window", "<Control>w"), ("Quit (everything is kept)", "<Control>q"),
                     ("Preferences", "<Control>comma"), ("Keyboard shortcuts", "<Control>question")]),
        ("Files", [("Open", "<Control>o"), ("Save", "<Control>s"), ("Save as", "<Control><Shift>s")]),
        ("Editing", [("Undo", "<Control>z"), ("Redo", "<Control><Shift>z"), ("Find", "<Control>f"),
                     ("Find and replace", "<Control>h"), ("Go to line", "<Control>l")]),
    ]

    /// Shows the window over `parent`.
    static func present(over parent: ApplicationWindow?, application: NativeApplication) {
        Builder(xml: xml).presentWindow("shortcuts", over: parent, application: application)
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private static var xml: String {
        let body = groups.map { title, shortcuts in
            let items = shortcuts.map { name, accelerator in
                """
                <child><object class="GtkShortcutsShortcut"><property name="visible">True</property>
                <property name="title">\(escaped(localized(name)))</property><property name="accelerator">\(escaped(accelerator))</property></object></child>
                """
            }.joined()
            return #"<child><object class="GtkShortcutsGroup"><property name="visible">True</property><property name="title">\#(escaped(localized(title)))</property>\#(items)</object></child>"#
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
