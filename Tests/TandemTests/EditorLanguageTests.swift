import Documents
import Gtk
import XCTest
@testable import Tandem

/// Which documents are spell checked by default: prose, but not a log, whose timestamps, hosts
/// and identifiers would all be underlined.
final class EditorLanguageTests: XCTestCase {
    func testLinesThatStartWithADateOrATimeAreALogs() {
        for line in ["2026-11-25 10:22:33 INFO started", "[2026/11/25T10:22] ok", "25.11.2026 login", "10:22:33.120 tick",
                     "Nov 25 10:22:33 host sshd[12]: accepted", "[12:00:01] wake", "Nov  5 01:02:03 host", "1.2.2026", "2026.1.2",
                     "9:05:07"] {
            XCTAssertTrue(EditorLanguage.startsWithTimestamp(line[...]), line)
        }
        for line in ["Dear Anna,", "2026 was a good year", "12 apples", "Chapter 10: 22 ways", "", "- 2026-11-25 meeting",
                     "20261-11-25", "2026-1125", "[", "1:2:3", "123:45:67", "Nov 25 10:22", "nov 25 10:22:33", "Nove 25 10:22:33",
                     "2026\u{2014}11\u{2014}25", "Ünd 25 10:22:33"] {
            XCTAssertFalse(EditorLanguage.startsWithTimestamp(line[...]), line)
        }
    }

    func testALogIsKnownByItsNameOrItsFirstLine() {
        MainActor.assumeIsolated {
            let store = DocumentStore()
            let folder = NSTemporaryDirectory() + "/tandem-language-\(UUID().uuidString)"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            @MainActor func document(_ name: String, _ text: String) -> Document {
                FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8))
                return try! store.openFile(at: folder + "/" + name, synchronously: true)
            }
            XCTAssertTrue(EditorLanguage.isLog(document("build.log", "Dear reader\n")))
            XCTAssertTrue(EditorLanguage.isLog(document("app.log.1", "Dear reader\n")))
            XCTAssertTrue(EditorLanguage.isLog(document("out.txt", "2026-11-25 10:22:33 started\nmore\n")))
            XCTAssertFalse(EditorLanguage.isLog(document("letter.txt", "Dear reader,\n2026-11-25 10:22\n")))
            XCTAssertFalse(EditorLanguage.isLog(store.newUntitled()))
        }
    }

    func testAPythonFileIsPython3UnlessItsShebangSaysPython2() {
        MainActor.assumeIsolated {
            XCTAssertEqual(EditorLanguage.preferringPython3("python", head: "import os\n"), "python3")
            XCTAssertEqual(EditorLanguage.preferringPython3("python", head: "#!/usr/bin/env python\nprint(1)\n"), "python3")
            XCTAssertEqual(EditorLanguage.preferringPython3("python", head: "#!/usr/bin/python2.7\nprint 1\n"), "python")
            XCTAssertEqual(EditorLanguage.preferringPython3("c", head: "int x;\n"), "c")
            XCTAssertNil(EditorLanguage.preferringPython3(nil, head: ""))
            XCTAssertEqual(EditorLanguage.preferringPython3(SourceLanguage.guess(fileName: "tool.py", head: []), head: ""), "python3",
                           "the guess for a .py name, as a window takes it")
        }
    }
}
