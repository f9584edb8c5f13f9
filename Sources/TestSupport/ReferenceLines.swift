/// Lines found the plain way, for tests to hold the rope's line index against: a line ends at
/// "\n", "\r\n", a lone "\r" or U+2029, as GTK ends one.
public enum ReferenceLines {
    /// The scalar offset where each line starts (the first is 0).
    public static func starts(of scalars: [Unicode.Scalar]) -> [Int] {
        var starts = [0], index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\r" && index < scalars.count && scalars[index] == "\n" { index += 1 }
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2029}" { starts.append(index) }
        }
        return starts
    }

    /// The number of lines in `text`.
    public static func count(in text: String) -> Int { starts(of: Array(text.unicodeScalars)).count }
}
