import Documents
import Gtk
import Scenes

/// What an editor window asks of the app: opening files and windows, and hearing that it closed.
@MainActor
protocol EditorHost: AnyObject {
    /// Places a new window without a place of its own beside the others (or leaves it to the window manager).
    func cascade(_ scene: WindowScene)
    /// Shows each file (raising a window already showing it); `allowBinary` opens binaries read-only.
    /// What cannot be opened is said in `origin`, the window that asked.
    func open(_ files: [OpenFileContext], allowBinary: Bool, from origin: WindowScene?)
    /// Opens another window on an open document.
    func openWindow(on document: Document)
    /// Opens a tab in `scene`'s window: on `document`, or on a new untitled one (nil).
    func openTab(on document: Document?, beside scene: WindowScene)
    /// Shows `document` (nil: a new untitled one) beside `scene`, on its window's right side.
    func openSplit(on document: Document?, beside scene: WindowScene)
    /// Shows `folder`'s files in the side panel of `scene`'s window.
    func showFolder(_ folder: String, in scene: WindowScene)
    /// Shows Quick Open over `scene`'s window.
    func showQuickOpen(over scene: WindowScene)
    /// Shows Find in Files in the window's side panel.
    func showFindInFiles(over scene: WindowScene)
    /// An editor window closed for good or for now.
    func editorDidClose(_ session: SceneSession)
    /// The number a new window on `document` takes: the lowest no other window on it has.
    func windowNumber(for document: Document) -> Int
    /// Whether another open document has `document`'s name (two "letter.txt" in two folders).
    func sharesName(_ document: Document) -> Bool
    /// The spell checking of another window on `document`, which a new window on it shares.
    func spellingGroup(for document: Document) -> SpellingGroup?
    /// Lets the user pick another window to move `scene`'s tab into.
    func chooseWindow(forTabOf scene: WindowScene)
    /// The Windows section every window's menu shows (one model for all).
    var windowsMenu: Menu { get }
    /// A window's menu is opening: the Windows section is brought up to date.
    func windowsMenuWillOpen()
    /// The Sessions submenu (its lists, one model for all) and its commands.
    var sessions: SessionSwitcher { get }
    /// The window of `session` is called `title` in `folder` now (the Windows list follows).
    func windowRetitled(_ session: SceneSession, title: String, folder: String?)
    /// The window of `session` became the active one.
    func windowBecameActive(_ session: SceneSession)
}

/// The dependencies every editor scene delegate receives in its initializer.
@MainActor
struct EditorEnvironment {
    /// The one source of truth for text.
    let store: DocumentStore
    /// The preferences, applied live to every window.
    let preferences: EditorPreferences
    /// Where the user was in files whose last window closed.
    let places: RecentPlaces
    /// The app delegate, seen only as what a window needs of it.
    weak var host: EditorHost?
}

/// What a new editor window shows: handed, typed, to its delegate.
@MainActor
struct EditorConnection {
    /// The open document the window shows.
    var document: Document
    /// Files refused as binary that the window offers to open anyway, with why each was refused.
    var openAnyway: OpenAnywayOffer?
}

/// Files that look binary, which the user may still open read-only.
struct OpenAnywayOffer {
    var paths: [String]
    var messages: [String]
}
