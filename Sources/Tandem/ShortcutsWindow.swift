import Gtk
import Localization

/// The keyboard shortcuts window (Ctrl+?), as GNOME apps have it: declared in `shortcuts.ui`,
/// its groups filled from `KeyboardShortcut.all`, the table the shortcuts are bound from.
@MainActor
enum ShortcutsWindow {
    /// The window, built the first time it is asked for and hidden, not destroyed, when closed.
    private static var builder: Builder?

    /// Shows the window over `parent`.
    static func present(over parent: DialogParent?) {
        let builder = builder ?? {
            let builder = Builder(file: "shortcuts.ui")
            builder.fillShortcuts(section: "section", with: groups)
            return builder
        }()
        Self.builder = builder
        builder.presentWindow("shortcuts", over: parent, hidesOnClose: true)
    }

    /// The table's shortcuts by group, in the user's language.
    static var groups: [Builder.ShortcutsGroup] {
        KeyboardShortcut.Group.allCases.map { group in
            Builder.ShortcutsGroup(title: localized(group.title), shortcuts: KeyboardShortcut.all.filter { $0.group == group && !$0.title.isEmpty }.map {
                (title: localized($0.title), accelerator: $0.keys)
            })
        }
    }
}
