import Foundation
import TestSupport
import XCTest
@testable import Documents

/// A document's indentation: `.editorconfig` through the reference library, else what its text shows.
final class IndentationTests: XCTestCase {
    func testEditorConfigSectionsApplyByFileName() throws {
        let folder = try TemporaryFolder("editorconfig")
        try """
        root = true

        [*]
        end_of_line = lf
        insert_final_newline = true

        [*.py]
        indent_style = space
        indent_size = 3
        max_line_length = 100

        [Makefile]
        indent_style = tab
        tab_width = 8
        end_of_line = crlf
        charset = latin1
        trim_trailing_whitespace = true
        """.write(toFile: folder.file(".editorconfig"), atomically: true, encoding: .utf8)
        let python = EditorConfig.forFile(folder.file("tool.py"))
        XCTAssertEqual(python.indentsWithSpaces, true)
        XCTAssertEqual(python.indentSize, 3)
        XCTAssertEqual(python.tabWidth, 3, "tab_width follows indent_size when unset")
        XCTAssertEqual(python.maxLineLength, 100)
        XCTAssertEqual(python.lineEnding, .lf)
        XCTAssertEqual(python.insertsFinalNewline, true)
        let make = EditorConfig.forFile(folder.file("Makefile"))
        XCTAssertEqual(make.indentsWithSpaces, false)
        XCTAssertEqual(make.tabWidth, 8)
        XCTAssertEqual(make.lineEnding, .crlf)
        XCTAssertEqual(make.encoding, .windows1252)
        XCTAssertEqual(make.trimsTrailingWhitespace, true)
        XCTAssertEqual(EditorConfig.forFile(folder.file("notes.txt")).indentsWithSpaces, nil)
        XCTAssertEqual(EditorConfig.forFile("relative/path.txt"), EditorConfig(), "the library needs absolute paths")
    }

    func testAbsurdValuesAreIgnored() {
        let config = EditorConfig(["indent_style": "sideways", "indent_size": "-4", "tab_width": "99999", "end_of_line": "lfcr"])
        XCTAssertEqual(config, EditorConfig())
    }

    func testTheTextShowsItsIndentation() {
        let tabs = TextStorage("func a() {\n\tif x {\n\t\treturn\n\t}\n}\n")
        XCTAssertEqual(Indentation.guess(in: tabs), Indentation(usesSpaces: false, width: nil))
        let two = TextStorage("a:\n  b:\n    c: 1\n    d: 2\n  e: 3\n")
        XCTAssertEqual(Indentation.guess(in: two), Indentation(usesSpaces: true, width: 2))
        let four = TextStorage("def f():\n    if x:\n        return 1\n    return 2\n\nclass C:\n    pass\n")
        XCTAssertEqual(Indentation.guess(in: four), Indentation(usesSpaces: true, width: 4))
        XCTAssertEqual(Indentation.guess(in: TextStorage("plain\ntext\n  once\n")), Indentation(usesSpaces: true, width: 2),
                       "one indented line tells")
        XCTAssertEqual(Indentation.guess(in: TextStorage("a\n     five\n")), Indentation(usesSpaces: true, width: nil),
                       "spaces of no usual width: spaces, a tab's width each")
        XCTAssertEqual(Indentation.guess(in: TextStorage("a\n\tb\n")), Indentation(usesSpaces: false, width: nil))
        XCTAssertNil(Indentation.guess(in: TextStorage("plain\ntext\n")), "nothing indented: nothing to tell")
    }
}
