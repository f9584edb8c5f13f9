import Documents
import Gtk
import Localization

/// The bar at the bottom of an editor window: the indentation, the line endings and the
/// encoding, each a menu that changes it (Save writes the line endings and encoding chosen).
@MainActor
final class EditorStatusBar {
    /// The bar itself, declared with the window (`editor-window.ui`).
    let bar: Box
    let indentation = MenuButton(statusMenu: EditorStatusBar.menu("win.indentation", [
        (translatable("Tabs"), "tabs"), (translatable("Spaces: 2"), "spaces-2"), (translatable("Spaces: 3"), "spaces-3"), (translatable("Spaces: 4"), "spaces-4"), (translatable("Spaces: 8"), "spaces-8")]))
    let lineEnding = MenuButton(statusMenu: EditorStatusBar.menu("win.line-ending", [
        (translatable("Unix and macOS (LF)"), "lf"), (translatable("Windows (CRLF)"), "crlf"), (translatable("Classic Mac (CR)"), "cr")]))
    let encoding = MenuButton(statusMenu: EditorStatusBar.menu("win.encoding", TextEncoding.allCases.map { ($0.displayName, $0.rawValue.lowercased()) }))

    /// The choices each menu offers, by the target its item gives the menu's action.
    static let indentations: [(String, Int?)] = [("tabs", nil)] + [2, 3, 4, 8].map { (width: Int) in ("spaces-\(width)", width) }
    static let lineEndings: [(String, LineEnding)] = [("lf", .lf), ("crlf", .crlf), ("cr", .cr)]
    static let encodings: [(String, TextEncoding)] = TextEncoding.allCases.map { ($0.rawValue.lowercased(), $0) }

    init(in bar: Box) {
        self.bar = bar
        bar.packEnd(encoding)
        bar.packEnd(lineEnding)
        bar.packEnd(indentation)
    }

    /// A menu of choices: each item gives `action` its target (the chosen one shows a radio mark).
    private static func menu(_ action: String, _ items: [(String, String)]) -> Menu {
        let menu = Menu()
        for (label, target) in items { menu.append(localized(label), action: action, target: target) }
        return menu
    }

    /// What each menu's action has chosen now (the target of the item to mark).
    static func chosen(view: SourceView, document: Document) -> [(action: String, target: String)] {
        let width = view.indentWidth < 1 ? view.tabWidth : view.indentWidth
        return [("indentation", view.insertsSpaces ? "spaces-\(width)" : "tabs"),
                ("line-ending", lineEndings.first { $0.1 == document.lineEnding }!.0),
                ("encoding", encodings.first { $0.1 == document.encoding }!.0)]
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
