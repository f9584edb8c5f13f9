import CGtk
import Localization

/// A GtkInfoBar with one message and a close button; hidden until a message is shown.
@MainActor
public final class InfoBar: Widget {
    /// Severity, mapped to GTK's message types (and colours).
    public enum Kind { case info, warning, error }

    private let label = Label()

    /// Called with a button's id when the user presses it (the bar then hides).
    public var onButton: (@MainActor (Int) -> Void)?

    /// Creates a hidden info bar with buttons (label with mnemonic, positive id) and a close button.
    public init(buttons: [(label: String, id: Int)] = []) {
        super.init(gtk_info_bar_new(), ownership: .sink)
        let bar = tandem_info_bar(raw)
        gtk_info_bar_set_show_close_button(bar, 1)
        tandem_info_bar_name_close_button(bar, localized("Close"))
        gtk_container_add(tandem_container(gtk_info_bar_get_content_area(bar)), label.widget)
        for button in buttons { _ = gtk_info_bar_add_button(bar, button.label, gint(button.id)) }
        label.show()
        connectInt("response") { [weak self] response in
            guard let self else { return }
            self.dismiss()
            if response > 0 { self.onButton?(response) }
        }
        gtk_widget_set_no_show_all(widget, 1)
    }

    /// Shows `message`; a second message while one is shown is added below it.
    public func show(_ message: String, kind: Kind) {
        let type: GtkMessageType = switch kind {
        case .info: GTK_MESSAGE_INFO
        case .warning: GTK_MESSAGE_WARNING
        case .error: GTK_MESSAGE_ERROR
        }
        gtk_info_bar_set_message_type(tandem_info_bar(raw), type)
        label.text = isVisible && !label.text.isEmpty ? label.text + "\n" + message : message
        show()
    }

    /// Hides the bar and forgets its message.
    public func dismiss() {
        hide()
        label.text = ""
    }
}
