import CEditorConfig

/// What `.editorconfig` files say about one file, read through the EditorConfig reference
/// library (the nearest files up to one marked `root = true`, sections matched as it matches them).
/// Unset and unknown values are nil: the user's preferences or what the file shows decide then.
public struct EditorConfig: Equatable, Sendable {
    /// `indent_style`: true for spaces, false for tabs.
    public var indentsWithSpaces: Bool?
    /// `indent_size` (a number; "tab" means the tab width).
    public var indentSize: Int?
    /// `tab_width`, else `indent_size` when it is a number, as the specification says.
    public var tabWidth: Int?
    /// `end_of_line`.
    public var lineEnding: LineEnding?
    /// `charset`.
    public var encoding: TextEncoding?
    /// `trim_trailing_whitespace`.
    public var trimsTrailingWhitespace: Bool?
    /// `insert_final_newline`.
    public var insertsFinalNewline: Bool?
    /// `max_line_length` (shown as the right margin).
    public var maxLineLength: Int?

    /// Nothing set.
    public init() {}

    /// The settings for the file at `path` (which need not exist); nothing when no
    /// `.editorconfig` applies or one cannot be read.
    public static func forFile(_ path: String) -> EditorConfig {
        guard path.hasPrefix("/"), let handle = editorconfig_handle_init() else { return EditorConfig() }
        defer { editorconfig_handle_destroy(handle) }
        guard editorconfig_parse(path, handle) == 0 else { return EditorConfig() }
        var values: [String: String] = [:]
        for index in 0..<editorconfig_handle_get_name_value_count(handle) {
            var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
            editorconfig_handle_get_name_value(handle, index, &name, &value)
            if let name, let value { values[String(cString: name).lowercased()] = String(cString: value).lowercased() }
        }
        return EditorConfig(values)
    }

    /// The settings from the library's (lowercased) name-value pairs.
    init(_ values: [String: String]) {
        indentsWithSpaces = values["indent_style"].flatMap { ["space": true, "tab": false][$0] }
        let positive = { (key: String) in values[key].flatMap { Int($0) }.flatMap { $0 > 0 && $0 <= 64 ? $0 : nil } }
        tabWidth = positive("tab_width") ?? positive("indent_size")
        indentSize = values["indent_size"] == "tab" ? tabWidth : positive("indent_size")
        lineEnding = values["end_of_line"].flatMap { ["lf": .lf, "crlf": .crlf, "cr": .cr][$0] }
        encoding = values["charset"].flatMap { ["utf-8": .utf8, "utf-8-bom": .utf8, "utf-16le": .utf16LittleEndian,
                                                "utf-16be": .utf16BigEndian, "latin1": .windows1252][$0] }
        trimsTrailingWhitespace = values["trim_trailing_whitespace"].flatMap { ["true": true, "false": false][$0] }
        insertsFinalNewline = values["insert_final_newline"].flatMap { ["true": true, "false": false][$0] }
        maxLineLength = values["max_line_length"].flatMap { Int($0) }.flatMap { $0 > 0 && $0 <= 1_000 ? $0 : nil }
    }
}
