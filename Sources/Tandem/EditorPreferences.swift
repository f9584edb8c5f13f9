import Documents
import Gtk

/// The user's editor preferences (GSettings `io.github.tandemedit.Tandem`), applied live to
/// every editor view. Without any schema, views keep their built-in defaults.
@MainActor
final class EditorPreferences {
    let settings: Settings?
    /// GNOME's desktop-wide light or dark preference (GNOME 42 and later), when installed.
    private let desktop: Settings?
    private var views: [WeakView] = []
    /// The prose side of each window, told when a prose preference changes.
    private var proseWindows: [WeakProse] = []
    private struct WeakProse { weak var prose: EditorProse? }
    /// Whether GTK's own settings asked for dark colours before Tandem set them.
    private let userPrefersDark = SourceView.prefersDarkColors
    private struct WeakView { weak var view: SourceView?; var lightweight: Bool }

    init() {
        settings = Settings.open(schemaID: TandemVersion.applicationID, orIn: AppData.schemaFolder)
        let interface = Settings.open(schemaID: "org.gnome.desktop.interface")
        desktop = interface?.hasKey("color-scheme") == true ? interface : nil
        documentFont = interface?.hasKey("document-font-name") == true ? interface?.string("document-font-name") ?? "Sans 11" : "Sans 11"
        desktop?.onChange("color-scheme") { [weak self] in self?.applyToAll("style-scheme") }
        guard let settings else { return }
        for key in Self.appliedKeys {
            settings.onChange(key) { [weak self] in self?.applyToAll(key) }
        }
        for key in EditorProse.followedKeys where settings.hasKey(key) {
            settings.onChange(key) { [weak self] in
                guard let self else { return }
                self.proseWindows.removeAll { $0.prose == nil }
                for entry in self.proseWindows { entry.prose?.update() }
            }
        }
    }

    /// Keeps `prose` up to date with the prose preferences from now on.
    func follow(_ prose: EditorProse) {
        proseWindows.removeAll { $0.prose == nil }
        proseWindows.append(WeakProse(prose: prose))
    }

    /// The desktop's font for documents (GNOME's "document-font-name"), which prose may be shown in.
    let documentFont: String

    /// The largest file that opens, in bytes (the `maximum-file-size` key; 2 GiB less a byte
    /// without a schema, or with one that predates the key).
    var maximumFileSize: Int64 {
        guard let settings, settings.hasKey("maximum-file-size") else { return FileInspection.defaultMaximumSize }
        return Int64(settings.uint("maximum-file-size"))
    }

    /// Whether the windows of the last session come back at launch.
    var restoresWindows: Bool { settings?.bool("restore-windows") ?? true }
    /// Whether files opened together share a window as tabs (of the window last used, or of a
    /// new one) instead of a window each.
    var opensFilesInTabs: Bool { settings?.bool("open-in-tabs") ?? true }

    /// Applies every preference to a new view, and keeps it up to date from now on. A
    /// `lightweight` view (a huge document) keeps wrapping and current-line highlighting off.
    /// Keys in `overridden` are the document's own (`.editorconfig`, its text) and are left alone.
    func adopt(_ view: SourceView, lightweight: Bool = false, overridden: Set<String> = []) {
        if lightweight {
            view.highlightsCurrentLine = false
            view.buffer.highlightsMatchingBrackets = false
        }
        guard let settings else { return }
        // Plain properties follow their keys by themselves (GSettings drops a binding with its view).
        settings.bind("show-line-numbers", to: view.lineNumbers, property: "visible")
        let bound = [("tab-width", "tab-width"),
                     ("insert-spaces", "insert-spaces-instead-of-tabs"), ("auto-indent", "auto-indent"),
                     ("highlight-current-line", "highlight-current-line"), ("show-right-margin", "show-right-margin"),
                     ("right-margin-position", "right-margin-position")]
        for (key, property) in bound where !(lightweight && key == "highlight-current-line") && !overridden.contains(key) {
            settings.bind(key, to: view, property: property)
        }
        views.removeAll { $0.view == nil }
        views.append(WeakView(view: view, lightweight: lightweight))
        for key in Self.appliedKeys { apply(key, to: view, settings: settings, lightweight: lightweight) }
    }

    /// Whether a GtkSourceView style scheme draws light text on dark (its id says so, as the
    /// schemes GtkSourceView ships name themselves).
    static func isDark(scheme id: String) -> Bool {
        id.indices.contains { id[$0...].hasPrefix("dark") } || ["oblivion", "cobalt"].contains(id)
    }

    /// The keys applied by hand (the others are bound to a property of the view).
    private static let appliedKeys = ["wrap", "font", "style-scheme", "smart-home-end", "show-whitespace", "word-completion"]

    private func applyToAll(_ key: String) {
        guard let settings else { return }
        views.removeAll { $0.view == nil }
        for entry in views { if let view = entry.view { apply(key, to: view, settings: settings, lightweight: entry.lightweight) } }
    }

    private func apply(_ key: String, to view: SourceView, settings: Settings, lightweight: Bool) {
        switch key {
        case "wrap": if !lightweight { view.setWraps(settings.bool("wrap")) }
        case "font": view.setFont(settings.string("font"))
        case "smart-home-end": view.hasSmartHomeEnd = settings.bool("smart-home-end")
        case "show-whitespace": view.showsWhitespace = settings.bool("show-whitespace")
        case "word-completion": view.completesWords = settings.bool("word-completion")
        case "style-scheme":
            let chosen = settings.string("style-scheme")
            let systemDark = desktop?.string("color-scheme") == "prefer-dark" || userPrefersDark
            let wantsDark = chosen.isEmpty ? systemDark : Self.isDark(scheme: chosen)
            SourceView.prefersDarkColors = wantsDark
            // A theme that is dark by itself (GTK_THEME=…:dark) needs a dark scheme too.
            let dark = wantsDark || view.themeIsDark
            view.setStyleScheme(chosen.isEmpty ? (dark ? "oblivion" : "classic") : chosen)
        default: break
        }
    }
}
