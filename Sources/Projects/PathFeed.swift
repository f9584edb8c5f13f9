import Dispatch
import Synchronization

/// Paths handed from the thread that lists a project to the threads that search it: a search
/// starts on the first files while the rest are still being listed (the listing of a large
/// tree takes as long as searching it).
final class PathFeed: Sendable {
    private struct State {
        var paths: [String] = []
        var taken = 0
        var finished = false
        var waiting = 0
    }
    private let state = Mutex(State())
    private let arrived = DispatchSemaphore(value: 0)

    init(_ paths: [String] = [], finished: Bool = false) {
        state.withLock {
            $0.paths = paths
            $0.finished = finished
        }
    }

    /// Adds paths for the searchers.
    func add(_ paths: [String]) {
        let wake = state.withLock { state in
            state.paths += paths
            defer { state.waiting = 0 }
            return state.waiting
        }
        for _ in 0..<wake { arrived.signal() }
    }

    /// Says no more paths will come.
    func finish() {
        let wake = state.withLock { state in
            state.finished = true
            defer { state.waiting = 0 }
            return state.waiting
        }
        for _ in 0..<wake { arrived.signal() }
    }

    /// The next path to search, waiting for one while the listing goes on; nil at the end.
    func next() -> String? {
        while true {
            enum Answer { case path(String), end, wait }
            let answer: Answer = state.withLock { state in
                if state.taken < state.paths.count {
                    state.taken += 1
                    return .path(state.paths[state.taken - 1])
                }
                if state.finished { return .end }
                state.waiting += 1
                return .wait
            }
            switch answer {
            case .path(let path): return path
            case .end: return nil
            case .wait: arrived.wait()
            }
        }
    }
}
