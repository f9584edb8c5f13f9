import Glibc

/// A thread of its own for long blocking work (reading a file), so it never holds one of
/// Dispatch's shared worker threads for seconds.
enum DetachedThread {
    /// Runs `body` on a new detached thread.
    static func start(_ body: @escaping @Sendable () -> Void) {
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

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
