import CGtk

/// Any GTK widget Tandem builds.
@MainActor
open class Widget: Object {
    var widget: UnsafeMutablePointer<GtkWidget> { tandem_widget(raw) }

    /// Shows the widget and its children.
    public func showAll() { gtk_widget_show_all(widget) }
    /// Shows the widget.
    public func show() { gtk_widget_show(widget) }
    /// Hides the widget.
    public func hide() { gtk_widget_hide(widget) }
    /// Whether the widget is set to be shown.
    public var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }
    /// Destroys the widget (a toplevel window closes for good).
    public func destroy() { gtk_widget_destroy(widget) }
    /// Gives the widget keyboard focus.
    public func grabFocus() { gtk_widget_grab_focus(widget) }
    /// Whether it takes input (a button that cannot act now is greyed out).
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// Sets whether the widget asks for extra space in both directions.
    public func setExpands(_ expands: Bool) {
        gtk_widget_set_hexpand(widget, expands ? 1 : 0)
        gtk_widget_set_vexpand(widget, expands ? 1 : 0)
    }

    /// Calls `handler` when Escape is pressed in this widget or any widget inside it that did not
    /// take the key itself (an entry does not), and stops the key there.
    public func onEscape(_ handler: @escaping @MainActor () -> Void) {
        connectEvent("key-press-event") { event in
            guard event.pointee.key.keyval == UInt32(GDK_KEY_Escape) else { return false }
            handler()
            return true
        }
    }

    /// The text shown when the pointer rests on the widget (screen readers read it as its description).
    public var tooltip: String? {
        get {
            guard let text = gtk_widget_get_tooltip_text(widget) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// The accessible name screen readers and AT-SPI clients see.
    public func setAccessibleName(_ name: String) {
        atk_object_set_name(gtk_widget_get_accessible(widget), name)
    }

    /// The accessible name as screen readers read it now.
    var accessibleName: String {
        atk_object_get_name(gtk_widget_get_accessible(widget)).map { String(cString: $0) } ?? ""
    }

    /// The least width the widget asks for, in pixels (0 while it is hidden).
    var minimumWidth: Int {
        var minimum: gint = 0
        gtk_widget_get_preferred_width(widget, &minimum, nil)
        return Int(minimum)
    }

    /// Runs `action` now if the widget is on screen, else once, when it is mapped: by then it has
    /// its style and size, so what `action` measures (a scroll position) stays true.
    public func whenShown(_ action: @escaping @MainActor () -> Void) {
        guard gtk_widget_get_mapped(widget) == 0 else { return action() }
        let connection = OneShot()
        connection.id = connect("map") { [weak self, connection] in
            self?.disconnect(connection.id)
            action()
        }
    }

    /// Runs `action` once, after the widget next draws itself (a benchmark's first paint).
    public func afterNextDraw(_ action: @escaping @MainActor () -> Void) {
        let connection = OneShot()
        connection.id = connectDraw(after: true) { [weak self, connection] _ in
            self?.disconnect(connection.id)
            action()
            return false
        }
    }

    /// Called once when the widget is destroyed.
    @discardableResult
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> UInt {
        connect("destroy", handler)
    }
}

/// A widget that holds children.
@MainActor
open class Container: Widget {
    /// Adds a child (for single-child containers, the child).
    public func add(_ child: Widget) {
        gtk_container_add(tandem_container(raw), child.widget)
    }
}

/// The handler id of a connection that disconnects itself the first time it runs.
@MainActor
private final class OneShot {
    var id: UInt = 0
}
