import FoundationEssentials
@testable import Documents
@testable import Scenes
#if canImport(Glibc)
import Glibc
#endif

/// A reader of outside bytes, fed whatever a fuzzer makes: it must never crash, hang or break
/// the property it states (a `precondition`, so a broken one is a crash the fuzzer keeps).
enum FuzzTarget: String, CaseIterable {
    /// The edit journal: parsed, then replayed with and without the file it was over.
    case journal
    /// A window's saved session (with its restoration record) and the session index.
    case session
    /// A file's bytes: the encoding found, decoded whole and block by block, written back.
    case decode
    /// Vim, Emacs and Kate modelines at a file's head and tail.
    case modeline
    /// An `.editorconfig` file, read through the reference library and the glue over it.
    case editorconfig
    /// The command line: `FILE`, `FILE:LINE:COL`, `+LINE[:COL] FILE`, file URIs.
    case commandline

    /// The target named by `TANDEM_FUZZ_TARGET` (the fuzzer's binary runs one at a time).
    static var current: FuzzTarget {
        getenv("TANDEM_FUZZ_TARGET").flatMap { FuzzTarget(rawValue: String(cString: $0)) } ?? .journal
    }

    /// Runs one input.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .journal: Self.journal(bytes)
        case .session: Self.session(bytes)
        case .decode: Self.decode(bytes)
        case .modeline: Self.modeline(bytes)
        case .editorconfig: Self.editorConfig(bytes)
        case .commandline: Self.commandLine(bytes)
        }
    }

    private static func journal(_ bytes: [UInt8]) {
        guard case .success(let contents) = JournalReader.parse(bytes[...]) else { return }
        _ = JournalReplay.replayWithoutFile(contents)
        // Replayed over a file text too: the first bytes, as a file the journal may or may not fit.
        _ = JournalReplay.replay(contents, fileText: TextStorage(String(decoding: bytes.prefix(64), as: UTF8.self)))
    }

    private static func session(_ bytes: [UInt8]) {
        let data = Data(bytes)
        _ = try? JSONDecoder().decode(SavedSession.self, from: data)
        _ = try? JSONDecoder().decode(SessionIndex.self, from: data)
    }

    private static func decode(_ bytes: [UInt8]) {
        let allowBinary = bytes.first.map { $0 & 1 == 1 } ?? false
        guard let file = try? TextFile.decode(bytes, name: "fuzz", allowBinary: allowBinary) else { return }
        // Files are written back byte for byte as they were.
        let back = try? file.encoded()
        precondition(back.map { Array($0) } == bytes, "decoded as \(file.encoding), written back differently")
        // Read block by block (a big file), the text is the same, wherever the blocks part.
        let body = Array(bytes.dropFirst(file.hasByteOrderMark ? (file.encoding == .utf8 ? 3 : 2) : 0))
        let step = max(1, Int(bytes.last ?? 1) % 7 + 1)
        var decoder = BlockDecoder(encoding: file.encoding, lineLength: 0)
        var text = "", start = 0
        while start < body.count {
            let end = min(body.count, start + step)
            guard let piece = decoder.decode(body[start..<end], atEnd: end == body.count) else {
                preconditionFailure("block \(start)..<\(end) refused in \(file.encoding), which decodes whole")
            }
            text += piece
            start = end
        }
        precondition(text == file.text, "block by block, \(file.encoding) decodes to another text")
        // The rope's lines are the plain count of the text's line breaks.
        let storage = TextStorage(file.text)
        precondition(storage.lineCount == storage.newlines(before: storage.count) + 1, "line count and line index disagree")
    }

    private static func modeline(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let middle = text.index(text.startIndex, offsetBy: text.count / 2)
        _ = Modeline.language(head: String(text[..<middle]), tail: String(text[middle...]))
    }

    /// A folder of its own for the `.editorconfig` file each input is written to.
    private static let folder: String = {
        var template = Array("/tmp/tandem-fuzz-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { preconditionFailure("no temporary folder") }
        let path = String(cString: made)
        mkdir(path + "/src", 0o700)
        return path
    }()

    private static func editorConfig(_ bytes: [UInt8]) {
        let path = folder + "/.editorconfig"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        _ = EditorConfig.forFile(folder + "/src/notes.py")
        // The glue alone, over names and values the bytes make up.
        let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "=" || $0 == "\n" }).map(String.init)
        var values: [String: String] = [:]
        for pair in stride(from: 0, to: words.count - 1, by: 2) { values[words[pair].lowercased()] = words[pair + 1].lowercased() }
        _ = EditorConfig(values)
    }

    private static func commandLine(_ bytes: [UInt8]) {
        // Arguments part at NUL bytes, as the kernel parts them; an argument that is not UTF-8 is nil.
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(validating: $0, as: UTF8.self) }
        let exists: (String) -> Bool = { $0.hashValue & 1 == 0 }
        let parsed = LaunchArguments.parse(arguments, workingDirectory: "/home/user/work", exists: exists)
        for file in parsed.files {
            precondition(file.path.hasPrefix("/"), "a file to open is an absolute path: \(file.path)")
            precondition(file.line.map { $0 >= 1 } ?? true, "lines count from 1")
        }
    }
}
