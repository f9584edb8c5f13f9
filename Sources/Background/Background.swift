import Dispatch
import Glibc
import Synchronization

/// How work leaves the main thread in Tandem, and how it comes back: the one discipline.
///
/// - The main thread runs GTK's main loop, and every scene, document and window lives on the main
///   actor. The main dispatch queue is drained by that loop (`MainLoop.installMainQueueBridge`),
///   so `DispatchQueue.main` is the one way back: results are applied there, in the order sent.
/// - Work that takes longer than a frame goes through `run` to a Dispatch queue named for what it
///   does (saves, formatting, disk reads, the journal's writer, spelling dictionaries, the
///   recent-files list): serial where order matters (writes to one file, one dictionary load at a
///   time). Its result comes back through `then`, on the main thread.
/// - Work that blocks for seconds on I/O (reading a big file) gets a thread of its own
///   (`longRunning`), so it never holds one of Dispatch's shared workers, of which a small
///   machine has two.
/// - Such a thread whose work splits into independent pieces (the blocks of a big file to decode)
///   spreads each batch across the cores with `inParallel`, taking part itself, and keeps the
///   order of the results. Work that keeps every core busy for long (Find in Files, the index of
///   a file bigger than memory) runs on threads of its own below the main thread's priority
///   (`lowPriority`), so a key typed meanwhile is drawn first.
/// - Work that may become pointless (a search the user typed past, a load of a window closed, a
///   save the user stopped) checks a `Cancellation` between chunks and stops; a save stops only
///   while the old file is still whole.
/// - What threads share besides that is guarded by the standard library's `Mutex` and `Atomic`
///   (Synchronization), never by a lock of our own; a test that must wait off the main loop
///   waits on a `DispatchGroup`.
/// - Quitting never blocks the main loop: the app delegate answers `applicationShouldTerminate`
///   once the saves on their way are done (the windows say "Saving…" and offer Cancel). Only
///   after the loop has returned (nothing is drawn any more) does the process wait on its
///   queues with `sync`, for the last small writes of records and places.
/// - Main-thread timers follow one rule. Modules that see GTK (Gtk, Scenes, Editing, Tandem) use
///   GLib sources (`IdleSource`, `TimerSource`), kept in a property so that they go with their
///   owner and can be cancelled, and placed against GTK's own phases by priority (before text
///   layout, after drawing). Modules that cannot see GTK (Documents, SafeFiles, Background) use
///   `DispatchQueue.main` (`async`, `asyncAfter`), which the loop drains before it draws; what
///   must wait until after drawing is given a closure for it by the app
///   (`JournalStore.afterDrawing`). `DispatchQueue.main.async` in a GTK module only leaves a
///   callback something is in the middle of (a signal handler that must not destroy its
///   emitter, a window still closing), to run right after it.
/// - Nothing else: no `Task.detached`, no GThread or GThreadPool in the C shims, no queue of its
///   own per object. Swift concurrency's executors are not bridged to the GLib loop, so `await`
///   on the main actor is not used for this.
public enum Background {
    /// Runs `work` on `queue`, then `then` with its result on the main thread.
    public static func run<Result: Sendable>(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Result,
                                             then: @escaping @MainActor @Sendable (Result) -> Void) {
        queue.async {
            let result = work()
            onMain { then(result) }
        }
    }

    /// Runs `body` on the main thread, after what the main queue already holds: how a worker
    /// reports what it has no result closure for (a journal that failed, a piece of a load).
    public static func onMain(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    /// Runs `body` on a new detached thread: for long blocking work only (see above).
    public static func longRunning(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(run: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { box in
            let body = Unmanaged<Body>.fromOpaque(box!).takeRetainedValue()
            body.run()
            return nil
        }, box)
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: run it here rather than lose the work.
            Unmanaged<Body>.fromOpaque(box).takeRetainedValue().run()
        }
    }

    /// Runs `body` on a new detached thread at the lowest priority a thread can take without
    /// privileges (nice 19), so that typing goes on while every core works for it: a search of a
    /// project, the index of a big file. Nice 19 still gets a share when other programs fill the
    /// cores (SCHED_IDLE would get none). (On Linux a nice value belongs to the thread, and
    /// cannot be taken back: it ends with the thread, which is why it gets one of its own.)
    public static func lowPriority(_ body: @escaping @Sendable () -> Void) {
        longRunning {
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            body()
        }
    }

    /// How many pieces `inParallel` is worth giving at once: the cores, at most four (reading
    /// the file stays one thread's job).
    public static var cores: Int { max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `body(0) ... body(count - 1)` run across the cores, the calling thread among them; returns
    /// their results in that order once all are done.
    public static func inParallel<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        let results = Mutex<[Result?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = body(index)
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
