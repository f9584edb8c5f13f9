/// The parts of a POSIX path, as the file chooser, the title bar and the file writers read them.
/// Pure string work with NSString's rules, so no module needs Foundation (and its ICU) for it.
public enum PathName {
    /// The last component: `b.txt` of `/a/b.txt`, `b` of `/a/b/`, `/` of `/`.
    public static func file(of path: String) -> String {
        if let remote = RemoteLocation(path) { return remote.name }  // decoded, the server's part left out
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path without its last component: `/a` of `/a/b.txt`, `/` of `/a`, empty for `b.txt`.
    public static func folder(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// `name` inside `folder`, with exactly one slash between them.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.isEmpty { return folder }
        let head = folder.hasSuffix("/") ? trimmingTrailingSlashes(folder) : folder
        let tail = name.drop { $0 == "/" }
        return (head == "/" ? "" : head) + "/" + tail
    }

    /// The name without its extension: `notes` of `notes.txt`, `.bashrc` of `.bashrc`.
    public static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, !name[dot...].contains("/") else { return name }
        return String(name[..<dot])
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
