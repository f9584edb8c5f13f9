import Documents
import Gtk

/// The store's way to files on servers: GIO and GVfs (`GioLocation`), with their failures
/// sorted into the kinds the store puts into words.
struct ServerFiles: RemoteFileSystem {
    func read(_ uri: String, asking: Bool) throws(RemoteFailure) -> (bytes: [UInt8], version: RemoteVersion) {
        switch GioLocation.read(uri, asking: asking) {
        case .success(let (bytes, info)): return (bytes, Self.version(info))
        case .failure(let failure): throw Self.failure(failure)
        }
    }

    func version(of uri: String, asking: Bool) throws(RemoteFailure) -> RemoteVersion? {
        switch GioLocation.info(uri, asking: asking) {
        case .success(let info): return info.map(Self.version)
        case .failure(let failure): throw Self.failure(failure)
        }
    }

    func replace(_ uri: String, with bytes: [UInt8], expecting: RemoteVersion?) throws(RemoteFailure) -> RemoteVersion {
        switch GioLocation.replace(uri, with: bytes, expecting: expecting?.tag) {
        case .success(let info): return Self.version(info)
        case .failure(let failure): throw Self.failure(failure)
        }
    }

    func monitor(_ uri: String, changed: @escaping @MainActor @Sendable () -> Void,
                 then: @escaping @MainActor @Sendable ((any RemoteMonitor)?) -> Void) {
        ServerFileMonitor.start(uri) { monitor in
            monitor?.onChange(changed)
            then(monitor)
        }
    }

    private static func version(_ info: GioLocation.Info) -> RemoteVersion {
        RemoteVersion(tag: info.etag, size: info.size, modified: info.modified, canWrite: info.canWrite)
    }

    private static func failure(_ failure: GioLocation.Failure) -> RemoteFailure {
        let kind: RemoteFailure.Kind = switch failure.kind {
        case .notFound: .notFound
        case .permissionDenied: .permissionDenied
        case .wrongETag: .changedMeanwhile
        case .hostUnreachable, .notMounted: .unreachable  // still not mounted after mounting: a server gone
        case .cancelled: .cancelled
        case .isFolder: .isFolder
        case .notSupported, .other: .other
        }
        return RemoteFailure(kind, detail: failure.message)
    }
}

extension ServerFileMonitor: RemoteMonitor {}
