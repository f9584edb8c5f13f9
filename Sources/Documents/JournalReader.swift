import Background
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

    /// A record as read: a snapshot comes as the rope built from it while reading.
    private enum Read: Sendable {
        case record(JournalRecord)
        case snapshot(TextStorage)
        case damaged(String)
    }

    /// The journal in `bytes`. The records' frames are found in order, then checked and decoded
    /// across the cores (a 100 MB document's snapshot is a hundred 1 MB records, each built into
    /// a rope straight from its bytes); the first bad one ends the journal there, as in order.
    static func parse(_ bytes: ArraySlice<UInt8>) -> Result<JournalContents, Failure> {
        guard bytes.starts(with: JournalRecord.magic) else { return .failure(.unusable("it is not an edit journal")) }
        var position = bytes.startIndex + JournalRecord.magic.count
        var damage: String?
        var frames: [(payload: Range<Int>, crc: UInt32)] = []
        while position < bytes.endIndex {
            guard bytes.endIndex - position >= JournalRecord.frameOverhead else { damage = "its last record is torn"; break }
            var frame = ByteReader(bytes[position..<(position + JournalRecord.frameOverhead)])
            let length = Int(frame.u32()!), crc = frame.u32()!
            let start = position + JournalRecord.frameOverhead
            guard length <= JournalRecord.maximumPayload, length <= bytes.endIndex - start else {
                damage = length > JournalRecord.maximumPayload ? "a record is longer than any can be" : "its last record is torn"; break
            }
            frames.append((start..<(start + length), crc))
            position = start + length
        }
        let found = frames
        let read = Background.inParallel(found.count) { index -> Read in
            let payload = bytes[found[index].payload]
            guard journalCRC(payload) == found[index].crc else { return .damaged("a record's checksum is wrong") }
            if payload.first == JournalRecord.snapshotKind {
                let text = payload.dropFirst().withContiguousStorageIfAvailable { buffer in
                    TextStorage(validatingUTF8: buffer, profile: ByteProfile(buffer))
                }
                guard let text = text ?? nil else { return .damaged("a record cannot be read") }
                return .snapshot(text)
            }
            guard let record = JournalRecord(payload: payload) else { return .damaged("a record cannot be read") }
            return .record(record)
        }
        var records: [Read] = []
        records.reserveCapacity(read.count)
        for item in read {
            if case .damaged(let why) = item { damage = why; break }
            records.append(item)
        }
        return assemble(records, damage: damage)
    }

    /// Checks the records' order (header, snapshots if any, history, changes) and gathers them.
    private static func assemble(_ records: [Read], damage: String?) -> Result<JournalContents, Failure> {
        guard case .record(.header(let header))? = records.first else {
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
                text.append(contentsOf: piece)
                index += 1
            }
            snapshot = text
        }
        guard index < records.count, case .record(.history(let bytes)) = records[index], let history = UndoHistory(encoded: bytes[...]) else {
            return .failure(.unusable(damage ?? "its base is incomplete"))
        }
        index += 1
        var changes: [JournalRecord] = []
        var damage = damage
        scan: for record in records[index...] {
            switch record {
            case .record(let change) where change.isChange: changes.append(change)
            default: damage = "a record stands out of place"; break scan
            }
        }
        return .success(JournalContents(header: header, snapshot: snapshot, history: history, changes: changes, damage: damage))
    }
}
