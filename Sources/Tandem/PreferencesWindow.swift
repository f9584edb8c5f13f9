import Gtk
import Localization

/// The Preferences window: every control is bound two-way to its GSettings key, so a change
/// applies at once to every editor window.
@MainActor
enum PreferencesWindow {
    /// Shows the window over `parent`; does nothing when no schema could be found.
    static func present(preferences: EditorPreferences, over parent: ApplicationWindow?) {
        guard let settings = preferences.settings else { return }
        let builder = Builder(xml: xml)
        let switches = ["wrap", "show-line-numbers", "highlight-current-line", "show-right-margin",
                        "insert-spaces", "auto-indent", "smart-home-end", "show-whitespace", "word-completion", "restore-windows"]
        for key in switches { if let widget = builder.widget(key) { settings.bind(key, to: widget, property: "active", twoWay: true) } }
        for key in ["tab-width", "right-margin-position"] {
            if let widget = builder.widget(key) { settings.bind(key, to: widget, property: "value", twoWay: true) }
        }
        if let font = builder.widget("font") { settings.bind("font", to: font, property: "font", twoWay: true) }
        if let scheme = builder.widget("style-scheme") { settings.bind("style-scheme", to: scheme, property: "active-id", twoWay: true) }
        builder.presentWindow("preferences", over: parent)
    }

    // Labels are English, marked translatable (the builder translates them) and escaped: no
    // translated text is ever spliced into the XML, where a "&" or "<" would break it.
    private static func row(_ label: String, _ top: Int, control: String) -> String {
        """
        <child><object class="GtkLabel"><property name="label" translatable="yes">\(Builder.escaped(label))</property><property name="xalign">0</property>
          <property name="hexpand">True</property></object><packing><property name="left-attach">0</property><property name="top-attach">\(top)</property></packing></child>
        <child>\(control)<packing><property name="left-attach">1</property><property name="top-attach">\(top)</property></packing></child>
        """
    }

    private static func toggle(_ id: String, _ label: String, _ top: Int) -> String {
        row(label, top, control: #"<object class="GtkSwitch" id="\#(id)"><property name="halign">end</property></object>"#)
    }

    private static func number(_ id: String, _ label: String, _ top: Int) -> String {
        // GTK 3's builder cannot take an adjustment inline: it is a top-level object named here.
        row(label, top, control: #"<object class="GtkSpinButton" id="\#(id)"><property name="adjustment">\#(id)-range</property></object>"#)
    }

    private static func range(_ id: String, max: Int) -> String {
        #"<object class="GtkAdjustment" id="\#(id)-range"><property name="lower">1</property><property name="upper">\#(max)</property><property name="step-increment">1</property></object>"#
    }

    private static let schemes = [("", translatable("Follow the system (light or dark)")), ("classic", translatable("Classic")), ("tango", translatable("Tango")),
                                  ("kate", translatable("Kate")), ("solarized-light", translatable("Solarized Light")),
                                  ("solarized-dark", translatable("Solarized Dark")), ("cobalt", translatable("Cobalt")), ("oblivion", translatable("Oblivion"))]

    private static var xml: String {
        let items = schemes.map { #"<item id="\#(Builder.escaped($0.0))" translatable="yes">\#(Builder.escaped($0.1))</item>"# }.joined()
        let rows = [
            row(translatable("Font"), 0, control: #"<object class="GtkFontButton" id="font"/>"#),
            row(translatable("Colors"), 1, control: #"<object class="GtkComboBoxText" id="style-scheme"><items>\#(items)</items></object>"#),
            toggle("show-line-numbers", translatable("Show line numbers"), 2),
            toggle("highlight-current-line", translatable("Highlight the current line"), 3),
            toggle("wrap", translatable("Wrap long lines"), 4),
            toggle("show-right-margin", translatable("Show the right margin"), 5),
            number("right-margin-position", translatable("Right margin column"), 6),
            number("tab-width", translatable("Tab width"), 7),
            toggle("insert-spaces", translatable("Insert spaces instead of tabs"), 8),
            toggle("auto-indent", translatable("Indent new lines automatically"), 9),
            toggle("smart-home-end", translatable("Home goes to the first character of the text"), 10),
            toggle("show-whitespace", translatable("Show spaces and tabs"), 11),
            toggle("word-completion", translatable("Complete words from the document"), 12),
            toggle("restore-windows", translatable("Bring back windows at launch"), 13),
        ].joined()
        return """
        <interface>
          \(range("right-margin-position", max: 1000))
          \(range("tab-width", max: 32))
          <object class="GtkWindow" id="preferences">
            <property name="title" translatable="yes">Preferences</property>
            <property name="modal">False</property>
            <property name="default-width">460</property>
            <property name="type-hint">dialog</property>
            <child type="titlebar"><object class="GtkHeaderBar">
              <property name="visible">True</property><property name="show-close-button">True</property>
              <property name="title" translatable="yes">Preferences</property>
            </object></child>
            <child><object class="GtkGrid">
              <property name="margin">18</property><property name="row-spacing">10</property><property name="column-spacing">24</property>
              \(rows)
            </object></child>
          </object>
        </interface>
        """
    }
}
