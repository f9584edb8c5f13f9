import Documents
import Editing

/// What an editor window does when its document's store reports an event: it brings the
/// window's parts up to date (the text's place, banners, loading, title, status, record). The
/// window never changes its text itself; this is how the store's changes reach it.
@MainActor
final class EditorEventHandler {
    private weak var ui: EditorWindow?
    private weak var binding: DocumentBinding?
    private weak var banners: EditorBanners?
    private weak var loading: EditorLoading?
    private weak var conflictHighlights: ConflictHighlights?
    private let chrome: EditorChrome
    private let records: EditorRecordKeeper
    private let document: Document
    /// The language the user picked for the window (nil: the guess).
    private let chosenLanguage: @MainActor () -> String?
    /// Turns spelling on where the document is prose.
    private let checkSpellingIfProse: @MainActor () -> Void

    init(ui: EditorWindow, binding: DocumentBinding, banners: EditorBanners, loading: EditorLoading,
         conflictHighlights: ConflictHighlights, chrome: EditorChrome, records: EditorRecordKeeper, document: Document,
         chosenLanguage: @escaping @MainActor () -> String?, checkSpellingIfProse: @escaping @MainActor () -> Void) {
        self.ui = ui
        self.binding = binding
        self.banners = banners
        self.loading = loading
        self.conflictHighlights = conflictHighlights
        self.chrome = chrome
        self.records = records
        self.document = document
        self.chosenLanguage = chosenLanguage
        self.checkSpellingIfProse = checkSpellingIfProse
    }

    func handle(_ event: DocumentEvent) {
        guard let ui, let banners, let loading else { return }
        // A save, a reload or a load that started over may write the file another way.
        switch event {
        case .edited, .editedTogether: break
        // A slice of a load changes no banner's state: no stat of the file per slice.
        case .loadProgressed: chrome.updateStatusBar()
        default:
            chrome.updateStatusBar()
            banners.refresh()
        }
        chrome.updateUndoActions()
        switch event {
        case .edited(let edit, let origin, let isUndoRedo):
            records.saveSoon()
            // The window that asked for undo shows where it happened.
            if isUndoRedo && origin != nil && origin == binding?.originID { ui.textView.scrollToCaret() }
            if binding?.followedGrowth == true { ui.textView.scrollToCaret() }  // a log that grows, followed
            // Typed in another window: what this one draws for it waits for that window's frame.
            ui.documentEdited(edit, typedElsewhere: origin != nil && origin != binding?.originID && !isUndoRedo)
        case .editedTogether(_, let origin, let isUndoRedo):
            records.saveSoon()
            if isUndoRedo && origin != nil && origin == binding?.originID { ui.textView.scrollToCaret() }
            ui.documentEditedTogether()
        case .savingChanged:
            chrome.updateTitle()
            banners.savingChanged()
        case .dirtyChanged, .closed:
            chrome.updateTitle()
        case .renamed:
            EditorLanguage.apply(to: ui, for: document, chosen: chosenLanguage())  // a new name may be another language
            chrome.updateTitle()
            // Every window's record names the file now, not a second later: a crash in between
            // would bring this window back on the old path.
            records.saveNow()
        case .saved:
            banners.didSave()
            EditorLanguage.apply(to: ui, for: document, chosen: chosenLanguage())
            chrome.updateTitle()
            records.saveNow()  // Save As: the record names the new file at once
        case .reloadedFromDisk:
            ui.textView.scrollToCaret()
            chrome.updateTitle()
        case .changedOnDiskWhileDirty, .changedOnDiskUnreadable, .diskChangeSeen:
            chrome.updateTitle()  // the disk banner says the rest
        case .becameReadOnly(let reason):
            if reason == .longLines {
                loading.startPreviewIfNeeded()
                ui.textView.setWraps(true)
                ui.textView.checkSpellingOnceThereIsText(false)  // a paste made them: the checker stops too
            }
            loading.update()
            chrome.updateTitle()
        case .becameEditable:
            if !document.hasLongLines { checkSpellingIfProse() }  // an undo took the long line back
            loading.update()
            chrome.updateTitle()
        case .loadFinished:
            banners.didLoad()
            loading.update()
            // A caret at the end may have been put before a final line break the view now hides.
            ui.caretPosition.updateSoon()
        case .loadProgressed, .loadRestarted:
            loading.update()
        case .loadFailed(let message):
            banners.showFailure(message)
            loading.update()
        case .deletedOnDisk:
            chrome.updateTitle()
        case .conflictsChanged:
            conflictHighlights?.refresh()
        case .paragraphLanguagesChanged(let range):
            if let binding { EditorParagraphLanguages.respell(range, in: ui, binding) }
            records.saveSoon()
        case .journalProblemChanged, .restoreNoticeChanged:
            break  // its banner was refreshed above
        }
    }
}
