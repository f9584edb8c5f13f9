import Documents
@testable import Editing
import Foundation
import Gtk
import TestSupport
import XCTest

/// Replace All in a document too big to search on the main thread: found off it, replaced as
/// one batch (one undo step, one event to every window), refused past its limit, and dropped
/// when the text changes before the search is back.
final class ReplaceAllTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw BufferBindingTests.NoDisplay()
            }
            MainLoop.installMainQueueBridge()  // where the searches' answers come back
        }
    }

    private static func pattern(_ text: String) -> TextPattern {
        try! TextPattern(text: text, isRegex: false, isCaseSensitive: false, matchesWholeWords: false)
    }

    /// A document past `countsAtOnce`: 3 needles among lines of hay.
    @MainActor
    private static func bigDocument(_ store: DocumentStore) -> (Document, String) {
        let document = store.newUntitled()
        let hay = String(repeating: "hay and more hay\n", count: DocumentFinder.countsAtOnce / 17 * 2)
        let text = "a needle\n" + hay + "a needle, needle\n"
        store.apply(.insert(text, at: 0), to: document)
        store.sealUndoStep(document)
        return (document, text)
    }

    func testABigDocumentIsReplacedOffTheMainThreadAsOneBatch() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let (document, text) = Self.bigDocument(store)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 40)
            let other = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 40)
            var events: [DocumentEvent] = []
            let subscription = store.subscribe(to: document) { events.append($0) }
            let finder = DocumentFinder(binding: binding)
            finder.search(Self.pattern("needle"))
            var outcome: DocumentFinder.ReplaceAllOutcome?
            finder.replaceAll(with: "pin") { outcome = $0 }
            XCTAssertNil(outcome, "searched off the main thread")
            XCTAssertEqual(document.storage.string, text, "nothing replaced before the search is back")
            MainLoop.run(until: { outcome != nil }, timeout: 30)
            XCTAssertEqual(outcome, .replaced(3))
            let replaced = text.replacingOccurrences(of: "needle", with: "pin")
            XCTAssertEqual(document.storage.string, replaced)
            XCTAssertEqual(events.filter { if case .editedTogether = $0 { true } else { false } }.count, 1, "one event for all of them")
            XCTAssertFalse(events.contains { if case .edited = $0 { true } else { false } })
            XCTAssertTrue(other.buffer.text.hasPrefix("a pin\nhay"), "the other window follows: \(other.buffer.text.prefix(20))")
            store.undo(document)
            XCTAssertEqual(document.storage.string, text, "one undo takes it all back")
            _ = subscription
        }
    }

    func testPastItsLimitNothingIsReplaced() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let (document, text) = Self.bigDocument(store)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 40)
            let finder = DocumentFinder(binding: binding)
            finder.search(Self.pattern("hay"))
            var outcome: DocumentFinder.ReplaceAllOutcome?
            finder.replaceAll(with: "straw", limit: 1000) { outcome = $0 }
            MainLoop.run(until: { outcome != nil }, timeout: 30)
            XCTAssertEqual(outcome, .tooMany(limit: 1000))
            XCTAssertEqual(document.storage.string, text)
        }
    }

    func testTypingBeforeTheSearchIsBackWins() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let (document, text) = Self.bigDocument(store)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 40)
            let finder = DocumentFinder(binding: binding)
            finder.search(Self.pattern("needle"))
            var outcome: DocumentFinder.ReplaceAllOutcome?
            finder.replaceAll(with: "pin") { outcome = $0 }
            store.apply(.insert("typed ", at: 0), to: document)
            MainLoop.run(until: { outcome != nil }, timeout: 30)
            XCTAssertEqual(outcome, .overtaken)
            XCTAssertEqual(document.storage.string, "typed " + text, "the typing kept, no replacement over a text it was not found in")
        }
    }
}
