import Background
import Dispatch

/// A document's words and characters while someone looks at them (the statistics popover open):
/// counted once, on a worker when the document is big, then kept up to date edit by edit from
/// what each edit touched, never counted again per key. The window that shows them hands it the
/// store's events (`follow`); nothing is counted while nobody looks.
@MainActor
public final class DocumentStatistics {
    /// The document's counts; nil while the first count runs.
    public private(set) var counts: TextStatistics?
    /// Called when `counts` changed.
    public var onChange: (@MainActor () -> Void)?
    private let document: Document
    /// The text the counts follow: the edits' old text is read from it.
    private var known: TextStorage
    /// What the edits since the text being counted changed (added once the count is back).
    private var sinceCount = TextStatistics()
    private var generation = 0
    /// Texts up to this many characters are counted at once, on the main thread (a few ms).
    static let countedAtOnce = 1 << 20

    public init(document: Document) {
        self.document = document
        known = document.storage
        countAgain()
    }

    /// Follows one of the document's store events.
    public func follow(_ event: DocumentEvent) {
        switch event {
        case .edited(let edit, _, _):
            let change = TextStatistics.change(by: edit, from: known, to: document.storage)
            known = document.storage
            if let counted = counts {
                counts = counted + change
                onChange?()
            } else {
                sinceCount = sinceCount + change
            }
        case .editedTogether, .loadProgressed, .loadFinished, .loadRestarted, .reloadedFromDisk:
            // Many edits at once, or a file arriving: counted again (rare, and off the main
            // thread when big).
            countAgain()
        default:
            break
        }
    }

    /// Counts `range` of the document (a selection), on a worker when it is big; `done` gets the
    /// counts on the main thread.
    public func count(_ range: Range<Int>, _ done: @escaping @MainActor (TextStatistics) -> Void) {
        let text = document.storage
        let clamped = min(range.lowerBound, text.count)..<min(range.upperBound, text.count)
        guard clamped.count > Self.countedAtOnce else { return done(TextStatistics(of: text.substring(clamped))) }
        let delivery = Delivery(done)
        Background.run(on: .global(qos: .userInitiated), { TextStatistics(of: text.substring(clamped)) },
                       then: { delivery.done($0) })
    }

    private func countAgain() {
        generation += 1
        known = document.storage
        sinceCount = TextStatistics()
        let text = known
        guard text.count > Self.countedAtOnce else {
            counts = TextStatistics(of: text)
            onChange?()
            return
        }
        let asked = generation
        counts = nil
        onChange?()
        Background.run(on: .global(qos: .userInitiated), { TextStatistics(of: text) }, then: { [weak self] counted in
            guard let self, asked == self.generation else { return }
            self.counts = counted + self.sinceCount
            self.sinceCount = TextStatistics()
            self.onChange?()
        })
    }

    /// The caller's completion, carried across the worker (made and called on the main thread).
    private final class Delivery: @unchecked Sendable {
        let done: @MainActor (TextStatistics) -> Void
        init(_ done: @escaping @MainActor (TextStatistics) -> Void) { self.done = done }
    }
}
