import Foundation
@testable import Gtk
import XCTest

/// The language index answers "plain text" only where GtkSourceView, asked in full, would too.
final class LanguageIndexTests: XCTestCase {
    private let names = ["notes.txt", "CMakeLists.txt", "README", "README.md", "Makefile", "main.c", "x.py", ".bashrc",
                         "meson.build", "a.json", "index.HTML", "data.csv", "todo", "changelog", "x.tar.gz", "ä ö.txt", "Dockerfile"]
    private let heads = ["", "plain words\n", "#!/usr/bin/env python3\nprint(1)\n", "<?xml version=\"1.0\"?>\n<a/>\n", "#!/bin/sh\necho\n"]

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try Display.require() }
        _ = SourceLanguage.guess(fileName: "x.py", head: [], consultingIndex: false)  // loads the languages: the index is written
    }

    func testTheIndexNeverHidesALanguage() {
        XCTAssertNotNil(LanguageIndex.someLanguageClaims(fileName: "notes.txt", contentType: "text/plain"), "the index is current")
        var shortcuts = 0
        for name in names + [nil] as [String?] {
            for head in heads {
                let full = SourceLanguage.guess(fileName: name, head: Array(head.utf8), consultingIndex: false)
                let quick = SourceLanguage.guess(fileName: name, head: Array(head.utf8), consultingIndex: true)
                XCTAssertEqual(quick, full, "\(name ?? "untitled") starting \(head.debugDescription)")
                if full == nil && LanguageIndex.someLanguageClaims(fileName: name, contentType: "text/plain") == false { shortcuts += 1 }
            }
        }
        XCTAssertGreaterThan(shortcuts, 0, "plain text is answered without GtkSourceView")
    }

    func testPlainTextIsAnsweredAndCodeIsNot() {
        XCTAssertEqual(LanguageIndex.someLanguageClaims(fileName: "notes.txt", contentType: "text/plain"), false)
        XCTAssertEqual(LanguageIndex.someLanguageClaims(fileName: "main.c", contentType: "text/x-csrc"), true)
        XCTAssertEqual(LanguageIndex.someLanguageClaims(fileName: "script", contentType: "text/x-python3"), true)
        XCTAssertEqual(LanguageIndex.someLanguageClaims(fileName: "CMakeLists.txt", contentType: "text/plain"), true)
    }

    func testAnIndexOfOtherFoldersOrDamagedIsNotAsked() throws {
        let saved = try String(contentsOfFile: LanguageIndex.path, encoding: .utf8)
        defer { try? saved.write(toFile: LanguageIndex.path, atomically: true, encoding: .utf8) }
        try ("/elsewhere=1.0\n" + saved.split(separator: "\n").dropFirst().joined(separator: "\n")).write(toFile: LanguageIndex.path, atomically: true, encoding: .utf8)
        XCTAssertNil(LanguageIndex.someLanguageClaims(fileName: "notes.txt", contentType: "text/plain"))
        try (LanguageIndex.signature() + "\nnonsense").write(toFile: LanguageIndex.path, atomically: true, encoding: .utf8)
        XCTAssertNil(LanguageIndex.someLanguageClaims(fileName: "notes.txt", contentType: "text/plain"))
    }
}
