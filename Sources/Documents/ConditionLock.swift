import Glibc

/// A mutex with a condition, for the little state the loaders and the journal share between
/// threads (pthreads directly: NSLock and NSCondition are all of Foundation's weight for this).
final class ConditionLock: @unchecked Sendable {
    // @unchecked: the pthread objects are made for exactly this sharing; they never move (heap).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)  // a wait is not moved by clock changes
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Wakes every thread in `wait(until:)`; call holding the lock.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits for a `broadcast` until `deadline` (CLOCK_MONOTONIC); false once it has passed.
    /// Call holding the lock.
    func wait(until deadline: timespec) -> Bool {
        var deadline = deadline
        return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
    }

    /// CLOCK_MONOTONIC `seconds` from now, for `wait(until:)`.
    static func deadline(in seconds: Double) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int((seconds - seconds.rounded(.down)) * 1e9)
        return timespec(tv_sec: now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    }
}
