import Documents
import Gtk
import Localization

/// The bar at the bottom of an editor window: the indentation, the line endings and the
/// encoding, each a menu that changes it (Save writes the line endings and encoding chosen).
@MainActor
final class EditorStatusBar {
    let bar = Box(vertical: false, spacing: 0)
    let indentation = MenuButton(statusMenu: EditorStatusBar.menu([
        ("Tabs", "win.indent-tabs"), ("Spaces: 2", "win.indent-spaces-2"), ("Spaces: 3", "win.indent-spaces-3"),
        ("Spaces: 4", "win.indent-spaces-4"), ("Spaces: 8", "win.indent-spaces-8")]))
    let lineEnding = MenuButton(statusMenu: EditorStatusBar.menu([
        ("Unix and macOS (LF)", "win.line-ending-lf"), ("Windows (CRLF)", "win.line-ending-crlf"), ("Classic Mac (CR)", "win.line-ending-cr")]))
    let encoding = MenuButton(statusMenu: EditorStatusBar.menu(
        TextEncoding.allCases.map { ($0.displayName, "win.encoding-" + $0.rawValue.lowercased()) }))

    /// The line endings and encodings the menus offer, by the action that picks each.
    static let lineEndings: [(String, LineEnding)] = [("line-ending-lf", .lf), ("line-ending-crlf", .crlf), ("line-ending-cr", .cr)]
    static let encodings: [(String, TextEncoding)] = TextEncoding.allCases.map { ("encoding-" + $0.rawValue.lowercased(), $0) }

    init() {
        bar.packEnd(encoding)
        bar.packEnd(lineEnding)
        bar.packEnd(indentation)
    }

    private static func menu(_ items: [(String, String)]) -> Menu {
        let menu = Menu()
        for (label, action) in items { menu.append(localized(label), action: action) }
        return menu
    }

    /// Shows what `view` and `document` use now.
    func update(view: SourceView, document: Document) {
        let width = view.indentWidth < 1 ? view.tabWidth : view.indentWidth
        indentation.label = view.insertsSpaces ? localized("Spaces: %1", String(width)) : localized("Tab width: %1", String(view.tabWidth))
        lineEnding.label = switch document.lineEnding {
        case .lf: "LF"
        case .crlf: "CRLF"
        case .cr: "CR"
        }
        encoding.label = document.encoding.displayName
    }
}
