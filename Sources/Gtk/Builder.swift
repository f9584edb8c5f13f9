import CGtk

/// A GtkBuilder: a window or bar declared in one of Tandem's UI files, its widgets found by id.
@MainActor
public final class Builder: Object {
    /// Builds the objects of the app's UI file `name` ("find-bar.ui", in its bundle, see
    /// `UIBundle`); properties marked translatable="yes" are translated. A file missing from
    /// the bundle is a broken installation, said as such.
    public init(file name: String) {
        let builder = gtk_builder_new()!
        gtk_builder_set_translation_domain(builder, UIBundle.translationDomain)
        var error: UnsafeMutablePointer<GError>?
        if !UIBundle.isRegistered || gtk_builder_add_from_resource(builder, UIBundle.prefix + name, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "the interface files are not installed"
            g_clear_error(&error)
            preconditionFailure("UI file \(name) cannot be built: \(message)")
        }
        super.init(UnsafeMutableRawPointer(builder), ownership: .adopt)
    }

    /// The object with `id`, or nil: the one place the builder is asked.
    private func pointer(_ id: String) -> UnsafeMutableRawPointer? {
        gtk_builder_get_object(UnsafeMutablePointer<GtkBuilder>(OpaquePointer(raw)), id).map { UnsafeMutableRawPointer($0) }
    }

    /// The widget with `id`, or nil.
    public func widget(_ id: String) -> Widget? {
        pointer(id).map { Widget($0, ownership: .sink) }
    }

    /// Shows the window with `id` over `parent`. With `hidesOnClose`, closing only hides it, to
    /// show it again later: GTK 3's accessibility bridge logs criticals when a window it has
    /// walked (GtkShortcutsWindow) is destroyed.
    public func presentWindow(_ id: String, over parent: DialogParent?, hidesOnClose: Bool = false) {
        guard let object = pointer(id) else { return }
        guard let window = tandem_window(object) else { return }
        if let parent { gtk_window_set_transient_for(window, tandem_window(parent.window.raw)) }
        guard !presented.contains(id) else { return WaylandActivation.present(window) }
        presented.insert(id)
        if hidesOnClose { tandem_window_hide_on_close(window) }
        // A secondary window closes with Escape, as the HIG asks (dialogs do so by themselves).
        widget(id)?.onEscape { gtk_window_close(window) }
        gtk_widget_show_all(tandem_widget(object))  // builder widgets start hidden in GTK 3
        WaylandActivation.present(window)
    }

    /// The windows shown so far, so that showing one again does not connect its handlers twice.
    private var presented: Set<String> = []

    /// The object `id` of this builder's file, which must declare it: a missing one is a UI file
    /// out of step with the code, said as such.
    func declared(_ id: String) -> UnsafeMutableRawPointer {
        guard let object = pointer(id) else { preconditionFailure("the UI file declares no object \"\(id)\"") }
        return object
    }

    /// The header bar `id`.
    public func headerBar(_ id: String) -> HeaderBar { HeaderBar(built: declared(id)) }
    /// The box `id`.
    public func box(_ id: String) -> Box { Box(built: declared(id)) }
    /// The label `id`.
    public func label(_ id: String) -> Label { Label(built: declared(id)) }
    /// The progress bar `id`.
    public func progressBar(_ id: String) -> ProgressBar { ProgressBar(built: declared(id)) }
    /// The scrolled window `id`.
    public func scrolledWindow(_ id: String) -> ScrolledWindow { ScrolledWindow(built: declared(id)) }
    /// The vertical scrollbar `id`, over its own adjustment.
    public func scrollbar(_ id: String) -> Scrollbar { Scrollbar(built: declared(id)) }
    /// The menu (`<menu>` or one of its sections) `id`.
    public func menu(_ id: String) -> Menu { Menu(built: declared(id)) }
    /// The menu button `id`, showing `menu` (its widgets are made on the first press).
    public func menuButton(_ id: String, menu: Menu) -> MenuButton { MenuButton(built: declared(id), menu: menu) }

    /// The entry with `id`, or nil.
    public func entry(_ id: String) -> Entry? {
        pointer(id).map { Entry($0, ownership: .sink) }
    }

    /// Runs `handler` on a parameterless signal ("clicked", "toggled", "stop-search") of widget `id`.
    public func on(_ id: String, _ signal: String, _ handler: @escaping @MainActor () -> Void) {
        widget(id)?.connect(signal, handler)
    }

    /// Whether the toggle or check button `id` is on.
    public func isActive(_ id: String) -> Bool {
        guard let object = pointer(id) else { return false }
        return tandem_object_get_bool(object, "active") != 0
    }

    /// Turns the toggle or check button `id` on or off, as a click would.
    public func setActive(_ id: String, _ active: Bool) {
        guard let object = pointer(id) else { return }
        tandem_object_set_bool(object, "active", active ? 1 : 0)
    }

    /// Sets the text of the label `id`.
    public func setLabel(_ id: String, _ text: String) {
        guard let object = pointer(id) else { return }
        gtk_label_set_text(tandem_label(object), text)
    }

    /// Any object with `id` (an adjustment, say), or nil.
    public func object(_ id: String) -> Object? {
        pointer(id).map { Object($0, ownership: .sink) }
    }
}
