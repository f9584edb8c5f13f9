import FoundationEssentials

/// What a document's file held at one moment the journal knows of (loaded, or saved).
struct JournalFileState: Codable, Equatable, Sendable {
    /// The path the document was loaded from or saved to.
    var path: String
    /// The text's length in scalars.
    var length: Int
    /// `textHash` of the text.
    var hash: UInt32
}

/// The first record of a journal: whose it is and what its edits apply to.
struct JournalHeader: Codable, Equatable, Sendable {
    static let currentVersion = 2
    var version = JournalHeader.currentVersion
    /// The document's file (nil: untitled).
    var path: String?
    /// The untitled document's name.
    var untitledName: String?
    /// Whether the base text follows as snapshot records; otherwise it is the file as `file` says.
    var hasSnapshot: Bool
    /// The file as the document last matched it when the journal began (nil: no file).
    var file: JournalFileState?
    /// The history state that matched the file when the journal began (nil: none did).
    var savedStateID: Int?
    /// How the document's file is written (so a snapshot comes back without reading the file).
    var traits: JournalTraits?
}

/// How a document's file is written back: encoding, byte-order mark, newline for new lines.
struct JournalTraits: Codable, Equatable, Sendable {
    var encoding: TextEncoding
    var hasByteOrderMark: Bool
    var lineEnding: LineEnding
}

/// One record of an edit journal. A journal is a header, its base text (snapshots, unless the base is
/// the file), the undo history as it stood, then one record per change, appended as they happen.
enum JournalRecord: Equatable, Sendable {
    case header(JournalHeader)
    /// A piece of the base text, in order.
    case snapshot(String)
    /// The undo history when the journal began (`UndoHistory.encoded()`).
    case history([UInt8])
    /// An edit applied to the text, with what it removed and whether it joined the last undo step.
    case edit(Edit, removed: String, merged: Bool)
    case undo
    case redo
    /// The text was written to its file: the file now holds it, and this is the saved state.
    case saved(JournalFileState)

    /// The bytes at the start of every journal.
    static let magic = Array("TANDEM-JOURNAL\n".utf8)
    /// The largest payload a record may have (a history of a big document is the biggest).
    static let maximumPayload = 512 << 20
    /// The first byte of a snapshot's payload (read apart: straight into a rope).
    static let snapshotKind: UInt8 = 2

    /// Whether this is a change after the base (an edit, an undo, a redo, a save).
    var isChange: Bool {
        switch self {
        case .edit, .undo, .redo, .saved: true
        case .header, .snapshot, .history: false
        }
    }
    /// Bytes before each payload: its length and CRC-32.
    static let frameOverhead = 8

    /// The record framed for the file: length, CRC-32 of the payload, payload.
    func framed() -> [UInt8] {
        let body = payload()
        var out = ByteWriter()
        out.u32(UInt32(body.count))
        out.u32(journalCRC(body))
        out.raw(body)
        return out.bytes
    }

    private func payload() -> [UInt8] {
        var out = ByteWriter()
        switch self {
        case .header(let header):
            out.u8(1)
            out.raw((try? JSONEncoder().encode(header)) ?? Data())
        case .snapshot(let text):
            out.u8(Self.snapshotKind)
            out.raw(text.utf8)
        case .history(let bytes):
            out.u8(3)
            out.raw(bytes)
        case .edit(let edit, let removed, let merged):
            out.u8(4)
            out.int(edit.range.lowerBound)
            out.int(edit.range.upperBound)
            out.u8(merged ? 1 : 0)
            out.string(edit.replacement)
            out.string(removed)
        case .undo:
            out.u8(5)
        case .redo:
            out.u8(6)
        case .saved(let file):
            out.u8(7)
            out.raw((try? JSONEncoder().encode(file)) ?? Data())
        }
        return out.bytes
    }

    /// The record in a payload whose checksum was right, or nil when it is not one.
    init?(payload: ArraySlice<UInt8>) {
        var input = ByteReader(payload)
        guard let kind = input.u8() else { return nil }
        let rest = payload.dropFirst()
        switch kind {
        case 1:
            guard let header = try? JSONDecoder().decode(JournalHeader.self, from: Data(rest)) else { return nil }
            self = .header(header)
        case 2:
            guard let text = String(validating: rest, as: UTF8.self) else { return nil }
            self = .snapshot(text)
        case 3:
            self = .history(Array(rest))
        case 4:
            guard let lower = input.count(), let upper = input.count(), lower <= upper, let merged = input.u8(), merged <= 1,
                  let replacement = input.string(), let removed = input.string(), input.isAtEnd else { return nil }
            self = .edit(Edit(range: lower..<upper, replacement: replacement), removed: removed, merged: merged == 1)
        case 5 where rest.isEmpty:
            self = .undo
        case 6 where rest.isEmpty:
            self = .redo
        case 7:
            guard let file = try? JSONDecoder().decode(JournalFileState.self, from: Data(rest)) else { return nil }
            self = .saved(file)
        default:
            return nil
        }
    }
}
