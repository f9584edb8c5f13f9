import Gtk
import Localization

/// The print dialog's page of the editor's own, as gedit's "Text Editor" page: highlighting,
/// line numbers (every N lines), wrapping, the page header and the font, each kept in its
/// GSettings key, so the next print starts from the last choices.
@MainActor
enum PrintOptionsTab {
    /// The page, bound to `settings` (the builder that owns it is kept with it).
    static func make(settings: Settings) -> (builder: Builder, widget: Widget)? {
        let builder = Builder(xml: xml)
        guard let page = builder.widget("print-options") else { return nil }
        for key in ["print-syntax-highlighting", "print-line-numbers", "print-wrap", "print-header", "print-use-editor-font"] {
            if let widget = builder.widget(key) { settings.bind(key, to: widget, property: "active", twoWay: true) }
        }
        if let step = builder.widget("print-line-numbers-step") {
            settings.bind("print-line-numbers-step", to: step, property: "value", twoWay: true)
            settings.bind("print-line-numbers", to: step, property: "sensitive")
        }
        if let font = builder.widget("print-font") {
            settings.bind("print-font", to: font, property: "font", twoWay: true)
            settings.bind("print-use-editor-font", to: font, property: "sensitive", inverted: true)
        }
        return (builder, page)
    }

    /// How to print, as the keys say now (`editorFont` when the editor's font is chosen).
    static func options(from settings: Settings?, editorFont: String) -> PrintOptions {
        var options = PrintOptions(font: editorFont)
        guard let settings, settings.hasKey("print-font") else { return options }
        options.highlightsSyntax = settings.bool("print-syntax-highlighting")
        options.lineNumberStep = settings.bool("print-line-numbers") ? settings.uint("print-line-numbers-step") : 0
        options.wraps = settings.bool("print-wrap")
        options.printsHeader = settings.bool("print-header")
        if !settings.bool("print-use-editor-font") { options.font = settings.string("print-font") }
        return options
    }

    /// The page's title in the dialog's tabs.
    static var label: String { localized("Text Editor") }

    // Labels are English, marked translatable (the builder translates them), as in PreferencesWindow.
    private static func check(_ id: String, _ label: String, _ top: Int, left: Int = 0, width: Int = 2) -> String {
        """
        <child><object class="GtkCheckButton" id="\(id)"><property name="label" translatable="yes">\(Builder.escaped(label))</property>
          <property name="use-underline">True</property></object>
          <packing><property name="left-attach">\(left)</property><property name="top-attach">\(top)</property><property name="width">\(width)</property></packing></child>
        """
    }

    private static var xml: String {
        """
        <interface>
          <object class="GtkAdjustment" id="print-line-numbers-range"><property name="lower">1</property><property name="upper">100</property><property name="step-increment">1</property></object>
          <object class="GtkGrid" id="print-options">
            <property name="border-width">12</property><property name="row-spacing">6</property><property name="column-spacing">12</property>
            \(check("print-syntax-highlighting", translatable("Print syntax _highlighting"), 0))
            \(check("print-line-numbers", translatable("Print _line numbers, every"), 1, width: 1))
            <child><object class="GtkBox"><property name="spacing">6</property>
              <child><object class="GtkSpinButton" id="print-line-numbers-step"><property name="adjustment">print-line-numbers-range</property></object></child>
              <child><object class="GtkLabel"><property name="label" translatable="yes">lines</property></object></child></object>
              <packing><property name="left-attach">1</property><property name="top-attach">1</property></packing></child>
            \(check("print-wrap", translatable("_Wrap long lines"), 2))
            \(check("print-header", translatable("Print a page _header (name and page number)"), 3))
            \(check("print-use-editor-font", translatable("Use the _editor's font"), 4, width: 1))
            <child><object class="GtkFontButton" id="print-font"><property name="halign">start</property></object>
              <packing><property name="left-attach">1</property><property name="top-attach">4</property></packing></child>
          </object>
        </interface>
        """
    }
}
