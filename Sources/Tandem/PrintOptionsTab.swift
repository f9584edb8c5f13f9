import Gtk
import Localization

/// The print dialog's page of the editor's own, as gedit's "Text Editor" page: highlighting,
/// line numbers (every N lines), wrapping, the page header and the font, each kept in its
/// GSettings key, so the next print starts from the last choices. Prose keeps its own choices of
/// highlighting and line numbers (off by default: a manuscript prints as a book), code its own.
@MainActor
enum PrintOptionsTab {
    /// The page, bound to `settings` (the builder that owns it is kept with it).
    static func make(settings: Settings, prose: Bool) -> (builder: Builder, widget: Widget)? {
        let builder = Builder(file: "print-options.ui")
        guard let page = builder.widget("print-options") else { return nil }
        for control in ["print-syntax-highlighting", "print-line-numbers", "print-wrap", "print-header", "print-use-editor-font"] {
            if let widget = builder.widget(control) { settings.bind(key(control, prose: prose, in: settings), to: widget, property: "active", twoWay: true) }
        }
        if let step = builder.widget("print-line-numbers-step") {
            settings.bind("print-line-numbers-step", to: step, property: "value", twoWay: true)
            settings.bind(key("print-line-numbers", prose: prose, in: settings), to: step, property: "sensitive")
        }
        if let font = builder.widget("print-font") {
            settings.bind("print-font", to: font, property: "font", twoWay: true)
            settings.bind("print-use-editor-font", to: font, property: "sensitive", inverted: true)
        }
        return (builder, page)
    }

    /// How to print, as the keys say now (`editorFont` when the editor's font is chosen).
    static func options(from settings: Settings?, editorFont: String, prose: Bool) -> PrintOptions {
        var options = PrintOptions(font: editorFont)
        guard let settings, settings.hasKey("print-font") else {
            if prose { (options.highlightsSyntax, options.lineNumberStep) = (false, 0) }
            return options
        }
        options.highlightsSyntax = settings.bool(key("print-syntax-highlighting", prose: prose, in: settings))
        options.lineNumberStep = settings.bool(key("print-line-numbers", prose: prose, in: settings)) ? settings.uint("print-line-numbers-step") : 0
        options.wraps = settings.bool("print-wrap")
        options.printsHeader = settings.bool("print-header")
        if !settings.bool("print-use-editor-font") { options.font = settings.string("print-font") }
        return options
    }

    /// The key a control of the page keeps its choice in: prose's own for highlighting and line
    /// numbers (where the schema has them).
    private static func key(_ control: String, prose: Bool, in settings: Settings) -> String {
        let own = "print-prose-" + control.dropFirst("print-".count)
        return prose && ["print-syntax-highlighting", "print-line-numbers"].contains(control) && settings.hasKey(own) ? own : control
    }

    /// The page's title in the dialog's tabs.
    static var label: String { localized("Text Editor") }
}
