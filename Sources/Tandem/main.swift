import Foundation
import Scenes

// Top-level code runs on the main thread; GTK and every scene live on the main actor.
let status = MainActor.assumeIsolated { () -> Int32 in
    let appDelegate = TandemAppDelegate()
    let application = Application(id: TandemVersion.applicationID, delegate: appDelegate, sessionStore: SessionStore())
    appDelegate.configureCommandLine(of: application)
    return application.run()
}
exit(status)
