import FoundationEssentials
import Gtk

/// What a delegate may ask of its scene's window. The scene keeps the window itself (it changes
/// when the scene's tab moves, and it is shared by the window's tabs): delegates get its
/// geometry, its record and a parent for their dialogs, never the GTK window.
extension WindowScene {
    /// What the delegate's dialogs go over: the scene's window.
    public var dialogParent: DialogParent { DialogParent(window) }

    /// Brings the scene's window to the front, with the keyboard.
    public func presentWindow() { window.present() }

    /// Whether the scene's window has the keyboard.
    public var isWindowActive: Bool { window.isActive }

    /// The window's size, and its place where the app may know it (X11; nil under Wayland).
    public var windowFrame: (size: (width: Int, height: Int), position: (x: Int, y: Int)?) {
        (window.size, window.knownPosition)
    }

    /// Sets the size the window opens at.
    public func setWindowDefaultSize(width: Int, height: Int) { window.setDefaultSize(width: width, height: height) }

    /// The window's side panel, shared by its tabs (nil: it has none).
    public var sidePanel: Widget? { tabGroup?.sidePanel }

    /// Gives the scene's window `panel` as its side panel, shown (nil: none).
    public func setSidePanel(_ panel: Widget?) { tabGroup?.setSidePanel(panel) }

    /// Whether the window's side panel shows.
    public var isSidePanelShown: Bool {
        get { tabGroup?.isSidePanelShown ?? false }
        set { tabGroup?.isSidePanelShown = newValue }
    }

    /// Moves the window (where the app may place windows: X11).
    public func moveWindow(x: Int, y: Int) { window.move(x: x, y: y) }

    /// The window's part of a restoration record: its size, its place where the app may know
    /// it (the record says which backend), maximized or fullscreen; `payload` is the delegate's.
    public func windowRecord(payload: Data?) -> RestorationRecord {
        let (size, position) = windowFrame
        return RestorationRecord(windowWidth: size.width, windowHeight: size.height,
                                 windowX: position?.x, windowY: position?.y, backend: DisplayBackend.current.rawValue,
                                 isMaximized: window.isMaximized, isFullscreen: window.isFullscreen, payload: payload)
    }

    /// Puts the window back as `record` says: size and place in logical pixels, made to fit the
    /// monitor it comes back on (a scale changed since), then maximized or fullscreen.
    public func restoreWindow(from record: RestorationRecord) {
        if let size = record.size(areas: ApplicationWindow.workAreas) { window.setDefaultSize(width: size.width, height: size.height) }
        if let place = record.position(canPlace: ApplicationWindow.canBePlaced, areas: ApplicationWindow.workAreas) {
            window.move(x: place.x, y: place.y)
        }
        if record.isMaximized { window.maximize() }
        if record.isFullscreen { window.fullscreen() }
    }
}
