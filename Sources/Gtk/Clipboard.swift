import CGtk

/// The desktop's clipboard (CLIPBOARD, what Ctrl+V pastes elsewhere).
@MainActor
public enum Clipboard {
    /// Puts `text` on the clipboard.
    public static func copy(_ text: String) {
        guard let display = gdk_display_get_default(),
              let clipboard = gtk_clipboard_get_for_display(display, gdk_atom_intern_static_string("CLIPBOARD")) else { return }
        gtk_clipboard_set_text(clipboard, text, -1)
        // Kept for other programs after Tandem quits, where the desktop has a clipboard manager.
        gtk_clipboard_store(clipboard)
    }
}
