import CGtk
import Glibc
import SafeFiles

extension SourceTree {
    /// When Tandem runs from its build tree: the translations of `po/` compiled with `msgfmt` into
    /// `$XDG_CACHE_HOME/tandem/locale`, as `meson install` puts them in `share/locale`; returns
    /// that folder (nil when installed, or when a translation could not be compiled).
    /// A language is compiled again only when its `.po` is newer than its `.mo`: an ordinary
    /// launch spawns nothing.
    public static func compiledTranslations(domain: String) -> String? {
        guard let data = dataFolder else { return nil }
        let po = parent(of: data) + "/po"
        guard let bytes = FileSystem.contents(po + "/LINGUAS") else { return nil }
        let languages = String(decoding: bytes, as: UTF8.self)
        let target = String(cString: g_get_user_cache_dir()) + "/tandem/locale"
        for language in languages.split(whereSeparator: \.isWhitespace) where !language.hasPrefix("#") {
            let source = "\(po)/\(language).po", folder = "\(target)/\(language)/LC_MESSAGES", compiled = "\(folder)/\(domain).mo"
            if let built = FileSystem.modificationTime(compiled), let written = FileSystem.modificationTime(source), built >= written { continue }
            guard g_mkdir_with_parents(folder, 0o755) == 0, run(["msgfmt", "-o", compiled, source]) else { return nil }
        }
        return target
    }

    /// Runs a program found on PATH and waits for it; whether it succeeded (the build tree's
    /// compilers: glib-compile-schemas, msgfmt).
    static func run(_ command: [String]) -> Bool {
        var arguments: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var status: gint = -1
        let ran = g_spawn_sync(nil, &arguments, nil, G_SPAWN_SEARCH_PATH, nil, nil, nil, nil, &status, nil)
        return ran != 0 && g_spawn_check_wait_status(status, nil) != 0
    }
}
