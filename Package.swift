// swift-tools-version:6.0
// Tandem: a multi-window plain-text editor for the GNOME desktop, on GTK 3.
import PackageDescription

// Release builds (meson's and the benchmarks') put the functions that run at start-up first in
// the executable (Sources/Tandem/StartupOrder.txt, made by .ci/order-symbols): LLVM's linker
// reads the list, and our own modules give each function its own section so it can be moved.
// Relative relocations are packed (RELR, glibc 2.36 and later: Debian 12 has it).
let startupOrder = Context.packageDirectory + "/Sources/Tandem/StartupOrder.txt"
let sectionPerFunction: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
let startupFirst: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld", "-Xlinker", "--symbol-ordering-file=" + startupOrder,
                                                   "-Xlinker", "--no-warn-symbol-ordering",
                                                   "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(configuration: .release))]

let package = Package(
    name: "Tandem",
    products: [
        .executable(name: "tandem", targets: ["Tandem"]),
        .executable(name: "tandem-benchmarks", targets: ["TandemBenchmarks"]),
        .executable(name: "tandem-fuzz", targets: ["TandemFuzz"]),
    ],
    dependencies: [
        // Property-based tests with shrinking (tests only; available offline on our machines).
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
    ],
    targets: [
        // Hand-written C shim over GTK 3 and GtkSourceView 4 (headers only).
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtksourceview-4",
            providers: [.apt(["libgtk-3-dev", "libgtksourceview-4-dev"])]
        ),
        // Swift wrappers: the only Swift module that touches raw GTK pointers.
        .target(name: "Gtk", dependencies: ["CGtk", "CGspell", "CDocumentAccessible", "Localization", "SafeFiles", "Background"], swiftSettings: sectionPerFunction),
        // A GObject type Swift cannot define: the text view whose accessible serves a whole
        // document (AtkText, AtkEditableText) while its buffer holds only a window of it.
        .target(name: "CDocumentAccessible", dependencies: ["CGtk"]),
        // gspell: inline spell checking, as gedit has it.
        .systemLibrary(name: "CGspell", pkgConfig: "gspell-1", providers: [.apt(["libgspell-1-dev"])]),
        // gettext for every user-visible string.
        .target(name: "Localization", dependencies: ["CIntl"], swiftSettings: sectionPerFunction),
        .systemLibrary(name: "CIntl"),
        // UIKit's scene model on top of the wrappers; knows nothing of editing.
        .target(name: "Scenes", dependencies: ["Gtk", "SafeFiles", "Localization"], swiftSettings: sectionPerFunction),
        // Text, files and documents: pure Swift and FoundationEssentials, never GTK.
        .target(name: "Documents", dependencies: ["SafeFiles", "Localization", "Background", "CZlib", "CEditorConfig"], swiftSettings: sectionPerFunction),
        // How work leaves the main thread and comes back to it: the one concurrency discipline.
        .target(name: "Background", swiftSettings: sectionPerFunction),
        // The EditorConfig reference library: a file's indentation and newline settings.
        .systemLibrary(name: "CEditorConfig", pkgConfig: "editorconfig", providers: [.apt(["libeditorconfig-dev"])]),
        // zlib's crc32: checksums of the edit journal's records.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Atomic, durable file writes shared by documents, drafts and session records; and the
        // path, home-folder and standard-error basics every module would otherwise need Foundation for.
        .target(name: "SafeFiles", dependencies: ["CXattr", "Background"], swiftSettings: sectionPerFunction),
        // <sys/xattr.h>, to keep a file's extended attributes (and so its ACLs) when it is saved.
        .systemLibrary(name: "CXattr"),
        // Glue between one text buffer and the document store: the one-way data flow.
        .target(name: "Editing", dependencies: ["Gtk", "Documents", "SafeFiles", "Background"], swiftSettings: sectionPerFunction),
        // Tandem's own views use the Gtk wrappers, as a UIKit app uses UIView; delegates never touch GTK underneath Scenes.
        .executableTarget(name: "Tandem", dependencies: ["Scenes", "Documents", "Editing", "Gtk", "Localization", "SafeFiles"],
                          exclude: ["StartupOrder.txt"], swiftSettings: sectionPerFunction, linkerSettings: startupFirst),
        // Benchmarks (not tests): `swift run -c release tandem-benchmarks`, under a display.
        .executableTarget(name: "TandemBenchmarks", dependencies: ["Documents", "Editing", "Gtk", "TestSupport"]),
        // The readers of outside bytes under a fuzzer: built with `-sanitize=fuzzer,address -D FUZZING`
        // by .ci/fuzz; built plainly, it replays inputs (a corpus, a crash) through the same code.
        .executableTarget(name: "TandemFuzz", dependencies: ["Documents", "Scenes", "SafeFiles"]),
        // Seeded randomness and temporary folders for the tests and the benchmarks.
        .target(name: "TestSupport"),

        .testTarget(name: "GtkTests", dependencies: ["Gtk"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Gtk"]),
        .testTarget(name: "SafeFilesTests", dependencies: ["SafeFiles", "Background", "CXattr", "TestSupport"]),
        .testTarget(name: "DocumentsTests", dependencies: [
            "Documents", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "EditingTests", dependencies: ["Editing", "Documents", "Gtk", "TestSupport"]),
        .testTarget(name: "TandemTests", dependencies: ["Tandem", "Documents", "Scenes", "Gtk", "Localization"]),
    ]
)
