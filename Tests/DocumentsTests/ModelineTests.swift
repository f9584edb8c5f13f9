import XCTest
@testable import Documents

/// Modelines, as Vim, Emacs and Kate write them, in a file's first or last lines.
final class ModelineTests: XCTestCase {
    func testEachEditorsModelineNamesTheLanguage() {
        XCTAssertEqual(Modeline.language(head: "# vim: set ft=python :\nx = 1\n", tail: ""), "python")
        XCTAssertEqual(Modeline.language(head: "", tail: "end\n/* vi: filetype=C */\n"), "c")
        XCTAssertEqual(Modeline.language(head: "#!/bin/sh\n# -*- mode: Ruby; coding: utf-8 -*-\n", tail: ""), "ruby")
        XCTAssertEqual(Modeline.language(head: "// -*- c++ -*-\n", tail: ""), "c++")
        XCTAssertEqual(Modeline.language(head: "", tail: "// kate: hl Python; indent-width 4;\n"), "python")
    }

    func testTextThatOnlyLooksLikeAModelineIsNot() {
        XCTAssertNil(Modeline.language(head: "the envim: ft=python is not a modeline\n", tail: ""))
        XCTAssertNil(Modeline.language(head: "plain text\n", tail: "plain text\n"))
        XCTAssertNil(Modeline.language(head: "1\n2\n3\n4\n5\n6\n# vim: ft=python\n", tail: ""), "only the first five lines count")
    }
}
