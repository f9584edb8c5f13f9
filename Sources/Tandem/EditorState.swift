import FoundationEssentials

/// The editor scene's part of a restoration record: which document, and where the user was in it.
struct EditorState: Codable, Equatable {
    var version = 1
    /// The file shown (nil: an untitled document).
    var path: String?
    /// The document's draft, holding its unsaved text.
    var draftID: UUID?
    /// The untitled document's name.
    var untitledName: String?
    /// Caret and the other end of the selection, as 0-based line and column (robust to edits on disk).
    var caretLine = 0
    var caretColumn = 0
    var anchorLine: Int?
    var anchorColumn: Int?
    /// The first line visible at the top of the window.
    var topLine: Int?
    /// How much the window zooms its text (nil: not at all).
    var zoom: Double?
    /// The language the user picked for the file ("" for plain text; nil: the guess).
    var language: String?
    /// The spelling languages given to paragraphs (nil: none).
    var paragraphLanguages: [LanguageSpan]?
    /// The folder whose files the window shows beside its tabs (nil: none), and whether that
    /// panel was hidden (F9).
    var folder: String?
    var folderHidden: Bool?

    /// Text from one place to another in a spelling language of its own.
    struct LanguageSpan: Codable, Equatable {
        var line: Int
        var column: Int
        var endLine: Int
        var endColumn: Int
        /// A dictionary's code ("de_DE").
        var code: String

        /// Whether `code` reads as a dictionary's code (letters, digits, "_", "-", "@"; short).
        static func isCode(_ code: String) -> Bool {
            !code.isEmpty && code.utf8.count <= 32
                && code.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "_-@".unicodeScalars.contains($0)) }
        }
    }

    /// Decodes a payload; nil for anything damaged or from a newer Tandem.
    static func decode(_ data: Data?) -> EditorState? {
        guard let data, let state = try? JSONDecoder().decode(EditorState.self, from: data), state.version <= 1 else { return nil }
        // Absurd positions are clamped when applied; absurd paths simply fail to open.
        return state
    }

    /// The payload's bytes, the same for the same state (keys sorted: unsorted, their order
    /// changes from one encoding to the next, and a record saved again unchanged would differ).
    var encoded: Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(self)
    }
}
