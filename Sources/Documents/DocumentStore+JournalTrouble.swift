import FoundationEssentials

/// A journal that cannot be written (state folder full, read-only, removed): the document says so
/// until a write works again, and the journal's writer tries again until one does.
extension DocumentStore {
    /// The journal of the document with `draftID` failed (`problem`: why) or works again (nil).
    func journalTrouble(_ draftID: UUID, _ problem: String?) {
        guard let document = openDocuments.first(where: { $0.draftID == draftID }), document.journalProblem != problem else { return }
        document.journalProblem = problem
        publish(.journalProblemChanged, for: document, dirtyBefore: nil)
        journalTroubleChanged?()
    }

    /// Begins the broken journal of the document with `draftID` again, from the document as it is.
    func retryJournal(_ draftID: UUID) {
        guard let journals, let document = openDocuments.first(where: { $0.draftID == draftID }),
              journals.isBroken(document), journals.hasBegun(document) else { return }
        journals.begin(document)
    }
}
