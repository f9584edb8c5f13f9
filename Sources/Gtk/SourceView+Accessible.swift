import CDocumentAccessible
import CGtk

/// A whole document as assistive technologies see it, behind a view whose buffer holds only a
/// window of it. Offsets are the document's characters (Unicode scalars).
@MainActor
public protocol AccessibleDocument: AnyObject {
    /// The document's character count.
    var accessibleCharacterCount: Int { get }
    /// The document's text in `range` (clamped).
    func accessibleText(in range: Range<Int>) -> String
    /// The caret.
    var accessibleCaret: Int { get }
    /// The selection (empty: none).
    var accessibleSelection: Range<Int> { get }
    /// Selects `anchor` to `caret` and shows the caret.
    func accessibleSelect(anchor: Int, caret: Int)
    /// The buffer offset of a document offset, nil when the buffer does not hold it.
    func accessibleBufferOffset(of offset: Int) -> Int?
    /// The document offset of a buffer offset.
    func accessibleDocumentOffset(ofBuffer offset: Int) -> Int
    /// The line holding `offset`: from its start to the next line's (or the end).
    func accessibleLine(containing offset: Int) -> Range<Int>
    /// Replaces `range` with `text` as the user would.
    func accessibleReplace(_ range: Range<Int>, with text: String)
}

/// Holds the document for the C side, which releases it with the view.
private final class AccessibleBox {
    weak var document: AccessibleDocument?
    init(_ document: AccessibleDocument) { self.document = document }

    static func document(_ owner: gpointer?) -> AccessibleDocument? {
        guard let owner else { return nil }
        return Unmanaged<AccessibleBox>.fromOpaque(owner).takeUnretainedValue().document
    }
}

// The callbacks run on the main thread: ATK is called from GTK's main loop only.
private func withDocument<T: Sendable>(_ owner: gpointer?, _ fallback: T, _ body: @MainActor (AccessibleDocument) -> T) -> T {
    nonisolated(unsafe) let owner = owner
    return MainActor.assumeIsolated { AccessibleBox.document(owner).map(body) ?? fallback }
}

private let accessibleSource: TandemDocumentSource = {
    var source = TandemDocumentSource()
    source.character_count = { owner in withDocument(owner, 0) { gint(clamping: $0.accessibleCharacterCount) } }
    source.text = { owner, start, end in
        let text = withDocument(owner, "") { $0.accessibleText(in: Int(start)..<max(Int(start), Int(end))) }
        // A C string ends at NUL: a binary file's NULs go over as the ␀ the view shows, one for one.
        guard text.unicodeScalars.contains("\0") else { return g_strdup(text) }
        return g_strdup(String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? "\u{2400}" : $0 })))
    }
    source.caret = { owner in withDocument(owner, 0) { gint(clamping: $0.accessibleCaret) } }
    source.set_caret = { owner, offset in withDocument(owner, ()) { $0.accessibleSelect(anchor: Int(offset), caret: Int(offset)) } }
    source.selection = { owner, start, end in
        let range = withDocument(owner, 0..<0) { $0.accessibleSelection }
        start?.pointee = gint(clamping: range.lowerBound)
        end?.pointee = gint(clamping: range.upperBound)
    }
    source.select = { owner, start, end in withDocument(owner, ()) { $0.accessibleSelect(anchor: Int(start), caret: Int(end)) } }
    source.buffer_offset = { owner, offset in withDocument(owner, -1) { $0.accessibleBufferOffset(of: Int(offset)).map { gint(clamping: $0) } ?? -1 } }
    source.document_offset = { owner, offset in withDocument(owner, offset) { gint(clamping: $0.accessibleDocumentOffset(ofBuffer: Int(offset))) } }
    source.line = { owner, offset, start, next in
        let line = withDocument(owner, 0..<0) { $0.accessibleLine(containing: Int(offset)) }
        start?.pointee = gint(clamping: line.lowerBound)
        next?.pointee = gint(clamping: line.upperBound)
    }
    source.replace = { owner, start, end, text in
        let replacement = text.map { String(cString: $0) } ?? ""
        withDocument(owner, ()) { $0.accessibleReplace(Int(start)..<max(Int(start), Int(end)), with: replacement) }
    }
    return source
}()

private let releaseBox: @convention(c) (gpointer?) -> Void = { owner in
    if let owner { Unmanaged<AccessibleBox>.fromOpaque(owner).release() }
}

extension SourceView {
    /// Assistive technologies read and change `document` through this view from now on.
    public func serveAccessibly(_ document: AccessibleDocument) {
        var source = accessibleSource
        let owner = Unmanaged.passRetained(AccessibleBox(document)).toOpaque()
        tandem_document_view_set_source(widget, &source, owner, releaseBox)
    }

    /// Tells assistive technologies that `length` characters were inserted (or deleted) at `offset`.
    public func accessibleTextChanged(inserted: Bool, at offset: Int, length: Int) {
        tandem_document_view_text_changed(widget, inserted ? 1 : 0, gint(clamping: offset), gint(clamping: length))
    }

    /// Tells assistive technologies that the caret moved to document offset `offset`.
    public func accessibleCaretMoved(to offset: Int) {
        tandem_document_view_caret_moved(widget, gint(clamping: offset))
    }
}
