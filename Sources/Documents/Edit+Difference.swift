extension Edit {
    /// The one replacement that turns `old` into `new`: what lies between their common start and
    /// their common end (nil: the texts are equal). Linear in the texts; a file that changed in a
    /// few lines becomes an edit of those lines, so carets and marks elsewhere stay on their text.
    public static func difference(from old: String, to new: String) -> Edit? {
        let a = old.unicodeScalars, b = new.unicodeScalars
        var start = (a.startIndex, b.startIndex)
        var prefix = 0
        while start.0 != a.endIndex, start.1 != b.endIndex, a[start.0] == b[start.1] {
            a.formIndex(after: &start.0)
            b.formIndex(after: &start.1)
            prefix += 1
        }
        if start.0 == a.endIndex && start.1 == b.endIndex { return nil }
        var end = (a.endIndex, b.endIndex)
        while end.0 > start.0, end.1 > start.1 {
            let previous = (a.index(before: end.0), b.index(before: end.1))
            guard a[previous.0] == b[previous.1] else { break }
            end = previous
        }
        let removed = a.distance(from: start.0, to: end.0)
        return Edit(range: prefix..<(prefix + removed), replacement: String(b[start.1..<end.1]))
    }
}
