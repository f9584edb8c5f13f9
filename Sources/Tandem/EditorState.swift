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
