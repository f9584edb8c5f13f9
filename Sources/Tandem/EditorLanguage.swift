import Documents
import Foundation
import Gtk

/// Which language highlights a window's document: guessed from the file's name and first bytes,
/// and none for big documents, where highlighting the whole text would cost more than it gives.
@MainActor
enum EditorLanguage {
    /// Documents longer than this (characters) are not highlighted, as in GNOME Text Editor.
    static let highlightLimit = 1_000_000

    /// Sets the buffer's language for `document` as it is now (its name may have changed).
    static func apply(to buffer: SourceBuffer, for document: Document) {
        guard document.fileSize <= Int64(highlightLimit), document.storage.count <= highlightLimit,
              document.readOnlyReasons.isDisjoint(with: [.binary, .longLines]) else {
            buffer.languageID = nil
            return
        }
        let head = Array(document.storage.substring(0..<4096).utf8)
        buffer.languageID = SourceLanguage.guess(fileName: document.path.map { ($0 as NSString).lastPathComponent }, head: head)
    }

    /// Whether text in this language is prose, spell checked by default (plain text, Markdown
    /// and other markup for writing), as opposed to code.
    static func isProse(_ languageID: String?) -> Bool {
        guard let languageID else { return true }
        return ["markdown", "rst", "asciidoc", "latex", "texinfo", "mallard", "dtd-less-text"].contains(languageID)
    }
}
