import CGtk

/// Wraps at any character the lines of one view's buffer that hold a long run with no space in
/// it (minified JSON, base64, a data URI), while the view wraps every other line at words.
/// Wrapped at words, Pango measures the whole rest of such a run again for each row: one layout
/// of a 20 KB base64 line took 0.38 s, again at every key; at any character, 42 ms.
/// GtkTextView takes a line's wrap mode from the tags on its first character, so one tag there is
/// enough, and an edit looks again only at the lines it touched.
@MainActor
final class LongRunWrapping {
    /// A run longer than this many characters wraps anywhere (at words, one of 1,000 takes ~3 ms).
    static let runLimit = 1_000
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let tag: UnsafeMutablePointer<GtkTextTag>

    /// Whether the tag wraps its lines at characters; off (the view does not wrap), it says
    /// nothing and the view's own mode holds.
    var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            if isActive { tandem_object_set_int(tag, "wrap-mode", gint(GTK_WRAP_CHAR.rawValue)) }
            tandem_object_set_bool(tag, "wrap-mode-set", isActive ? 1 : 0)
        }
    }

    init(buffer source: SourceBuffer) {
        buffer = tandem_text_buffer(source.raw)
        tag = gtk_text_tag_new(nil)!  // anonymous: a second view on the buffer would have a tag of its own
        tandem_object_set_bool(tag, "wrap-mode-set", 0)
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), tag)
        g_object_unref(tag)  // the table holds it
        source.connectInsertText(after: true) { [weak self] location, text in
            guard let self else { return }
            var start = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(self.buffer, &start, gtk_text_iter_get_offset(location) - gint(text.unicodeScalars.count))
            self.lookAgain(from: start, toLine: Int(gtk_text_iter_get_line(location)))
        }
        source.connectDeleteRange(after: true) { [weak self] start, _ in
            guard let self else { return }
            self.lookAgain(from: start.pointee, toLine: Int(gtk_text_iter_get_line(start)))
        }
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        lookAgain(from: start, toLine: Int(gtk_text_buffer_get_line_count(buffer)) - 1)
    }

    /// Tags or untags the first character of each line from `iter`'s to `last`.
    private func lookAgain(from iter: GtkTextIter, toLine last: Int) {
        var line = iter
        gtk_text_iter_set_line_offset(&line, 0)
        while Int(gtk_text_iter_get_line(&line)) <= last {
            let wanted = gtk_text_iter_get_chars_in_line(&line) > gint(Self.runLimit) && Self.hasLongRun(from: line)
            if wanted != (gtk_text_iter_has_tag(&line, tag) != 0) {
                var next = line
                gtk_text_iter_forward_char(&next)
                if wanted { gtk_text_buffer_apply_tag(buffer, tag, &line, &next) } else { gtk_text_buffer_remove_tag(buffer, tag, &line, &next) }
            }
            if gtk_text_iter_forward_line(&line) == 0 { break }
        }
    }

    /// Whether the line starting at `start` holds more than `runLimit` characters in a row with
    /// no space or tab between them (where Pango would find no place to wrap at words).
    private static func hasLongRun(from start: GtkTextIter) -> Bool {
        var from = start, end = start
        if gtk_text_iter_ends_line(&end) == 0 { gtk_text_iter_forward_to_line_end(&end) }
        guard let text = gtk_text_iter_get_slice(&from, &end) else { return false }
        defer { g_free(text) }
        var run = 0, byte = UnsafePointer<CChar>(text)
        while byte.pointee != 0 {
            let value = UInt8(bitPattern: byte.pointee)
            if value == 0x20 || value == 0x09 {
                run = 0
            } else if value & 0xC0 != 0x80 {  // a character's first byte
                run += 1
                if run > runLimit { return true }
            }
            byte += 1
        }
        return false
    }
}

extension SourceView {
    /// Whether GTK wraps line `line` at any character: the view's mode with the tags on the line's
    /// first character over it, as GtkTextView lays the line out (tests).
    func wrapsAnywhere(line: Int) -> Bool {
        let view = tandem_text_view(raw)
        var start = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(gtk_text_view_get_buffer(view), &start, gint(line))
        let values = gtk_text_view_get_default_attributes(view)!
        defer { gtk_text_attributes_unref(values) }
        _ = gtk_text_iter_get_attributes(&start, values)
        return values.pointee.wrap_mode == GTK_WRAP_CHAR
    }
}
