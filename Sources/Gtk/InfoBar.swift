import CGtk
import Localization

/// A GtkInfoBar with one message and a close button; hidden until a message is shown. A new
/// message replaces the one shown: a bar says one thing, never a log of things.
@MainActor
public final class InfoBar: Widget {
    /// Severity, mapped to GTK's message types (and colours).
    public enum Kind { case info, warning, error }

    private let label = Label()
    /// The bar's buttons by response id.
    private var buttons: [Int: UnsafeMutablePointer<GtkWidget>] = [:]

    /// Called with a button's id when the user presses it (the bar then hides).
    public var onButton: (@MainActor (Int) -> Void)?
    /// Called when the user closes the bar with its close button or Escape.
    public var onClose: (@MainActor () -> Void)?

    /// Creates a hidden info bar with buttons (label with mnemonic, positive id) and a close button.
    public init(buttons: [(label: String, id: Int)] = []) {
        super.init(gtk_info_bar_new(), ownership: .sink)
        let bar = tandem_info_bar(raw)
        gtk_info_bar_set_show_close_button(bar, 1)
        nameCloseButton(of: bar, localized("Close"))
        gtk_container_add(tandem_container(gtk_info_bar_get_content_area(bar)), label.widget)
        for button in buttons { self.buttons[button.id] = gtk_info_bar_add_button(bar, button.label, gint(button.id)) }
        label.show()
        connectInt("response") { [weak self] response in
            guard let self else { return }
            self.dismiss()
            if response > 0 { self.onButton?(response) } else { self.onClose?() }
        }
        gtk_widget_set_no_show_all(widget, 1)
    }

    /// Names GtkInfoBar's own close button (GTK leaves it without an accessible name): the one
    /// button among the bar's internal children outside its action area, which holds ours.
    private func nameCloseButton(of bar: UnsafeMutablePointer<GtkInfoBar>?, _ name: String) {
        guard let bar else { return }
        let actionArea = gtk_info_bar_get_action_area(bar)
        var pending = internalChildren(of: UnsafeMutableRawPointer(bar))
        while let child = pending.popLast() {
            guard UnsafeMutableRawPointer(child) != UnsafeMutableRawPointer(actionArea) else { continue }
            if tandem_is_button(child) != 0 {
                atk_object_set_name(gtk_widget_get_accessible(child), name)
                gtk_widget_set_tooltip_text(child, name)
            } else if tandem_is_container(child) != 0 {
                pending += internalChildren(of: UnsafeMutableRawPointer(child))
            }
        }
    }

    /// Every child of `container`, its internal ones too (gtk_container_forall).
    private func internalChildren(of container: UnsafeMutableRawPointer) -> [UnsafeMutablePointer<GtkWidget>] {
        var children: [UnsafeMutablePointer<GtkWidget>] = []
        withUnsafeMutablePointer(to: &children) { list in
            gtk_container_forall(tandem_container(container), { child, list in
                guard let child, let list else { return }
                list.assumingMemoryBound(to: [UnsafeMutablePointer<GtkWidget>].self).pointee.append(child)
            }, list)
        }
        return children
    }

    /// The message shown (empty while hidden).
    public var message: String { isVisible ? label.text : "" }

    /// Shows `message` in place of any other, with the buttons in `offering` (nil: all of them).
    public func show(_ message: String, kind: Kind, offering: Set<Int>? = nil) {
        let type: GtkMessageType = switch kind {
        case .info: GTK_MESSAGE_INFO
        case .warning: GTK_MESSAGE_WARNING
        case .error: GTK_MESSAGE_ERROR
        }
        let bar = tandem_info_bar(raw)
        gtk_info_bar_set_message_type(bar, type)
        for (id, button) in buttons {
            if offering?.contains(id) ?? true { gtk_widget_show(button) } else { gtk_widget_hide(button) }
        }
        if label.text != message { label.text = message }
        show()
    }

    /// Whether the bar shows the button with response `id` now.
    public func offers(_ id: Int) -> Bool { buttons[id].map { gtk_widget_get_visible($0) != 0 } ?? false }

    /// Hides the bar and forgets its message.
    public func dismiss() {
        hide()
        label.text = ""
    }
}
