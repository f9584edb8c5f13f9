@testable import Documents
import TestSupport
import XCTest

/// A paragraph's own spelling language: given over the paragraph around a place, joined with a
/// neighbour in the same language, and carried by every edit as a model of one language per
/// character says (typing at a span's end joins it, at its start goes before it).
final class ParagraphLanguagesTests: XCTestCase {
    typealias Span = ParagraphLanguages.Span

    func testSpansSplitJoinAndClear() {
        var languages = ParagraphLanguages()
        languages.set("de_DE", over: 10..<20)
        languages.set("de_DE", over: 20..<30)
        XCTAssertEqual(languages.spans, [Span(range: 10..<30, code: "de_DE")], "neighbours in one language are one span")
        languages.set("fr_FR", over: 15..<18)
        XCTAssertEqual(languages.spans, [Span(range: 10..<15, code: "de_DE"), Span(range: 15..<18, code: "fr_FR"), Span(range: 18..<30, code: "de_DE")])
        languages.set(nil, over: 0..<16)
        XCTAssertEqual(languages.spans, [Span(range: 16..<18, code: "fr_FR"), Span(range: 18..<30, code: "de_DE")])
        XCTAssertEqual(languages.code(at: 17), "fr_FR")
        XCTAssertNil(languages.code(at: 30))
        XCTAssertEqual(languages.spans(in: 0..<17).map(\.code), ["fr_FR"])
    }

    func testAParagraphRunsBetweenBlankLines() {
        let text = TextStorage("Title\n\nErster Satz\nzweiter Satz\n  \nEnglish again\r\nmore")
        XCTAssertEqual(text.paragraph(around: 10), 7..<31)
        XCTAssertEqual(text.substring(7..<31), "Erster Satz\nzweiter Satz")
        XCTAssertNil(text.paragraph(around: 6), "a blank line is no paragraph")
        XCTAssertNil(text.paragraph(around: 33), "nor one of spaces")
        XCTAssertEqual(text.substring(text.paragraph(around: 40)!), "English again\r\nmore")
        XCTAssertEqual(text.paragraph(around: 0), 0..<5)
    }

    /// Random edits against one language per character: the spans after each edit are what the
    /// model's characters say, whatever the edits.
    func testSpansFollowEditsAsALanguagePerCharacterDoes() {
        var rng = SplitMix64(testSeed: 71)
        for _ in 0..<300 {
            var model: [String?] = Array(repeating: nil, count: 40)
            var languages = ParagraphLanguages()
            for _ in 0..<3 {
                let lower = rng.next(40), upper = lower + 1 + rng.next(10)
                let code = ["de_DE", "fr_FR"][rng.next(2)]
                languages.set(code, over: lower..<min(upper, model.count))
                for i in lower..<min(upper, model.count) { model[i] = code }
            }
            XCTAssertEqual(languages, Self.spans(of: model))
            for _ in 0..<20 {
                let lower = rng.next(model.count + 1), upper = min(model.count, lower + rng.next(4))
                let inserted = rng.next(3)
                let edit = Edit(range: lower..<upper, replacement: String(repeating: "x", count: inserted))
                // The model: inserted text goes on in the language of the character before it
                // when it is typed there, or when that span went on past the edit's start.
                let before = lower > 0 ? model[lower - 1] : nil
                let label = before != nil && (lower == upper || model[lower] == before) ? before : nil
                model.replaceSubrange(lower..<upper, with: Array(repeating: label, count: inserted))
                languages = languages.following(edit)
                XCTAssertEqual(languages, Self.spans(of: model), "after \(edit)")
                if languages != Self.spans(of: model) { return }
            }
        }
    }

    private static func spans(of model: [String?]) -> ParagraphLanguages {
        var languages = ParagraphLanguages()
        for (index, code) in model.enumerated() where code != nil { languages.set(code, over: index..<(index + 1)) }
        return languages
    }

    @MainActor
    func testTheStoreGivesAParagraphItsLanguageAndEditsCarryIt() {
        let store = DocumentStore()
        let document = store.newUntitled()
        store.apply(.insert("An English line.\n\nEin deutscher Satz.\n\nMore English.\n", at: 0), to: document)
        var told: [DocumentEvent] = []
        let subscription = store.subscribe(to: document) { event in
            if case .paragraphLanguagesChanged = event { told.append(event) }
        }
        let dirty = document.isDirty, steps = document.history.stateID
        store.setSpellingLanguage("de_DE", forParagraphAt: 25, in: document)
        XCTAssertEqual(document.paragraphLanguages.spans, [Span(range: 18..<37, code: "de_DE")])
        XCTAssertEqual(told, [.paragraphLanguagesChanged(18..<37)])
        XCTAssertEqual(document.isDirty, dirty)
        XCTAssertEqual(document.history.stateID, steps, "no undo step")
        store.setSpellingLanguage("de_DE", forParagraphAt: 17, in: document)
        XCTAssertEqual(told.count, 1, "a blank line has no paragraph")
        store.apply(.insert("Hallo. ", at: 18), to: document)
        store.apply(.insert(" Noch einer.", at: 44), to: document)
        XCTAssertEqual(document.paragraphLanguages.spans, [Span(range: 25..<56, code: "de_DE")], "typed before it, then at its end")
        store.sealUndoStep(document)
        store.undo(document)
        XCTAssertEqual(document.paragraphLanguages.spans, [Span(range: 25..<44, code: "de_DE")], "undo takes back what it held")
        store.setSpellingLanguage(nil, forParagraphAt: 30, in: document)
        XCTAssertTrue(document.paragraphLanguages.isEmpty)
        XCTAssertEqual(told.count, 2)
        withExtendedLifetime(subscription) {}
    }
}
