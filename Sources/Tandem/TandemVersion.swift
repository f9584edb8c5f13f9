/// Tandem's name and version, as `--version` and the About dialog print them.
enum TandemVersion {
    static let applicationID = "io.github.tandemedit.Tandem"
    static let string = "0.1.0"
}
