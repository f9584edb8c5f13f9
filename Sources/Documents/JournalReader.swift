import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A journal read back: its good records, and why the rest (if any) was dropped.
struct JournalContents: Sendable {
    var header: JournalHeader
    /// The base text, when the journal carries it (`header.hasSnapshot`).
    var snapshot: TextStorage?
    var history: UndoHistory
    /// The changes after the base, in order.
    var changes: [JournalRecord]
    /// What was wrong with the part dropped (nil: nothing was).
    var damage: String?
}

/// Reads edit journals without trusting them: a torn or damaged record ends the journal there,
/// and whatever is not a journal at all is refused; never a crash, never a read past the file.
enum JournalReader {
    /// Largest journal read back.
    static let maximumSize = 4 << 30

    enum Failure: Error, Equatable {
        case missing
        case unusable(String)
    }

    /// The journal at `path`; a planted symlink, a device or an oversized file is refused.
    static func read(_ path: String) -> Result<JournalContents, Failure> {
        readStateFile(path, maximumSize: maximumSize).flatMap { parse($0[...]) }
    }

    /// The bytes of one of Tandem's own state files, which must be a regular file (never a link
    /// someone planted, a FIFO or a device) of at most `maximumSize` bytes.
    static func readStateFile(_ path: String, maximumSize: Int) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(errno == ENOENT ? .missing : .unusable("it cannot be opened (\(String(cString: strerror(errno))))")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= maximumSize else {
            return .failure(.unusable("it is not a regular file of a sensible size"))
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n <= 0 { break }
            filled += n
        }
        return .success(Array(bytes[..<filled]))
    }

    /// The journal in `bytes`.
    static func parse(_ bytes: ArraySlice<UInt8>) -> Result<JournalContents, Failure> {
        guard bytes.starts(with: JournalRecord.magic) else { return .failure(.unusable("it is not an edit journal")) }
        var position = bytes.startIndex + JournalRecord.magic.count
        var damage: String?
        var records: [JournalRecord] = []
        while position < bytes.endIndex {
            guard bytes.endIndex - position >= JournalRecord.frameOverhead else { damage = "its last record is torn"; break }
            var frame = ByteReader(bytes[position..<(position + JournalRecord.frameOverhead)])
            let length = Int(frame.u32()!), crc = frame.u32()!
            let start = position + JournalRecord.frameOverhead
            guard length <= JournalRecord.maximumPayload, length <= bytes.endIndex - start else {
                damage = length > JournalRecord.maximumPayload ? "a record is longer than any can be" : "its last record is torn"; break
            }
            let payload = bytes[start..<(start + length)]
            guard journalCRC(payload) == crc else { damage = "a record's checksum is wrong"; break }
            guard let record = JournalRecord(payload: payload) else { damage = "a record cannot be read"; break }
            records.append(record)
            position = start + length
        }
        return assemble(records, damage: damage)
    }

    /// Checks the records' order (header, snapshots if any, history, changes) and gathers them.
    private static func assemble(_ records: [JournalRecord], damage: String?) -> Result<JournalContents, Failure> {
        guard case .header(let header)? = records.first else {
            return .failure(.unusable(damage ?? "it has no header"))
        }
        guard header.version == JournalHeader.currentVersion else {
            return .failure(.unusable("it is of another version (\(header.version))"))
        }
        var index = 1
        var snapshot: TextStorage?
        if header.hasSnapshot {
            var text = TextStorage()
            while index < records.count, case .snapshot(let piece) = records[index] {
                text.append(contentsOf: TextStorage(piece))
                index += 1
            }
            snapshot = text
        }
        guard index < records.count, case .history(let bytes) = records[index], let history = UndoHistory(encoded: bytes[...]) else {
            return .failure(.unusable(damage ?? "its base is incomplete"))
        }
        index += 1
        var changes: [JournalRecord] = []
        var damage = damage
        scan: for record in records[index...] {
            switch record {
            case .edit, .undo, .redo, .saved: changes.append(record)
            default: damage = "a record stands out of place"; break scan
            }
        }
        return .success(JournalContents(header: header, snapshot: snapshot, history: history, changes: changes, damage: damage))
    }
}
