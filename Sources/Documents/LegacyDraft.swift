import FoundationEssentials

/// A draft as Tandem kept unsaved text before the edit journal (a header line, a JSON line of
/// metadata, then the whole text): read once after an upgrade, so that no unsaved text is lost.
struct LegacyDraft: Equatable {
    struct Metadata: Codable, Equatable {
        var path: String?
        var untitledName: String?
    }

    var metadata: Metadata
    var text: String

    private static let header = Array("TANDEM-DRAFT 1\n".utf8)
    private static let maximumSize = 2 << 30

    /// The draft at `path`, or nil when there is none or it is not one (a link, damaged, too big).
    static func read(_ path: String) -> LegacyDraft? {
        guard case .success(let bytes) = JournalReader.readStateFile(path, maximumSize: maximumSize),
              bytes.starts(with: header) else { return nil }
        let rest = bytes[header.count...]
        guard let newline = rest.firstIndex(of: 0x0A),
              let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(rest[..<newline])),
              let text = String(validating: rest[(newline + 1)...], as: UTF8.self) else { return nil }
        return LegacyDraft(metadata: metadata, text: text)
    }
}
