import Gtk

/// Low memory, as UIKit's applicationDidReceiveMemoryWarning: GLib's monitor warns, the
/// application delegate is told, and it has its background scenes give back what they can.
extension Application {
    /// Starts listening for low-memory warnings after launch's own work (G_PRIORITY_LOW: the
    /// first windows are drawn first; the monitor's D-Bus lookup is no part of start-up).
    func watchMemoryAfterLaunch() {
        memoryMonitorStarter = IdleSource(priority: MainLoopPriority.whenIdle) { [weak self] in
            guard let self else { return false }
            self.memoryMonitorStarter = nil
            self.memoryMonitor = MemoryMonitor.systemDefault()
            self.memoryMonitor?.onLowMemory { [weak self] in self?.didReceiveMemoryWarning() }
            return false
        }
    }

    /// Tells the delegate the system is short of memory (also what the monitor's warning does).
    public func didReceiveMemoryWarning() {
        LifecycleTrace.log("memory warning", session: "app")
        delegate.applicationDidReceiveMemoryWarning(self)
    }
}
