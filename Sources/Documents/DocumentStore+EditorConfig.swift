import Background
import Dispatch

/// What `.editorconfig` asks of a file as it is saved: its line endings and charset, no trailing
/// whitespace, a final newline. Read and worked out on a snapshot off the main thread (the file
/// may be big, the folders slow), then made as one batch of edits, one undo step, so the user sees
/// (and can undo) exactly what was written.
extension DocumentStore {
    /// A save waiting for its formatting to be worked out.
    final class PendingFormat: @unchecked Sendable {
        // @unchecked: `result` is written on the format queue before the main thread reads it
        // (after the queue's async hand-off, or its sync when quitting).
        let document: Document
        let path: String
        let editCount: Int
        let attempt: Int
        let then: @MainActor (Bool) -> Void
        var result: (config: EditorConfig, change: FormatChange?)?
        var isDone = false

        init(document: Document, path: String, editCount: Int, attempt: Int, then: @escaping @MainActor (Bool) -> Void) {
            self.document = document
            self.path = path
            self.editCount = editCount
            self.attempt = attempt
            self.then = then
        }
    }

    /// Works out what `.editorconfig` asks of `document` for `path` off the main thread, applies it,
    /// then calls `then` (on the main thread) with whether it changed anything. Typing meanwhile is kept: the rules are worked out
    /// again on the text as it is then (off the main thread twice more, then on it).
    func formatForSave(_ document: Document, path: String, attempt: Int = 0, then: @escaping @MainActor (Bool) -> Void) {
        let pending = PendingFormat(document: document, path: path, editCount: document.editCount, attempt: attempt, then: then)
        pendingFormats.append(pending)
        let snapshot = document.storage, newline = document.lineEnding
        Background.run(on: formatQueue, {
            let config = EditorConfig.forFile(path)
            pending.result = (config, FormatChange(snapshot, rules: FormatRules(config, newline: newline)))
        }, then: { [weak self] _ in self?.finishFormatting(pending) })
    }

    /// Applies a worked-out formatting and goes on with its save.
    func finishFormatting(_ pending: PendingFormat, quitting: Bool = false) {
        guard !pending.isDone else { return }
        pending.isDone = true
        pendingFormats.removeAll { $0 === pending }
        let document = pending.document
        if !quitting && pending.attempt < 2 && document.editCount != pending.editCount {
            return formatForSave(document, path: pending.path, attempt: pending.attempt + 1, then: pending.then)
        }
        let config = pending.result?.config ?? EditorConfig.forFile(pending.path)
        let before = (document.editCount, document.fileTraits)
        applyOnSave(config, to: document, worked: pending.result.flatMap { document.editCount == pending.editCount ? $0.change : nil })
        pending.then(before != (document.editCount, document.fileTraits))
    }

    /// Makes `document` follow what `config` asks of a save: its charset and line ending from now
    /// on, and the edits (`worked`, when they were worked out on this very text; else here).
    func applyOnSave(_ config: EditorConfig, to document: Document, worked: FormatChange? = nil) {
        guard !document.isReadOnly, config != EditorConfig() else { return }
        if let encoding = config.encoding { setEncoding(encoding, of: document) }
        if let ending = config.lineEnding { document.fileTraits.lineEnding = ending }
        if let change = worked ?? FormatChange(document.storage, rules: FormatRules(config, newline: document.lineEnding)) {
            apply(change, to: document)
        }
    }

    /// Finishes every save still waiting for its formatting, at once (quitting).
    func finishPendingFormats() {
        formatQueue.sync {}
        for pending in pendingFormats { finishFormatting(pending, quitting: true) }
    }
}
