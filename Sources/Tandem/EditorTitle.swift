import Documents
import FoundationEssentials
import Localization
import SafeFiles

/// What an editor window's header says of its document: its name, "•" while modified,
/// "[Read-Only]" when it cannot be edited or the user may not write it, and its folder as GNOME shows it (or "Saving…").
@MainActor
enum EditorTitle {
    /// `number`: which of the document's windows this is; windows after the first say it, as
    /// GNOME Text Editor and Kate do ("notes.txt (2)").
    static func title(for document: Document, number: Int = 1) -> String {
        // As gedit: a file the user may not write says so, and Save asks where instead.
        (document.isDirty ? "• " : "") + document.displayName + (number > 1 ? " (\(number))" : "")
            + (document.isWritable && document.readOnlyReasons.isEmpty ? "" : " " + localized("[Read-Only]"))
    }

    static func subtitle(for document: Document) -> String? {
        document.isSaving ? localized("Saving…") : folder(of: document)
    }

    /// The document's folder as GNOME shows it (nil: untitled); on a server, its folder there and
    /// the server ("/srv/notes on example.org"), so a file on two hosts, or on a host and here, is
    /// told apart in titles, tabs and the Windows list.
    static func folder(of document: Document) -> String? {
        document.path.map(folder(ofPath:))
    }

    /// The folder of the file at `path` (or on a server, at that address) as GNOME shows it.
    static func folder(ofPath path: String) -> String {
        if let remote = RemoteLocation(path) { return localized("%1 on %2", remote.folder, remote.host) }
        return folderForDisplay(PathName.folder(of: path))
    }

    /// A folder as GNOME shows it: the home folder as "~".
    nonisolated static func folderForDisplay(_ folder: String) -> String {
        let home = HomeFolder.path
        if folder == home { return "~" }
        if folder.hasPrefix(home + "/") { return "~" + folder.dropFirst(home.count) }
        return folder
    }
}
