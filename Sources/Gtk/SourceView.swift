import CDocumentAccessible
import CGtk

/// A GtkSourceView showing a SourceBuffer, set up as a plain-text editor.
@MainActor
public final class SourceView: Widget {
    /// The buffer shown.
    public let buffer: SourceBuffer

    /// The line numbers (their `visible` property is what the show-line-numbers setting binds).
    public private(set) var lineNumbers: LineNumberGutter!
    /// The marks of lines that differ from git's version, beside the numbers: made only for a
    /// file git tracks.
    private var changeGutter: ChangeGutter?

    /// Marks the lines `marks` names (0-based document lines); nil: no marks and no room for them.
    public func setChangeMarks(_ marks: [Int: ChangeGutter.Mark]?) {
        if let marks, changeGutter == nil { changeGutter = ChangeGutter(view: self) }
        changeGutter?.isVisible = marks != nil
        changeGutter?.marks = marks ?? [:]
    }

    /// The marks shown (for tests).
    public var changeMarks: [Int: ChangeGutter.Mark]? { changeGutter?.isVisible == true ? changeGutter?.marks : nil }

    /// Creates a monospace view with line numbers on `buffer`.
    public init(buffer: SourceBuffer) {
        self.buffer = buffer
        super.init(tandem_document_view_new(buffer.sourceBuffer), ownership: .sink)
        lineNumbers = LineNumberGutter(view: self)
        gtk_text_view_set_monospace(tandem_text_view(raw), 1)
        gtk_text_view_set_left_margin(tandem_text_view(raw), 6)
        hasSmartHomeEnd = true
    }

    /// Whether Home goes first to the line's first non-blank character (then to its start), and
    /// End to its last non-blank one, as GtkSourceView's smart Home/End "before" mode does.
    public var hasSmartHomeEnd: Bool {
        get { gtk_source_view_get_smart_home_end(tandem_source_view(raw)) != GTK_SOURCE_SMART_HOME_END_DISABLED }
        set {
            gtk_source_view_set_smart_home_end(tandem_source_view(raw),
                                               newValue ? GTK_SOURCE_SMART_HOME_END_BEFORE : GTK_SOURCE_SMART_HOME_END_DISABLED)
        }
    }

    /// Whether the user can change the text (a read-only view still has a caret and selection).
    public var isEditable: Bool {
        get { gtk_text_view_get_editable(tandem_text_view(raw)) != 0 }
        set { gtk_text_view_set_editable(tandem_text_view(raw), newValue ? 1 : 0) }
    }

    /// Whether the caret's line is highlighted.
    public var highlightsCurrentLine: Bool {
        get { gtk_source_view_get_highlight_current_line(tandem_source_view(raw)) != 0 }
        set { gtk_source_view_set_highlight_current_line(tandem_source_view(raw), newValue ? 1 : 0) }
    }

    /// Whether long lines wrap.
    public var wraps: Bool { gtk_text_view_get_wrap_mode(tandem_text_view(raw)) != GTK_WRAP_NONE }

    /// Files dropped on the view (from a file manager) go to `handler` as paths, instead of
    /// their names being inserted as text; dropped text still goes in as text.
    public func onFilesDropped(_ handler: @escaping @MainActor ([String]) -> Void) {
        let uriList = gdk_atom_intern_static_string("text/uri-list")
        // The URI target must be in the view's list for GTK to deliver the data we ask for.
        gtk_drag_dest_add_uri_targets(widget)
        // GtkTextView keeps its own text-only target list, so a drop offering a file would be
        // taken as its name: ask for the URI list ourselves when the source has one.
        connectDragDrop { [weak self] context, time in
            guard let self else { return false }
            var offered = gdk_drag_context_list_targets(context)
            while let node = offered {
                if OpaquePointer(node.pointee.data) == uriList {
                    gtk_drag_get_data(self.widget, context, uriList, time)
                    return true
                }
                offered = node.pointee.next
            }
            return false
        }
        connectDragData { context, selection, _, time in
            guard gtk_selection_data_get_target(selection) == uriList, let uris = gtk_selection_data_get_uris(selection) else { return false }
            var paths: [String] = []
            var index = 0
            while let uri = uris[index] {
                // A local file as its path; one on a server (dragged from Files) as its address.
                if let name = g_filename_from_uri(uri, nil, nil) {
                    paths.append(String(cString: name))
                    g_free(name)
                } else if String(cString: uri).contains("://") {
                    paths.append(String(cString: uri))
                }
                index += 1
            }
            g_strfreev(uris)
            gtk_drag_finish(context, paths.isEmpty ? 0 : 1, 0, time)
            if !paths.isEmpty { handler(paths) }
            return true
        }
    }

    /// Copy takes its text from `text(selection)` when it returns one (the document's text
    /// behind what the view shows), instead of the buffer's.
    public func onCopy(_ text: @escaping @MainActor (_ selection: Range<Int>) -> String?) {
        connect("copy-clipboard") { [weak self] in
            guard let self else { return }
            var start = GtkTextIter(), end = GtkTextIter()
            guard gtk_text_buffer_get_selection_bounds(self.buffer.buffer, &start, &end) != 0,
                  let replacement = text(Int(gtk_text_iter_get_offset(&start))..<Int(gtk_text_iter_get_offset(&end))) else { return }
            g_signal_stop_emission_by_name(self.raw, "copy-clipboard")
            let clipboard = gtk_clipboard_get_for_display(gtk_widget_get_display(self.widget), gdk_atom_intern_static_string("CLIPBOARD"))
            gtk_clipboard_set_text(clipboard, replacement, -1)
        }
    }

    /// A drag of the selection carries `text()` when it returns one (the document's text behind
    /// what the view shows), so that a move inserts all that its delete takes away.
    public func onDragText(_ text: @escaping @MainActor () -> String?) {
        // Only text targets: with GTK_TEXT_BUFFER_CONTENTS a drop in a text view of this process
        // copies straight out of this buffer, which holds only the lines around what is shown.
        if let targets = gtk_text_buffer_get_copy_target_list(buffer.buffer) {
            gtk_target_list_remove(targets, gdk_atom_intern_static_string("GTK_TEXT_BUFFER_CONTENTS"))
        }
        connectDragDataGet { selection in
            guard let replacement = text() else { return false }
            gtk_selection_data_set_text(selection, replacement, -1)
            return true
        }
    }

    /// The delete that ends a drag-move calls `handler` first; returning true means it deleted
    /// the moved text itself (the view's buffer may not hold all of it).
    public func onDragDelete(_ handler: @escaping @MainActor () -> Bool) {
        connect("drag-data-delete", ignoringOneArgument: true) { [weak self] in
            guard let self, handler() else { return }
            g_signal_stop_emission_by_name(self.raw, "drag-data-delete")
        }
    }

    /// Wraps long lines at word boundaries (or, failing that, characters), or not at all. A line
    /// with a long run and no space in it wraps at any character (`LongRunWrapping`).
    public func setWraps(_ wraps: Bool) {
        gtk_text_view_set_wrap_mode(tandem_text_view(raw), wraps ? GTK_WRAP_WORD_CHAR : GTK_WRAP_NONE)
        if wraps && longRuns == nil { longRuns = LongRunWrapping(buffer: buffer) }
        longRuns?.isActive = wraps
    }

    /// The lines that wrap at any character, made when the view first wraps.
    var longRuns: LongRunWrapping?

    private var fontProvider: UnsafeMutablePointer<GtkCssProvider>?
    /// The word-completion provider this view made (`completesWords`), owned here.
    var wordProvider: UnsafeMutableRawPointer?
    /// The extra carets' blink (SourceView+Carets), made when they are first drawn.
    var caretBlink: CaretBlink?
    /// Whether a triple click selects a paragraph (`tripleClickSelectsParagraph`), and whether
    /// the view listens for triple clicks yet.
    var selectsParagraphs = false
    var watchesTripleClicks = false
    /// The buffer's "changed" handler that starts spelling once there is text (0: none waits),
    /// and the idle that then starts it (after the first character is drawn).
    var spellingWaitsForText: UInt = 0
    var spellingStart: IdleSource?
    /// Loads the checker ahead of an empty view's first text.
    var spellingWarming: IdleSource?
    /// Whether spelling is on (shown once the group's checker has loaded).
    var spellingWanted = false
    /// Whether the context menu offers the spelling languages (connected on first use).
    /// The context menu's Language choice ("spelling.language"), made when spelling is first offered.
    var spellingLanguage: SimpleAction?
    /// Where this view's spell checker comes from: the views of one document share one.
    public var spellingGroup = SpellingGroup()
    /// What every view's spelling menu says (the app sets it in the user's language).
    public static var spellingMenuText = SpellingMenuText()
    /// The checking of this view's buffer, made when a checker first arrives.
    var inlineSpelling: InlineSpelling?
    /// The misspelt word the context menu is open on (its suggestions replace it).
    var menuWord: (range: Range<Int>, text: String)?
    /// Where the context menu was opened (a buffer offset), for its paragraph's language.
    var menuPlace = 0
    /// The context menu's "Language of This Paragraph" choice, made with `spellingLanguage`.
    var paragraphLanguage: SimpleAction?
    /// The spelling languages given to parts of the buffer (buffer offsets), asked for the range
    /// about to be checked; nil: all of it is in the group's language.
    public var spellingLanguagesIn: (@MainActor (Range<Int>) -> [(range: Range<Int>, code: String)])? {
        didSet { inlineSpelling?.languagesIn = spellingLanguagesIn }
    }
    /// The user chose a spelling language for the paragraph at a buffer offset (nil: the document's).
    public var onParagraphLanguageChosen: (@MainActor (_ offset: Int, _ code: String?) -> Void)?

    // The style context keeps its own reference to the provider; this drops ours.
    isolated deinit {
        if let fontProvider { g_object_unref(UnsafeMutableRawPointer(fontProvider)) }
        if let wordProvider { g_object_unref(wordProvider) }
    }

    private var font = "Monospace 11"
    /// The font prose is shown in instead of `font` (the desktop's document font); nil: `font`.
    public var proseFont: String? {
        didSet { if proseFont != oldValue { applyFont() } }
    }
    /// The column the text wraps at (`wrapColumn`), and whether the view follows its size for it yet.
    var marginColumn: Int?
    var followsSizeForMargin = false
    /// Typewriter scrolling's state while it is on, and whether the view follows typing for it yet.
    var typewriter: Typewriter?
    var followsTyping = false
    /// Focus mode's state while it is on, and whether the view follows the caret for it yet.
    var focus: FocusDimming?
    var watchesCaretForFocus = false
    /// How much bigger than its font this view shows the text (1: as the font says); kept within
    /// `zoomRange`. Like a font change, it makes GTK lay out every line of the buffer again.
    public var zoom: Double = 1 {
        didSet {
            zoom = min(max(zoom, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
            if zoom != oldValue { applyFont() }
        }
    }
    /// The zoom factors a view allows.
    public static let zoomRange = 0.3...4.0

    /// Shows the text in `font` (a Pango description such as "Monospace 11"), times `zoom`.
    public func setFont(_ font: String) {
        self.font = font
        applyFont()
    }

    private func applyFont() {
        let description = pango_font_description_from_string(proseFont ?? font)
        defer { pango_font_description_free(description) }
        let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? "Monospace"
        let points = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        let size = (points > 0 ? points : 11) * zoom
        let css = "textview { font-family: \"\(family.filter { $0 != "\"" })\"; font-size: \((size * 100).rounded() / 100)pt; }"
        let context = gtk_widget_get_style_context(widget)
        if fontProvider == nil {
            fontProvider = gtk_css_provider_new()
            gtk_style_context_add_provider(context, OpaquePointer(fontProvider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
        gtk_css_provider_load_from_data(fontProvider, css, -1, nil)
    }

    /// Puts Undo and Redo (the window's "win.undo" and "win.redo") in the text's context menu.
    /// They are bound to the actions, so they follow those actions' enabled state.
    public func offerUndoInContextMenu(undo: String, redo: String) {
        connectPointer("populate-popup") { popup in
            // A touch selection popover is not a menu: nothing is added there.
            guard let popup, tandem_is_menu_shell(UnsafeMutableRawPointer(popup)) != 0 else { return }
            let shell = tandem_menu_shell(UnsafeMutableRawPointer(popup))
            let separator = gtk_separator_menu_item_new()
            gtk_widget_show(separator)
            gtk_menu_shell_prepend(shell, separator)
            for (label, action) in [(redo, "win.redo"), (undo, "win.undo")] {  // prepended: Undo ends on top
                let item = gtk_menu_item_new_with_mnemonic(label)
                gtk_actionable_set_action_name(tandem_actionable(item), action)
                gtk_widget_show(item)
                gtk_menu_shell_prepend(shell, item)
            }
        }
    }

    /// Calls `handler` with +1 or -1 when the wheel turns with Ctrl held (zoom), instead of scrolling.
    public func onControlWheel(_ handler: @escaping @MainActor (Int) -> Void) {
        connectEvent("scroll-event") { event in
            let scroll = event.pointee.scroll
            guard scroll.state & GDK_CONTROL_MASK.rawValue != 0 else { return false }
            switch scroll.direction {
            case GDK_SCROLL_UP: handler(1)
            case GDK_SCROLL_DOWN: handler(-1)
            case GDK_SCROLL_SMOOTH where scroll.delta_y != 0: handler(scroll.delta_y < 0 ? 1 : -1)
            default: break
            }
            return true
        }
    }

    /// Whether the line-number gutter shows.
    public var showsLineNumbers: Bool {
        get { lineNumbers.isVisible }
        set { lineNumbers.isVisible = newValue }
    }

    /// Scrolls so the caret is visible, at `yalign` of the height (about a third of the way down
    /// unless asked otherwise), once the view's lines are laid out.
    public func scrollToCaret(yalign: Double = 0.33) {
        scrollOnceLaidOut { view in
            var iter = GtkTextIter()
            gtk_text_buffer_get_iter_at_mark(view.buffer.buffer, &iter, gtk_text_buffer_get_insert(view.buffer.buffer))
            view.scrollNow(to: &iter, yalign: yalign)
        }
    }

    /// Scrolls so that 0-based `line` is at the top, `pixels` of it scrolled past.
    public func scrollToTop(line: Int, pixels: Int = 0) {
        scrollOnceLaidOut { view in
            var iter = view.buffer.iter(line: line, column: 0)
            view.scrollNow(to: &iter, yalign: 0, pixels: pixels)
        }
    }

    /// Puts `iter` at `yalign` of the height now, from the measured lines. GTK's own scroll to a
    /// mark waits while any line (the caret's, just redrawn) is unmeasured, and a scroll of the
    /// user's in between cancels it.
    private func scrollNow(to iter: inout GtkTextIter, yalign: Double, pixels: Int = 0) {
        guard let adjustment = gtk_scrollable_get_vadjustment(tandem_scrollable(raw)) else { return }
        var rect = GdkRectangle()
        gtk_text_view_get_iter_location(tandem_text_view(raw), &iter, &rect)
        let page = gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, Double(rect.y + gint(pixels)) - yalign * max(0, page - Double(rect.height)))
    }

    private var pendingScroll: IdleSource?
    /// The `onScrolled` handlers, told also when a scroll of ours lands where the view already was.
    var scrollHandlers: [@MainActor () -> Void] = []

    /// Whether a scroll asked for is still waiting for the view to be shown and laid out.
    public var isScrollPending: Bool { pendingScroll != nil || (scrollWaitsForMap && gtk_widget_get_mapped(widget) == 0) }
    private var scrollWaitsForMap = false

    /// Scrolls once the view is on screen and its lines are laid out. GtkTextView counts a line it
    /// has not laid out yet as 0 pixels high, so a scroll computed before then lands short of its
    /// line and stays there as the lines above grow; an idle below GTK's layout priority runs
    /// once they are measured. The newest request replaces one still waiting.
    private func scrollOnceLaidOut(_ scroll: @escaping @MainActor (SourceView) -> Void) {
        pendingScroll?.cancel()
        pendingScroll = nil
        scrollWaitsForMap = true
        whenShown { [weak self] in
            guard let self else { return }
            self.scrollWaitsForMap = false
            self.pendingScroll = IdleSource(priority: MainLoopPriority.afterTextLayout) { [weak self] in
                guard let self else { return false }
                self.pendingScroll = nil
                // The lines are measured, but the adjustment learns the new height only at the next
                // frame's allocation: that step runs now, or the scroll stops at the old height.
                if let toplevel = gtk_widget_get_toplevel(self.widget), gtk_widget_is_toplevel(toplevel) != 0 {
                    gtk_container_check_resize(tandem_container(toplevel))
                }
                scroll(self)
                // What waited for this scroll runs now, even if the view did not move.
                for handler in self.scrollHandlers { handler() }
                return false
            }
        }
    }
}
