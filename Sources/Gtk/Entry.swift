import CGtk

/// A GtkEntry (or GtkSearchEntry) from a builder file.
@MainActor
public final class Entry: Widget {
    /// The text typed.
    public var text: String {
        get { String(cString: gtk_entry_get_text(UnsafeMutablePointer<GtkEntry>(OpaquePointer(raw)))) }
        set { gtk_entry_set_text(UnsafeMutablePointer<GtkEntry>(OpaquePointer(raw)), newValue) }
    }
    /// Selects all of the text (so typing replaces it).
    public func selectAll() { gtk_editable_select_region(OpaquePointer(raw), 0, -1) }
    /// Called after every change to the text.
    public func onChanged(_ handler: @escaping @MainActor () -> Void) { connect("changed", handler) }
    /// Shows the entry in the theme's error style with `message` as its tooltip (nil: as usual).
    public func showError(_ message: String?) {
        let context = gtk_widget_get_style_context(widget)
        if message != nil { gtk_style_context_add_class(context, "error") } else { gtk_style_context_remove_class(context, "error") }
        gtk_widget_set_tooltip_text(widget, message)
    }

    /// Called when the user presses Enter.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) { connect("activate", handler) }

    /// Calls `handler` for Shift+Enter in the entry (Find's previous match, as in gedit).
    public func onShiftEnter(_ handler: @escaping @MainActor () -> Void) {
        connectEvent("key-press-event") { event in
            let key = event.pointee.key
            guard key.keyval == UInt32(GDK_KEY_Return) || key.keyval == UInt32(GDK_KEY_KP_Enter),
                  key.state & GDK_SHIFT_MASK.rawValue != 0 else { return false }
            handler()
            return true
        }
    }
}
