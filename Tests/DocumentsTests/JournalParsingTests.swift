import XCTest
@testable import Documents

/// The reader checks and decodes a journal's records across the cores, yet keeps the rule of a
/// reading in order: the first bad record ends the journal there, and a snapshot comes back whole.
final class JournalParsingTests: XCTestCase {
    private let header = JournalRecord.header(JournalHeader(path: nil, untitledName: "U", hasSnapshot: true,
                                                            file: nil, savedStateID: nil, traits: nil))
    private let pieces = ["first piece ", "é😀 second\r", "\nthird"]
    private let edits = (0..<40).map { JournalRecord.edit(Edit(range: $0..<$0, replacement: "x"), removed: "", merged: false) }

    private func journal(_ records: [JournalRecord]) -> [[UInt8]] { records.map { $0.framed() } }

    private func parse(_ frames: [[UInt8]]) -> Result<JournalContents, JournalReader.Failure> {
        JournalReader.parse((JournalRecord.magic + frames.joined())[...])
    }

    private func wellFormed() -> [[UInt8]] {
        journal([header] + pieces.map { .snapshot($0) } + [.history(UndoHistory().encoded())] + edits)
    }

    func testTheSnapshotPiecesJoinInOrderAndEveryChangeComesBack() throws {
        let contents = try parse(wellFormed()).get()
        XCTAssertEqual(contents.snapshot?.string, pieces.joined())
        XCTAssertEqual(contents.snapshot?.lineCount, 2, "the \r\n parted between two records is one break")
        XCTAssertEqual(contents.changes.count, edits.count)
        XCTAssertNil(contents.damage)
    }

    func testABadChecksumInTheMiddleKeepsOnlyTheChangesBeforeIt() throws {
        var frames = wellFormed()
        let bad = 1 + pieces.count + 1 + 17  // the 18th edit
        frames[bad][frames[bad].count - 1] ^= 0xFF
        let contents = try parse(frames).get()
        XCTAssertEqual(contents.changes.count, 17)
        XCTAssertEqual(contents.damage, "a record's checksum is wrong")
    }

    func testASnapshotThatIsNotUTF8LeavesTheBaseIncomplete() {
        var frames = wellFormed()
        let payload: [UInt8] = [JournalRecord.snapshotKind, 0x41, 0xFF, 0x41]
        var framed: [UInt8] = []
        for value in [UInt32(payload.count), journalCRC(payload)] { withUnsafeBytes(of: value.littleEndian) { framed += $0 } }
        framed += payload
        frames[2] = framed
        XCTAssertEqual(parse(frames).map(\.changes.count), .failure(.unusable("a record cannot be read")))
    }

    func testAChangeBeforeTheHistoryIsOutOfPlace() throws {
        var frames = wellFormed()
        frames.insert(edits[0].framed(), at: 1 + pieces.count)
        XCTAssertEqual(parse(frames).map(\.changes.count), .failure(.unusable("its base is incomplete")))
        frames = wellFormed()
        frames.append(JournalRecord.history(UndoHistory().encoded()).framed())
        frames.append(edits[0].framed())
        let contents = try parse(frames).get()
        XCTAssertEqual(contents.changes.count, edits.count)
        XCTAssertEqual(contents.damage, "a record stands out of place")
    }

    /// An edit at the end of a 50 GB file (offsets past 2^32, past 2^33) comes back, and so does
    /// a history of such edits: a crash after typing at the end of a huge log keeps the typing.
    func testEditsPastTensOfGigabytesComeBack() throws {
        let far = 50_000_000_123
        var history = UndoHistory()
        _ = history.record(Edit(range: far..<far, replacement: "typed"), removed: "")
        _ = history.record(Edit(range: (far + 5)..<(far + 9), replacement: ""), removed: "tail")
        let records: [JournalRecord] = [header, .snapshot("base"), .history(history.encoded()),
                                        .edit(Edit(range: far..<(far + 2), replacement: "at the end"), removed: "ab", merged: false)]
        let contents = try parse(journal(records)).get()
        XCTAssertNil(contents.damage, "nothing dropped")
        XCTAssertEqual(contents.changes, [.edit(Edit(range: far..<(far + 2), replacement: "at the end"), removed: "ab", merged: false)])
        XCTAssertEqual(contents.history.encoded(), history.encoded(), "the history's offsets too")
    }
}
