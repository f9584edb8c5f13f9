/// Columns as the eye counts them: a tab reaches to the next multiple of the tab width, every
/// other character is one column. Column selections line up by them, not by characters.
extension TextStorage {
    /// The display column of `offset` on its line.
    public func displayColumn(of offset: Int, tabWidth: Int) -> Int {
        let start = self.offset(ofLine: lineAndColumn(of: offset).line)
        return Self.width(of: substring(start..<offset), tabWidth: tabWidth)
    }

    /// The offset on line `line` at display column `column` (a tab counts as reached from its
    /// first column on; past the line's end, its end).
    public func offset(line: Int, displayColumn column: Int, tabWidth: Int) -> Int {
        let start = offset(ofLine: line)
        let end = line + 1 < lineCount ? offset(ofLine: line + 1) : count
        var at = start, width = 0
        for scalar in substring(start..<end).unicodeScalars {
            if scalar == "\n" || scalar == "\r" || width >= column { break }
            width += scalar == "\t" ? Self.tabStop(after: width, tabWidth: tabWidth) - width : 1
            at += 1
        }
        return at
    }

    static func width(of text: String, tabWidth: Int) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in scalar == "\t" ? tabStop(after: width, tabWidth: tabWidth) : width + 1 }
    }

    private static func tabStop(after column: Int, tabWidth: Int) -> Int {
        let width = max(1, tabWidth)
        return (column / width + 1) * width
    }
}
