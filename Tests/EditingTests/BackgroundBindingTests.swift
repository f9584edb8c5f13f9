import Documents
import Editing
import Foundation
import Gtk
import TestSupport
import XCTest

/// A binding in the background leaves its buffer alone (suspended) or empty (released), and on
/// coming back holds exactly what a twin that stayed in the foreground holds: the same window of
/// lines, caret and selection, and the window's text.
final class BackgroundBindingTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            guard MainLoop.initialize() else {
                XCTFail("GTK could not open a display: run the tests under xvfb-run (see README).")
                throw BufferBindingTests.NoDisplay()
            }
        }
    }

    func testABackgroundBufferIsLeftAloneAndComesBackAsItsTwin() {
        MainActor.assumeIsolated {
            var rng = SplitMix64(testSeed: 9)
            let store = DocumentStore()
            let document = store.newUntitled()
            store.apply(.insert((0..<300).map { "line \($0)" }.joined(separator: "\n"), at: 0), to: document)
            let away = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 12)
            let twin = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 12)
            let typist = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 40)
            for round in 0..<60 {
                let line = Int.random(in: 0..<document.storage.lineCount, using: &rng)
                let offset = away.offset(line: line, column: 2)
                for binding in [away, twin] {
                    binding.reveal(offset)
                    binding.select(anchor: offset - 1, caret: offset)
                }
                let releases = round % 3 == 0
                if releases { away.releaseBuffer() } else { away.suspend() }
                let held = away.buffer.text
                XCTAssertEqual(held, releases ? "" : twin.buffer.text, "round \(round)")
                for _ in 0..<Int.random(in: 1...15, using: &rng) {
                    // Edits inside, around and far from the suspended window, typed in a third window.
                    typist.reveal(Int.random(in: 0...document.storage.count, using: &rng))
                    let at = Int.random(in: 0...typist.buffer.characterCount, using: &rng)
                    let end = min(typist.buffer.characterCount, at + Int.random(in: 0...12, using: &rng))
                    typist.buffer.userReplace(at..<end, with: ["x", "\n", "", "two\nlines"].randomElement(using: &rng)!)
                    XCTAssertEqual(away.buffer.text, held, "the background buffer is not touched (round \(round))")
                }
                away.resume()
                XCTAssertFalse(away.bufferIsStale)
                XCTAssertEqual(away.window, twin.window, "round \(round)")
                XCTAssertEqual(away.buffer.text, twin.buffer.text, "round \(round)")
                XCTAssertEqual(away.buffer.text, document.storage.substring(away.window.range), "round \(round)")
                XCTAssertEqual(away.selection, twin.selection, "round \(round)")
                XCTAssertEqual(away.buffer.caretOffset, twin.buffer.caretOffset, "round \(round)")
                XCTAssertEqual(away.buffer.selectionBoundOffset, twin.buffer.selectionBoundOffset, "round \(round)")
            }
        }
    }

    func testAResumedBufferThatMissedNothingIsNotReloaded() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let document = store.newUntitled()
            store.apply(.insert("one\ntwo\nthree", at: 0), to: document)
            let binding = DocumentBinding(store: store, document: document, buffer: SourceBuffer(), windowLines: 12)
            binding.select(anchor: 5, caret: 5)
            binding.suspend()
            XCTAssertFalse(binding.bufferIsStale)
            binding.resume()
            XCTAssertFalse(binding.isInBackground)
            XCTAssertEqual(binding.buffer.caretOffset, 5)
        }
    }
}
