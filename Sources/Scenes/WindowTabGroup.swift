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
    /// The GTK window, kept inside Scenes (delegates ask their scene: `WindowScene+Window`).
    let window: ApplicationWindow
    /// The window's two sides, each with its tabs; the second shows once the window is split.
    let panes = [TabPane(), TabPane()]
    private let paned = Paned(horizontal: true)
    /// The side panel (a folder's files) on the left, beside the two sides of tabs: made with
    /// the first panel (a window without one has no extra pane for a screen reader to announce).
    private var outer: Paned?
    private let sideSlot = Box(vertical: true)
    /// What the side panel holds, shared by every tab of the window.
    public private(set) var sidePanel: Widget?
    /// The side with the keyboard focus: its shown scene is the one the window speaks for.
    private var focusedPane: TabPane
    /// The scene whose title bar, title and actions the window has taken on.
    private var frontScene: WindowScene?
    unowned let application: Application

    /// The scenes in tab order, the left side's first.
    public var scenes: [WindowScene] { panes.flatMap(\.scenes) }
    /// The scene the window speaks for: the one shown on the side with the focus.
    public var selectedScene: WindowScene? { focusedPane.shownScene }
    /// Whether the window shows two scenes side by side.
    public var isSplit: Bool { panes.allSatisfy { !$0.scenes.isEmpty } }

    /// Whether the window is on screen (mapped and not minimized), and whether it has the focus.
    private var isShown = false
    private var isActive = false
    /// Set while the window goes: its scenes disconnect with it, none is "moved".
    private var isDestroyed = false
    /// Set for a window made to take a tab dropped outside every window: shown once it has it.
    private var madeForDrop = false
    /// The title bar the window shows (the front scene's).
    private var shownTitlebar: Widget?
    /// Closes the window once a drag took its last tab away.
    private var closer: IdleSource?
    /// Rewrites the records once the handle between the sides has stopped moving.
    private var handleRest: TimerSource?

    init(application: Application, identifier: UUID = UUID()) {
        self.application = application
        self.identifier = identifier
        focusedPane = panes[0]
        window = ApplicationWindow(application: application.native)
        paned.set(first: panes[0].notebook, second: panes[1].notebook)
        // A tab handle dropped on the window (not on its text, which takes its own): the tab joins it.
        TabDrag.acceptDrops(on: paned) { [weak self] name in self?.focusedPane.shownScene?.tabMove(named: name) }
        window.add(paned)
        paned.show()
        // A handle moved is kept in the records of a split window's scenes, once it rests (a
        // drag or a window resize moves it at every frame).
        paned.onPositionChanged { [weak self] in
            guard let self, self.isSplit else { return }
            self.handleRest?.cancel()
            self.handleRest = TimerSource(milliseconds: 500) { [weak self] in
                if let self, !self.isDestroyed { self.application.tabsDidChange(in: self) }
                return false
            }
        }
        panes[0].notebook.show()
        // The handlers hold the group weakly: the window must not keep its own group alive.
        window.onActiveChanged { [weak self] active in
            guard let self else { return }
            self.isActive = active
            self.focusedPane.shownScene?.feed(active ? .focusIn : .focusOut)
        }
        window.onVisibilityChanged { [weak self] hidden in
            guard let self else { return }
            self.isShown = !hidden
            for pane in self.panes { pane.shownScene?.feed(hidden ? .hide : .show) }
        }
        window.onMap { [weak self] in
            guard let self else { return }
            self.isShown = true
            for pane in self.panes { pane.shownScene?.feed(.show) }
        }
        window.onFocusMoved { [weak self] holds in
            guard let self, let pane = self.panes.first(where: { holds($0.notebook) }) else { return }
            self.focus(pane)
        }
        window.onCloseRequest { [weak self] in
            self?.requestClose()
            return true  // the scenes decide; closing happens through their close()
        }
        window.onDestroy { [weak self] in self?.windowDestroyed() }
        for side in panes.indices { wire(side) }
    }

    /// Follows one side's tab strip: tabs shown, added, taken away, reordered, dropped outside.
    private func wire(_ side: Int) {
        let notebook = panes[side].notebook
        notebook.onSwitchPage { [weak self] page in
            guard let self, let scene = self.panes[side].scene(showing: page) else { return }
            self.select(scene)
        }
        notebook.onPageAdded { [weak self] page, index in self?.pageArrived(page, at: index, side: side) }
        notebook.onPageRemoved { [weak self] page in self?.pageLeft(page, side: side) }
        notebook.onPageReordered { [weak self] page, index in
            guard let self else { return }
            let pane = self.panes[side]
            guard let scene = pane.scene(showing: page) else { return }
            pane.scenes.removeAll { $0 === scene }
            pane.scenes.insert(scene, at: min(index, pane.scenes.count))
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
            return group.panes[0].notebook
        }
    }

    /// Puts `scene` in this window as a tab at `index` (nil: after the others) of `side` (nil:
    /// the side with the focus; 1: the right, which shows once it has a tab), with its content
    /// and title bar; `select` shows it.
    func adopt(_ scene: WindowScene, at index: Int? = nil, select: Bool = true, side: Int? = nil) {
        let pane = side.map { panes[min(max($0, 0), panes.count - 1)] } ?? focusedPane
        let content = scene.content
        scene.moved(to: self)
        // page-added follows, which files the scene among the tabs.
        pane.notebook.insert(content, label: scene.tabLabel, at: index)
        if select { pane.notebook.select(content) }
    }

    /// A page arrived: added by `adopt`, or a tab dragged in from another window or side.
    private func pageArrived(_ page: Widget, at index: Int, side: Int) {
        guard let scene = application.connectedScenes.first(where: { $0.content === page }) else { return }
        let pane = panes[side]
        if scene.tabGroup !== self {
            // Dragged in: its title bar comes along from the window it left.
            scene.tabGroup?.forget(scene)
            scene.moved(to: self)
        }
        pane.scenes.removeAll { $0 === scene }
        pane.scenes.insert(scene, at: min(index, pane.scenes.count))
        pane.showIfHolding()
        labelSides()
        if pane.notebook.currentPage === page || pane.shownScene == nil { select(scene) }
        // A window made for a tab dropped outside every window shows once the tab is in it.
        if madeForDrop {
            madeForDrop = false
            window.present()
        }
        application.tabsDidChange(in: self)
    }

    /// A page left: its scene was closed, or moved to another window or side (which adopts it next).
    private func pageLeft(_ page: Widget, side: Int) {
        guard !isDestroyed, let scene = panes[side].scene(showing: page) else { return }
        forget(scene)
    }

    /// Lets go of a scene that leaves its side (closed or moved): it goes to the background on
    /// its way; a side left with no tab hides, and a window left with none goes.
    private func forget(_ scene: WindowScene) {
        guard let pane = pane(of: scene) else { return }
        pane.scenes.removeAll { $0 === scene }
        if pane.shownScene === scene {
            pane.shownScene = nil
            scene.feed(.hide)
        }
        pane.showIfHolding()
        labelSides()
        if scenes.isEmpty {
            // Its title bar goes with it (a window cannot be left without one once shown).
            if let titlebar = scene.titlebar, titlebar === shownTitlebar {
                shownTitlebar = HeaderBar()
                window.setTitlebar(shownTitlebar!)
            }
            frontScene = nil
            // Not from inside GTK's own handling of the drag that took the last tab away.
            closer = IdleSource(priority: MainLoopPriority.afterTextLayout) { [weak self] in
                guard let self, self.scenes.isEmpty, !self.isDestroyed else { return false }
                self.window.destroy()
                return false
            }
        } else if pane.scenes.isEmpty, let other = panes.first(where: { !$0.scenes.isEmpty }) {
            // The side is gone: the other has the whole window, and the focus.
            focus(other, moveKeyboardFocus: true)
        } else if let shown = pane.notebook.currentPage, let next = pane.scene(showing: shown) {
            select(next)
        }
        application.tabsDidChange(in: self)
    }

    /// A split window shows both sides' tab strips, so each names what it shows.
    private func labelSides() {
        let split = isSplit
        for pane in panes { pane.notebook.showsSingleTab = split }
    }

    /// Shows `scene`'s tab on its side; the tab shown there before goes to the background. On
    /// the side with the focus, the window takes on its title bar, title and actions.
    func select(_ scene: WindowScene) {
        guard let pane = pane(of: scene), pane.shownScene !== scene else { return }
        let previous = pane.shownScene
        pane.shownScene = scene
        // The first scene shown anywhere is the window's, whichever side it is on (a restore).
        if focusedPane.shownScene == nil { focusedPane = pane }
        if pane.notebook.currentPage !== scene.content { pane.notebook.select(scene.content) }
        if pane === focusedPane {
            takeOnFront()
            giveKeyboard(to: scene)
        }
        previous?.feed(.hide)
        if isShown { scene.feed(.show) }
        if isActive && pane === focusedPane { scene.feed(.focusIn) }
        application.tabsDidChange(in: self)
    }

    /// Shows `scene`'s tab and gives its side the focus (a file already open, asked for again).
    func bringForward(_ scene: WindowScene) {
        select(scene)
        if let pane = pane(of: scene) { focus(pane, moveKeyboardFocus: true) }
    }

    /// The keyboard focus went to `pane`'s side: its shown scene becomes the window's, and the
    /// active one (the other side's resigns first; it stays in the foreground, on screen).
    private func focus(_ pane: TabPane, moveKeyboardFocus: Bool = false) {
        guard pane !== focusedPane, let scene = pane.shownScene else { return }
        let previous = focusedPane.shownScene
        focusedPane = pane
        if isActive { previous?.feed(.focusOut) } else { previous?.saveRestorationRecord() }
        takeOnFront()
        if isActive { scene.feed(.focusIn) }
        if moveKeyboardFocus { giveKeyboard(to: scene) }
        // Its record says now that its side has the focus (the one resigning said it had not):
        // a crash right after F6 brings the keyboard back to the side that had it.
        scene.saveRestorationRecord()
    }

    /// Gives the keyboard to `scene`'s preferred widget (its text), as gedit does when a tab is
    /// shown: GtkNotebook would focus the first widget it finds in the page, a banner's button.
    /// Once the scene is laid out: a widget given the focus before it is realized would be sent
    /// the rest of the key that asked for it (GTK complains of an unrealized widget).
    /// Keys typed meanwhile wait for it (a key typed just after Ctrl+\\ went to the left side).
    private func giveKeyboard(to scene: WindowScene) {
        let hold = window.holdKeys()
        focusMover = IdleSource(priority: MainLoopPriority.afterTextLayout) { [weak self, weak scene] in
            guard let self, let scene, let target = scene.preferredFocus else {
                self?.window.releaseKeys(hold)
                return false
            }
            target.whenShown { [weak self, weak scene, weak target] in
                if let self, let scene, self.focusedPane.shownScene === scene { target?.grabFocus() }
                self?.window.releaseKeys(hold)
            }
            return false
        }
    }

    /// Gives the keyboard to the scene just shown on the side with the focus, once it is laid out.
    private var focusMover: IdleSource?

    /// The window's title bar, title and "win" actions (shortcuts, menus, D-Bus) become those of
    /// the scene shown on the side with the focus.
    private func takeOnFront() {
        guard let scene = focusedPane.shownScene, scene !== frontScene else { return }
        let previous = frontScene
        frontScene = scene
        // Set in place of the one before (GTK swaps them without taking the window down).
        if let titlebar = scene.titlebar, titlebar !== shownTitlebar {
            window.setTitlebar(titlebar)
            shownTitlebar = titlebar
        }
        window.title = scene.title
        window.adopt(scene.actions, replacing: previous?.actions)
    }

    /// A scene connecting to this window has made its title bar: a window that has none yet
    /// takes it at once, so what the delegate sets next (its size, its place) is measured with
    /// the title bar it will have (client-side decorations move the frame by their shadow).
    func titlebarArrived(from scene: WindowScene) {
        guard shownTitlebar == nil, let titlebar = scene.titlebar else { return }
        window.setTitlebar(titlebar)
        shownTitlebar = titlebar
    }

    /// Shows the tab `offset` places after the one shown on the side with the focus (negative:
    /// before), wrapping around.
    public func selectTab(offset: Int) {
        let tabs = focusedPane.scenes
        guard let current = focusedPane.shownScene, let index = tabs.firstIndex(where: { $0 === current }) else { return }
        select(tabs[((index + offset) % tabs.count + tabs.count) % tabs.count])
    }

    /// Shows the tab at `index` (0: first) of the side with the focus; the last one if there are fewer.
    public func selectTab(at index: Int) {
        let tabs = focusedPane.scenes
        guard !tabs.isEmpty else { return }
        select(tabs[min(max(index, 0), tabs.count - 1)])
    }

    /// Where `scene` is: its side (0: left), its place among that side's tabs, and how many there are.
    public func place(of scene: WindowScene) -> (side: Int, index: Int, count: Int)? {
        for (side, pane) in panes.enumerated() {
            if let index = pane.scenes.firstIndex(where: { $0 === scene }) { return (side, index, pane.scenes.count) }
        }
        return nil
    }

    /// Where the handle between the sides is (pixels from the left), while the window is split.
    public var splitPosition: Int? {
        get { isSplit ? paned.intendedPosition : nil }
        set { if let newValue { paned.setPositionOnceAllocated(max(newValue, 0)) } }
    }

    /// The side holding `scene`'s tab.
    func pane(of scene: WindowScene) -> TabPane? { panes.first { $0.holds(scene) } }

    /// Whether `scene` is the tab shown on its side.
    public func isShowing(_ scene: WindowScene) -> Bool { panes.contains { $0.shownScene === scene } }

    /// Gives the window `panel` as its side panel, shown (nil: none).
    public func setSidePanel(_ panel: Widget?) {
        if panel != nil && outer == nil {
            let outer = Paned(horizontal: true)
            window.remove(paned)  // held by its wrapper meanwhile
            outer.set(first: sideSlot, second: paned, firstKeepsItsSize: true)
            outer.position = 240
            window.add(outer)
            outer.show()
            self.outer = outer
        }
        if let sidePanel { sideSlot.remove(sidePanel) }
        sidePanel = panel
        if let panel {
            sideSlot.pack(panel, expand: true)
            sideSlot.show()
        } else {
            sideSlot.hide()
        }
    }

    /// Whether the side panel shows (it can be hidden and shown again, as gedit's with F9).
    public var isSidePanelShown: Bool {
        get { sidePanel != nil && sideSlot.isVisible }
        set {
            guard sidePanel != nil else { return }
            if newValue { sideSlot.show() } else { sideSlot.hide() }
        }
    }

    /// A scene's title changed: the window says it when that scene is the window's.
    func titleChanged(_ scene: WindowScene) {
        if scene === frontScene { window.title = scene.title }
    }

    /// Takes `scene` out of this window into a window of its own, as it is.
    func detach(_ scene: WindowScene) {
        guard scenes.count > 1, let pane = pane(of: scene) else { return }
        let content = scene.content
        let group = application.makeTabGroup()
        group.window.setDefaultSize(width: window.size.width, height: window.size.height)
        pane.notebook.remove(content)
        group.adopt(scene)
        group.window.present()
    }

    /// Moves `scene` here from wherever it is, onto `side` (nil: the side with the focus).
    func receive(_ scene: WindowScene, at index: Int? = nil, side: Int? = nil) {
        if scene.tabGroup === self, let side, panes[side].holds(scene) { return }
        if scene.tabGroup === self && side == nil { return }
        scene.tabGroup?.takeOut(scene)
        adopt(scene, at: index, side: side)
    }

    /// Shows `scene` on the right side, beside what the window shows (a split view), and gives it
    /// the focus; the sides share the window equally when the right one was hidden.
    func split(with scene: WindowScene) {
        let wasSplit = isSplit
        receive(scene, side: 1)
        if !wasSplit { paned.position = window.size.width / 2 }
        bringForward(scene)
    }

    /// Takes `scene`'s tab out of its side (it is going elsewhere).
    func takeOut(_ scene: WindowScene) {
        pane(of: scene)?.notebook.remove(scene.content)
    }

    private func windowDestroyed() {
        isDestroyed = true
        let leaving = scenes
        for pane in panes {
            pane.scenes = []
            pane.shownScene = nil
        }
        frontScene = nil
        for scene in leaving { scene.windowDestroyed() }
        application.tabGroupDidClose(self)
    }
}
