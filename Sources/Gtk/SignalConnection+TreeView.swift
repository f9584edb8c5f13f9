import CGtk

typealias TwoPointersHandler = @MainActor (OpaquePointer?, OpaquePointer?) -> Void

// Signals with two pointer arguments: GtkTreeView::row-activated (path, column),
// ::row-expanded (iter, path).
private let twoPointersTrampoline: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, first, second, data in
    let handler = SignalBox<TwoPointersHandler>.from(data)
    nonisolated(unsafe) let values = (first, second)  // main thread only, for this call
    MainActor.assumeIsolated { handler(values.0, values.1) }
}

extension Object {
    /// Connects `handler` to a signal whose C handler takes (instance, pointer, pointer, user_data).
    @discardableResult
    func connectTwoPointers(_ signal: String, _ handler: @escaping TwoPointersHandler) -> UInt {
        connectRaw(signal, unsafeBitCast(twoPointersTrampoline, to: GCallback.self), SignalBox(handler), shape: SignalShape(arguments: 2))
    }
}

// GFileMonitor::changed (file, other file, event): the handler only learns that something changed.
private let fileMonitorTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?, gint, gpointer?) -> Void = { _, _, _, _, data in
    let handler = SignalBox<VoidHandler>.from(data)
    MainActor.assumeIsolated { handler() }
}

extension Object {
    /// Connects `handler` to GFileMonitor::changed.
    @discardableResult
    func connectFileMonitorChanged(_ handler: @escaping VoidHandler) -> UInt {
        connectRaw("changed", unsafeBitCast(fileMonitorTrampoline, to: GCallback.self), SignalBox(handler), shape: SignalShape(arguments: 3))
    }
}
