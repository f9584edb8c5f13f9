import Localization

/// What a banner of an editor window is about. A window shows at most one banner per subject,
/// top to bottom in this order; each offers the action that resolves it.
enum BannerSubject: CaseIterable {
    /// Files a launch from this window (or one that made this window) could not open.
    case launch
    /// A save taking a while, with Cancel (the file stays as it was).
    case saving
    /// Files refused because they look binary, with Open Anyway.
    case openAnyway
    /// The last save failed, with Save As….
    case saveFailure
    /// Another failure of an action (printing, reloading; reading a file on a server, with Try Again); the next one replaces it.
    case failure
    /// The file changed, was deleted or is gone on disk (Reload / Keep Mine).
    case disk
    /// The document's unsaved text cannot be kept on disk now (its journal fails), with Save As….
    case journal
    /// Regions a merge kept both sides of, to settle (Use Mine / Use Theirs / Use Both).
    case conflicts
    /// Why the document cannot be edited, or why its file cannot be written (Save As…).
    case readOnly
    /// Only the start of a file with very long lines is shown (Show All).
    case preview
    /// The file is not UTF-8 and will be saved in its own encoding.
    case encoding

    /// The buttons of its bar, by response.
    var responses: [BannerResponse] {
        switch self {
        case .saving: [.cancelSave]
        case .openAnyway: [.openAnyway]
        case .saveFailure: [.saveAs]
        case .disk: [.merge, .reload, .keepMine, .save, .tryAgain, .saveAs]
        case .conflicts: [.useMine, .useTheirs, .useBoth]
        case .journal: [.saveAs]
        case .readOnly: [.editAnyway, .saveAs]
        case .preview: [.showAll]
        case .failure: [.tryAgain]
        case .launch, .encoding: []
        }
    }
}

/// A button of a banner: what the user can do about what it says.
enum BannerResponse: Int {
    case reload = 1, keepMine, showAll, openAnyway, saveAs, save, merge, useMine, useTheirs, useBoth, editAnyway, cancelSave, tryAgain

    /// The button's label, with its mnemonic.
    var label: String {
        switch self {
        case .reload: localized("_Reload")
        case .keepMine: localized("_Keep Mine")
        case .showAll: localized("Show _All")
        case .openAnyway: localized("Open _Anyway")
        case .saveAs: localized("Save _As…")
        case .save: localized("_Save")
        case .merge: localized("_Merge")
        case .useMine: localized("Use _Mine")
        case .useTheirs: localized("Use _Theirs")
        case .useBoth: localized("Use _Both")
        case .editAnyway: localized("_Edit Anyway")
        case .cancelSave: localized("_Cancel")
        case .tryAgain: localized("_Try Again")
        }
    }
}
