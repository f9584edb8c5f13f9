import Gtk
import Localization
import SafeFiles
import Scenes

/// A `tandem …` command line received by the primary instance: the session it names, the
/// windows it brings back, the files it opens.
extension TandemAppDelegate {
    func application(_ application: Application, didReceive commandLine: CommandLineInvocation) -> Int32 {
        self.application = application
        guard let workingDirectory = commandLine.workingDirectory else {
            commandLine.printError("tandem: " + localized("the working directory is not valid UTF-8.") + "\n")
            return 1
        }
        let request = LaunchArguments.parse(Array(commandLine.arguments.dropFirst()), workingDirectory: workingDirectory)
        guard let named = namedSession(of: commandLine) else { return 2 }
        // A session that opens may have had its windows closed a moment ago (switched away from):
        // they come back from all of their journals, so the request waits for the last records
        // to be on disk, the loop running, and the launcher for its exit status. Any other
        // request runs now (the wait is a round trip through the journal's writer).
        guard let named, !application.openSessionNames.contains(named) else {
            return open(request, named: named, for: commandLine, in: application)
        }
        var status: Int32 = 0
        var returned = false
        store.whenJournalsWritten { [weak self] in
            guard let self, let application = self.application else { return }
            status = self.open(request, named: named, for: commandLine, in: application)
            if returned { commandLine.setExitStatus(status) }
        }
        returned = true
        return status
    }

    private func open(_ request: LaunchArguments, named: SessionName?, for commandLine: CommandLineInvocation,
                      in application: Application) -> Int32 {
        let waits = commandLine.flag("wait")
        let windowsBefore = application.connectedScenes.count
        // `tandem --wait` that starts Tandem (an EDITOR run) shows only its files, so closing them
        // ends it; the last session's windows stay stored and come back at the next launch.
        let restoredNotice: String?
        if waits && !commandLine.isRemote {
            restoredNotice = nil
            application.currentSessionName = named
        } else {
            // `--session NAME` opens that session; a plain launch brings back every session open
            // when the last run ended, and its files go to the one used last.
            let names: [SessionName?] = named.map { [$0] } ?? (restorer.hasRestored ? [] : application.sessionNamesOpenLastRun)
            restoredNotice = restorer.restore(names)
            if let named {
                application.currentSessionName = named
            } else if windowsBefore == 0 {
                application.currentSessionName = application.connectedScenes.last?.session.sessionName ?? names.last ?? nil
            }
        }
        var restoredSome = application.connectedScenes.count > windowsBefore
        if named != nil, request.files.isEmpty, !restoredSome, let shown = lastUsedScene {
            // The session named is open already: its window comes forward.
            shown.presentWindow()
            restoredSome = true
        }
        // An untouched empty window the files would go to gives way to them, as gedit's empty
        // tab does; one that says (or is to say) what could not be opened stays, and so does one a
        // `--wait` (an EDITOR's file, closed in a moment) opens beside.
        let blank = commandLine.flag("new-window") || waits ? nil : lastUsedScene.flatMap { editor(of: $0)?.givesWayToLaunchedFiles == true ? $0 : nil }
        // A folder opens a window of its own, its files in the side panel.
        let folders = request.files.filter { FileSystem.isFolder($0.path) }
        for folder in folders { openFolder(folder.path) }
        let result = open(request.files.filter { !FileSystem.isFolder($0.path) }, forceNewWindow: commandLine.flag("new-window"),
                          openUntitledIfNothing: !restoredSome && !request.readsStandardInput && folders.isEmpty,
                          problems: request.problems, fromCommandLine: true)
        if let blank, result.problems.isEmpty, !result.scenes.isEmpty, !result.scenes.contains(where: { $0 === blank }),
           blank.activationState != .disconnected, editor(of: blank)?.givesWayToLaunchedFiles == true {
            application.requestSceneSessionDestruction(blank.session)
        }
        if request.readsStandardInput { openStandardInput(of: commandLine) }
        if let restoredNotice, let first = application.connectedScenes.first { editor(of: first)?.showNotices([restoredNotice]) }
        let problems = result.problems
        for problem in problems { commandLine.printError("tandem: \(problem)\n") }
        if waits { waiters.hold(commandLine, until: result.scenes.map(\.session)) }
        return problems.isEmpty ? 0 : 1
    }

    /// The session `--session` names: .some(nil) when none is named (the current one is used),
    /// nil when the name cannot be one (said on the launcher's stderr).
    private func namedSession(of commandLine: CommandLineInvocation) -> SessionName?? {
        let (given, valid) = commandLine.string("session")
        guard valid else {
            commandLine.printError("tandem: " + localized("the session name is not valid UTF-8 text.") + "\n")
            return nil
        }
        guard let given else { return .some(nil) }
        var problem = ""
        guard let name = SessionName(given, problem: { problem = $0 }) else {
            commandLine.printError("tandem: \(problem)\n")
            return nil
        }
        return .some(name)
    }
}
