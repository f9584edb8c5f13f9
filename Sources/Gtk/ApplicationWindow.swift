import CGtk

/// A top-level GtkApplicationWindow belonging to a `NativeApplication`.
@MainActor
public final class ApplicationWindow: Container {
    /// Creates a hidden window registered with `application` (which then keeps running while it exists).
    public init(application: NativeApplication) {
        super.init(gtk_application_window_new(application.gtkApplication), ownership: .sink)
        gtk_application_window_set_show_menubar(OpaquePointer(raw).map { UnsafeMutablePointer<GtkApplicationWindow>($0) }, 0)
        // Where the window manager last put the window while it was on screen: once it is hidden
        // (closing, quitting) GTK no longer knows, and a record taken then would lose the place.
        _ = connectEvent("configure-event") { [weak self] _ in
            guard let self, self.isPlaced else { return false }
            var x: gint = 0, y: gint = 0
            gtk_window_get_position(self.window, &x, &y)
            self.lastPosition = (Int(x), Int(y))
            return false
        }
        // A move asked for while the window was on its way to the screen can reach the window
        // manager before the window and be overruled by its own placement: asked again once
        // the window is there.
        // A move asked for while the window was on its way to the screen can reach the window
        // manager before the window and be overruled by its own placement: asked again once
        // the window is there.
        _ = connectEvent("map-event") { [weak self] _ in
            guard let self else { return false }
            self.isOnScreen = true
            guard let place = self.pendingPlace else { return false }
            self.pendingPlace = nil
            var x: gint = 0, y: gint = 0
            gtk_window_get_position(self.window, &x, &y)
            if (Int(x), Int(y)) != place { gtk_window_move(self.window, gint(place.x), gint(place.y)) }
            return false
        }
        _ = connectEvent("unmap-event") { [weak self] _ in
            self?.isOnScreen = false
            return false
        }
        connect("realize") { [weak self] in self?.flushAfterEachFrame() }
    }

    /// The window with the focus sends its frame to the display as soon as it is drawn, not
    /// after every other window due in the same turn of the loop has drawn too (eight windows
    /// on one document: each key redraws all of them, and the one typed in waited for the rest).
    private func flushAfterEachFrame() {
        guard let raw = gtk_widget_get_frame_clock(widget) else { return }
        let clock = Object(UnsafeMutableRawPointer(raw), ownership: .sink)
        clock.connect("after-paint") { [weak self] in
            guard let self, gtk_window_is_active(self.window) != 0 else { return }
            gdk_display_flush(gtk_widget_get_display(self.widget))
        }
        frameClock = clock
    }

    private var frameClock: Object?

    private var lastPosition: (x: Int, y: Int)?
    /// Finds out when the window is hidden on Wayland (see `onVisibilityChanged`).
    private var visibilityProbe: VisibilityProbe?
    private var requestedPosition: (x: Int, y: Int)?
    /// A place asked for before the window was on screen, to be asked again once it is.
    private var pendingPlace: (x: Int, y: Int)?

    private var window: UnsafeMutablePointer<GtkWindow> { tandem_window(raw) }

    /// The window title (shown by the header bar when it has none of its own).
    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    /// Replaces the title bar with a header bar (the shown tab's, swapped as tabs are).
    public func setTitlebar(_ titlebar: Widget) { gtk_window_set_titlebar(window, titlebar.widget) }

    /// Size used when the window is first shown.
    public func setDefaultSize(width: Int, height: Int) { gtk_window_set_default_size(window, gint(width), gint(height)) }

    /// Current size in application pixels.
    public var size: (width: Int, height: Int) {
        var w: gint = 0, h: gint = 0
        gtk_window_get_size(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The window's position on screen, as the window manager reports it (while hidden: where it
    /// last was, else where it was asked to go). Asked of the server while it is shown: a window
    /// manager's move need not send the client a configure event (openbox after `xdotool
    /// windowmove`), so the last one's place can be stale.
    public var position: (x: Int, y: Int) {
        if !isPlaced, let place = lastPosition ?? requestedPosition { return place }
        var x: gint = 0, y: gint = 0
        gtk_window_get_position(window, &x, &y)
        return (Int(x), Int(y))
    }
    /// Where the window is known to be: on screen, where it is; hidden, where it last was or was
    /// asked to go; nil for a window not yet shown that the window manager will place, and
    /// always on a display where windows cannot be placed by the app (Wayland).
    public var knownPosition: (x: Int, y: Int)? {
        guard Self.canBePlaced else { return nil }
        return isPlaced || lastPosition != nil || requestedPosition != nil ? position : nil
    }
    /// Whether the window is on screen where the window manager put it. GTK calls a window
    /// mapped (and not withdrawn) as soon as it asks for the map; until the server says it is
    /// mapped (a reparenting window manager maps it once placed) the server's answer is where
    /// it was made, the top left.
    private var isPlaced: Bool { isOnScreen && gtk_widget_get_mapped(widget) != 0 }
    /// Set by the server's map notice, cleared by its unmap notice.
    private var isOnScreen = false
    /// Whether an app may read and set where its windows are (X11; never on Wayland, where the
    /// compositor places them and `gtk_window_move` does nothing).
    public static var canBePlaced: Bool { DisplayBackend.current == .x11 }
    /// Asks the window manager to place the window (it may not). Before the window is shown the
    /// place is marked as the user's own: GTK marks it so only until its next hints update, which
    /// can reach the X server before the window manager reads the hints of the map, and then
    /// the window manager places the window where it likes.
    public func move(x: Int, y: Int) {
        guard Self.canBePlaced else { return }
        requestedPosition = (x, y)
        if !isPlaced {
            pendingPlace = (x, y)
            var geometry = GdkGeometry()
            gtk_window_set_geometry_hints(window, nil, &geometry, GDK_HINT_USER_POS)
        }
        gtk_window_move(window, gint(x), gint(y))
    }
    /// The part of the primary monitor (else the first) that windows may cover, without panels
    /// and docks: x, y, width, height in application pixels; nil when there is no display.
    public static var workArea: (x: Int, y: Int, width: Int, height: Int)? {
        guard let display = gdk_display_get_default(),
              let monitor = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0) else { return nil }
        var area = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &area)
        return (Int(area.x), Int(area.y), Int(area.width), Int(area.height))
    }
    /// The work area of every monitor, as `workArea` gives the primary's.
    public static var workAreas: [(x: Int, y: Int, width: Int, height: Int)] {
        guard let display = gdk_display_get_default() else { return [] }
        return (0..<gdk_display_get_n_monitors(display)).compactMap { index in
            guard let monitor = gdk_display_get_monitor(display, index) else { return nil }
            var area = GdkRectangle()
            gdk_monitor_get_workarea(monitor, &area)
            return (Int(area.x), Int(area.y), Int(area.width), Int(area.height))
        }
    }
    /// Asks for the window to be maximized.
    public func maximize() { gtk_window_maximize(window) }
    /// Asks for the window to be fullscreen.
    public func fullscreen() { gtk_window_fullscreen(window) }
    /// Whether the window is fullscreen now.
    public var isFullscreen: Bool {
        guard let gdkWindow = gtk_widget_get_window(widget) else { return false }
        return gdk_window_get_state(gdkWindow).rawValue & GDK_WINDOW_STATE_FULLSCREEN.rawValue != 0
    }

    /// Shows the window and asks the window manager to raise and focus it (on Wayland, on the
    /// word of the app's window that has the focus: see `WaylandActivation`).
    public func present() { WaylandActivation.present(window) }

    /// Takes the window's child out (its wrapper keeps it alive, to be put back elsewhere).
    public func remove(_ child: Widget) { gtk_container_remove(tandem_container(raw), child.widget) }

    /// Keys held while the keyboard moves to a widget not yet on screen (made on first use).
    private var heldKeys: HeldKeys?

    /// Holds the keys typed in this window from now on, until `releaseKeys` with the number
    /// returned (or half a second at most); they are then sent again, in order, to whatever has
    /// the focus.
    public func holdKeys() -> Int {
        if heldKeys == nil {
            let keys = HeldKeys()
            heldKeys = keys
            for signal in ["key-press-event", "key-release-event"] {
                _ = connectEvent(signal) { [weak keys] event in keys?.take(event) ?? false }
            }
            onDestroy { [weak keys] in keys?.drop() }
        }
        return heldKeys!.hold()
    }

    /// Ends hold `number` (`holdKeys`); a later hold is not ended by an earlier one's release.
    public func releaseKeys(_ number: Int) { heldKeys?.release(number) }
    /// Asks the window manager to minimize the window.
    public func iconify() { gtk_window_iconify(window) }
    /// Requests a close, as the title bar's close button does (delete-event first).
    public func close() { gtk_window_close(window) }
    /// Whether the window has the keyboard focus of the desktop.
    public var isActive: Bool { gtk_window_is_active(window) != 0 }
    /// Whether the window is maximized.
    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }

    /// Called whenever `isActive` changes.
    @discardableResult
    public func onActiveChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> UInt {
        connect("notify::is-active") { [weak self] in if let self { handler(self.isActive) } }
    }

    /// Called when the window becomes hidden to the user (minimized or withdrawn) or shown again.
    /// X11 says so in the window's state; on Wayland, GTK 3 never reports a minimized window, and
    /// a `VisibilityProbe` finds it out from the frames the compositor stops asking for.
    @discardableResult
    public func onVisibilityChanged(_ handler: @escaping @MainActor (_ hidden: Bool) -> Void) -> UInt {
        if DisplayBackend.current == .wayland {
            let probe = VisibilityProbe(window: self, report: handler)
            visibilityProbe = probe
            connect("notify::is-active") { [weak self, weak probe] in
                guard let self else { return }
                probe?.focusChanged(active: self.isActive)
            }
        }
        let hiddenMask = GDK_WINDOW_STATE_ICONIFIED.rawValue | GDK_WINDOW_STATE_WITHDRAWN.rawValue
        return connectEvent("window-state-event") { event in
            let changed = tandem_window_state_event_changed(event).rawValue
            if changed & hiddenMask != 0 {
                handler(tandem_window_state_event_new_state(event).rawValue & hiddenMask != 0)
            }
            return false
        }
    }

    /// Called when the keyboard focus moves inside the window; `holds` tells whether a widget
    /// is, or contains, the widget that now has it (false for all when none has it).
    @discardableResult
    public func onFocusMoved(_ handler: @escaping @MainActor (_ holds: (Widget) -> Bool) -> Void) -> UInt {
        connectPointer("set-focus") { focus in
            let focused = UnsafeMutablePointer<GtkWidget>(focus)
            handler { widget in
                guard let focused else { return false }
                return focused == widget.widget || gtk_widget_is_ancestor(focused, widget.widget) != 0
            }
        }
    }

    /// Called when the window is mapped (shown on screen) for the first or a later time.
    @discardableResult
    public func onMap(_ handler: @escaping @MainActor () -> Void) -> UInt {
        connect("map", handler)
    }

    /// Called when the user or `close()` asks to close; return true to keep the window open.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> UInt {
        connectEvent("delete-event") { _ in handler() }
    }

    /// Adds a window-scoped action ("win.NAME").
    public func addAction(_ action: SimpleAction) {
        g_action_map_add_action(tandem_action_map(raw), tandem_action(action.raw))
    }
}

