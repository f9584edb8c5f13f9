import Documents
import Foundation
import Localization

/// The messages of one editor window: why its document is read-only or trimmed, what happened
/// on disk, problems of a launch, and the offer to open binary files anyway.
@MainActor
final class EditorBanners {
    private unowned let ui: EditorWindow
    private let document: Document
    private var explainedReasons: Set<ReadOnlyReason> = []
    /// Files that looked binary, offered by the binary bar's "Open Anyway".
    private(set) var openAnywayPaths: [String] = []

    init(ui: EditorWindow, document: Document) {
        self.ui = ui
        self.document = document
    }

    /// What a window says about its document as it opens.
    func showOpeningNotices(lightweight: Bool) {
        if lightweight && !document.readOnlyReasons.contains(.longLines) {
            ui.readOnlyBar.show(localized("“%1” is large (%2): line wrapping, bracket matching and current-line highlighting are off in this window to keep it fast.",
                                          document.displayName, Self.sizeForDisplay(document.fileSize)), kind: .info)
        }
        for reason in document.readOnlyReasons { explainReadOnly(reason) }
        if let path = document.path, case .missing(folderExists: false) = FileInspection.inspect(path) {
            ui.infoBar.show(localized("The folder of “%1” does not exist; saving will need another place.", document.displayName), kind: .warning)
        }
    }

    /// Says, once per reason, why the document cannot be edited.
    func explainReadOnly(_ reason: ReadOnlyReason) {
        guard explainedReasons.insert(reason).inserted else { return }
        let message = switch reason {
        case .binary: localized("“%1” contains NUL bytes, shown as “␀”. It is open read-only, so its bytes stay as they are.", document.displayName)
        case .longLines: localized("“%1” has lines longer than %2 characters. It is shown wrapped and read-only, so its bytes stay as they are.", document.displayName, String(ReadOnlyReason.longLineLimit))
        case .incomplete: localized("“%1” could not be read completely; what was read is shown read-only.", document.displayName)
        }
        ui.readOnlyBar.show(message, kind: .warning)
        if reason == .longLines { ui.textView.setWraps(true) }
    }

    /// A restored document whose file is gone: its unsaved text is all there is.
    func showFileGoneIfSo() {
        if let path = document.path, !FileManager.default.fileExists(atPath: path) {
            ui.infoBar.show(localized("“%1” no longer exists on disk. Its unsaved text is here: save to create it again.", document.displayName), kind: .warning)
        }
    }

    /// A document not in UTF-8 is saved in its own encoding: say so.
    func showEncodingIfNotUTF8() {
        guard document.encoding != .utf8 else { return }
        ui.infoBar.show(localized("“%1” is not UTF-8: it was opened as %2 and will be saved the same way.", document.displayName, document.encoding.displayName), kind: .info)
    }

    /// The file changed on disk while the document has unsaved changes: Reload or Keep Mine.
    func askAboutDiskChange(_ message: String? = nil) {
        ui.diskChangeBar.dismiss()
        ui.diskChangeBar.show(message ?? localized("“%1” changed on disk. Reload it and lose your changes, or keep yours and overwrite it when you save?", document.displayName), kind: .warning)
    }

    /// How a restored document came back, when its file changed while Tandem was closed: its
    /// unsaved text with Reload / Keep Mine, or where unsaved changes that no longer fit were kept.
    func showRestoreNotice() {
        if document.hasUnseenDiskChange {
            askAboutDiskChange(document.restoreNotice)
        } else if let notice = document.restoreNotice {
            ui.infoBar.show(notice, kind: .warning)
        }
    }

    /// The file was deleted on disk.
    func showDeletedOnDisk() {
        ui.infoBar.show(localized("“%1” was deleted on disk. Its text is still here: save to create the file again.", document.displayName), kind: .warning)
    }

    /// Shows messages about this launch (files that could not be opened).
    func showNotices(_ notices: [String]) {
        for notice in notices { ui.infoBar.show(notice, kind: .error) }
    }

    /// Shows an error (a failed save or reload).
    func showError(_ message: String) { ui.infoBar.show(message, kind: .error) }

    /// Offers "Open Anyway" (read-only) for files that were refused because they look binary.
    func offerToOpenAnyway(_ offer: OpenAnywayOffer) {
        guard !offer.paths.isEmpty else { return }
        openAnywayPaths += offer.paths
        for message in offer.messages { ui.binaryBar.show(message, kind: .warning) }
    }

    /// The paths offered so far, forgotten as the user takes the offer.
    func takeOpenAnywayPaths() -> [String] {
        defer { openAnywayPaths = [] }
        return openAnywayPaths
    }

    /// A size in the units GNOME uses (powers of 1000).
    nonisolated static func sizeForDisplay(_ bytes: Int64) -> String {
        bytes >= 1_000_000_000 ? String(format: "%.1f GB", Double(bytes) / 1e9)
            : bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6)
            : String(format: "%.0f kB", Double(bytes) / 1e3)
    }
}
