import Background
import Foundation
import Synchronization
import TestSupport
import XCTest
@testable import Projects

/// Find in Files' search: what it finds in which file and line, what it skips and counts, the
/// open documents' text in place of the disk's, and a search stopped midway.
final class ContentSearchTests: XCTestCase {
    private var temporary: TemporaryFolder!
    override func setUpWithError() throws { temporary = try TemporaryFolder("content-search") }

    /// A plain-text matcher, byte for byte (the app's is GRegex's, tested in GtkTests).
    private struct Literal: ByteMatcher {
        let needle: [UInt8]
        init(_ text: String) { needle = Array(text.utf8) }
        func forEachMatch(in bytes: UnsafeBufferPointer<UInt8>, _ found: (Range<Int>) -> Bool) {
            var index = 0
            while index + needle.count <= bytes.count {
                if bytes[index..<(index + needle.count)].elementsEqual(needle) {
                    if !found(index..<(index + needle.count)) { return }
                    index += needle.count
                } else {
                    index += 1
                }
            }
        }
    }

    private func write(_ files: [String: [UInt8]]) throws {
        for (name, bytes) in files {
            let path = temporary.path + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
    }

    /// Runs `search` to its end: the files found (sorted by path) and the last tally.
    private func results(of search: ContentSearch) -> (hits: [FileHits], tally: SearchTally) {
        let collected = Mutex<([FileHits], SearchTally, Int)>(([], SearchTally(), 0))
        search.run { found, tally, finished in
            collected.withLock {
                $0.0 += found
                $0.1 = tally
                if finished { $0.2 += 1 }
            }
        }
        let (hits, tally, finishes) = collected.withLock { $0 }
        XCTAssertEqual(finishes, 1, "one last report")
        return (hits.sorted { $0.path < $1.path }, tally)
    }

    func testMatchesComeWithTheirLineNumbersColumnsAndLineText() throws {
        try write(["a.txt": Array("one\ntwo word and word\nthree\r\nword\r\n".utf8),
                   "sub/b.txt": Array("café word\n".utf8),
                   "c.txt": Array("nothing here\n".utf8)])
        let search = ContentSearch(folder: temporary.path, files: ["a.txt", "sub/b.txt", "c.txt"], matcher: Literal("word"))
        let (hits, tally) = results(of: search)
        XCTAssertEqual(hits.map(\.path), ["a.txt", "sub/b.txt"])
        XCTAssertEqual(hits[0].matchCount, 3)
        XCTAssertEqual(hits[0].lines, [LineHit(number: 2, text: "two word and word", matches: [4..<8, 13..<17], column: 5),
                                       LineHit(number: 4, text: "word", matches: [0..<4], column: 1)])
        // Columns count characters, not bytes: "é" is two bytes.
        XCTAssertEqual(hits[1].lines, [LineHit(number: 1, text: "café word", matches: [5..<9], column: 6)])
        XCTAssertEqual(tally.searched, 3)
        XCTAssertEqual(tally.matchedFiles, 2)
        XCTAssertEqual(tally.matches, 4)
    }

    func testBinaryHugeAndUnreadableFilesAreSkippedAndCounted() throws {
        try write(["text.txt": Array("word\n".utf8),
                   "image.png": [0x89, 0x50, 0x00, 0x00] + Array("word".utf8),
                   "big.log": Array(repeating: UInt8(ascii: "x"), count: 5000) + Array("word".utf8)])
        XCTAssertEqual(mkfifo(temporary.path + "/pipe", 0o600), 0)  // not a file: never read (it would block)
        var search = ContentSearch(folder: temporary.path, files: ["text.txt", "image.png", "big.log", "pipe", "gone.txt"], matcher: Literal("word"))
        search.hugeSize = 4096
        let (hits, tally) = results(of: search)
        XCTAssertEqual(hits.map(\.path), ["text.txt"])
        XCTAssertEqual(tally.binarySkipped, 1)
        XCTAssertEqual(tally.hugeSkipped, 1)
        XCTAssertEqual(tally.unreadable, 1, "the pipe; a file gone since it was listed is not counted")
        XCTAssertEqual(tally.searched, 1)
    }

    func testOpenDocumentsAreSearchedAsTheyStandNotAsTheDiskHoldsThem() throws {
        try write(["saved.txt": Array("word on disk\n".utf8), "edited.txt": Array("old text\n".utf8),
                   "ignored.log": Array("word\n".utf8)])
        let search = ContentSearch(folder: temporary.path, files: ["saved.txt", "edited.txt"], matcher: Literal("word"),
                                   openTexts: ["edited.txt": { Array("new\nword typed\n".utf8) },
                                               "ignored.log": { Array("a word unsaved\n".utf8) }])
        let (hits, _) = results(of: search)
        XCTAssertEqual(hits.map(\.path), ["edited.txt", "ignored.log", "saved.txt"])
        XCTAssertEqual(hits[0].lines.map(\.number), [2])
        XCTAssertEqual(hits[1].lines.map(\.text), ["a word unsaved"])
    }

    func testALongLineIsCutAroundItsFirstMatchAndAFileListsABoundedNumberOfLines() throws {
        let long = String(repeating: "a", count: 2000) + "word" + String(repeating: "b", count: 2000)
        try write(["long.txt": Array((long + "\n").utf8),
                   "many.txt": Array(String(repeating: "word\n", count: 50).utf8)])
        var search = ContentSearch(folder: temporary.path, files: ["long.txt", "many.txt"], matcher: Literal("word"))
        search.linesPerFile = 10
        let (hits, _) = results(of: search)
        let line = try XCTUnwrap(hits.first?.lines.first)
        XCTAssertLessThan(line.text.count, 400)
        XCTAssertTrue(line.text.hasPrefix("…") && line.text.hasSuffix("…"))
        XCTAssertEqual(line.column, 2001)
        let shown = try XCTUnwrap(line.matches.first)
        XCTAssertEqual(String(Array(line.text.unicodeScalars)[shown].map(Character.init)), "word")
        XCTAssertEqual(hits[1].lines.count, 10)
        XCTAssertEqual(hits[1].matchCount, 50, "matches past the listed lines are still counted")
        XCTAssertTrue(hits[1].isCut, "and the file says lines are not listed")
        XCTAssertFalse(hits[0].isCut)

        // Two matches on each of exactly as many lines as are listed: nothing is left out.
        try write(["full.txt": Array(String(repeating: "word word\n", count: 10).utf8)])
        var full = ContentSearch(folder: temporary.path, files: ["full.txt"], matcher: Literal("word"))
        full.linesPerFile = 10
        let (whole, _) = results(of: full)
        XCTAssertEqual(whole.first?.matchCount, 20)
        XCTAssertEqual(whole.first?.isCut, false)
    }

    func testACancelledSearchStopsAndNeverSaysItFinished() throws {
        var files: [String: [UInt8]] = [:]
        for index in 0..<400 { files["f\(index).txt"] = Array("word \(index)\n".utf8) }
        try write(files)
        let cancellation = Cancellation()
        let state = Mutex<(reported: Int, finished: Bool)>((0, false))
        var search = ContentSearch(folder: temporary.path, files: files.keys.sorted(), matcher: Literal("word"))
        search.reportInterval = 0
        search.run(cancellation: cancellation) { found, _, finished in
            state.withLock {
                $0.reported += found.count
                if finished { $0.finished = true }
            }
            cancellation.cancel()
        }
        let (reported, finished) = state.withLock { $0 }
        XCTAssertFalse(finished)
        XCTAssertGreaterThan(reported, 0)
        XCTAssertLessThan(reported, 400, "it stopped before the end")
    }

    func testWithoutAListTheProjectIsListedWhileItIsSearched() throws {
        var files: [String: [UInt8]] = [".hidden/secret.txt": Array("word\n".utf8)]
        for index in 0..<600 { files["d\(index % 7)/f\(index).txt"] = Array((index % 3 == 0 ? "a word\n" : "none\n").utf8) }
        try write(files)
        let search = ContentSearch(folder: temporary.path, matcher: Literal("word"))
        let (hits, tally) = results(of: search)
        XCTAssertEqual(hits.count, 200, "every third of the 600, and not the hidden one")
        XCTAssertEqual(tally.searched, 600)
    }

    func testTheLineBudgetBoundsTheLinesOfTheWholeSearchNotItsCount() throws {
        var files: [String: [UInt8]] = [:]
        for index in 0..<20 { files["f\(index).txt"] = Array(String(repeating: "word\n", count: 10).utf8) }
        try write(files)
        var search = ContentSearch(folder: temporary.path, files: files.keys.sorted(), matcher: Literal("word"))
        search.lineBudget = 25
        let (hits, tally) = results(of: search)
        XCTAssertEqual(hits.reduce(0) { $0 + $1.lines.count }, 25)
        XCTAssertEqual(hits.filter(\.isCut).map(\.path).sorted(), hits.filter { $0.lines.count < 10 }.map(\.path).sorted(),
                       "every file the budget's end cut says so, and only those")
        XCTAssertGreaterThanOrEqual(hits.filter(\.isCut).count, 18)
        XCTAssertEqual(tally.matches, 200)
        XCTAssertEqual(tally.matchedFiles, 20)
    }

    func testFileNamePatternsChooseTheFilesSearched() throws {
        let pattern = FileNamePattern(" *.c, *.h ,!test_*, src/*.swift")
        XCTAssertTrue(pattern.admits("kernel/main.c"))
        XCTAssertTrue(pattern.admits("include/list.h"))
        XCTAssertFalse(pattern.admits("kernel/test_main.c"), "left out by the exclusion")
        XCTAssertTrue(pattern.admits("src/App.swift"))
        XCTAssertFalse(pattern.admits("src/deeper/App.swift"), "a pattern with a slash matches the path, and * stops at a slash")
        XCTAssertFalse(pattern.admits("README.md"))
        XCTAssertTrue(FileNamePattern("!*.min.js").admits("app.js"))
        XCTAssertFalse(FileNamePattern("!*.min.js").admits("lib/app.min.js"))
        XCTAssertTrue(FileNamePattern("").isEmpty)

        try write(["a.c": Array("word\n".utf8), "b.txt": Array("word\n".utf8)])
        var search = ContentSearch(folder: temporary.path, matcher: Literal("word"), openTexts: ["open.txt": { Array("word\n".utf8) }])
        search.fileNames = FileNamePattern("*.c")
        XCTAssertEqual(results(of: search).hits.map(\.path), ["a.c"], "open documents too are chosen by the pattern")
    }

    /// Records the nice value of the threads that match.
    private final class NiceProbe: ByteMatcher {
        let seen = Mutex<Set<Int32>>([])
        func forEachMatch(in bytes: UnsafeBufferPointer<UInt8>, _ found: (Range<Int>) -> Bool) {
            let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            seen.withLock { _ = $0.insert(nice) }
        }
    }

    func testTheSearchersRunBelowTheCallersPriorityAndLeaveItAlone() throws {
        var files: [String: [UInt8]] = [:]
        for index in 0..<50 { files["f\(index).txt"] = Array("text\n".utf8) }
        try write(files)
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let probe = NiceProbe()
        _ = results(of: ContentSearch(folder: temporary.path, files: files.keys.sorted(), matcher: probe))
        XCTAssertEqual(probe.seen.withLock { $0 }, [19], "every searcher at nice 19")
        XCTAssertEqual(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), before, "the caller's thread as it was")
    }
}
