import CGtk

/// Which windowing system GDK drew on: what an app may do with its windows differs. On X11 an
/// app reads and sets where its windows are; on Wayland the compositor alone places them, and
/// a window's position as GTK reports it means nothing (the shadow's inset).
public enum DisplayBackend: String, Sendable {
    case x11, wayland
    /// Neither (a broadway display, or none yet).
    case other

    /// The backend of the default display (`.other` before GTK has one).
    @MainActor
    public static var current: DisplayBackend {
        if let known { return known }
        guard let display = gdk_display_get_default() else { return .other }
        let backend: DisplayBackend = switch String(cString: tandem_object_type_name(UnsafeMutableRawPointer(display))) {
        case "GdkX11Display": .x11
        case "GdkWaylandDisplay": .wayland
        default: .other
        }
        known = backend
        return backend
    }

    @MainActor private static var known: DisplayBackend?
}
