/// Why a document is shown but cannot be edited.
public enum ReadOnlyReason: Sendable, Hashable {
    /// It holds NUL bytes (a binary file the user chose to open anyway).
    case binary
    /// It has a line too long to lay out quickly; it is shown split, so editing is off.
    case longLines
    /// Its loading failed part way: the text is incomplete and must not be saved over the file.
    case incomplete

    /// The longest line (in characters) a document may have and still be edited.
    public static let longLineLimit = 20_000
}
