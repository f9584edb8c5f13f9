import CGtk

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

    /// Creates a hidden info bar with buttons (label with mnemonic, positive id) and a close
    /// button, which screen readers call `closeName`.
    public init(buttons: [(label: String, id: Int)] = [], closeName: String) {
        super.init(gtk_info_bar_new(), ownership: .sink)
        let bar = tandem_info_bar(raw)
        gtk_info_bar_set_show_close_button(bar, 1)
        nameCloseButton(of: bar, closeName)
        gtk_container_add(tandem_container(gtk_info_bar_get_content_area(bar)), label.widget)
        for button in buttons { self.buttons[button.id] = gtk_info_bar_add_button(bar, button.label, gint(button.id)) }
        label.show()
        moveCloseButtonAmongTheButtons(of: bar)
        // A banner narrower than its text and buttons side by side (a split, a narrow window)
        // puts its buttons under the text, instead of wrapping the text into a one-word column
        // and widening the window to fit both.
        connect("size-allocate", ignoringOneArgument: true) { [weak self] in self?.fitToWidth() }
        connectInt("response") { [weak self] response in
            guard let self else { return }
            self.dismiss()
            if response > 0 { self.onButton?(response) } else { self.onClose?() }
        }
        gtk_widget_set_no_show_all(widget, 1)
    }

    /// The box GtkInfoBar lays its text and buttons out in, side by side (or stacked).
    private var layoutBox: UnsafeMutablePointer<GtkWidget>? {
        gtk_widget_get_parent(gtk_info_bar_get_content_area(tandem_info_bar(raw)))
    }

    /// GtkInfoBar's own close button, moved to the end of the row of buttons.
    private var closeButton: UnsafeMutablePointer<GtkWidget>?
    /// Whether the buttons are under the text.
    private(set) var isStacked = false
    private var refit: IdleSource?

    /// The narrowest the bar may be with its text beside its buttons, measured as a message
    /// shows (not at every allocation: a bar shown is allocated as the window lays out).
    private var sideBySideWidth: Int32 = 0

    /// Room for about 24 characters of text, and the buttons shown as they are side by side
    /// (each as wide as the widest, the close button as itself), whichever way they are now.
    private func measureSideBySideWidth() -> Int32 {
        guard let area = gtk_info_bar_get_action_area(tandem_info_bar(raw)) else { return 0 }
        var widest: gint = 0, count: gint = 0, close: gint = 0
        for child in internalChildren(of: UnsafeMutableRawPointer(area)) where gtk_widget_get_visible(child) != 0 {
            var natural: gint = 0
            gtk_widget_get_preferred_width(child, nil, &natural)
            if child == closeButton { close = natural } else { widest = max(widest, natural); count += 1 }
        }
        let spacing = gtk_box_get_spacing(tandem_box(area))
        var text: gint = 0
        if let layout = gtk_widget_create_pango_layout(label.widget, String(repeating: "n", count: 24)) {
            pango_layout_get_pixel_size(layout, &text, nil)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        return count * widest + close + spacing * count + text + 24
    }

    /// Stacks the buttons under the text when the width the bar has (or its parent has, before
    /// the bar is shown) is less than they need side by side; after the allocation, not in it.
    private func fitToWidth(width known: Int32? = nil) {
        let width = known ?? gtk_widget_get_allocated_width(widget)
        guard width > 1, sideBySideWidth > 0 else { return }
        let stack = width < sideBySideWidth
        guard stack != isStacked else { return }
        if known != nil { return setStacked(stack) }
        refit?.cancel()
        refit = IdleSource(priority: MainLoopPriority.withResize) { [weak self] in
            self?.refit = nil
            self?.setStacked(stack)
            return false
        }
    }

    private func setStacked(_ stacked: Bool) {
        guard let box = layoutBox else { return }
        isStacked = stacked
        gtk_orientable_set_orientation(OpaquePointer(box),
                                       stacked ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
        if let area = gtk_info_bar_get_action_area(tandem_info_bar(raw)) {
            gtk_widget_set_halign(area, stacked ? GTK_ALIGN_END : GTK_ALIGN_FILL)
            // Stacked, each button only as wide as its label: the row fits a narrow side. The
            // close button is only as wide as its icon either way.
            let buttonBox = UnsafeMutablePointer<GtkButtonBox>(OpaquePointer(area))
            for button in internalChildren(of: UnsafeMutableRawPointer(area)) {
                gtk_button_box_set_child_non_homogeneous(buttonBox, button, stacked || button == closeButton ? 1 : 0)
            }
        }
    }

    /// Puts GtkInfoBar's close button at the end of the row of buttons, so it stays with them
    /// when they go under the text (GtkInfoBar keeps it apart, beside its action area).
    private func moveCloseButtonAmongTheButtons(of bar: UnsafeMutablePointer<GtkInfoBar>?) {
        guard let bar, let area = gtk_info_bar_get_action_area(bar), let box = layoutBox else { return }
        let close = internalChildren(of: UnsafeMutableRawPointer(box)).first { tandem_is_button($0) != 0 }
        guard let close else { return }
        g_object_ref(UnsafeMutableRawPointer(close))
        gtk_container_remove(tandem_container(box), close)
        gtk_box_pack_end(tandem_box(area), close, 0, 0, 0)
        gtk_button_box_set_child_non_homogeneous(UnsafeMutablePointer<GtkButtonBox>(OpaquePointer(area)), close, 1)
        g_object_unref(UnsafeMutableRawPointer(close))
        closeButton = close
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
        sideBySideWidth = measureSideBySideWidth()
        // Laid out for the width there is before it shows, so the window never grows to fit it;
        // with no width known yet (a window being built), stacked until it has one.
        if !isVisible {
            let parentWidth = gtk_widget_get_parent(widget).map { gtk_widget_get_allocated_width($0) } ?? 0
            if parentWidth > 1 { fitToWidth(width: parentWidth) } else { setStacked(true) }
        }
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
