import Foundation
import TestSupport
import XCTest
@testable import Documents

/// Spins the main run loop (where the loader's pieces arrive) until `condition` or 60 s.
@MainActor
private func waitForLoad(_ what: String, until condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(60)
    while !condition() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
    XCTAssertTrue(condition(), "timed out waiting for \(what)")
}

/// Big files load on a background thread: the head at once, the rest in pieces, read-only
/// until done, and the result is exactly what reading the whole file at once gives.
final class BackgroundLoadTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: String { temporary.path }
    override func setUpWithError() throws { temporary = try TemporaryFolder("load") }

    /// Text of about `bytes` UTF-8 bytes mixing 1- to 4-byte characters and every newline style.
    private func mixedText(bytes: Int, seed: UInt64) -> String {
        var random = SplitMix64(testSeed: seed)
        let pieces = ["plain words ", "é", "한글", "😀", "\n", "\r\n", "\r", "tab\t", "ß∑"]
        var out = ""
        while out.utf8.count < bytes { out += pieces[Int(random.next() % UInt64(pieces.count))] }
        return out
    }

    func testBigFileArrivesInPiecesAndEndsExactlyAsTheFile() throws {
        let path = folder + "/big.txt"
        let text = mixedText(bytes: 3 << 20, seed: 1)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            XCTAssertTrue(document.isLoading)
            XCTAssertTrue(document.isReadOnly)
            XCTAssertGreaterThan(document.storage.count, 0, "the head is there at once")
            XCTAssertLessThan(document.storage.count, text.unicodeScalars.count)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            store.apply(Edit(range: 0..<0, replacement: "x"), to: document)
            XCTAssertTrue(document.isDirty, "the part already read takes edits while the rest loads")
            let loaded = document.storage.count
            store.apply(Edit(range: loaded..<loaded, replacement: "y"), to: document)
            XCTAssertEqual(document.storage.count, loaded, "the end, where the rest arrives, takes none")
            waitForLoad("the load") { !document.isLoading }
            XCTAssertEqual(document.text, "x" + text)
            XCTAssertEqual(document.encoding, .utf8)
            XCTAssertFalse(document.isReadOnly)
            XCTAssertTrue(events.contains { if case .loadProgressed = $0 { true } else { false } })
            XCTAssertEqual(events.last, .loadFinished)
            store.undo(document)
            XCTAssertEqual(document.text, text)
            XCTAssertFalse(document.isDirty)
            store.apply(Edit(range: 0..<0, replacement: "x"), to: document)
            XCTAssertTrue(document.isDirty)
            store.undo(document)
            try store.saveNow(document)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(text.utf8), "bytes unchanged")
            _ = subscription
        }
    }

    func testInvalidUTF8LateInTheFileStartsAgainAsWindows1252() throws {
        let path = folder + "/late.txt"
        var bytes = Array(String(repeating: "line of text\n", count: 200_000).utf8)
        bytes += [0xE9, 0x0A]  // "é" in Latin-1: not UTF-8
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            var restarted = false
            let subscription = store.subscribe(to: document) { if $0 == .loadRestarted { restarted = true } }
            store.apply(Edit(range: 0..<4, replacement: "LINE"), to: document)  // typed before the restart
            waitForLoad("the load") { !document.isLoading }
            XCTAssertTrue(restarted)
            XCTAssertEqual(document.encoding, .windows1252)
            XCTAssertEqual(document.text, "LINE" + (try TextFile.read(path).text).dropFirst(4), "what was typed is applied again")
            XCTAssertTrue(document.text.hasSuffix("é\n"))
            store.undo(document)
            XCTAssertEqual(document.text, try TextFile.read(path).text)
            try store.saveNow(document)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(bytes), "bytes unchanged")
            _ = subscription
        }
    }

    /// A file of UTF-8 accents up front and one Latin-1 byte late: typing after the accents,
    /// done while it loads as UTF-8, lands at the same place when it is read again as
    /// Windows-1252 (each "é" two characters there, "Ã©"), not at the same character offset.
    private func lateLatin1File(_ name: String) throws -> (path: String, bytes: [UInt8]) {
        let path = folder + "/" + name
        var bytes = Array("café crème brûlée\n".utf8)
        bytes += Array(String(repeating: "line of text\n", count: 200_000).utf8)
        bytes += [0xE9, 0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    func testTypingBeforeARestartInWindows1252KeepsItsPlaceAmongTheBytes() throws {
        let (path, bytes) = try lateLatin1File("accents.txt")
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            XCTAssertTrue(document.isLoading)
            store.apply(.insert("[", at: 11), to: document)  // before "brûlée"
            store.apply(.insert("]", at: 18), to: document)  // after it
            store.apply(Edit(range: 3..<4, replacement: "e"), to: document)  // "é" typed over
            waitForLoad("the load") { !document.isLoading }
            XCTAssertEqual(document.encoding, .windows1252)
            let file = try TextFile.read(path).text
            XCTAssertTrue(file.hasPrefix("cafÃ© crÃ¨me brÃ»lÃ©e\n"), "the test's premise: read as Windows-1252")
            XCTAssertEqual(String(document.text.prefix(30)), "cafe crÃ¨me [brÃ»lÃ©e]\nline of")
            XCTAssertEqual(document.text.count, file.count + 1, "two typed, one character for two")
            store.undo(document)
            XCTAssertEqual(document.text, file, "one undo takes the typing back")
            try store.saveNow(document)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(bytes), "bytes unchanged")
        }
    }

    func testTypingIsInTheJournalWhileTheLoadStartsAgain() throws {
        let (path, _) = try lateLatin1File("crash.txt")
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path)
            var restarted = false
            let subscription = store.subscribe(to: document) { if $0 == .loadRestarted { restarted = true } }
            store.apply(.insert("[", at: 11), to: document)
            waitForLoad("the restart") { restarted }
            // A crash now, the new reading under way: the journal has the typing, in its place.
            store.journals!.waitUntilWritten()
            store.journals = nil
            let relaunched = EditJournalTests.journaledStore(folder)
            let restored = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(restored.encoding, .windows1252)
            XCTAssertEqual(String(restored.text.prefix(23)), "cafÃ© crÃ¨me [brÃ»lÃ©e\n")
            XCTAssertTrue(restored.isDirty)
            _ = subscription
        }
    }

    func testTypingPutBackAfterARestartIsJournaledOnce() throws {
        let (path, _) = try lateLatin1File("once.txt")
        let folder = self.folder
        try MainActor.assumeIsolated {
            let store = EditJournalTests.journaledStore(folder)
            let document = try store.openFile(at: path)
            store.apply(.insert("[", at: 11), to: document)
            waitForLoad("the load") { !document.isLoading }
            store.apply(.insert("!", at: 0), to: document)  // typing goes on once it is all here
            store.journals!.waitUntilWritten()
            store.journals = nil
            let relaunched = EditJournalTests.journaledStore(folder)
            let restored = try XCTUnwrap(relaunched.restoreDocument(path: path, draftID: document.draftID, untitledName: nil))
            XCTAssertEqual(restored.text, document.text, "each edit once, in its place")
            relaunched.undo(restored)
            relaunched.undo(restored)
            XCTAssertEqual(restored.text, try TextFile.read(path).text)
        }
    }

    func testInvalidUTF8InABlockDecodedBesideAValidOneStartsAgainWithNothingOfEither() throws {
        // The blocks after the head are decoded a batch at a time across the cores: the bad one
        // is the first of its batch, so the good one beside it must not arrive either.
        let path = folder + "/early.txt"
        let line = Array("line of text\n".utf8)
        var bytes: [UInt8] = []
        while bytes.count < DocumentLoading.headSize + 1_000 { bytes += line }
        bytes += [0xE9, 0x0A]  // "é" in Latin-1, just after the head
        while bytes.count < DocumentLoading.headSize + 3 * FileLoader.blockSize { bytes += line }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            waitForLoad("the load") { !document.isLoading }
            XCTAssertEqual(document.encoding, .windows1252)
            XCTAssertEqual(document.text, try TextFile.read(path).text, "each block once, in order")
            XCTAssertEqual(document.storage.lineCount, bytes.count / line.count + 2)
        }
    }

    func testALongLineAcrossTheBlocksDecodedTogetherIsFound() throws {
        // Short lines, then 30,000 characters across the boundary of the first two blocks after
        // the head (decoded apart), then short lines: only the lines joined across pieces show it.
        let boundary = DocumentLoading.headSize + FileLoader.blockSize
        var text = String(repeating: "short line\n", count: (boundary - 15_000) / 11)
        text += String(repeating: "é", count: 15_000) + String(repeating: "x", count: 15_000) + "\n"
        text += String(repeating: "short line\n", count: 200_000)
        let path = folder + "/across.txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            waitForLoad("the load") { !document.isLoading }
            XCTAssertEqual(document.readOnlyReasons, [.longLines])
            XCTAssertEqual(document.text, text)
        }
    }

    func testLineTraitsJoinedInOrderFindTheLongestLineOfTheWhole() {
        var random = SplitMix64(testSeed: 21)
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<Int(random.next() % 30) {
                text += String(repeating: ["a", "é", "😀", "\u{0}"][Int(random.next() % 4)], count: Int(random.next() % 40))
                text += ["\n", "\r\n", "\r", ""][Int(random.next() % 4)]
            }
            let longest = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
                .map { $0.unicodeScalars.count }.max() ?? 0
            var decoder = BlockDecoder(encoding: .utf8, lineLength: 0)
            var scalars = Array(text.unicodeScalars)[...]
            while !scalars.isEmpty {
                let n = min(scalars.count, Int(random.next() % 50))
                decoder.absorb(LineTraits(of: String(String.UnicodeScalarView(scalars.prefix(n)))))
                scalars = scalars.dropFirst(n)
            }
            XCTAssertEqual(decoder.longestLine, longest, text.debugDescription)
            XCTAssertEqual(decoder.sawNUL, text.contains("\u{0}"))
        }
    }

    func testNULAfterTheHeadMakesTheDocumentReadOnly() throws {
        let path = folder + "/nul-late.txt"
        var bytes = Array(String(repeating: "abc\n", count: 400_000).utf8)
        bytes += [0x00, 0x41]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: path)
            var told = false
            let subscription = store.subscribe(to: document) { if $0 == .becameReadOnly(.binary) { told = true } }
            waitForLoad("the load") { !document.isLoading }
            XCTAssertTrue(told)
            XCTAssertEqual(document.readOnlyReasons, [.binary])
            store.apply(Edit(range: 0..<0, replacement: "x"), to: document)
            XCTAssertFalse(document.isDirty)
            XCTAssertEqual(document.storage.count, bytes.count)
            _ = subscription
        }
    }

    func testNULInTheHeadIsRefusedUnlessOpenedAnyway() throws {
        for size in [100, 3 << 20] {  // read at once, and in the background
            let path = folder + "/nul-\(size).bin"
            var bytes = [UInt8](repeating: 0x41, count: size)
            bytes[10] = 0
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            try MainActor.assumeIsolated {
                let store = DocumentStore()
                do throws(TextFileError) {
                    _ = try store.openFile(at: path)
                    XCTFail("a binary file opened as text")
                } catch {
                    XCTAssertTrue(error.looksBinary)
                    XCTAssertTrue(error.message.contains("NUL"), error.message)
                }
                let document = try store.openFile(at: path, allowBinary: true)
                waitForLoad("the load") { !document.isLoading }
                XCTAssertTrue(document.readOnlyReasons.contains(.binary))
                XCTAssertEqual(document.storage.count, size)
            }
        }
    }

    func testVeryLongLinesMakeTheDocumentReadOnly() throws {
        for size in [30_000, 5_000_000] {
            let path = folder + "/line-\(size).js"
            try Data(String(repeating: "x", count: size).utf8).write(to: URL(fileURLWithPath: path))
            try MainActor.assumeIsolated {
                let store = DocumentStore()
                let document = try store.openFile(at: path)
                waitForLoad("the load") { !document.isLoading }
                XCTAssertEqual(document.readOnlyReasons, [.longLines], "\(size)")
                XCTAssertEqual(document.storage.count, size)
            }
        }
    }

    func testShortLinesInEveryEncodingAndLineEndingAreNotLongLines() throws {
        let line = "HKEY_LOCAL_MACHINE\\Software\\Café=dword:00000001"
        var utf16 = Data([0xFF, 0xFE])
        for unit in String(repeating: line + "\r\n", count: 5_000).utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        let files: [(String, Data)] = [
            ("export.reg", utf16),  // ~480 KB of UTF-16: read at once
            ("latin.txt", Data(String(repeating: line + "\n", count: 5_000).unicodeScalars.map { UInt8($0.value) })),
            ("mac.txt", Data(String(repeating: line + "\r", count: 5_000).utf8)),
        ]
        for (name, bytes) in files {
            let path = folder + "/" + name
            try bytes.write(to: URL(fileURLWithPath: path))
            try MainActor.assumeIsolated {
                let store = DocumentStore()
                let document = try store.openFile(at: path)
                waitForLoad("the load") { !document.isLoading }
                XCTAssertEqual(document.readOnlyReasons, [], name)
                XCTAssertFalse(document.hasLongLines, name)
            }
        }
    }

    func testEditAnywayLiftsOnlyTheLongLinesReasonAndKeepsTheTrait() throws {
        let long = folder + "/long.json", binary = folder + "/nul.bin"
        try Data(("[" + String(repeating: "1,", count: 20_000) + "1]\n").utf8).write(to: URL(fileURLWithPath: long))
        try Data(("\0" + String(repeating: "y", count: 30_000)).utf8).write(to: URL(fileURLWithPath: binary))
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = try store.openFile(at: long)
            waitForLoad("the load") { !document.isLoading }
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            store.apply(Edit(range: 0..<0, replacement: "x"), to: document)
            XCTAssertFalse(document.isDirty, "read-only: the edit is refused")
            store.editAnyway(document)
            XCTAssertEqual(document.readOnlyReasons, [])
            XCTAssertTrue(document.hasLongLines, "windows keep costly features off")
            XCTAssertEqual(events.first, .becameEditable)
            store.apply(Edit(range: 0..<0, replacement: "x"), to: document)
            XCTAssertTrue(document.storage.string.hasPrefix("x["))
            let nul = try store.openFile(at: binary, allowBinary: true)
            waitForLoad("the binary load") { !nul.isLoading }
            store.editAnyway(nul)
            XCTAssertTrue(nul.readOnlyReasons.contains(.binary), "NUL bytes stay read-only")
            _ = subscription
        }
    }

    func testClosingTheLastWindowStopsTheLoad() throws {
        let path = folder + "/closed.txt"
        let size = 48 << 20
        try Data(mixedText(bytes: size, seed: 2).utf8).write(to: URL(fileURLWithPath: path))
        try MainActor.assumeIsolated {
            let store = DocumentStore()
            var document: Document? = try store.openFile(at: path)
            let loader = try XCTUnwrap(document?.loading.loader)
            var events = 0
            var subscription: DocumentSubscription? = store.subscribe(to: document!) { _ in events += 1 }
            subscription = nil
            XCTAssertNil(document?.loading.loader)
            XCTAssertTrue(store.openDocuments.isEmpty)
            document = nil
            let deadline = Date().addingTimeInterval(5)
            while loader.isRunning && Date() < deadline { usleep(1_000) }
            XCTAssertFalse(loader.isRunning, "the reading thread ended")
            // Whatever was already on its way is dropped without effect.
            RunLoop.main.run(until: Date().addingTimeInterval(0.3))
            XCTAssertEqual(events, 0)
            XCTAssertLessThan(loader.blocksRead, size / FileLoader.blockSize, "the thread stopped before the end of the file")
            _ = subscription
        }
    }

    func testBlockDecoderJoinsCharactersSplitAcrossBlocks() {
        var random = SplitMix64(testSeed: 7)
        let text = mixedText(bytes: 50_000, seed: 3)
        for encoding in [TextEncoding.utf8, .utf16LittleEndian, .utf16BigEndian] {
            guard case .success(let bytes) = encoding.encode(text) else { return XCTFail("encode") }
            var decoder = BlockDecoder(encoding: encoding, lineLength: 0)
            var out = "", at = 0
            while at < bytes.count {
                let end = min(bytes.count, at + 1 + Int(random.next() % 997))
                guard let piece = decoder.decode(bytes[at..<end], atEnd: false) else { return XCTFail("\(encoding) at \(at)") }
                out += piece
                at = end
            }
            out += decoder.decode([], atEnd: true) ?? "<invalid>"
            XCTAssertEqual(out, text, "\(encoding)")
        }
        var decoder = BlockDecoder(encoding: .utf8, lineLength: 0)
        XCTAssertNil(decoder.decode([0x41, 0xFF, 0x41], atEnd: false), "invalid bytes are reported")
        var truncated = BlockDecoder(encoding: .utf8, lineLength: 0)
        XCTAssertEqual(truncated.decode([0x41, 0xE2, 0x82], atEnd: false), "A")
        XCTAssertNil(truncated.decode([], atEnd: true), "a sequence cut off by the end of the file is invalid")
    }

    func testAppendingStoragesEqualsTheJoinedText() {
        var random = SplitMix64(testSeed: 11)
        for _ in 0..<40 {
            var storage = TextStorage(), expected = ""
            for _ in 0..<Int(random.next() % 12) {
                let piece = mixedText(bytes: Int(random.next() % 60_000), seed: random.next())
                storage.append(contentsOf: TextStorage(piece))
                expected += piece
            }
            XCTAssertEqual(storage.string, expected)
            XCTAssertEqual(storage.count, expected.unicodeScalars.count)
            XCTAssertEqual(storage.lineCount, ReferenceLines.count(in: expected))
            // Still an ordinary, editable rope.
            let at = storage.count / 2
            storage.replace(at..<min(storage.count, at + 5), with: "Z")
            var scalars = Array(expected.unicodeScalars)
            scalars.replaceSubrange(at..<min(scalars.count, at + 5), with: ["Z"])
            XCTAssertEqual(storage.string, String(String.UnicodeScalarView(scalars)))
        }
    }
}
