import Background
import CGtk
import Dispatch
import Glibc

/// A file GIO reaches through GVfs (sftp://, smb://, dav://…): read, looked at and replaced
/// with GIO's blocking calls, which run on any thread but the main one (a server may take
/// seconds to answer). A location not mounted yet is mounted first, on the main thread with
/// GTK's mount dialog (a password, a host key), while the calling thread waits; `asking` false
/// (a look in the background, a retry) mounts without a dialog: only what needs no answer.
public enum GioLocation {
    /// What a location's file is now: its version as the server tells it.
    public struct Info: Sendable, Equatable {
        /// The server's tag for this version of the file (nil: the backend gives none).
        public var etag: String?
        public var size: Int64
        /// Modification time, in nanoseconds (0: unknown).
        public var modified: Int64
        /// Whether it is a folder.
        public var isFolder: Bool
        /// Whether the file may be written.
        public var canWrite: Bool
    }

    /// Why GIO could not do what was asked, in GIO's terms and its own words.
    public struct Failure: Error, Sendable {
        /// GIO's kinds that the app tells apart; the rest are `other`.
        public enum Kind: Sendable { case notFound, permissionDenied, wrongETag, hostUnreachable, cancelled, notSupported, isFolder, notMounted, other }
        public var kind: Kind
        /// GIO's own message (already translated by GLib).
        public var message: String
    }

    /// The file's bytes and the version they are.
    public static func read(_ uri: String, asking: Bool = true) -> Result<(bytes: [UInt8], info: Info), Failure> {
        withMount(uri, asking: asking) { file in
            var contents: UnsafeMutablePointer<CChar>?
            var length: gsize = 0
            var etag: UnsafeMutablePointer<CChar>?
            var error: UnsafeMutablePointer<GError>?
            guard g_file_load_contents(file, nil, &contents, &length, &etag, &error) != 0 else { return .failure(failure(&error)) }
            defer { g_free(contents); g_free(etag) }
            let bytes = contents.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
            // The version read: the tag the read gave (the rest of the info is looked at after it).
            var info = (try? infoOf(file).get()) ?? Info(etag: nil, size: Int64(length), modified: 0, isFolder: false, canWrite: true)
            if let etag { info.etag = String(cString: etag) }
            return .success((bytes, info))
        }
    }

    /// The file's version now; nil when there is no file.
    public static func info(_ uri: String, asking: Bool = true) -> Result<Info?, Failure> {
        withMount(uri, asking: asking) { file in
            switch infoOf(file) {
            case .success(let info): return .success(info)
            case .failure(let failure) where failure.kind == .notFound: return .success(nil)
            case .failure(let failure): return .failure(failure)
            }
        }
    }

    /// Replaces the file with `bytes` through GIO (the backend writes a temporary and moves it
    /// over where it can). With `etag`, a file that is no longer that version is left alone
    /// (`wrongETag`). Returns the version written.
    public static func replace(_ uri: String, with bytes: [UInt8], expecting etag: String?) -> Result<Info, Failure> {
        withMount(uri) { file in
            var error: UnsafeMutablePointer<GError>?
            var newTag: UnsafeMutablePointer<CChar>?
            // A NUL after the bytes: an empty file still hands GIO a buffer.
            let written = (bytes + [0]).withUnsafeBytes { raw in
                g_file_replace_contents(file, raw.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(bytes.count),
                                        etag, 0, G_FILE_CREATE_NONE, &newTag, nil, &error)
            }
            guard written != 0 else { return .failure(failure(&error)) }
            defer { g_free(newTag) }
            var info = (try? infoOf(file).get()) ?? Info(etag: nil, size: Int64(bytes.count), modified: 0, isFolder: false, canWrite: true)
            if let newTag { info.etag = String(cString: newTag) }
            return .success(info)
        }
    }

    /// Whether GIO can reach `uri` at all (a scheme it has a backend for).
    public static func isSupported(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":") else { return false }
        let scheme = String(uri[..<colon])
        guard let vfs = g_vfs_get_default(), let schemes = g_vfs_get_supported_uri_schemes(vfs) else { return false }
        var index = 0
        while let name = schemes[index] {
            if String(cString: name) == scheme { return true }
            index += 1
        }
        return false
    }

    // MARK: Underneath

    private static func infoOf(_ file: OpaquePointer) -> Result<Info, Failure> {
        var error: UnsafeMutablePointer<GError>?
        let attributes = "etag::value,standard::size,standard::type,time::modified,time::modified-usec,access::can-write"
        guard let info = g_file_query_info(file, attributes, G_FILE_QUERY_INFO_NONE, nil, &error) else { return .failure(failure(&error)) }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        let tag = g_file_info_get_etag(info).map { String(cString: $0) }
        let seconds = Int64(g_file_info_get_attribute_uint64(info, "time::modified"))
        let micro = Int64(g_file_info_get_attribute_uint32(info, "time::modified-usec"))
        let writable = g_file_info_has_attribute(info, "access::can-write") == 0 || g_file_info_get_attribute_boolean(info, "access::can-write") != 0
        return .success(Info(etag: tag, size: Int64(g_file_info_get_size(info)), modified: seconds * 1_000_000_000 + micro * 1_000,
                             isFolder: g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY, canWrite: writable))
    }

    /// Runs `body` on the file; a location that is not mounted is mounted, then `body` runs again.
    /// A mount whose connection died is still "not mounted" while GVfs takes it down ("Backend
    /// currently unmounting", and mounting it answers "already mounted"; GIO's cache of mounts may
    /// still name the old backend's bus name): asked again a few times, a quarter of a second
    /// apart, each time through a new GFile, before it counts as a server that does not answer.
    private static func withMount<T>(_ uri: String, asking: Bool = true, _ body: (OpaquePointer) -> Result<T, Failure>) -> Result<T, Failure> {
        dispatchPrecondition(condition: .notOnQueue(.main))  // GIO's blocking calls wait for a server
        func attempt() -> Result<T, Failure> {
            guard let file = g_file_new_for_uri(uri) else { return .failure(Failure(kind: .other, message: "not an address GIO knows")) }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            return body(file)
        }
        var result = attempt()
        for round in 0..<20 {
            guard case .failure(let failure) = result, failure.isNotMounted else { return result }
            if round > 0 { usleep(250_000) }  // the old mount's pace of going away
            if let refused = mount(uri, asking: asking) { return .failure(refused) }
            result = attempt()
        }
        return result
    }

    /// Mounts the location's volume on the main thread, asking through GTK's mount dialog (none
    /// unless `asking`: a password wanted is then a failure), and waits for the answer (nil: mounted).
    private static func mount(_ uri: String, asking: Bool) -> Failure? {
        let wait = MountWait()
        Background.onMain {
            guard let file = g_file_new_for_uri(uri) else { return wait.finish(Failure(kind: .other, message: "not an address GIO knows")) }
            let operation = asking ? gtk_mount_operation_new(activeWindow()) : nil
            g_file_mount_enclosing_volume(file, G_MOUNT_MOUNT_NONE, operation, nil, { source, result, data in
                let wait = Unmanaged<MountWait>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let mounted = g_file_mount_enclosing_volume_finish(OpaquePointer(source), result, &error) != 0
                // Mounted by someone else meanwhile (another window's read) is mounted.
                if mounted || (error.map { g_error_matches($0, g_io_error_quark(), gint(G_IO_ERROR_ALREADY_MOUNTED.rawValue)) != 0 } ?? false) {
                    g_clear_error(&error)
                    wait.finish(nil)
                } else {
                    wait.finish(GioLocation.failure(&error))
                }
            }, Unmanaged.passRetained(wait).toOpaque())
            if let operation { g_object_unref(UnsafeMutableRawPointer(operation)) }
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        return wait.result()
    }

    /// The application's window the user works in, for the mount dialog to sit over (nil: none).
    private static func activeWindow() -> UnsafeMutablePointer<GtkWindow>? {
        guard let application = g_application_get_default() else { return nil }
        return gtk_application_get_active_window(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GtkApplication.self))
    }

    /// Turns a GError into a `Failure` and frees it.
    fileprivate static func failure(_ error: inout UnsafeMutablePointer<GError>?) -> Failure {
        defer { g_clear_error(&error) }
        guard let raw = error else { return Failure(kind: .other, message: "unknown error") }
        let message = String(cString: raw.pointee.message)
        // The backend that held the mount has left the bus: as good as not mounted.
        if raw.pointee.domain == g_dbus_error_quark(), raw.pointee.code == gint(G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue) {
            return Failure(kind: .notMounted, message: message)
        }
        guard raw.pointee.domain == g_io_error_quark() else { return Failure(kind: .other, message: message) }
        let kind: Failure.Kind = switch GIOErrorEnum(UInt32(raw.pointee.code)) {
        case G_IO_ERROR_NOT_FOUND: .notFound
        case G_IO_ERROR_PERMISSION_DENIED, G_IO_ERROR_READ_ONLY: .permissionDenied
        case G_IO_ERROR_WRONG_ETAG: .wrongETag
        case G_IO_ERROR_HOST_NOT_FOUND, G_IO_ERROR_HOST_UNREACHABLE, G_IO_ERROR_NETWORK_UNREACHABLE,
             G_IO_ERROR_CONNECTION_REFUSED, G_IO_ERROR_TIMED_OUT, G_IO_ERROR_CONNECTION_CLOSED, G_IO_ERROR_BROKEN_PIPE: .hostUnreachable
        case G_IO_ERROR_CANCELLED, G_IO_ERROR_FAILED_HANDLED: .cancelled
        case G_IO_ERROR_NOT_SUPPORTED: .notSupported
        case G_IO_ERROR_IS_DIRECTORY: .isFolder
        case G_IO_ERROR_NOT_MOUNTED: .notMounted
        default: .other
        }
        return Failure(kind: kind, message: message)
    }
}

extension GioLocation.Failure {
    /// The location's volume is not mounted yet (mounting it may make the call work).
    var isNotMounted: Bool { kind == .notMounted }
}

/// One mount's answer, handed from the main thread's callback to the thread waiting for it.
private final class MountWait: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var answer: GioLocation.Failure?  // written once before `done` is signalled

    func finish(_ failure: GioLocation.Failure?) {
        answer = failure
        done.signal()
    }

    func result() -> GioLocation.Failure? {
        done.wait()
        return answer
    }
}
