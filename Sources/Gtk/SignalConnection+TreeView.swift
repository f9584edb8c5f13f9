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
