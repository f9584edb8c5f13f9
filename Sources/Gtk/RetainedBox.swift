import CGtk

/// Hands a retained Swift object to GLib as user data, and takes it back in the one place
/// GLib gives it back: a signal's GClosureNotify or a source's GDestroyNotify.
enum RetainedBox {
    /// The object as user data; GLib then owns this one retain.
    static func pass(_ object: AnyObject) -> gpointer { Unmanaged.passRetained(object).toOpaque() }

    /// Drops the retain `pass` took. GLib calls this exactly once per connection or source.
    static func release(_ data: gpointer?) {
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }
}

/// The release for signal connections (a GClosureNotify).
let releaseSignalBox: GClosureNotify = { data, _ in RetainedBox.release(data) }
