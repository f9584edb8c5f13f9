import CGtk

extension TextPattern {
    /// Calls `found` with each non-empty match in `bytes` (UTF-8; invalid sequences match
    /// nothing but do not stop the search), as byte ranges, until it returns false: Find in
    /// Files' matching, on a whole file at once.
    public func forEachMatch(in bytes: UnsafeBufferPointer<UInt8>, _ found: (Range<Int>) -> Bool) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        var info: OpaquePointer?
        start.withMemoryRebound(to: gchar.self, capacity: bytes.count) { chars in
            _ = g_regex_match_full(compiled, chars, gssize(bytes.count), 0, GRegexMatchFlags(rawValue: 0), &info, nil)
        }
        defer { g_match_info_free(info) }
        while g_match_info_matches(info) != 0 {
            var from: gint = 0, to: gint = 0
            g_match_info_fetch_pos(info, 0, &from, &to)
            if to > from && !found(Int(from)..<Int(to)) { return }
            if g_match_info_next(info, nil) == 0 { return }
        }
    }
}
