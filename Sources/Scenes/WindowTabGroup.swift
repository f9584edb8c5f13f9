import FoundationEssentials
import Gtk

/// One top-level window and the scenes it shows as tabs (AppKit's NSWindowTabGroup, where each
/// tab of a Mac Catalyst window is a scene of its own). With one scene it looks like a plain
/// window: no tab strip. The tab shown is the scene in the foreground; the others are in the
/// background. Moving a tab to another window moves its scene, never a copy.
@MainActor
public final class WindowTabGroup {
    /// Names the group across launches: a restored scene whose record names it joins it.
    public let identifier: UUID
    /// The GTK window.
    public let window: ApplicationWindow
    /// The scenes in tab order.
    public private(set) var scenes: [WindowScene] = []
    /// The scene shown.
    public private(set) var selectedScene: WindowScene?
    unowned let application: Application

    let notebook = Notebook(group: "tandem-scenes")
    /// Whether the window is on screen (mapped and not minimized), and whether it has the focus.
    private var isShown = false
    private var isActive = false
    /// Set while the window goes: its scenes disconnect with it, none is "moved".
    private var isDestroyed = false
    /// Set for a window made to take a tab dropped outside every window: shown once it has it.
    private var madeForDrop = false
    /// The title bar the window shows (the shown scene's).
    private var shownTitlebar: Widget?
    /// Closes the window once a drag took its last tab away.
    private var closer: IdleSource?

    init(application: Application, identifier: UUID = UUID()) {
        self.application = application
        self.identifier = identifier
        window = ApplicationWindow(application: application.native)
        window.add(notebook)
        notebook.show()
        // The handlers hold the group weakly: the window must not keep its own group alive.
        window.onActiveChanged { [weak self] active in
            self?.isActive = active
            self?.selectedScene?.feed(active ? .focusIn : .focusOut)
        }
        window.onVisibilityChanged { [weak self] hidden in
            self?.isShown = !hidden
            self?.selectedScene?.feed(hidden ? .hide : .show)
        }
        window.onMap { [weak self] in
            self?.isShown = true
            self?.selectedScene?.feed(.show)
        }
        window.onCloseRequest { [weak self] in
            self?.requestClose()
            return true  // the scenes decide; closing happens through their close()
        }
        window.onDestroy { [weak self] in self?.windowDestroyed() }
        notebook.onSwitchPage { [weak self] page in
            guard let self, let scene = self.scenes.first(where: { $0.content === page }) else { return }
            self.select(scene)
        }
        notebook.onPageAdded { [weak self] page, index in self?.pageArrived(page, at: index) }
        notebook.onPageRemoved { [weak self] page in self?.pageLeft(page) }
        notebook.onPageReordered { [weak self] page, index in
            guard let self, let scene = self.scenes.first(where: { $0.content === page }) else { return }
            self.scenes.removeAll { $0 === scene }
            self.scenes.insert(scene, at: min(index, self.scenes.count))
        }
        notebook.onCreateWindow { [weak self] _, x, y in
            guard let self else { return nil }
            let group = self.application.makeTabGroup()
            let (width, height) = self.window.size
            group.window.setDefaultSize(width: width, height: height)
            // Where the tab was dropped, but whole on the screen.
            let area = ApplicationWindow.workArea ?? (x: 0, y: 0, width: Int.max / 4, height: Int.max / 4)
            group.window.move(x: max(area.x, min(x, area.x + area.width - width)), y: max(area.y, min(y, area.y + area.height - height)))
            group.madeForDrop = true
            return group.notebook
        }
    }

    /// Puts `scene` in this window as a tab at `index` (nil: after the others), with its content
    /// and title bar; `select` shows it.
    func adopt(_ scene: WindowScene, at index: Int? = nil, select: Bool = true) {
        let content = scene.content
        scene.moved(to: self)
        // page-added follows, which files the scene among the tabs.
        notebook.insert(content, label: scene.tabLabel, at: index)
        if select { notebook.select(content) }
    }

    /// A page arrived: added by `adopt`, or a tab dragged in from another window.
    private func pageArrived(_ page: Widget, at index: Int) {
        guard let scene = application.connectedScenes.first(where: { $0.content === page }) else { return }
        if scene.tabGroup !== self {
            // Dragged in: its title bar comes along from the window it left.
            scene.tabGroup?.forget(scene)
            scene.moved(to: self)
        }
        scenes.removeAll { $0 === scene }
        scenes.insert(scene, at: min(index, scenes.count))
        if notebook.currentPage === page || selectedScene == nil { select(scene) }
        // A window made for a tab dropped outside every window shows once the tab is in it.
        if madeForDrop {
            madeForDrop = false
            window.present()
        }
        application.tabsDidChange(in: self)
    }

    /// A page left: its scene was closed, or moved to another window (which adopts it next).
    private func pageLeft(_ page: Widget) {
        guard !isDestroyed, let scene = scenes.first(where: { $0.content === page }) else { return }
        forget(scene)
    }

    /// Lets go of a scene that leaves this window (closed or moved): it goes to the background
    /// on its way; a window left with no tab goes.
    private func forget(_ scene: WindowScene) {
        guard scenes.contains(where: { $0 === scene }) else { return }
        scenes.removeAll { $0 === scene }
        if selectedScene === scene {
            selectedScene = nil
            scene.feed(.hide)
        }
        if scenes.isEmpty {
            // Its title bar goes with it (a window cannot be left without one once shown).
            if let titlebar = scene.titlebar, titlebar === shownTitlebar {
                shownTitlebar = HeaderBar()
                window.setTitlebar(shownTitlebar!)
            }
            // Not from inside GTK's own handling of the drag that took the last tab away.
            closer = IdleSource(priority: 200) { [weak self] in
                guard let self, self.scenes.isEmpty, !self.isDestroyed else { return false }
                self.window.destroy()
                return false
            }
        } else if let shown = notebook.currentPage, let next = scenes.first(where: { $0.content === shown }) {
            select(next)
        }
        application.tabsDidChange(in: self)
    }

    /// Shows `scene`'s tab, title bar, title and actions; the tab shown before goes to the background.
    func select(_ scene: WindowScene) {
        guard selectedScene !== scene, scenes.contains(where: { $0 === scene }) else { return }
        let previous = selectedScene
        selectedScene = scene
        if notebook.currentPage !== scene.content { notebook.select(scene.content) }
        // The shown scene's header bar is the window's title bar: set in place of the one before
        // (GTK swaps them without taking the window down).
        if let titlebar = scene.titlebar, titlebar !== shownTitlebar {
            window.setTitlebar(titlebar)
            shownTitlebar = titlebar
        }
        window.title = scene.title
        // The window's "win" actions are the shown scene's: shortcuts, menus, and D-Bus.
        window.adopt(scene.actions, replacing: previous?.actions)
        previous?.feed(.hide)
        if isShown { scene.feed(.show) }
        if isActive { scene.feed(.focusIn) }
        application.tabsDidChange(in: self)
    }

    /// A scene connecting to this window has made its title bar: a window that has none yet
    /// takes it at once, so what the delegate sets next (its size, its place) is measured with
    /// the title bar it will have (client-side decorations move the frame by their shadow).
    func titlebarArrived(from scene: WindowScene) {
        guard shownTitlebar == nil, let titlebar = scene.titlebar else { return }
        window.setTitlebar(titlebar)
        shownTitlebar = titlebar
    }

    /// Shows the tab `offset` places after the one shown (negative: before), wrapping around.
    public func selectTab(offset: Int) {
        guard let current = selectedScene, let index = scenes.firstIndex(where: { $0 === current }) else { return }
        select(scenes[((index + offset) % scenes.count + scenes.count) % scenes.count])
    }

    /// Shows the tab at `index` (0: first); the last one if there are fewer.
    public func selectTab(at index: Int) {
        guard !scenes.isEmpty else { return }
        select(scenes[min(max(index, 0), scenes.count - 1)])
    }

    /// Where `scene` is among the tabs, and how many there are.
    public func place(of scene: WindowScene) -> (index: Int, count: Int)? {
        scenes.firstIndex { $0 === scene }.map { ($0, scenes.count) }
    }

    /// A scene's title changed: the window says it when that scene is shown.
    func titleChanged(_ scene: WindowScene) {
        if scene === selectedScene { window.title = scene.title }
    }

    /// Takes `scene` out of this window into a window of its own, as it is.
    func detach(_ scene: WindowScene) {
        guard scenes.count > 1 else { return }
        let content = scene.content
        let group = application.makeTabGroup()
        group.window.setDefaultSize(width: window.size.width, height: window.size.height)
        notebook.remove(content)
        group.adopt(scene)
        group.window.present()
    }

    /// Moves `scene` here from wherever it is.
    func receive(_ scene: WindowScene, at index: Int? = nil) {
        guard scene.tabGroup !== self else { return }
        scene.tabGroup?.notebook.remove(scene.content)
        adopt(scene, at: index)
    }

    /// Takes the tab of a closing scene out.
    func close(_ scene: WindowScene) {
        if scenes.count == 1 {
            window.destroy()
        } else {
            notebook.remove(scene.content)
        }
    }

    /// Closes the window with every tab in it, without asking (a quit): each scene's record was
    /// taken while the window was whole.
    func closeWhole() {
        for scene in scenes { scene.prepareToClose() }
        window.destroy()
    }

    /// The window's close button: closing the last window is quitting (nothing asked, everything
    /// kept); otherwise each tab is asked in turn, and the window goes with its last tab.
    public func requestClose() {
        if application.connectedScenes.allSatisfy({ $0.tabGroup === self }) { return application.terminate() }
        askInTurn(scenes, allowed: [])
    }

    /// Asks each scene's delegate in turn; when all agree the window goes whole (each record
    /// taken with every tab in its place, so Reopen Closed Window brings it back as it was);
    /// otherwise only the tabs that agreed close.
    private func askInTurn(_ remaining: [WindowScene], allowed: [WindowScene]) {
        guard let scene = remaining.first else {
            if allowed.count == scenes.count { return closeWhole() }
            return allowed.forEach { $0.close() }
        }
        scene.delegate.sceneShouldClose(scene) { [weak self] agreed in
            self?.askInTurn(Array(remaining.dropFirst()), allowed: agreed ? allowed + [scene] : allowed)
        }
    }

    private func windowDestroyed() {
        isDestroyed = true
        let leaving = scenes
        scenes = []
        selectedScene = nil
        for scene in leaving { scene.windowDestroyed() }
        application.tabGroupDidClose(self)
    }
}
