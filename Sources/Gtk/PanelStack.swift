import CGtk

/// The pages of a window's side panel, one shown at a time and chosen by the buttons above them,
/// as gedit's side panel switches between its documents and its file browser. Each page may
/// have an owner, kept as long as the panel is (the object that runs the page).
@MainActor
public final class PanelStack: Widget {
    private let stack: UnsafeMutablePointer<GtkStack>
    private var pages: [(name: String, widget: Widget, owner: AnyObject?)] = []

    public init() {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let rawStack = gtk_stack_new()!
        stack = UnsafeMutablePointer<GtkStack>(OpaquePointer(rawStack))
        super.init(UnsafeMutableRawPointer(box), ownership: .sink)
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(UnsafeMutablePointer<GtkStackSwitcher>(OpaquePointer(switcher)), stack)
        gtk_widget_set_halign(switcher, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(switcher, 4)
        gtk_widget_set_margin_bottom(switcher, 4)
        let container = tandem_container(box)
        gtk_container_add(container, switcher)
        gtk_container_add(container, rawStack)
        gtk_widget_set_vexpand(rawStack, 1)
        // F6 into the panel reaches the page shown (the tree, the field to find), not its buttons.
        tandem_container_focus_first(container, rawStack, switcher)
        gtk_widget_set_size_request(widget, 120, -1)
        gtk_widget_show_all(widget)
    }

    /// Adds a page named `name` (the program's own), its button saying `title`.
    public func addPage(_ page: Widget, name: String, title: String, owner: AnyObject? = nil) {
        pages.append((name, page, owner))
        gtk_stack_add_titled(stack, page.widget, name, title)
        page.show()
    }

    /// The page named `name`, and its owner.
    public func page(_ name: String) -> Widget? { pages.first { $0.name == name }?.widget }
    public func owner(of name: String) -> AnyObject? { pages.first { $0.name == name }?.owner }

    /// The page shown (its name).
    public var shownPage: String? {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(stack, newValue) } }
    }
}
