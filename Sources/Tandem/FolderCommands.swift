import Background
import Dispatch
import Gtk
import Localization
import SafeFiles

/// The Files panel's context menu and keys, as the file manager's: a file opened in a tab or a
/// new window, a new file or folder, Rename (F2; documents open on the file, or in the folder,
/// follow it), Move to the Trash (Delete; undone from the toast), Copy Path, and hidden and
/// ignored files shown greyed or left out (a setting; no key: the file manager's Ctrl+H is
/// Replace here).
@MainActor
final class FolderCommands {
    private weak var tree: FolderTree?
    private let openTab: @MainActor (String) -> Void
    private let openWindow: @MainActor (String) -> Void
    private let dialogParent: @MainActor () -> DialogParent?
    private let moved: @MainActor (String, String) -> Void
    /// Where Show Hidden and Ignored Files is kept: one choice for every window, as the file
    /// manager's, followed live.
    private let settings: Settings?
    private var settingsHandler: UInt = 0
    private static let showsHiddenKey = "show-hidden-files"
    private let actions = ActionGroup()
    private let operations = FileOperations()
    private nonisolated static let queue = DispatchQueue(label: "tandem.folder-commands", qos: .userInitiated)

    /// Commands for `tree`; `openTab` and `openWindow` open a file beside the tree or in a window
    /// of its own, `dialogParent` is the window questions go over, `moved` tells the store a file
    /// or folder was renamed (its open documents go with it).
    init(tree: FolderTree, openTab: @escaping @MainActor (String) -> Void, openWindow: @escaping @MainActor (String) -> Void,
         dialogParent: @escaping @MainActor () -> DialogParent?, moved: @escaping @MainActor (String, String) -> Void,
         settings: Settings?) {
        self.tree = tree
        self.openTab = openTab
        self.openWindow = openWindow
        self.dialogParent = dialogParent
        self.moved = moved
        self.settings = settings.flatMap { $0.hasKey(Self.showsHiddenKey) ? $0 : nil }
        let commands: [(String, @MainActor (FolderCommands, FolderTree.Row?) -> Void)] = [
            ("open", { commands, row in row.map { commands.openTab($0.path) } }),
            ("open-window", { commands, row in row.map { commands.openWindow($0.path) } }),
            ("new-file", { commands, row in commands.askForNew(isFolder: false, in: commands.folder(for: row)) }),
            ("new-folder", { commands, row in commands.askForNew(isFolder: true, in: commands.folder(for: row)) }),
            ("rename", { commands, row in row.map { commands.askToRename($0.path, initial: PathName.file(of: $0.path)) } }),
            ("trash", { commands, row in row.map { commands.moveToTrash($0.path) } }),
            ("copy-path", { _, row in row.map { Clipboard.copy($0.path) } }),
        ]
        for (name, run) in commands {
            actions.add(SimpleAction(name: name) { [weak self] in
                guard let self else { return }
                run(self, self.tree?.menuRow)
            })
        }
        let shown = self.settings?.bool(Self.showsHiddenKey) ?? false
        tree.showsHidden = shown
        actions.add(SimpleAction(name: "show-hidden", isOn: shown) { [weak self] in
            guard let self, let tree = self.tree else { return }
            self.showHidden(!tree.showsHidden)
            self.settings?.set(Self.showsHiddenKey, tree.showsHidden)
        })
        settingsHandler = self.settings?.onChange(Self.showsHiddenKey) { [weak self] in
            guard let self, let settings = self.settings else { return }
            self.showHidden(settings.bool(Self.showsHiddenKey))
        } ?? 0
        let menu = Menu()
        for section in [[(localized("_Open"), "open"), (localized("Open in New _Window"), "open-window")],
                        [(localized("New _File…"), "new-file"), (localized("New F_older…"), "new-folder")],
                        [(localized("_Rename…"), "rename"), (localized("Move to _Trash"), "trash"), (localized("_Copy Path"), "copy-path")],
                        [(localized("Show _Hidden and Ignored Files"), "show-hidden")]] {
            let part = Menu()
            for (label, action) in section { part.append(label, action: "tree." + action) }
            menu.appendSection(part)
        }
        tree.setContextMenu(menu, actions: actions, shortcuts: ["F2": "rename", "Delete": "trash"]) { [weak self] row in
            guard let self else { return }
            let isFile = row.map { !$0.isFolder } ?? false
            self.actions.setEnabled("open", isFile)
            self.actions.setEnabled("open-window", isFile)
            for name in ["rename", "trash", "copy-path"] { self.actions.setEnabled(name, row != nil) }
        }
    }

    isolated deinit {
        if settingsHandler != 0 { settings?.disconnect(settingsHandler) }
    }

    private func showHidden(_ shown: Bool) {
        tree?.showsHidden = shown
        actions.setState("show-hidden", isOn: shown)
    }

    /// Where a new file goes: into the folder the row is, or the one its file is in, or the top.
    private func folder(for row: FolderTree.Row?) -> String {
        guard let row else { return tree?.root ?? "/" }
        return row.isFolder ? row.path : PathName.folder(of: row.path)
    }

    private func askForNew(isFolder: Bool, in folder: String, initial: String = "", problem: String? = nil) {
        let title = isFolder ? localized("New Folder") : localized("New File")
        let detail = problem ?? localized("In “%1”, called:", PathName.file(of: folder))
        askName(title: title, detail: detail, initial: initial, confirm: localized("_Create")) { [weak self] name in
            guard let self else { return }
            let path = folder == "/" ? "/" + name : folder + "/" + name
            if let code = isFolder ? self.operations.createFolder(path) : self.operations.createFile(path) {
                return self.askForNew(isFolder: isFolder, in: folder, initial: name, problem: Self.problem(code, name: name))
            }
            if !isFolder { self.openTab(path) }
        } invalid: { [weak self] typed in
            self?.askForNew(isFolder: isFolder, in: folder, initial: typed, problem: localized("“%1” cannot be a file's name.", typed))
        }
    }

    private func askToRename(_ path: String, initial: String, problem: String? = nil) {
        let detail = problem ?? localized("“%1” will be called:", PathName.file(of: path))
        askName(title: localized("Rename"), detail: detail, initial: initial, confirm: localized("_Rename")) { [weak self] name in
            guard let self, name != PathName.file(of: path) else { return }
            let folder = PathName.folder(of: path)
            let target = folder == "/" ? "/" + name : folder + "/" + name
            if let code = self.operations.rename(path, to: target) {
                return self.askToRename(path, initial: name, problem: Self.problem(code, name: name))
            }
            self.moved(path, target)
        } invalid: { [weak self] typed in
            self?.askToRename(path, initial: typed, problem: localized("“%1” cannot be a file's name.", typed))
        }
    }

    private static func problem(_ code: Int32, name: String) -> String {
        FileOperations.isTaken(code) ? localized("“%1” exists already.", name) : FileOperations.message(for: code)
    }

    private func askName(title: String, detail: String, initial: String, confirm: String,
                         done: @escaping @MainActor (String) -> Void, invalid: @escaping @MainActor (String) -> Void) {
        MessageDialog(parent: dialogParent(), title: title, detail: detail,
                      choices: [MessageDialog.Choice(localized("_Cancel"), id: 1), MessageDialog.Choice(confirm, id: 2, isDefault: true)],
                      field: (initial, localized("Name"))) { answer, text in
            guard answer == 2 else { return }
            if let name = FileOperations.validName(text) { done(name) } else { invalid(text) }
        }.present()
    }

    /// Moves the file to the Trash off the main thread (GIO writes its record there), then offers
    /// to put it back for a while.
    private func moveToTrash(_ path: String) {
        let homeTrash = FileTrash.homeTrash
        Background.run(on: Self.queue, { () -> (String?, TrashedFile?) in
            if let problem = FileTrash.trash(path) { return (problem, nil) }
            return (nil, TrashedFile.find(original: path, homeTrash: homeTrash))
        }) { [weak self] result in
            guard let self else { return }
            let name = PathName.file(of: path)
            if let problem = result.0 {
                return self.tell(localized("“%1” could not be moved to the Trash", name), problem)
            }
            guard let trashed = result.1 else { return }
            self.tree?.toast.show(localized("“%1” moved to the Trash", name), actionLabel: localized("_Undo")) { [weak self] in
                self?.putBack(trashed)
            }
        }
    }

    private func putBack(_ trashed: TrashedFile) {
        Background.run(on: Self.queue, { trashed.restore() }) { [weak self] code in
            guard let self, let code else { return }
            self.tell(localized("“%1” could not be put back", PathName.file(of: trashed.original)), Self.problem(code, name: PathName.file(of: trashed.original)))
        }
    }

    private func tell(_ title: String, _ detail: String) {
        MessageDialog(parent: dialogParent(), title: title, detail: detail,
                      choices: [MessageDialog.Choice(localized("_Close"), id: 1, isDefault: true)]) { _ in }.present()
    }
}
