import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Reads a `FileWatcher`'s inotify descriptor off the main thread and keeps only the events
/// that can matter to it. A folder watched for one open file may be written thousands of times
/// a second (a log, a download, a build beside it): inotify cannot filter by name, so without
/// this each of those writes would wake the main thread for nothing.
final class InotifyReader: Sendable {
    /// One inotify event, its name decoded.
    struct Event: Sendable {
        let wd: Int32
        let mask: UInt32
        let cookie: UInt32
        let name: String
    }

    private let fd: Int32
    /// The watcher's interest, published by the main thread whenever it changes: each watch's
    /// watched file names (empty for a folder watched on behalf of a missing one below it).
    private let interest = Mutex<[Int32: Set<String>]>([:])
    /// Events kept and not yet taken, and whether the main thread has been sent to take them.
    private let inbox = Mutex<(events: [Event], sent: Bool)>(([], false))
    /// The read buffer; its lock also keeps two readers (the queue, a test's poll) in order.
    private let buffer = Mutex<[UInt8]>([UInt8](repeating: 0, count: 64 * 1024))
    /// How many reads of the descriptor returned events (tests).
    let readCount = Atomic<Int>(0)

    /// Where the descriptor is read. Dispatch objects are safe to use from any thread; the
    /// box only says so to the compiler, which does not know it of Dispatch on Linux.
    private struct Source: @unchecked Sendable { let source: DispatchSourceRead }
    private let source = Mutex<Source?>(nil)
    private static let queue = DispatchQueue(label: "tandem.file-watcher", qos: .utility)

    init(fd: Int32) { self.fd = fd }

    /// Starts reading on the watcher's queue; `kept` is called there whenever the main thread
    /// should come and `take` what was kept.
    func start(kept: @escaping @Sendable () -> Void) {
        let box = Source(source: DispatchSource.makeReadSource(fileDescriptor: fd, queue: Self.queue))
        // After each read the source rests a moment: inotify merges like events while they wait
        // unread, so a file written a thousand times a second costs a read per rest, not per write.
        box.source.setEventHandler { [self] in
            if read(atMost: 1) { kept() }
            box.source.suspend()
            Self.queue.asyncAfter(deadline: .now() + .milliseconds(20)) { box.source.resume() }
        }
        box.source.setCancelHandler { [fd] in _ = close(fd) }
        box.source.resume()
        source.withLock { $0 = box }
    }

    /// Stops reading; the descriptor is closed once no read is on its way.
    func stop() {
        source.withLock { $0?.source.cancel(); $0 = nil }
    }

    /// What the main thread watches now (see `interest`).
    func publish(_ interest: [Int32: Set<String>]) {
        self.interest.withLock { $0 = interest }
    }

    /// Reads what inotify holds now, `reads` buffers of it at most, and keeps what may matter.
    /// Returns true when the main thread should be sent to take it: something is waiting and it
    /// has not been sent yet. The bound matters: a file written without a pause (a fast logger,
    /// `yes > file`) has a new event waiting after every read, so reading until inotify is empty
    /// kept the queue's thread busy for as long as the writer wrote, and held back everything
    /// kept meanwhile, a watched file's own changes too.
    func read(atMost reads: Int = 64) -> Bool {
        let kept = buffer.withLock { buffer -> [Event] in
            var kept: [Event] = []
            let interest = self.interest.withLock { $0 }
            for _ in 0..<reads {
                let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
                if n <= 0 { break }
                readCount.add(1, ordering: .relaxed)
                buffer.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < n {
                        let event = raw.load(fromByteOffset: offset, as: inotify_event.self)
                        let nameStart = offset + MemoryLayout<inotify_event>.size
                        offset = nameStart + Int(event.len)
                        let name = String(decoding: raw[nameStart..<offset].prefix { $0 != 0 }, as: UTF8.self)
                        if Self.matters(event.wd, event.mask, name, interest) {
                            kept.append(Event(wd: event.wd, mask: event.mask, cookie: event.cookie, name: name))
                        }
                    }
                }
            }
            return kept
        }
        return inbox.withLock { inbox in
            inbox.events += kept
            guard !inbox.events.isEmpty, !inbox.sent else { return false }
            inbox.sent = true
            return true
        }
    }

    /// The events kept so far, in the order inotify gave them.
    func take() -> [Event] {
        inbox.withLock { inbox in
            defer { inbox = ([], false) }
            return inbox.events
        }
    }

    /// Whether the watcher could act on an event: everything but a write, an attribute change,
    /// a deletion or a move away of a file it does not watch in a folder it knows. (A creation
    /// or a move in is kept: a missing folder may be on its way back, a watched file renamed.)
    private static func matters(_ wd: Int32, _ mask: UInt32, _ name: String, _ interest: [Int32: Set<String>]) -> Bool {
        let always = UInt32(IN_Q_OVERFLOW | IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_CREATE | IN_MOVED_TO)
        if mask & always != 0 { return true }
        guard let names = interest[wd] else { return true }  // a watch the main thread has not published yet
        return names.contains(name)
    }
}
