import Dispatch
import Documents
import Editing
import FoundationEssentials
import Gtk
import Localization

/// The loading bar and the long-line preview bar of one window, following its binding.
@MainActor
final class EditorLoading {
    /// How much of a file with very long lines is shown until the user asks for all of it.
    static let previewLength = 256 << 10

    private unowned let ui: EditorWindow
    private unowned let binding: DocumentBinding
    private unowned let banners: EditorBanners

    init(ui: EditorWindow, binding: DocumentBinding, banners: EditorBanners) {
        self.ui = ui
        self.binding = binding
        self.banners = banners
    }

    /// Whether a document's lines are too long to lay out, so the window turns costly features
    /// off. Size alone never does: a window holds only the lines around what it shows.
    static func isLightweight(_ document: Document) -> Bool {
        document.hasLongLines || document.readOnlyReasons.contains(.longLines)
    }

    /// Line numbers as wide as the whole file will need, guessed from its head, so the text
    /// area keeps its width (and GtkTextView its layout) while the rest streams in.
    static func reserveLineNumbers(in ui: EditorWindow, for document: Document) {
        guard let progress = document.loadProgress, progress.bytesRead > 0 else { return }
        let lines = Double(document.storage.lineCount) * Double(progress.totalBytes) / Double(progress.bytesRead)
        ui.textView.lineNumbers.reserveRoom(forLines: Int(min(lines, 1e12)))
    }

    /// Shows the loading bar only for loads that take a while, so small files never flash it.
    func showBarIfStillLoading(after delay: Double = 0.5) {
        guard !binding.isComplete else { return }
        barTimer = TimerSource(milliseconds: UInt32(delay * 1000)) { [weak self] in
            guard let self else { return false }
            self.barTimer = nil
            // show, not showAll: the bar is no-show-all (a window's show_all must not show it), and
            // show_all skips such a widget altogether.
            if !self.binding.isComplete { self.ui.loadingBar.bar.show() }
            return false
        }
    }
    private var barTimer: TimerSource?

    /// The document became read-only for long lines mid-load: show a preview from here on.
    func startPreviewIfNeeded() {
        if binding.displayLimit == nil { binding.displayLimit = max(binding.shownCount, Self.previewLength) }
    }

    /// Show All: the whole document, however long its lines.
    func showAll() {
        binding.displayLimit = nil
        update()
    }

    /// Shows the loading bar's progress, hides it when done, and lets the user edit once the
    /// whole text is here (unless the document is read-only).
    func update() {
        let document = binding.document
        // Only lasting reasons make the view read-only. Toggling at the end of a load would make
        // GtkTextView invalidate every line (37 ms for 100 MB); while loading, the store takes
        // edits to the part already read and refuses them only at its end.
        ui.textView.isEditable = document.readOnlyReasons.isEmpty
        if binding.isComplete {
            ui.loadingBar.bar.hide()
        } else {
            ui.loadingBar.label.text = document.restoresEdits
                ? localized("Loading “%1” to put your unsaved changes back over it…", document.displayName)
                : localized("Loading “%1”…", document.displayName)
            ui.loadingBar.progress.fraction = binding.progress
        }
        // Said once the load is done, so the count is final rather than one per streamed slice.
        if !document.isLoading || !binding.isPreview { banners.setPreview(shown: binding.isPreview ? binding.shownCount : nil) }
    }
}
