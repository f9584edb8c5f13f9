import CGtk
import FoundationEssentials
import Synchronization

/// A dictionary's language as people read it ("English (United Kingdom)" for "en_GB"), from the
/// iso-codes tables GNOME's spell checkers use, translated through iso-codes' own catalogues.
enum SpellingLanguageNames {
    private struct Table: Decodable {
        let entries: [Entry]
        struct Entry: Decodable { let alpha_2: String?; let name: String }
        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        init(from decoder: Decoder) throws {
            // The file's one key is the standard's number ("639-2", "3166-1").
            let container = try decoder.container(keyedBy: Key.self)
            guard let key = container.allKeys.first else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "empty")) }
            entries = try container.decode([Entry].self, forKey: key)
        }
    }

    /// Two-letter code to English name, for languages and countries; read once.
    private static let tables = Mutex<(languages: [String: String], countries: [String: String])?>(nil)

    private static func read(_ standard: String) -> [String: String] {
        var contents: UnsafeMutablePointer<gchar>?, length: gsize = 0
        guard g_file_get_contents("/usr/share/iso-codes/json/iso_\(standard).json", &contents, &length, nil) != 0, let contents else { return [:] }
        defer { g_free(contents) }
        let bytes = Data(bytes: contents, count: Int(length))
        guard let table = try? JSONDecoder().decode(Table.self, from: bytes) else { return [:] }
        var names: [String: String] = [:]
        for entry in table.entries { if let code = entry.alpha_2 { names[code.lowercased()] = entry.name } }
        return names
    }

    /// "English (United Kingdom)" for "en_GB", "German" for "de"; the code itself when
    /// iso-codes does not know it.
    static func name(of code: String) -> String {
        let (languages, countries) = tables.withLock { tables in
            if tables == nil { tables = (read("639-2"), read("3166-1")) }
            return tables!
        }
        let parts = code.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first, let language = languages[first.lowercased()] else { return code }
        let spoken = translated(language, in: "iso_639-2")
        guard parts.count > 1, let country = countries[parts[1].lowercased()] else { return spoken }
        return "\(spoken) (\(translated(country, in: "iso_3166-1")))"
    }

    private static func translated(_ name: String, in domain: String) -> String {
        String(cString: g_dgettext(domain, name))
    }
}
