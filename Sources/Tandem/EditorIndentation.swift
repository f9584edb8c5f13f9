import Documents
import Gtk

/// A window's indentation for its document, as gedit and GNOME Text Editor choose it:
/// `.editorconfig` first, then what the text itself shows; the preferences give the rest, and
/// keep following their keys for whatever neither of those says.
struct EditorIndentation: Equatable {
    var insertsSpaces: Bool?
    var indentWidth: Int?
    var tabWidth: Int?
    var rightMargin: Int?

    /// The rules for `document` (its file's `.editorconfig`, or its first lines).
    @MainActor
    static func rules(for document: Document) -> EditorIndentation {
        // The canonical path is absolute, as the library needs.
        let config = document.identity.canonicalPath.map(EditorConfig.forFile) ?? EditorConfig()
        var rules = EditorIndentation(insertsSpaces: config.indentsWithSpaces, indentWidth: config.indentSize,
                                      tabWidth: config.tabWidth, rightMargin: config.maxLineLength)
        if rules.insertsSpaces == nil, let guessed = Indentation.guess(in: document.storage) {
            rules.insertsSpaces = guessed.usesSpaces
            if rules.indentWidth == nil { rules.indentWidth = guessed.width }
        }
        return rules
    }

    /// The preference keys these rules take the place of, for this view.
    var overriddenKeys: Set<String> {
        var keys: Set<String> = []
        if insertsSpaces != nil { keys.insert("insert-spaces") }
        if tabWidth != nil { keys.insert("tab-width") }
        if rightMargin != nil { keys.formUnion(["right-margin-position", "show-right-margin"]) }
        return keys
    }

    /// Sets what the rules say on the view.
    @MainActor
    func apply(to view: SourceView) {
        if let insertsSpaces { view.insertsSpaces = insertsSpaces }
        if let tabWidth { view.tabWidth = tabWidth }
        if let indentWidth { view.indentWidth = indentWidth }
        if let rightMargin { view.rightMargin = rightMargin }
    }
}
