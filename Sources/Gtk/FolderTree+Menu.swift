import CGtk

extension FolderTree {
    /// A row of the tree the user acts on: its file's path, and whether it is a folder.
    public struct Row: Sendable, Equatable {
        public let path: String
        public let isFolder: Bool

        public init(path: String, isFolder: Bool) {
            self.path = path
            self.isFolder = isFolder
        }
    }

    /// Gives the tree a context menu, as the file manager's: a right click on a row (or the Menu
    /// key, Shift+F10) selects it and opens `menu`, whose items act on `actions` ("tree.NAME");
    /// `willOpen` is told the row first (nil: the blank space below the rows), to set which
    /// items can act. `shortcuts` are keys pressed in the tree ("F2", "Delete", "<Control>h")
    /// and the actions they run.
    public func setContextMenu(_ menu: Menu, actions: ActionGroup, shortcuts: [String: String],
                               willOpen: @escaping @MainActor (Row?) -> Void) {
        gtk_widget_insert_action_group(view.widget, "tree", tandem_action_group(actions.raw))
        let popup = gtk_menu_new_from_model(menu.model)!
        gtk_menu_attach_to_widget(UnsafeMutablePointer<GtkMenu>(OpaquePointer(popup)), view.widget, nil)
        let keys: [(key: UInt32, modifiers: UInt32, action: String)] = shortcuts.map { accelerator, action in
            var key: guint = 0
            var modifiers = GdkModifierType(0)
            gtk_accelerator_parse(accelerator, &key, &modifiers)
            return (key, modifiers.rawValue, action)
        }
        let open: @MainActor (Row?, UnsafeMutablePointer<GdkEvent>) -> Void = { [weak self] row, event in
            guard let self else { return }
            self.menuRow = row
            willOpen(row)
            if event.pointee.type == GDK_BUTTON_PRESS {
                gtk_menu_popup_at_pointer(UnsafeMutablePointer<GtkMenu>(OpaquePointer(popup)), event)
            } else {
                self.popUp(popup, atCursorOf: event)
            }
        }
        view.connectEvent("button-press-event") { [weak self] event in
            guard let self, event.pointee.type == GDK_BUTTON_PRESS, gdk_event_triggers_context_menu(event) != 0 else { return false }
            open(self.row(atX: event.pointee.button.x, y: event.pointee.button.y), event)
            return true
        }
        view.connectEvent("key-press-event") { [weak self] event in
            guard let self else { return false }
            let key = gdk_keyval_to_lower(event.pointee.key.keyval)
            let modifiers = event.pointee.key.state & gtk_accelerator_get_default_mod_mask().rawValue
            if key == UInt32(GDK_KEY_Menu) || (key == UInt32(GDK_KEY_F10) && modifiers == GDK_SHIFT_MASK.rawValue) {
                open(self.cursorRow, event)
                return true
            }
            guard let shortcut = keys.first(where: { $0.key == key && $0.modifiers == modifiers }) else { return false }
            self.menuRow = self.cursorRow
            willOpen(self.menuRow)
            g_action_group_activate_action(tandem_action_group(actions.raw), shortcut.action, nil)
            return true
        }
    }

    /// The row at a point of the tree's rows (its bin window), made the cursor's; nil below the rows.
    private func row(atX x: Double, y: Double) -> Row? {
        var path: OpaquePointer?
        guard gtk_tree_view_get_path_at_pos(tandem_tree_view(view.raw), gint(x), gint(y), &path, nil, nil, nil) != 0, let path else {
            gtk_tree_selection_unselect_all(gtk_tree_view_get_selection(tandem_tree_view(view.raw)))
            return nil
        }
        defer { gtk_tree_path_free(path) }
        gtk_tree_view_set_cursor(tandem_tree_view(view.raw), path, nil, 0)
        return row(at: path)
    }

    /// The row the keyboard's cursor is on.
    var cursorRow: Row? {
        var path: OpaquePointer?
        gtk_tree_view_get_cursor(tandem_tree_view(view.raw), &path, nil)
        guard let path else { return nil }
        defer { gtk_tree_path_free(path) }
        return row(at: path)
    }

    private func row(at path: OpaquePointer) -> Row? {
        var iter = GtkTreeIter()
        guard gtk_tree_model_get_iter(model, &iter, path) != 0 else { return nil }
        let kind = tandem_folder_tree_kind(model, &iter)
        guard kind != gint(TANDEM_FOLDER_ROW_PLACEHOLDER.rawValue), let file = tandem_folder_tree_path(model, &iter) else { return nil }
        defer { g_free(file) }
        return Row(path: String(cString: file), isFolder: kind != gint(TANDEM_FOLDER_ROW_FILE.rawValue))
    }

    /// Opens the menu below the cursor's row (from a key), or at the top of the tree without one.
    private func popUp(_ popup: UnsafeMutablePointer<GtkWidget>, atCursorOf event: UnsafeMutablePointer<GdkEvent>) {
        let tree = tandem_tree_view(view.raw)
        var area = GdkRectangle(x: 0, y: 0, width: 1, height: 1)
        var path: OpaquePointer?
        gtk_tree_view_get_cursor(tree, &path, nil)
        if let path {
            gtk_tree_view_get_cell_area(tree, path, gtk_tree_view_get_column(tree, 0), &area)
            gtk_tree_path_free(path)
            // Bin-window coordinates to the toplevel's: Wayland places a popup on the toplevel's surface.
            var x: gint = 0, y: gint = 0
            gtk_tree_view_convert_bin_window_to_widget_coords(tree, area.x, area.y, &x, &y)
            _ = gtk_widget_translate_coordinates(view.widget, gtk_widget_get_toplevel(view.widget), x, y, &area.x, &area.y)
        }
        guard let window = gtk_widget_get_window(gtk_widget_get_toplevel(view.widget)) else { return }
        area.width = max(area.width, 1)
        area.height = max(area.height, 1)
        gtk_menu_popup_at_rect(UnsafeMutablePointer<GtkMenu>(OpaquePointer(popup)), window, &area,
                               GDK_GRAVITY_SOUTH_WEST, GDK_GRAVITY_NORTH_WEST, event)
    }
}
