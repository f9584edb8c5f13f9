import CGtk

extension Widget {
    /// Tab and Shift+Tab move through `widgets` in the order given, round from the last to the
    /// first, for widgets inside this one that its boxes would order otherwise (a field whose
    /// next field is in another row). Those not shown or not sensitive are passed over.
    public func orderTabs(_ widgets: [Widget]) {
        connectEvent("key-press-event") { event in
            let key = event.pointee.key
            let others = GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue
            guard key.keyval == UInt32(GDK_KEY_Tab) || key.keyval == UInt32(GDK_KEY_ISO_Left_Tab), key.state & others == 0 else { return false }
            let backwards = key.keyval == UInt32(GDK_KEY_ISO_Left_Tab) || key.state & GDK_SHIFT_MASK.rawValue != 0
            let reachable = widgets.filter { gtk_widget_is_visible($0.widget) != 0 && gtk_widget_is_sensitive($0.widget) != 0 }
            guard let index = reachable.firstIndex(where: { gtk_widget_has_focus($0.widget) != 0 }) else { return false }
            let next = (index + (backwards ? reachable.count - 1 : 1)) % reachable.count
            gtk_widget_grab_focus(reachable[next].widget)
            return true
        }
    }
}
