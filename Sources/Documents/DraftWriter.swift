import Foundation

/// Writes and deletes draft files on a background queue, so a keystroke in a 100 MB document
/// never waits for 100 MB to reach the disk (and fsync) on the main thread.
///
/// Only the newest request per draft is kept: while one write is on its way, further snapshots
/// of the same document replace each other instead of queueing up.
final class DraftWriter: @unchecked Sendable {
    // @unchecked: `latest` is only touched under `lock`; the jobs themselves are Sendable.
    enum Job: Sendable {
        case write(Data, TextStorage)
        case delete
    }

    private let queue = DispatchQueue(label: "tandem.drafts", qos: .utility)
    private let lock = NSLock()
    private var latest: [String: Job] = [:]
    private let perform: @Sendable (String, Job) -> Void

    /// `perform` does one job for a draft path, on the writer's queue.
    init(perform: @escaping @Sendable (String, Job) -> Void) {
        self.perform = perform
    }

    /// Asks for `job` on the draft at `path`; it replaces a request for that path not yet started.
    func submit(_ job: Job, for path: String) {
        let alreadyQueued = lock.withLock {
            let queued = latest[path] != nil
            latest[path] = job
            return queued
        }
        guard !alreadyQueued else { return }
        queue.async { [self] in
            guard let job = lock.withLock({ latest.removeValue(forKey: path) }) else { return }
            perform(path, job)
        }
    }

    /// Returns once every request made so far is done (quitting, or reading a draft back).
    func waitUntilIdle() {
        queue.sync {}
    }
}
