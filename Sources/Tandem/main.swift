import Glibc
import Gtk
import Localization
import SafeFiles
import Scenes

// Translations live beside the binary's prefix (PREFIX/bin/tandem -> PREFIX/share/locale), or,
// run from the build tree, are compiled from po/ as they change.
let binFolder = PathName.folder(of: SourceTree.executablePath ?? "/usr/bin/tandem")
setUpLocalization(localeDirectory: SourceTree.compiledTranslations(domain: textDomain)
                  ?? PathName.join(PathName.folder(of: binFolder), "share/locale"))

// Top-level code runs on the main thread; GTK and every scene live on the main actor.
let status = MainActor.assumeIsolated { () -> Int32 in
    let appDelegate = TandemAppDelegate()
    let application = Application(id: TandemVersion.applicationID, delegate: appDelegate, sessionStore: SessionStore())
    appDelegate.configureCommandLine(of: application)
    return application.run()
}
exit(status)
