import Documents
import Editing

/// A paragraph's own spelling language between the store and a window: the view asks for the
/// languages of the text it is about to check and hears the choice made in its context menu;
/// the store holds them (one truth for every window) and tells each window what changed.
@MainActor
enum EditorParagraphLanguages {
    /// Connects `ui`'s view to the document's paragraph languages (buffer offsets on the view's
    /// side, document offsets on the store's).
    static func wire(_ ui: EditorWindow, _ binding: DocumentBinding, store: DocumentStore, document: Document) {
        ui.textView.spellingLanguagesIn = { [weak binding, weak document] range in
            guard let binding, let document, !document.paragraphLanguages.isEmpty else { return [] }
            let start = binding.documentOffset(ofBuffer: range.lowerBound), end = binding.documentOffset(ofBuffer: range.upperBound)
            return document.paragraphLanguages.spans(in: start..<max(start + 1, end)).compactMap { span in
                bufferRange(span.range, binding).map { ($0, span.code) }
            }
        }
        ui.textView.onParagraphLanguageChosen = { [weak binding, weak store, weak document] offset, code in
            guard let binding, let store, let document else { return }
            store.setSpellingLanguage(code, forParagraphAt: binding.documentOffset(ofBuffer: offset), in: document)
        }
    }

    /// The view checks again the words of a range whose language changed.
    static func respell(_ range: Range<Int>, in ui: EditorWindow, _ binding: DocumentBinding) {
        if let shown = bufferRange(range, binding) { ui.textView.respell(shown) }
    }

    static let restoredAtMost = 1_000

    /// `range` (document offsets) as far as the buffer holds it, in buffer offsets.
    private static func bufferRange(_ range: Range<Int>, _ binding: DocumentBinding) -> Range<Int>? {
        let held = range.clamped(to: binding.shownRange)
        guard let lower = binding.bufferOffset(of: held.lowerBound), let upper = binding.bufferOffset(of: held.upperBound) else { return nil }
        return lower..<max(lower, upper)
    }

    /// The record's spans, from what the document holds (lines and columns, which survive the
    /// file changing on disk while Tandem is closed better than offsets).
    static func recorded(_ document: Document) -> [EditorState.LanguageSpan]? {
        guard !document.paragraphLanguages.isEmpty else { return nil }
        let text = document.storage
        return document.paragraphLanguages.spans.map { span in
            let start = text.lineAndColumn(of: span.range.lowerBound), end = text.lineAndColumn(of: span.range.upperBound)
            return EditorState.LanguageSpan(line: start.line, column: start.column, endLine: end.line, endColumn: end.column, code: span.code)
        }
    }

    /// Gives the document the record's spans, unless it has languages of its own already (another
    /// window on it came back first); spans whose code is not a dictionary's name are dropped.
    static func restore(_ spans: [EditorState.LanguageSpan], to document: Document, in binding: DocumentBinding, store: DocumentStore) {
        guard document.paragraphLanguages.isEmpty else { return }
        // A record can say anything: at most this many spans come back, so a damaged or hostile
        // one cannot hold the relaunch (each span given is a pass over those before it).
        for span in spans.prefix(Self.restoredAtMost) where EditorState.LanguageSpan.isCode(span.code) {
            let lower = binding.offset(line: span.line, column: span.column), upper = binding.offset(line: span.endLine, column: span.endColumn)
            if lower < upper { store.setSpellingLanguage(span.code, over: lower..<upper, in: document) }
        }
    }
}
