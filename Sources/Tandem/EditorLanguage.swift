import Documents
import FoundationEssentials
import Gtk
import Localization
import SafeFiles

/// Which language highlights a window's document: the user's choice for the file, else a guess
/// from its name and first bytes; none for big documents, where highlighting the whole text would
/// cost more than it gives (the picker then says so).
@MainActor
enum EditorLanguage {
    /// Documents longer than this (characters) are not highlighted, as in GNOME Text Editor.
    static let highlightLimit = 1_000_000
    /// What the picker calls no language.
    static var plainText: String { localized("Plain Text") }

    /// Sets the language (`chosen`: the user's pick, "" for plain text; nil: the guess) and what
    /// the window's picker shows.
    static func apply(to ui: EditorWindow, for document: Document, chosen: String?) {
        let tooBig = document.fileSize > Int64(highlightLimit) || document.storage.count > highlightLimit
        guard !tooBig, !document.readOnlyReasons.contains(.binary), !EditorLoading.isLightweight(document) else {
            ui.buffer.languageID = nil
            ui.languageButton.label = plainText
            ui.languageButton.setEnabled(false, tooltip: tooBig
                ? localized("Highlighting is off for documents over a million characters, to keep them fast.")
                : localized("Highlighting is off for files with very long lines or NUL bytes, to keep them fast."))
            return
        }
        ui.languageButton.setEnabled(true, tooltip: localized("Language"))
        ui.buffer.languageID = chosen.map { $0.isEmpty ? nil : $0 } ?? guess(for: document)
        ui.languageButton.label = SourceLanguage.name(of: ui.buffer.languageID) ?? plainText
    }

    /// A modeline's language first (the file says what it is), else the name and first bytes.
    private static func guess(for document: Document) -> String? {
        let head = document.storage.substring(0..<4096), count = document.storage.count
        if let named = Modeline.language(head: head, tail: document.storage.substring(max(0, count - 2048)..<count)),
           let id = languageID(forModeline: named) {
            return id
        }
        let guessed = SourceLanguage.guess(fileName: document.path.map { PathName.file(of: $0) }, head: Array(head.utf8))
        return preferringPython3(guessed, head: head)
    }

    /// GtkSourceView 4 gives `.py` to Python 2; as GNOME Text Editor does, such a file is Python 3
    /// unless its first line asks for Python 2.
    static func preferringPython3(_ id: String?, head: String) -> String? {
        guard id == "python", SourceLanguage.name(of: "python3") != nil else { return id }
        let firstLine = head.prefix { $0 != "\n" }
        return firstLine.hasPrefix("#!") && firstLine.contains("python2") ? id : "python3"
    }

    /// GtkSourceView's id for a modeline's name: its own ids, the usual editors' aliases, or a
    /// language's name.
    static func languageID(forModeline name: String) -> String? {
        let aliases = ["python": "python3", "py": "python3", "bash": "sh", "zsh": "sh", "shell": "sh", "c++": "cpp",
                       "javascript": "js", "yml": "yaml", "md": "markdown", "make": "makefile", "rb": "ruby"]
        let id = aliases[name] ?? name
        if SourceLanguage.name(of: id) != nil { return id }
        return SourceLanguage.all().first { $0.name.lowercased() == name }?.id
    }

    /// The picker's choices: plain text, then every language by name (listed when it first opens).
    static func offer(in picker: PickerButton) {
        picker.choicesWhenOpened = { [plainText] + SourceLanguage.all().map(\.name) }
    }

    /// The language id for a name the picker offered ("" for plain text; nil: no such name).
    static func id(named name: String) -> String? {
        name == plainText ? "" : SourceLanguage.all().first { $0.name == name }?.id
    }

    /// Whether text in this language is prose, spell checked by default (plain text, Markdown
    /// and other markup for writing), as opposed to code.
    static func isProse(_ languageID: String?) -> Bool {
        guard let languageID else { return true }
        return ["markdown", "rst", "asciidoc", "latex", "texinfo", "mallard", "dtd-less-text"].contains(languageID)
    }

    /// Whether `document`, shown in language `languageID`, reads as prose: a prose language, and
    /// not a log. Spelling, the writer's features and prose's print choices apply to it.
    static func readsAsProse(_ document: Document, in languageID: String?) -> Bool {
        isProse(languageID) && !isLog(document)
    }

    /// Whether `document` reads as a log: a ".log" file (rotated ones too), or one whose first
    /// line starts with a date or a time. Its timestamps, hosts and identifiers are not words:
    /// spelling is not checked there by default. Looks at the first line only.
    static func isLog(_ document: Document) -> Bool {
        let name = document.displayName.lowercased()
        if name.hasSuffix(".log") || name.contains(".log.") || ["syslog", "messages", "dmesg", "kern.log"].contains(name) { return true }
        let text = document.storage
        let head = text.substring(0..<min(text.count, 200))
        return startsWithTimestamp(head.prefix { $0 != "\n" })
    }

    /// "2026-11-25 10:22:33", "[2026/11/25T10:22]", "25.11.2026", "10:22:33.120", and syslog's
    /// "Nov 25 10:22:33". Read byte by byte: the four regular expressions this was took ~1 ms
    /// of every window's start to compile, for an empty file too.
    nonisolated static func startsWithTimestamp(_ line: Substring) -> Bool {
        let bytes = Array(line.utf8.prefix(24))
        /// The index after `least` to `most` ASCII digits at `start`, or nil.
        func digits(_ start: Int?, _ least: Int, _ most: Int) -> Int? {
            guard var end = start else { return nil }
            while end < bytes.count, end - start! < most, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            return end - start! >= least ? end : nil
        }
        /// The index after one of `choices` at `index`, or nil.
        func one(of choices: String, _ index: Int?) -> Int? {
            guard let index, index < bytes.count, choices.utf8.contains(bytes[index]) else { return nil }
            return index + 1
        }
        let dateSeparators = "-/.", start = bytes.first == UInt8(ascii: "[") ? 1 : 0
        let lower = "abcdefghijklmnopqrstuvwxyz", upper = lower.uppercased()
        let yearFirst = digits(one(of: dateSeparators, digits(one(of: dateSeparators, digits(start, 4, 4)), 1, 2)), 1, 2)
        let yearLast = digits(one(of: dateSeparators, digits(one(of: dateSeparators, digits(start, 1, 2)), 1, 2)), 4, 4)
        let time = digits(one(of: ":", digits(one(of: ":", digits(start, 1, 2)), 2, 2)), 2, 2)
        let syslogDay = one(of: " ", digits(one(of: " 0123456789", one(of: " ", one(of: lower, one(of: lower, one(of: upper, 0))))), 1, 1))
        let syslog = digits(one(of: ":", digits(one(of: ":", digits(syslogDay, 2, 2)), 2, 2)), 2, 2)
        return yearFirst != nil || yearLast != nil || time != nil || syslog != nil
    }
}
