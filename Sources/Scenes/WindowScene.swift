import Gtk

/// One top-level window and its place in the scene lifecycle (UIKit's UIWindowScene).
@MainActor
public final class WindowScene {
    /// The session this scene shows; it outlives the scene.
    public let session: SceneSession
    /// The GTK window.
    public let window: ApplicationWindow
    /// The delegate that builds and runs this window.
    public let delegate: SceneDelegate
    /// The application the scene belongs to.
    public unowned let application: Application

    private var lifecycle = SceneLifecycle()

    /// The scene's activation state.
    public var activationState: SceneActivationState { lifecycle.state }

    init(session: SceneSession, delegate: SceneDelegate, application: Application) {
        self.session = session
        self.delegate = delegate
        self.application = application
        window = ApplicationWindow(application: application.native)
        // The handlers hold the scene weakly: the window must not keep its own scene alive.
        window.onActiveChanged { [weak self] active in self?.feed(active ? .focusIn : .focusOut) }
        window.onVisibilityChanged { [weak self] hidden in self?.feed(hidden ? .hide : .show) }
        window.onMap { [weak self] in self?.feed(.show) }
        window.onCloseRequest { [weak self] in
            self?.requestClose()
            return true  // the delegate decides; closing happens through destroy()
        }
        window.onDestroy { [weak self] in
            guard let self else { return }
            self.feed(.disconnect)
            self.application.sceneDidDisconnect(self)
        }
    }

    /// Asks the delegate whether the window may close (it may ask the user), then closes it.
    /// Closing the last window is quitting: nothing is asked, everything is kept.
    public func requestClose() {
        guard activationState != .disconnected else { return }
        if application.connectedScenes.count == 1 { return application.terminate() }
        delegate.sceneShouldClose(self) { [weak self] allowed in
            guard let self, allowed, self.activationState != .disconnected else { return }
            self.close()
        }
    }

    /// Set once the last record is taken, as the window goes.
    private var isClosing = false

    /// Takes the window's last record while it is whole, then destroys it. GTK takes a window
    /// apart as it destroys it (a text view gives up its selection with the primary clipboard),
    /// so records taken during the destruction would keep less than the user left.
    func close() {
        guard !isClosing else { return }
        saveRestorationRecord()
        isClosing = true
        window.destroy()
    }

    /// Adds a window-scoped action ("win.NAME") for this scene's menus and shortcuts.
    public func addAction(_ name: String, perform: @escaping @MainActor () -> Void) {
        window.addAction(SimpleAction(name: name, perform))
    }

    /// Adds a window-scoped check action: its menu item shows a check mark while on (set with
    /// `setAction(_:isOn:)`).
    public func addAction(_ name: String, isOn: Bool, perform: @escaping @MainActor () -> Void) {
        window.addAction(SimpleAction(name: name, isOn: isOn, perform))
    }

    /// Adds a window-scoped choice action: menu items target it with a string, the one chosen
    /// (set with `setAction(_:chosen:)`) shows a radio mark.
    public func addAction(_ name: String, chosen: String, perform: @escaping @MainActor (String) -> Void) {
        window.addAction(SimpleAction(name: name, chosen: chosen, perform))
    }

    /// Sets whether a check action is on.
    public func setAction(_ name: String, isOn: Bool) { window.setActionState(name, isOn: isOn) }

    /// Sets which item of a choice action is chosen.
    public func setAction(_ name: String, chosen: String) { window.setActionState(name, chosen: chosen) }

    /// Enables or disables a window action: it cannot act now (nothing to undo, say).
    public func setAction(_ name: String, enabled: Bool) {
        window.setActionEnabled(name, enabled)
    }

    /// Whether other windows are open besides this one.
    public var hasSiblings: Bool { application.connectedScenes.count > 1 }

    func connect(options: ConnectionOptions) {
        feed(.connect, options: options)
    }

    private func feed(_ input: SceneLifecycleInput, options: ConnectionOptions = ConnectionOptions()) {
        for callback in lifecycle.handle(input) {
            LifecycleTrace.log(callback.rawValue, session: session.shortID)
            switch callback {
            case .willConnect: delegate.scene(self, willConnectTo: session, options: options)
            case .willEnterForeground: delegate.sceneWillEnterForeground(self)
            case .didBecomeActive: delegate.sceneDidBecomeActive(self)
            case .willResignActive:
                delegate.sceneWillResignActive(self)
                saveRestorationRecord()
            case .didEnterBackground:
                delegate.sceneDidEnterBackground(self)
                saveRestorationRecord()
            case .didDisconnect:
                saveRestorationRecord()
                delegate.sceneDidDisconnect(self)
            }
        }
    }

    /// Notes `what` happened to this scene in the lifecycle trace (TANDEM_TRACE_LIFECYCLE=1).
    public func trace(_ what: String) {
        LifecycleTrace.log(what, session: session.shortID)
    }

    /// Asks the delegate for a fresh record and keeps it (in the session and on disk).
    public func saveRestorationRecord() {
        guard !isClosing else { return }
        if let record = delegate.stateRestorationRecord(for: self) {
            session.stateRestorationRecord = record
            application.sessionDidUpdateRecord(session)
        }
    }
}
