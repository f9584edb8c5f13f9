import Gtk
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

/// For benchmarks: with TANDEM_STALL_LOG=FILE, notes every time the main loop was kept from a
/// 5 ms timer for longer than it should, as "END_SECONDS GAP_MS" lines on CLOCK_MONOTONIC, so a
/// benchmark can tell the worst stall during a load or while typing.
@MainActor
enum StallMonitor {
    private static var timer: TimerSource?

    static func startIfAsked() {
        guard let path = EnvironmentVariable.value("TANDEM_STALL_LOG"),
              let file = fopen(path, "w") else { return }
        var last = now()
        // Above GTK's redraw and layout, so a gap means the loop itself was busy.
        timer = TimerSource(milliseconds: 5, priority: MainLoopPriority.beforeEvents) {
            let time = now()
            let gap = (time - last) * 1000 - 5
            if gap > 2 {
                fputs("\(time) \((gap * 100).rounded() / 100)\n", file)
                fflush(file)
            }
            last = time
            return true
        }
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
