import Documents
import Gtk
import Localization
import Scenes

/// The question before windows close: one for everything closing together, naming each modified
/// document that would go with them (no window left open shows it), as gedit asks; and before a
/// quit, for the documents whose unsaved text could not be kept for the next launch.
extension TandemAppDelegate {
    func application(_ application: Application, shouldClose scenes: [WindowScene], decision: @escaping @MainActor (Bool) -> Void) {
        let atRisk = editorsLosingChanges(closing: scenes)
        guard !atRisk.isEmpty else { return decision(true) }
        let parent = (scenes.first { $0.tabGroup?.selectedScene === $0 } ?? scenes.first)?.dialogParent
        let names = atRisk.map { questionName(of: $0.document) }
        let several = atRisk.count > 1
        MessageDialog(
            parent: parent,
            title: several
                ? localized("%1 documents have unsaved changes. Save them before closing?", String(atRisk.count))
                : localized("Save changes to “%1” before closing?", names[0]),
            detail: several
                ? localized("If you don’t save, the changes in the documents left unchecked will be lost.")
                : localized("If you don’t save, your changes will be lost."),
            choices: [
                .init(localized("Close _without Saving"), id: 1, isDestructive: true),
                .init(localized("_Cancel"), id: 2),
                .init(localized("_Save"), id: 3, isDefault: true),
            ],
            checklist: several ? (localized("Select the documents to save:"), names) : nil
        ) { [weak self] answer, checked in
            guard let self else { return decision(false) }
            self.act(on: answer, checked: checked, for: atRisk, done: decision)
        }.present()
    }

    /// What a question's answer does: 1 goes without saving (those changes dropped), 2 (or the
    /// dialog closed) cancels, 3 saves the documents checked (all, for one) and drops the rest,
    /// 4 saves the one document elsewhere; `done` hears whether the windows may go.
    private func act(on answer: Int?, checked: [Bool], for atRisk: [EditorSceneDelegate], done: @escaping @MainActor (Bool) -> Void) {
        guard let answer, answer != 2 else { return done(false) }
        if answer == 4 {
            guard let commands = atRisk[0].commands else { return done(false) }
            return commands.saveAs { saved in done(saved) }
        }
        let saving = answer == 3 ? atRisk.indices.filter { atRisk.count == 1 || checked[$0] }.map { atRisk[$0] } : []
        saveInTurn(saving[...]) { [weak self] saved in
            // A save refused or cancelled keeps every window: the user sees why in it.
            guard saved, let self else { return done(false) }
            for editor in atRisk where editor.document.isDirty && !saving.contains(where: { $0 === editor }) {
                self.store.discardChangesOnClose(editor.document)
            }
            done(true)
        }
    }

    /// Closing a session's windows keeps them in it, as a quit does: only the documents no other
    /// window shows whose unsaved text could not be kept are asked about.
    func application(_ application: Application, shouldCloseSessionSet name: SessionName?, decision: @escaping @MainActor (Bool) -> Void) {
        store.whenUnsavedTextIsKept { [weak self, weak application] notKept in
            guard let self, let application else { return decision(true) }
            let staying = application.connectedScenes.filter { $0.session.sessionName != name }.map(ObjectIdentifier.init)
            let lost = notKept.filter { document in
                !self.editorsInOrder.contains { $0.document === document && $0.scene.map { staying.contains(ObjectIdentifier($0)) } ?? false }
            }
            guard !lost.isEmpty else { return decision(true) }
            self.askBeforeQuitting(losing: lost, closing: true, reply: decision)
        }
    }

    /// The question before a quit (or a session's close, `closing`) that would lose the unsaved
    /// text of `documents` (their journal could not keep it): Save, Save As, Quit (Close) without
    /// Saving or Cancel, with the reason.
    func askBeforeQuitting(losing documents: [Document], closing: Bool = false, reply: @escaping @MainActor (Bool) -> Void) {
        let atRisk = editorsInOrder.filter { editor in documents.contains { $0 === editor.document } }
            .reduce(into: [EditorSceneDelegate]()) { kept, editor in
                if !kept.contains(where: { $0.document === editor.document }) { kept.append(editor) }
            }
        guard !atRisk.isEmpty else { return reply(true) }
        let parent = (lastUsedScene ?? atRisk[0].scene)?.dialogParent
        let names = atRisk.map { questionName(of: $0.document) }
        let several = atRisk.count > 1
        let reason = atRisk.lazy.compactMap(\.document.journalProblem).first ?? localized("the state folder cannot be written")
        var choices: [MessageDialog.Choice] = [
            .init(closing ? localized("Close _without Saving") : localized("Quit _without Saving"), id: 1, isDestructive: true),
            .init(localized("_Cancel"), id: 2),
        ]
        if !several { choices.append(.init(localized("Save _As…"), id: 4)) }
        choices.append(.init(localized("_Save"), id: 3, isDefault: true))
        MessageDialog(
            parent: parent,
            title: closing
                ? (several ? localized("%1 documents have unsaved changes. Save them before closing?", String(atRisk.count))
                           : localized("Save changes to “%1” before closing?", names[0]))
                : (several ? localized("%1 documents have unsaved changes that cannot be kept until the next launch. Save them before quitting?", String(atRisk.count))
                           : localized("Save changes to “%1” before quitting?", names[0])),
            detail: several
                ? localized("Tandem could not keep their unsaved changes: %1. If you don’t save, the changes in the documents left unchecked will be lost.", reason)
                : closing ? localized("Tandem could not keep its unsaved changes: %1. If you close without saving, they will be lost.", reason)
                : localized("Tandem could not keep its unsaved changes: %1. If you quit without saving, they will be lost.", reason),
            choices: choices,
            checklist: several ? (localized("Select the documents to save:"), names) : nil
        ) { [weak self] answer, checked in
            guard let self else { return reply(false) }
            self.act(on: answer, checked: checked, for: atRisk, done: reply)
        }.present()
    }

    /// One editor per modified document that no window outside `scenes` shows, in window order.
    private func editorsLosingChanges(closing scenes: [WindowScene]) -> [EditorSceneDelegate] {
        let closing = Set(scenes.map { ObjectIdentifier($0) })
        var seen = Set<ObjectIdentifier>()
        var result: [EditorSceneDelegate] = []
        for editor in editorsInOrder where editor.document.isDirty {
            guard let scene = editor.scene, closing.contains(ObjectIdentifier(scene)),
                  seen.insert(ObjectIdentifier(editor.document)).inserted else { continue }
            let staysOpen = editorsInOrder.contains { other in
                other.document === editor.document && other.scene.map { !closing.contains(ObjectIdentifier($0)) } ?? false
            }
            if !staysOpen { result.append(editor) }
        }
        return result
    }

    /// The document's name, with its folder when another open document has the same name (two
    /// `main.c` told apart).
    private func questionName(of document: Document) -> String {
        let twin = store.openDocuments.contains { $0 !== document && $0.displayName == document.displayName }
        guard twin, let folder = EditorTitle.folder(of: document) else { return document.displayName }
        return localized("%1 in %2", document.displayName, folder)
    }

    /// Saves each editor's document in turn, through its window (an untitled one asks where);
    /// `done(false)` at the first that is not saved.
    private func saveInTurn(_ queue: ArraySlice<EditorSceneDelegate>, done: @escaping @MainActor (Bool) -> Void) {
        guard let editor = queue.first else { return done(true) }
        guard let commands = editor.commands else { return done(false) }
        commands.save { [weak self] saved in
            guard saved else { return done(false) }
            self?.saveInTurn(queue.dropFirst(), done: done) ?? done(false)
        }
    }
}
