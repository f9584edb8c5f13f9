import Foundation
import Localization
import Scenes

// Translations live beside the binary's prefix (PREFIX/bin/tandem -> PREFIX/share/locale).
let executable = URL(fileURLWithPath: Bundle.main.executablePath ?? "/usr/bin/tandem").resolvingSymlinksInPath().deletingLastPathComponent()
setUpLocalization(localeDirectory: executable.deletingLastPathComponent().appendingPathComponent("share/locale").path)

// Top-level code runs on the main thread; GTK and every scene live on the main actor.
let status = MainActor.assumeIsolated { () -> Int32 in
    let appDelegate = TandemAppDelegate()
    let application = Application(id: TandemVersion.applicationID, delegate: appDelegate, sessionStore: SessionStore())
    appDelegate.configureCommandLine(of: application)
    return application.run()
}
exit(status)
