import Foundation

/// The source tree's `data/` folder when Tandem runs from its build tree (nil when installed):
/// where the GSettings schema and the app icon are found before `meson install` puts them in place.
public enum SourceTree {
    /// `data/` in a folder above the running executable, looked for once.
    public static let dataFolder: String? = {
        var folder = (Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } ?? "") as NSString
        for _ in 0..<6 {
            folder = folder.deletingLastPathComponent as NSString
            let candidate = folder.appendingPathComponent("data")
            if FileManager.default.fileExists(atPath: candidate + "/io.github.tandemedit.Tandem.desktop") { return candidate }
        }
        return nil
    }()
}
