import CGtk
import Dispatch

/// Spell checking of one view's buffer, on the design of GNOME's libspelling (GTK 4 only)
/// written for GTK 3, so that no keystroke waits for a dictionary:
/// - an edit only marks the words it touched as unchecked (in a `TextRegion` beside the buffer,
///   not a tag: a tag cuts the runs GTK shapes a line in) and takes their underline off;
/// - a low-priority idle takes at most `chunk` characters of unchecked text a turn, from what
///   the view shows, and hands their words to the spelling queue (Enchant, off the main thread);
///   the answer comes back as underlines, or is dropped (the words marked again) if the buffer
///   changed meanwhile;
/// - the word being typed (the caret in it, an edit just made there) stays unchecked until the
///   caret leaves it, so a word is never flagged half-written.
/// Text no view shows is not checked until it is shown.
@MainActor
final class InlineSpelling {
    /// At most this many characters are taken a turn (libspelling's bound).
    static let chunk = 1_000
    private weak var view: SourceView?
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let misspelt: UnsafeMutablePointer<GtkTextTag>
    /// The text not checked yet, by buffer offsets, and the buffer's length it was last moved for
    /// (a deletion's handler sees only where it was, the length says how much went).
    private var unchecked = TextRegion()
    private var knownCount: Int
    /// The dictionary; a new one (another language) has every word checked again.
    var checker: SpellChecker? {
        didSet { if checker !== oldValue { recheckAll() } }
    }
    /// Whether misspelt words are underlined (off: the underlines go, nothing is checked).
    var isShown = false {
        didSet {
            guard isShown != oldValue else { return }
            if isShown { recheckAll() } else { removeUnderline(0, characterCount) }
        }
    }
    private var pass: IdleSource?
    /// Whether a turn's words are with the checker.
    private var inFlight = false
    /// The words with the checker, between two marks that follow edits; `touched` once an edit
    /// reached them (or every word is to be checked again): their answer is dropped then. An
    /// edit elsewhere (the rest of a big file going into the buffer) only moves them.
    private var asked: (start: UnsafeMutablePointer<GtkTextMark>, end: UnsafeMutablePointer<GtkTextMark>, touched: Bool)?
    /// The languages given to parts of the buffer (`SourceView.spellingLanguagesIn`), and their
    /// checkers as they load (nil: no such dictionary here, so the group's checks that part).
    var languagesIn: (@MainActor (Range<Int>) -> [(range: Range<Int>, code: String)])?
    var paragraphCheckers: [String: SpellChecker?] = [:]
    var loadingLanguages: Set<String> = []
    /// Whether the last edit was a small one at the caret (typing): the caret's word waits.
    private var typingAtCaret = false
    /// Where the last right click was (a buffer offset), for the context menu's word.
    private var clickedAt: Int?
    #if DEBUG
    /// The spans underlines were taken off, in order (tests: only where there were underlines).
    private(set) var underlineRemovals: [Range<Int>] = []
    /// Called as words go to the checker (tests: an edit while they are asked about).
    var whileAsking: (@MainActor () -> Void)?
    #endif

    /// Every live instance, so a word added to a dictionary is checked again everywhere.
    private static var all: [Weak] = []
    private struct Weak { weak var spelling: InlineSpelling? }

    init(view: SourceView) {
        self.view = view
        buffer = tandem_text_buffer(view.buffer.raw)
        let table = gtk_text_buffer_get_tag_table(buffer)
        misspelt = Self.tag(named: "tandem-misspelt", in: table) { tag in
            tandem_object_set_int(tag, "underline", gint(PANGO_UNDERLINE_ERROR.rawValue))
        }
        knownCount = Int(gtk_text_buffer_get_char_count(buffer))
        Self.all.removeAll { $0.spelling == nil }
        Self.all.append(Weak(spelling: self))
        view.buffer.connectInsertText(after: true) { [weak self] location, text in
            guard let self else { return }
            let end = Int(gtk_text_iter_get_offset(location)), count = text.unicodeScalars.count
            self.unchecked.inserted(count, at: end - count)
            self.knownCount += count
            self.edited(end - count, end, size: count)
        }
        view.buffer.connectDeleteRange(after: true) { [weak self] start, _ in
            guard let self else { return }
            let at = Int(gtk_text_iter_get_offset(start)), now = self.characterCount
            self.unchecked.deleted(at..<(at + max(0, self.knownCount - now)))
            self.knownCount = now
            self.edited(at, at, size: 1)
        }
        view.buffer.onMarksMoved { [weak self] _ in
            guard let self, self.typingAtCaret else { return }
            self.typingAtCaret = false  // the caret left the word being typed: it is checked now
            self.schedule()
        }
        // Scrolling, resizing and showing bring other text into view.
        if let adjustment = gtk_scrollable_get_vadjustment(tandem_scrollable(view.raw)) {
            let wrapped = Object(UnsafeMutableRawPointer(adjustment), ownership: .sink)
            wrapped.connect("value-changed") { [weak self] in self?.schedule() }
            wrapped.connect("changed") { [weak self] in self?.schedule() }
        }
        view.connect("map") { [weak self] in self?.schedule() }
        _ = view.connectEvent("button-press-event") { [weak self] event in
            self?.noteClick(event)
            return false
        }
    }

    private static func tag(named name: String, in table: UnsafeMutablePointer<GtkTextTagTable>?,
                            _ configure: (UnsafeMutablePointer<GtkTextTag>) -> Void) -> UnsafeMutablePointer<GtkTextTag> {
        if let existing = gtk_text_tag_table_lookup(table, name) { return existing }
        let tag = gtk_text_tag_new(name)!
        configure(tag)
        gtk_text_tag_table_add(table, tag)
        g_object_unref(tag)  // the table holds it
        return tag
    }

    // MARK: Marking

    /// An edit changed `start..<end` (buffer offsets, after it): its words are checked again.
    func edited(_ start: Int, _ end: Int, size: Int) {
        let (lower, upper) = widened(start, end)
        if let sent = asked, !sent.touched, lower <= offset(of: sent.end), offset(of: sent.start) <= upper { asked?.touched = true }
        removeUnderline(lower, upper)
        unchecked.add(lower..<upper)
        let caret = caretOffset
        typingAtCaret = size < 32 && lower <= caret && caret <= upper
        schedule()
    }

    /// Every word of the buffer is unchecked (a new dictionary, a word added to one).
    func recheckAll() {
        asked?.touched = true
        unchecked = TextRegion()
        unchecked.add(0..<characterCount)
        if checker == nil || !isShown { removeUnderline(0, characterCount) }
        schedule()
    }

    var characterCount: Int { Int(gtk_text_buffer_get_char_count(buffer)) }

    func schedule() {
        guard pass == nil, !inFlight, isShown, checker != nil else { return }
        pass = IdleSource(priority: MainLoopPriority.whenIdle) { [weak self] in
            self?.pass = nil
            self?.takeTurn()
            return false
        }
    }

    // MARK: Checking

    /// Sends the next unchecked words the view shows to the checker, at most `chunk` characters.
    private func takeTurn() {
        guard let checker, isShown, !inFlight, let shown = shownRange() else { return }
        let held = typingAtCaret ? widened(caretOffset, caretOffset) : nil
        var from = shown.lowerBound
        while from < shown.upperBound, let unchecked = nextUnchecked(from: from, before: shown.upperBound) {
            // One language a turn: the run is cut where a paragraph's language begins or ends.
            let (run, language) = inOneLanguage(unchecked)
            guard let checker = self.checker(for: language) else {
                from = run.upperBound  // its dictionary loads; checked once it has
                continue
            }
            let cut = min(run.upperBound, run.lowerBound + Self.chunk)
            let end = max(cut, widened(cut, cut).1)
            // The word being typed, all the run: nothing to ask (and no words to find).
            let typing = held.map { $0.0 <= run.lowerBound && end <= $0.1 } ?? false
            var words = typing ? [] : words(in: run.lowerBound..<end)
            if let held { words.removeAll { $0.range.lowerBound < held.1 && held.0 < $0.range.upperBound } }
            settle(run.lowerBound..<end, except: held)
            from = end
            if words.isEmpty { continue }
            send(words, checker: checker, isGroups: checker === self.checker)
            return
        }
    }

    /// The range is checked (but the held word): its marks and underlines go before the answer comes.
    private func settle(_ range: Range<Int>, except held: (Int, Int)?) {
        unchecked.remove(range)
        if let held, held.0 < range.upperBound && range.lowerBound < held.1 {
            unchecked.add(max(held.0, range.lowerBound)..<min(held.1, range.upperBound))
            removeUnderline(range.lowerBound, max(range.lowerBound, held.0))
            removeUnderline(min(range.upperBound, held.1), range.upperBound)
        } else {
            removeUnderline(range.lowerBound, range.upperBound)
        }
    }

    /// Takes the underline off `lower..<upper`, only where there is one: GTK lays out again every
    /// line a removal spans, underlined or not (an underline may change a line's height), so a
    /// removal from the whole buffer when a file opens would lay every line out twice; and a
    /// frame just after a key's holds the next key's frame back by a refresh interval (GTK's
    /// frame clock paints at most once per interval).
    private func removeUnderline(_ lower: Int, _ upper: Int) {
        guard lower < upper else { return }
        var at = iter(lower)
        var underlined = gtk_text_iter_has_tag(&at, misspelt) != 0
        var spanStart = lower
        var spans: [Range<Int>] = []
        // Toggles after `lower`, until `upper` or the buffer's end (no toggle left).
        while gtk_text_iter_forward_to_tag_toggle(&at, misspelt) != 0 {
            let offset = Int(gtk_text_iter_get_offset(&at))
            if offset >= upper { break }
            if underlined { spans.append(spanStart..<offset) } else { spanStart = offset }
            underlined.toggle()
        }
        if underlined { spans.append(spanStart..<upper) }
        for span in spans {
            #if DEBUG
            underlineRemovals.append(span)
            #endif
            var start = iter(span.lowerBound), end = iter(span.upperBound)
            gtk_text_buffer_remove_tag(buffer, misspelt, &start, &end)
        }
    }

    /// `isGroups`: the words are in the group's language, so a new group checker drops the answer
    /// (a paragraph's language changing marks its words instead).
    private func send(_ words: [(range: Range<Int>, text: String)], checker: SpellChecker, isGroups: Bool) {
        inFlight = true
        let first = words[0].range.lowerBound
        var a = iter(first), b = iter(words[words.count - 1].range.upperBound)
        let start = gtk_text_buffer_create_mark(buffer, nil, &a, 1)!, end = gtk_text_buffer_create_mark(buffer, nil, &b, 0)!
        asked = (start, end, false)
        #if DEBUG
        whileAsking?()
        #endif
        checker.misspelt(among: words.map(\.text)) { [weak self] found in
            guard let self else { return }
            self.inFlight = false
            let touched = self.asked?.touched ?? true
            self.asked = nil
            var s = GtkTextIter(), e = GtkTextIter()
            gtk_text_buffer_get_iter_at_mark(self.buffer, &s, start)
            gtk_text_buffer_get_iter_at_mark(self.buffer, &e, end)
            // Edits before the words moved them all alike.
            let moved = Int(gtk_text_iter_get_offset(&s)) - first
            gtk_text_buffer_delete_mark(self.buffer, start)
            gtk_text_buffer_delete_mark(self.buffer, end)
            if !touched && (!isGroups || checker === self.checker) {
                for index in found {
                    var ws = self.iter(words[index].range.lowerBound + moved), we = self.iter(words[index].range.upperBound + moved)
                    gtk_text_buffer_apply_tag(self.buffer, self.misspelt, &ws, &we)
                }
            } else {
                // Asked again, as it is now.
                self.unchecked.add(Int(gtk_text_iter_get_offset(&s))..<Int(gtk_text_iter_get_offset(&e)))
            }
            self.schedule()
        }
    }

    /// The buffer range the view shows (whole lines), nil when it shows none.
    private func shownRange() -> Range<Int>? {
        guard let view, gtk_widget_get_mapped(tandem_widget(view.raw)) != 0 else { return nil }
        let textView = tandem_text_view(view.raw)
        var rect = GdkRectangle()
        gtk_text_view_get_visible_rect(textView, &rect)
        var top = GtkTextIter(), bottom = GtkTextIter()
        gtk_text_view_get_line_at_y(textView, &top, rect.y, nil)
        gtk_text_view_get_line_at_y(textView, &bottom, rect.y + rect.height, nil)
        if gtk_text_iter_ends_line(&bottom) == 0 { gtk_text_iter_forward_to_line_end(&bottom) }
        let range = Int(gtk_text_iter_get_offset(&top))..<Int(gtk_text_iter_get_offset(&bottom))
        return range.isEmpty ? nil : range
    }

    /// The next run of unchecked text from `from`, cut at `limit`.
    private func nextUnchecked(from: Int, before limit: Int) -> Range<Int>? {
        unchecked.next(from: from, before: limit)
    }

    /// The words (Pango's word boundaries) in `range`, which starts and ends outside any word,
    /// with their text; words with a digit in them are left alone, as gspell leaves them. Only
    /// the range's text is broken into words (the line around it is not).
    private func words(in range: Range<Int>) -> [(range: Range<Int>, text: String)] {
        var start = iter(range.lowerBound), end = iter(range.upperBound)
        guard let slice = gtk_text_iter_get_slice(&start, &end) else { return [] }
        defer { g_free(slice) }
        let scalars = Array(String(cString: slice).unicodeScalars)
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: scalars.count + 1)
        pango_get_log_attrs(slice, gint(strlen(slice)), -1, pango_language_get_default(), &attributes, gint(attributes.count))
        var found: [(range: Range<Int>, text: String)] = []
        var wordStart: Int?
        for index in 0...scalars.count {
            if wordStart != nil && attributes[index].is_word_end != 0, let lower = wordStart {
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars[lower..<index])
                let word = String(text)
                if !word.contains(where: \.isNumber) {
                    found.append((range.lowerBound + lower..<range.lowerBound + index, word))
                }
                wordStart = nil
            }
            if index < scalars.count && attributes[index].is_word_start != 0 { wordStart = index }
        }
        return found
    }

    // MARK: Places

    func iter(_ offset: Int) -> GtkTextIter {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, gint(offset))
        return iter
    }

    private func offset(of mark: UnsafeMutablePointer<GtkTextMark>) -> Int {
        var at = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &at, mark)
        return Int(gtk_text_iter_get_offset(&at))
    }

    var caretOffset: Int {
        var caret = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &caret, gtk_text_buffer_get_insert(buffer))
        return Int(gtk_text_iter_get_offset(&caret))
    }

    /// How far `widened` looks each way for a blank.
    static let reach = 64

    /// `start..<end` widened over the characters around it up to a blank or a line's edge, so
    /// it holds whole words: GtkTextIter's word moves break the whole line again after every
    /// change, and a long paragraph paid for that at every key. Past `reach` characters (a
    /// script written without spaces), Pango's word boundaries decide.
    private func widened(_ start: Int, _ end: Int) -> (Int, Int) {
        var a = iter(start), b = iter(end)
        var steps = 0
        while gtk_text_iter_starts_line(&a) == 0 {
            var before = a
            gtk_text_iter_backward_char(&before)
            if g_unichar_isspace(gtk_text_iter_get_char(&before)) != 0 { break }
            steps += 1
            if steps > Self.reach { return wordBounds(start, end) }
            a = before
        }
        steps = 0
        while gtk_text_iter_ends_line(&b) == 0, g_unichar_isspace(gtk_text_iter_get_char(&b)) == 0 {
            steps += 1
            if steps > Self.reach { return wordBounds(start, end) }
            gtk_text_iter_forward_char(&b)
        }
        return (Int(gtk_text_iter_get_offset(&a)), Int(gtk_text_iter_get_offset(&b)))
    }

    /// `start..<end` widened to the whole words it cuts or touches (Pango's word boundaries).
    private func wordBounds(_ start: Int, _ end: Int) -> (Int, Int) {
        var a = iter(start), b = iter(end)
        if (gtk_text_iter_inside_word(&a) != 0 && gtk_text_iter_starts_word(&a) == 0) || gtk_text_iter_ends_word(&a) != 0 {
            gtk_text_iter_backward_word_start(&a)
        }
        if gtk_text_iter_inside_word(&b) != 0 && gtk_text_iter_ends_word(&b) == 0 { gtk_text_iter_forward_word_end(&b) }
        return (Int(gtk_text_iter_get_offset(&a)), Int(gtk_text_iter_get_offset(&b)))
    }

    // MARK: The context menu

    /// Where the context menu is about: the right click, else the caret.
    var menuPlace: Int { clickedAt ?? caretOffset }

    private func noteClick(_ event: UnsafeMutablePointer<GdkEvent>) {
        guard let view, event.pointee.button.button == 3 else { return }
        var x: gint = 0, y: gint = 0, location = GtkTextIter()
        let textView = tandem_text_view(view.raw)
        gtk_text_view_window_to_buffer_coords(textView, GTK_TEXT_WINDOW_TEXT, gint(event.pointee.button.x), gint(event.pointee.button.y), &x, &y)
        gtk_text_view_get_iter_at_location(textView, &location, x, y)
        clickedAt = Int(gtk_text_iter_get_offset(&location))
    }

    /// The misspelt word the context menu is about (where the right click was, else at the
    /// caret), with its buffer range; nil when that word is not underlined.
    func wordForMenu() -> (range: Range<Int>, text: String)? {
        let offset = clickedAt ?? caretOffset
        clickedAt = nil
        var at = iter(offset)
        guard isShown, gtk_text_iter_has_tag(&at, misspelt) != 0 else { return nil }
        var start = at, end = at
        gtk_text_iter_backward_to_tag_toggle(&start, misspelt)
        if gtk_text_iter_toggles_tag(&at, misspelt) != 0 && gtk_text_iter_starts_tag(&at, misspelt) != 0 { start = at }
        gtk_text_iter_forward_to_tag_toggle(&end, misspelt)
        guard let slice = gtk_text_iter_get_slice(&start, &end) else { return nil }
        defer { g_free(slice) }
        return (Int(gtk_text_iter_get_offset(&start))..<Int(gtk_text_iter_get_offset(&end)), String(cString: slice))
    }

    /// A word was added to `checker`'s dictionary, or ignored: every view using it checks again.
    static func wordsChanged(in checker: SpellChecker) {
        for entry in all {
            guard let spelling = entry.spelling else { continue }
            if spelling.checker === checker || spelling.paragraphCheckers.values.contains(where: { $0 === checker }) { spelling.recheckAll() }
        }
    }

    /// Whether the character at buffer offset `offset` is underlined as misspelt (tests).
    func isMisspelt(at offset: Int) -> Bool {
        var at = iter(offset)
        return gtk_text_iter_has_tag(&at, misspelt) != 0
    }
}
