import CGtk

/// Moving a tab by dragging something other than its tab: a window of one tab shows no strip, so
/// its title bar carries a handle (a document icon) whose drag names the tab, and every window
/// takes such a drop on its content. The drag stays inside the app (GTK_TARGET_SAME_APP).
@MainActor
public enum TabDrag {
    /// The target a tab's drag offers: the name of what it moves.
    static let target = "application/x-tandem-tab"

    /// A handle whose drag carries `name()` (nil: nothing to drag now); `tooltip` says what it is.
    public static func handle(tooltip: String, name: @escaping @MainActor () -> String?) -> Widget {
        let box = gtk_event_box_new()!
        gtk_event_box_set_visible_window(UnsafeMutablePointer<GtkEventBox>(OpaquePointer(box)), 0)
        let image = gtk_image_new_from_icon_name("text-x-generic-symbolic", GTK_ICON_SIZE_BUTTON)!
        gtk_container_add(tandem_container(box), image)
        gtk_widget_show(image)
        // Its window shows it only while another window could take the tab (a header bar's
        // show-all must not undo that).
        gtk_widget_set_no_show_all(box, 1)
        let handle = Widget(box, ownership: .sink)
        handle.tooltip = tooltip
        handle.setAccessibleName(tooltip)
        withTargets { targets, count in
            gtk_drag_source_set(box, GDK_BUTTON1_MASK, targets, count, GDK_ACTION_MOVE)
        }
        gtk_drag_source_set_icon_name(box, "text-x-generic-symbolic")
        // The move waits for the drag's end: the tab's window may go with it, and the handle with it.
        handle.connect("drag-end", ignoringOneArgument: true) { finishSoon() }
        handle.connectDragDataGet { selection in
            guard let text = name() else { return false }
            gtk_selection_data_set(selection, gdk_atom_intern_static_string(target), 8, text, gint(text.utf8.count))
            return true
        }
        return handle
    }

    /// `widget` takes a tab's drop: `handler` gets the name its handle gave, and returns the move
    /// (run once the drag is over), or nil to refuse the drop. A widget that takes other drops already (a text view) keeps them: the tab's
    /// target joins its list (a text view would otherwise refuse the drag, and GTK asks no
    /// widget around it).
    public static func acceptDrops(on widget: Widget, _ handler: @escaping @MainActor (String) -> (@MainActor () -> Void)?) {
        let atom = gdk_atom_intern_static_string(target)
        if let targets = gtk_drag_dest_get_target_list(widget.widget) {
            gtk_target_list_add(targets, atom, GTK_TARGET_SAME_APP.rawValue, 0)
        } else {
            withTargets { targets, count in
                gtk_drag_dest_set(widget.widget, GtkDestDefaults(GTK_DEST_DEFAULT_MOTION.rawValue | GTK_DEST_DEFAULT_HIGHLIGHT.rawValue),
                                  targets, count, GDK_ACTION_MOVE)
            }
        }
        let raw = widget.widget  // not the wrapper: its own handler would keep it alive
        widget.connectDragDrop { context, time in
            var offered = gdk_drag_context_list_targets(context)
            while let node = offered {
                if OpaquePointer(node.pointee.data) == atom {
                    gtk_drag_get_data(raw, context, atom, time)
                    return true
                }
                offered = node.pointee.next
            }
            return false
        }
        widget.connectDragData { context, selection, _, time in
            guard gtk_selection_data_get_target(selection) == atom else { return false }
            var length: gint = 0
            let name = gtk_selection_data_get_data_with_length(selection, &length).map {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(max(length, 0))), as: UTF8.self)
            }
            let move = name.flatMap(handler)
            pendingMove = move
            // Should the handle's drag-end never come, the move is not lost.
            if move != nil { fallback = TimerSource(milliseconds: 1000) { finishSoon(); return false } }
            gtk_drag_finish(context, move != nil ? 1 : 0, 0, time)
            return true
        }
    }

    /// The move a drop asked for, waiting for the end of the drag.
    private static var pendingMove: (@MainActor () -> Void)?
    private static var fallback: TimerSource?

    /// After the drag: the move a drop asked for, then GTK's drag windows let go.
    private static func finishSoon() {
        let move = pendingMove
        pendingMove = nil
        fallback = nil
        releaser = IdleSource(priority: MainLoopPriority.whenIdle) {
            move?()
            releaseDragWindows()
            return false
        }
    }

    /// GTK carries a drag with a 1x1 window of its own, mapped at -99,-99, and keeps it for the
    /// next drag (it is let go after drag-end): once a tab's drag is over, none is left behind.
    static func releaseDragWindowsSoon() { finishSoon() }

    private static var releaser: IdleSource?

    /// Destroys the windows GTK keeps for drags (by screen in X11's code, by display in the
    /// newer backends; the list's key is GTK's own), so each drag makes one and none is left.
    private static func releaseDragWindows() {
        let owners: [gpointer?] = [gpointer(gdk_screen_get_default()), gpointer(gdk_display_get_default())]
        for case let owner? in owners {
            let object = UnsafeMutablePointer<GObject>(OpaquePointer(owner))
            let key = "gtk-dnd-ipc-widgets"
            guard let list = g_object_get_data(object, key) else { continue }
            g_object_set_data(object, key, nil)
            var node: UnsafeMutablePointer<GSList>? = list.assumingMemoryBound(to: GSList.self)
            while let current = node {
                if let widget = current.pointee.data { gtk_widget_destroy(widget.assumingMemoryBound(to: GtkWidget.self)) }
                node = current.pointee.next
            }
            g_slist_free(list.assumingMemoryBound(to: GSList.self))
        }
    }

    /// The one target, as GTK takes a list of them (valid for the call).
    private static func withTargets(_ body: (UnsafeMutablePointer<GtkTargetEntry>, gint) -> Void) {
        target.withCString { name in
            var entry = GtkTargetEntry(target: UnsafeMutablePointer(mutating: name), flags: GTK_TARGET_SAME_APP.rawValue, info: 0)
            body(&entry, 1)
        }
    }
}
