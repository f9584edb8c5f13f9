import CGtk

/// A GtkNotebook: a window's tabs, one page per scene. The tab strip shows only while there is
/// more than one page. Pages can be reordered, dragged to a notebook of the same group in another
/// window, or dropped outside any window (`onCreateWindow` gives the notebook that takes them).
@MainActor
public final class Notebook: Container {
    /// Each page's wrapper by its widget: a page dragged in from another notebook arrives as a
    /// bare widget, and its handlers are given the wrapper its first notebook was given.
    private static var wrappers: [UnsafeMutableRawPointer: WeakWidget] = [:]
    private struct WeakWidget { weak var widget: Widget? }

    private var notebook: UnsafeMutablePointer<GtkNotebook> { tandem_notebook(raw) }

    /// Creates an empty notebook whose tabs may be dragged to others of `group`.
    public init(group: String) {
        super.init(gtk_notebook_new(), ownership: .sink)
        gtk_notebook_set_scrollable(notebook, 1)
        gtk_notebook_set_show_border(notebook, 0)
        gtk_notebook_set_group_name(notebook, group)
        gtk_notebook_set_show_tabs(notebook, 0)
        // One page looks like a plain window: the strip comes with the second.
        connectPageAndIndex("page-added") { [weak self] _, _ in self?.showTabsIfMany() }
        connectPageAndIndex("page-removed") { [weak self] _, _ in
            guard let self else { return }
            // GTK's accessible of the page that left reads its tab label once the page is gone,
            // from the notebook it left (a critical warning), unless the strip is hidden; this
            // handler runs before the accessible's, and the strip comes back before the frame.
            gtk_notebook_set_show_tabs(self.notebook, 0)
            self.stripRestorer = IdleSource(priority: MainLoopPriority.beforeResize) { [weak self] in
                self?.showTabsIfMany()
                return false
            }
        }
        connect("drag-end", ignoringOneArgument: true) { TabDrag.releaseDragWindowsSoon() }
        // The same as the window goes: its pages leave one by one after this.
        onDestroy { [weak self] in
            guard let self else { return }
            self.stripRestorer?.cancel()
            gtk_notebook_set_show_tabs(self.notebook, 0)
        }
    }

    private var stripRestorer: IdleSource?

    /// Shows the strip even for one tab (each side of a split window names what it shows).
    public var showsSingleTab = false {
        didSet { if oldValue != showsSingleTab { showTabsIfMany() } }
    }

    private func showTabsIfMany() {
        gtk_notebook_set_show_tabs(notebook, count > 1 || (showsSingleTab && count == 1) ? 1 : 0)
    }

    /// How many pages there are.
    public var count: Int { Int(gtk_notebook_get_n_pages(notebook)) }

    /// Where `page` is among the tabs (0: first), nil when it is not one of them.
    public func index(of page: Widget) -> Int? {
        let index = gtk_notebook_page_num(notebook, page.widget)
        return index < 0 ? nil : Int(index)
    }

    /// The pages in tab order.
    public var pages: [Widget] {
        (0..<gtk_notebook_get_n_pages(notebook)).compactMap { Self.wrapper(of: gtk_notebook_get_nth_page(notebook, $0)) }
    }

    /// The page shown, nil when there is none.
    public var currentPage: Widget? {
        let index = gtk_notebook_get_current_page(notebook)
        return index < 0 ? nil : Self.wrapper(of: gtk_notebook_get_nth_page(notebook, index))
    }

    /// Shows `page`.
    public func select(_ page: Widget) {
        guard let index = index(of: page) else { return }
        gtk_notebook_set_current_page(notebook, gint(index))
    }

    /// Adds `page` at `index` (nil: last) with `label` on its tab; it may be reordered and dragged away.
    public func insert(_ page: Widget, label: Widget, at index: Int? = nil) {
        Self.wrappers[page.raw] = WeakWidget(widget: page)
        gtk_notebook_insert_page(notebook, page.widget, label.widget, gint(index ?? -1))
        gtk_notebook_set_tab_reorderable(notebook, page.widget, 1)
        gtk_notebook_set_tab_detachable(notebook, page.widget, 1)
    }

    /// Takes `page` out (its wrapper keeps it, and its tab's label, alive to go elsewhere).
    public func remove(_ page: Widget) {
        guard let index = index(of: page) else { return }
        gtk_notebook_remove_page(notebook, gint(index))
    }

    /// Moves `page` to `index` among the tabs.
    public func move(_ page: Widget, to index: Int) {
        gtk_notebook_reorder_child(notebook, page.widget, gint(index))
    }

    /// Called with the page about to be shown.
    public func onSwitchPage(_ handler: @escaping @MainActor (Widget) -> Void) {
        connectPageAndIndex("switch-page") { page, _ in handler(page) }
    }

    /// Called when a page arrives, added here or dragged in from another notebook, with its index.
    public func onPageAdded(_ handler: @escaping @MainActor (Widget, Int) -> Void) {
        connectPageAndIndex("page-added", handler)
    }

    /// Called when a page leaves: taken out here, or dragged to another notebook.
    public func onPageRemoved(_ handler: @escaping @MainActor (Widget) -> Void) {
        connectPageAndIndex("page-removed") { page, _ in handler(page) }
    }

    /// Called when the user drags a tab to another place in the strip.
    public func onPageReordered(_ handler: @escaping @MainActor (Widget, Int) -> Void) {
        connectPageAndIndex("page-reordered", handler)
    }

    /// Called when a tab is dropped outside any window: return the notebook (of a new window)
    /// that takes the page, or nil to leave it where it was.
    public func onCreateWindow(_ handler: @escaping @MainActor (Widget, _ x: Int, _ y: Int) -> Notebook?) {
        let box = SignalBox<CreateWindowHandler> { pointer, x, y in
            guard let page = Self.wrapper(of: pointer) else { return nil }
            return handler(page, x, y).map { tandem_notebook($0.raw) }
        }
        _ = connectRaw("create-window", unsafeBitCast(createWindowTrampoline, to: GCallback.self), box,
                       shape: SignalShape(arguments: 3, returnsValue: true))
    }

    private func connectPageAndIndex(_ signal: String, _ handler: @escaping @MainActor (Widget, Int) -> Void) {
        let box = SignalBox<PageHandler> { pointer, index in
            guard let page = Self.wrapper(of: pointer) else { return }
            handler(page, index)
        }
        _ = connectRaw(signal, unsafeBitCast(pageTrampoline, to: GCallback.self), box, shape: SignalShape(arguments: 2))
    }

    private static func wrapper(of pointer: UnsafeMutablePointer<GtkWidget>?) -> Widget? {
        guard let pointer else { return nil }
        let key = UnsafeMutableRawPointer(pointer)
        guard let widget = wrappers[key]?.widget else {
            wrappers[key] = nil
            return nil
        }
        return widget
    }
}

typealias PageHandler = @MainActor (UnsafeMutablePointer<GtkWidget>?, Int) -> Void

// GtkNotebook::switch-page, page-added, page-removed, page-reordered (notebook, page, index, user_data).
private let pageTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GtkWidget>?, guint, gpointer?) -> Void = { _, page, index, data in
    let handler = SignalBox<PageHandler>.from(data)
    nonisolated(unsafe) let widget = page  // main thread only, for this call
    MainActor.assumeIsolated { handler(widget, Int(index)) }
}

typealias CreateWindowHandler = @MainActor (UnsafeMutablePointer<GtkWidget>?, Int, Int) -> UnsafeMutablePointer<GtkNotebook>?

// GtkNotebook::create-window (notebook, page, x, y, user_data) -> the notebook that takes the page.
private let createWindowTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GtkWidget>?, gint, gint, gpointer?) -> UnsafeMutablePointer<GtkNotebook>? = { _, page, x, y, data in
    let handler = SignalBox<CreateWindowHandler>.from(data)
    nonisolated(unsafe) let widget = page  // main thread only, for this call
    // The notebook crosses back as its address: a pointer is not Sendable.
    let address = MainActor.assumeIsolated { handler(widget, Int(x), Int(y)).map { UInt(bitPattern: $0) } ?? 0 }
    return UnsafeMutablePointer(bitPattern: address)
}
