import CGtk

/// A GtkPaned: two children side by side with a handle between them (a window split in two).
/// A hidden child gives its side to the other, and the handle goes with it.
@MainActor
public final class Paned: Container {
    private var paned: UnsafeMutablePointer<GtkPaned> { tandem_paned(raw) }

    /// Creates a paned laying its two children out left and right (`horizontal`) or top and bottom.
    public init(horizontal: Bool) {
        super.init(gtk_paned_new(horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL), ownership: .sink)
    }

    /// Puts `first` on the left (top) and `second` on the right (bottom); both grow with the
    /// window (unless `firstKeepsItsSize`: a side panel) and may be made smaller than they ask for.
    public func set(first: Widget, second: Widget, firstKeepsItsSize: Bool = false) {
        gtk_paned_pack1(paned, first.widget, firstKeepsItsSize ? 0 : 1, 0)
        gtk_paned_pack2(paned, second.widget, 1, 0)
    }

    /// Called when the handle moves (dragged, or the window resized).
    @discardableResult
    public func onPositionChanged(_ handler: @escaping @MainActor () -> Void) -> UInt {
        connect("notify::position", handler)
    }

    /// Puts the handle at `position` once the paned has its size with the children it shows
    /// now: a position set before that is scaled as the window settles (both sides grow with it).
    public func setPositionOnceAllocated(_ position: Int) {
        pendingPosition = position
        gtk_widget_queue_resize(widget)
        guard allocationWatch == nil else { return }
        allocationWatch = connect("size-allocate", ignoringOneArgument: true) { [weak self] in
            guard let self, self.pendingPosition != nil, gtk_widget_get_allocated_width(self.widget) > 1 else { return }
            // After this allocation, not inside it.
            self.positioner = IdleSource(priority: MainLoopPriority.withEvents) { [weak self] in
                if let self, let position = self.pendingPosition {
                    self.pendingPosition = nil
                    self.position = position
                }
                return false
            }
        }
    }

    private var pendingPosition: Int?
    private var allocationWatch: UInt?
    private var positioner: IdleSource?

    /// Where the handle is, or will be once the paned has its size.
    public var intendedPosition: Int { pendingPosition ?? position }

    /// Where the handle is, in pixels from the left (top).
    public var position: Int {
        get { Int(gtk_paned_get_position(paned)) }
        set { gtk_paned_set_position(paned, gint(newValue)) }
    }
}
