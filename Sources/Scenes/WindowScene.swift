import Gtk

/// One scene: a window's content, alone in its window or one of its tabs, and its place in the
/// scene lifecycle (UIKit's UIWindowScene; on the Mac each window tab is one).
@MainActor
public final class WindowScene {
    /// The session this scene shows; it outlives the scene.
    public let session: SceneSession
    /// The window the scene is in now (it changes when its tab moves to another window).
    private(set) var window: ApplicationWindow
    /// The window's tabs, this scene's among them.
    public private(set) weak var tabGroup: WindowTabGroup?
    /// The delegate that builds and runs this window.
    public let delegate: SceneDelegate
    /// The application the scene belongs to.
    public unowned let application: Application

    private var lifecycle = SceneLifecycle()

    /// The scene's activation state.
    public var activationState: SceneActivationState { lifecycle.state }

    /// What the scene shows: its tab's page, which the delegate fills (`setContent`).
    let content = Box(vertical: true)
    /// Its title bar, shown while its tab is.
    private(set) var titlebar: Widget? = HeaderBar()
    /// Its window actions ("win.NAME"), the window's while its tab is shown.
    let actions = ActionGroup()
    /// The widget that takes the keyboard when the scene is brought forward (UIKit's preferred
    /// focus environment): the delegate sets it, typically to its text.
    public weak var preferredFocus: Widget?
    /// Its tab in the window's tab strip.
    private(set) lazy var tabLabel = TabLabel { [weak self] in self?.requestClose() }

    /// What the close button of the scene's tab is called (the delegate gives it in the user's
    /// language: Scenes translates nothing).
    public var tabCloseName: String {
        get { tabLabel.closeName }
        set { tabLabel.closeName = newValue }
    }

    /// The scene's title: the window's while its tab is shown, and its tab's.
    public var title = "" {
        didSet {
            tabLabel.text = title
            tabGroup?.titleChanged(self)
        }
    }

    init(session: SceneSession, delegate: SceneDelegate, application: Application, tabGroup: WindowTabGroup) {
        self.session = session
        self.delegate = delegate
        self.application = application
        self.tabGroup = tabGroup
        window = tabGroup.window
        content.show()
        titlebar?.show()
    }

    /// The delegate's content for the scene, and its title bar (a header bar with the window's
    /// buttons); call it once, while connecting.
    public func setContent(_ widget: Widget, titlebar: Widget) {
        content.pack(widget, expand: true)
        self.titlebar = titlebar
        tabGroup?.titlebarArrived(from: self)
    }

    /// The scene's tab went to another window (or is put in its first).
    func moved(to group: WindowTabGroup) {
        tabGroup = group
        window = group.window
        // A tab dragged into a window of another named session joins that session.
        if let other = group.scenes.first(where: { $0 !== self }), other.session.sessionName != session.sessionName {
            session.sessionName = other.session.sessionName
            application.tabsDidChange(in: group)
        }
    }

    /// Where the scene's tab is: its side of the window (0: left), its place among that side's
    /// tabs, and how many tabs that side has.
    public var tabPlace: (side: Int, index: Int, count: Int)? { tabGroup?.place(of: self) }

    /// Whether `other` is in this scene's window (another of its tabs, or the other side).
    public func sharesWindow(with other: WindowScene) -> Bool { tabGroup != nil && tabGroup === other.tabGroup }

    /// Whether its tab is the one shown on its side of the window.
    public var isTabShown: Bool { tabGroup?.isShowing(self) ?? false }

    /// Shows this scene's tab in its window, with the focus on its side.
    public func selectTab() { tabGroup?.bringForward(self) }

    /// Shows the tab `offset` places from this one in the same window (negative: before).
    public func selectTab(offset: Int) { tabGroup?.selectTab(offset: offset) }

    /// Shows the tab at `index` (0: first) of this scene's window.
    public func selectTab(at index: Int) { tabGroup?.selectTab(at: index) }

    /// Takes this scene's tab out into a window of its own (nothing changes when it is alone).
    public func moveToNewWindow() { tabGroup?.detach(self) }

    /// Moves this scene's tab into `other`'s window, after its tabs.
    public func moveToWindow(of other: WindowScene) {
        guard let group = other.tabGroup else { return }
        group.receive(self)
    }

    /// A handle for the scene's title bar whose drag moves its tab to another window (a window
    /// of one tab shows no strip to drag from); `tooltip` says so in the user's language. It is
    /// shown only while the scene is alone in its window and another window could take it, so a
    /// lone window's title keeps all its room.
    public func makeTabHandle(tooltip: String) -> Widget {
        let handle = TabDrag.handle(tooltip: tooltip) { [weak self] in self?.session.persistentIdentifier.uuidString }
        tabHandle = handle
        if showsTabHandle { handle.show() }
        application.tabHandlesMayChange()
        return handle
    }

    private var tabHandle: Widget?

    /// Whether the title bar shows the handle its tab is dragged by.
    var showsTabHandle = false {
        didSet {
            guard showsTabHandle != oldValue else { return }
            if showsTabHandle { tabHandle?.show() } else { tabHandle?.hide() }
        }
    }

    /// Takes the drops of tab handles on `widget` (the delegate's text, which would refuse them):
    /// the tab dropped joins this scene's window.
    public func acceptTabDrops(on widget: Widget) {
        TabDrag.acceptDrops(on: widget) { [weak self] name in self?.tabMove(named: name) }
    }

    /// Moves the tab whose handle's drag named `name` into this scene's window and shows it
    /// (run once the drag is over: its window may close with it); nil when it is here already.
    func tabMove(named name: String) -> (@MainActor () -> Void)? {
        guard let scene = application.connectedScenes.first(where: { $0.session.persistentIdentifier.uuidString == name }),
              !scene.sharesWindow(with: self), tabGroup != nil else { return nil }
        return { [weak self, weak scene] in
            guard let self, let scene, scene.activationState != .disconnected, let group = self.tabGroup else { return }
            group.receive(scene)
            group.bringForward(scene)
            self.window.present()
        }
    }

    /// Closes the scene once the app delegate agrees (it may ask the user). Closing the last
    /// scene is quitting: nothing is asked, everything is kept. `done` hears whether it closed.
    public func requestClose(_ done: (@MainActor (Bool) -> Void)? = nil) {
        guard activationState != .disconnected else { done?(true); return }
        application.requestClose([self], done: done)
    }

    /// Set once the last record is taken, as the scene goes.
    private var isClosing = false

    /// Takes the scene's last record while it is whole, then closes its tab (its window, when it
    /// is the only one). GTK takes a window apart as it destroys it (a text view gives up its
    /// selection with the primary clipboard), so records taken during the destruction would
    /// keep less than the user left.
    func close() {
        guard !isClosing else { return }
        prepareToClose()
        guard let group = tabGroup, group.scenes.count > 1 else {
            // The window goes, and the scene with it (windowDestroyed).
            return window.destroy()
        }
        group.close(self)
        disconnect()
    }

    /// Takes the last record; none is taken after it.
    func prepareToClose() {
        saveRestorationRecord()
        isClosing = true
    }

    /// The window went with this scene in it.
    func windowDestroyed() { disconnect() }

    private func disconnect() {
        guard activationState != .disconnected else { return }
        feed(.disconnect)
        application.sceneDidDisconnect(self)
    }

    /// Adds a window-scoped action ("win.NAME") for this scene's menus and shortcuts.
    public func addAction(_ name: String, perform: @escaping @MainActor () -> Void) {
        add(SimpleAction(name: name, perform))
    }

    /// Adds a window-scoped action taking a string: a menu item or shortcut names it with its
    /// target ("win.NAME('3')").
    public func addAction(_ name: String, withString perform: @escaping @MainActor (String) -> Void) {
        add(SimpleAction(name: name, withString: perform))
    }

    /// Adds a window-scoped check action: its menu item shows a check mark while on (set with
    /// `setAction(_:isOn:)`).
    public func addAction(_ name: String, isOn: Bool, perform: @escaping @MainActor () -> Void) {
        add(SimpleAction(name: name, isOn: isOn, perform))
    }

    /// Adds a window-scoped choice action: menu items target it with a string, the one chosen
    /// (set with `setAction(_:chosen:)`) shows a radio mark.
    public func addAction(_ name: String, chosen: String, perform: @escaping @MainActor (String) -> Void) {
        add(SimpleAction(name: name, chosen: chosen, perform))
    }

    /// Adds an action to the scene's own, and to its window's while its tab is shown.
    private func add(_ action: SimpleAction) {
        actions.add(action)
        if tabGroup?.selectedScene === self { window.addAction(action) }
    }

    /// Sets whether a check action is on.
    public func setAction(_ name: String, isOn: Bool) { actions.setState(name, isOn: isOn) }

    /// Sets which item of a choice action is chosen.
    public func setAction(_ name: String, chosen: String) { actions.setState(name, chosen: chosen) }

    /// Enables or disables a window action: it cannot act now (nothing to undo, say).
    public func setAction(_ name: String, enabled: Bool) {
        actions.setEnabled(name, enabled)
    }

    /// Whether the scene's window has other tabs (while connecting: whether it joins a window
    /// that is already open, which keeps its place).
    public var hasTabSiblings: Bool { tabGroup?.scenes.contains { $0 !== self } ?? false }

    func connect(options: ConnectionOptions) {
        feed(.connect, options: options)
    }

    func feed(_ input: SceneLifecycleInput, options: ConnectionOptions = ConnectionOptions()) {
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
        if var record = delegate.stateRestorationRecord(for: self) {
            if let group = tabGroup, let place = group.place(of: self) {
                record.tab = TabPlacement(group: group.identifier, index: place.index, isSelected: group.isShowing(self),
                                          side: place.side, isFront: group.selectedScene === self,
                                          splitPosition: group.splitPosition)
            }
            session.stateRestorationRecord = record
            application.sessionDidUpdateRecord(session)
        }
    }
}
