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
    /// Called when the user presses Enter.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) { connect("activate", handler) }
}
