import CGtk
import Synchronization

/// Counts the closure boxes alive, so tests can prove none leaks and none is freed twice.
public enum SignalBoxes {
    static let live = Atomic<Int>(0)
    /// The number of signal closures currently retained by GLib connections.
    public static var liveCount: Int { live.load(ordering: .relaxed) }
}

/// Holds one Swift closure for one signal connection. GLib owns the single retain and
/// gives it back through the GClosureNotify, never earlier.
final class SignalBox<Handler>: @unchecked Sendable {
    // @unchecked: GTK emits signals and finalizes objects on the main thread only.
    let handler: Handler
    init(_ handler: Handler) {
        self.handler = handler
        SignalBoxes.live.add(1, ordering: .relaxed)
    }
    deinit { SignalBoxes.live.subtract(1, ordering: .relaxed) }

    static func from(_ data: gpointer?) -> Handler {
        Unmanaged<SignalBox<Handler>>.fromOpaque(data!).takeUnretainedValue().handler
    }
}

typealias VoidHandler = @MainActor () -> Void
typealias EventHandler = @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool

private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let handler = SignalBox<VoidHandler>.from(data)
    MainActor.assumeIsolated { handler() }
}

// For signals with one pointer argument the handler ignores: notify::property (its GParamSpec),
// GSimpleAction::activate (its GVariant parameter).
private let onePointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
    let handler = SignalBox<VoidHandler>.from(data)
    MainActor.assumeIsolated { handler() }
}

typealias PointerHandler = @MainActor (OpaquePointer?) -> Void

// Signals with one pointer argument the handler reads: GtkListBox::row-activated (the row),
// GSimpleAction::activate (its GVariant parameter).
private let pointerTrampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, argument, data in
    let handler = SignalBox<PointerHandler>.from(data)
    nonisolated(unsafe) let value = argument  // main thread only, for this call
    MainActor.assumeIsolated { handler(value) }
}

typealias IntHandler = @MainActor (Int) -> Void

// Signals such as GtkDialog::response pass one gint before the user data.
private let intTrampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
    let handler = SignalBox<IntHandler>.from(data)
    MainActor.assumeIsolated { handler(Int(value)) }
}

typealias InsertTextHandler = @MainActor (UnsafeMutablePointer<GtkTextIter>, String) -> Void
typealias DeleteRangeHandler = @MainActor (UnsafeMutablePointer<GtkTextIter>, UnsafeMutablePointer<GtkTextIter>) -> Void

// GtkTextBuffer::insert-text (buffer, location, text, len, user_data).
private let insertTextTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafePointer<CChar>?, gint, gpointer?) -> Void = { _, iter, text, length, data in
    let handler = SignalBox<InsertTextHandler>.from(data)
    guard let iter, let text else { return }
    let bytes = UnsafeRawBufferPointer(start: text, count: length < 0 ? strlen(text) : Int(length))
    let string = String(decoding: bytes, as: UTF8.self)
    nonisolated(unsafe) let location = iter  // main thread only; the caller owns it
    MainActor.assumeIsolated { handler(location, string) }
}

// GtkTextBuffer::delete-range (buffer, start, end, user_data).
private let deleteRangeTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafeMutablePointer<GtkTextIter>?, gpointer?) -> Void = { _, start, end, data in
    let handler = SignalBox<DeleteRangeHandler>.from(data)
    guard let start, let end else { return }
    nonisolated(unsafe) let from = start, to = end  // main thread only; the caller owns them
    MainActor.assumeIsolated { handler(from, to) }
}

typealias DragDataHandler = @MainActor (OpaquePointer, OpaquePointer, UInt32, UInt32) -> Bool

// GtkWidget::drag-data-received (widget, context, x, y, selection_data, info, time, user_data).
private let dragDataTrampoline: @convention(c) (gpointer?, OpaquePointer?, gint, gint, OpaquePointer?, guint, guint, gpointer?) -> Void = { widget, context, _, _, selection, info, time, data in
    let handler = SignalBox<DragDataHandler>.from(data)
    guard let widget, let context, let selection else { return }
    nonisolated(unsafe) let (w, c, s) = (widget, context, selection)  // main thread only, for this call
    MainActor.assumeIsolated {
        if handler(c, s, info, time) { g_signal_stop_emission_by_name(w, "drag-data-received") }
    }
}

typealias DragDataGetHandler = @MainActor (OpaquePointer) -> Bool

// GtkWidget::drag-data-get (widget, context, selection_data, info, time, user_data).
private let dragDataGetTrampoline: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, guint, guint, gpointer?) -> Void = { widget, _, selection, _, _, data in
    let handler = SignalBox<DragDataGetHandler>.from(data)
    guard let widget, let selection else { return }
    nonisolated(unsafe) let (w, s) = (widget, selection)  // main thread only, for this call
    MainActor.assumeIsolated {
        if handler(s) { g_signal_stop_emission_by_name(w, "drag-data-get") }
    }
}

typealias DragDropHandler = @MainActor (OpaquePointer, UInt32) -> Bool

// GtkWidget::drag-drop (widget, context, x, y, time, user_data) -> gboolean.
private let dragDropTrampoline: @convention(c) (gpointer?, OpaquePointer?, gint, gint, guint, gpointer?) -> gboolean = { widget, context, _, _, time, data in
    let handler = SignalBox<DragDropHandler>.from(data)
    guard let widget, let context else { return 0 }
    nonisolated(unsafe) let (w, c) = (widget, context)  // main thread only, for this call
    return MainActor.assumeIsolated {
        guard handler(c, time) else { return 0 }
        g_signal_stop_emission_by_name(w, "drag-drop")
        return 1
    }
}

/// A `draw` handler: the widget's cairo context; returning true stops the other handlers.
typealias DrawHandler = @MainActor (OpaquePointer) -> Bool

private let drawTrampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, cairo, data in
    let handler = SignalBox<DrawHandler>.from(data)
    // GTK draws on the main thread; the context never leaves this call.
    guard let cairo else { return 0 }
    nonisolated(unsafe) let context = cairo
    return MainActor.assumeIsolated { handler(context) } ? 1 : 0
}

private let eventTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GdkEvent>?, gpointer?) -> gboolean = { _, event, data in
    let handler = SignalBox<EventHandler>.from(data)
    // GTK emits on the main thread; the pointer never leaves this call.
    guard let event else { return 0 }
    nonisolated(unsafe) let unsafeEvent = event
    return MainActor.assumeIsolated { handler(unsafeEvent) } ? 1 : 0
}

typealias QueryDataHandler = @MainActor (UnsafeMutablePointer<GtkTextIter>, GtkSourceGutterRendererState) -> Void

/// GtkSourceGutterRenderer::query-data: (renderer, start, end, state, user_data).
private let queryDataTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafeMutablePointer<GtkTextIter>?, GtkSourceGutterRendererState, gpointer?) -> Void = { _, start, _, state, data in
    let handler = SignalBox<QueryDataHandler>.from(data)
    guard let start else { return }
    nonisolated(unsafe) let iter = start
    MainActor.assumeIsolated { handler(iter, state) }
}

/// What a trampoline expects of a signal: its arguments between the instance and the user
/// data, and whether it returns a value.
struct SignalShape: Equatable {
    var arguments: Int
    var returnsValue = false

    /// The shape GLib has registered for `signal` on `instance`'s type (nil: no such signal).
    static func of(_ signal: String, on instance: gpointer) -> SignalShape? {
        var count: guint = 0, returns: gboolean = 0
        guard tandem_signal_shape(instance, signal, &count, &returns) != 0 else { return nil }
        return SignalShape(arguments: Int(count), returnsValue: returns != 0)
    }

    /// Stops the program when `signal` does not exist or has another shape.
    @MainActor func check(_ signal: String, on instance: gpointer) {
        let actual = Self.of(signal, on: instance)
        precondition(actual == self, "signal \(signal): the handler expects \(self), GLib has \(actual.map { "\($0)" } ?? "no such signal")")
    }
}

extension Object {
    /// Connects `handler` to a signal whose C handler takes (instance, user_data), or with
    /// `ignoringOneArgument`, (instance, pointer, user_data). `notify::…` always has the pointer.
    /// The shape must match the signal's: GLib puts user_data after the signal's own arguments.
    @discardableResult
    func connect(_ signal: String, ignoringOneArgument: Bool = false, _ handler: @escaping VoidHandler) -> UInt {
        let onePointer = ignoringOneArgument || signal.hasPrefix("notify::")
        let callback = onePointer
            ? unsafeBitCast(onePointerTrampoline, to: GCallback.self)
            : unsafeBitCast(voidTrampoline, to: GCallback.self)
        return connectRaw(signal, callback, SignalBox(handler), shape: SignalShape(arguments: onePointer ? 1 : 0))
    }

    /// Connects `handler` to a signal whose C handler takes (instance, gint, user_data).
    @discardableResult
    func connectInt(_ signal: String, _ handler: @escaping IntHandler) -> UInt {
        connectRaw(signal, unsafeBitCast(intTrampoline, to: GCallback.self), SignalBox(handler), shape: SignalShape(arguments: 1))
    }

    /// Connects `handler` to a signal whose C handler takes (instance, pointer, user_data) and reads the pointer.
    @discardableResult
    func connectPointer(_ signal: String, _ handler: @escaping PointerHandler) -> UInt {
        connectRaw(signal, unsafeBitCast(pointerTrampoline, to: GCallback.self), SignalBox(handler), shape: SignalShape(arguments: 1))
    }

    /// Connects to GtkTextBuffer::insert-text; `after`: once the text is in (the location then
    /// at its end).
    func connectInsertText(after: Bool = false, _ handler: @escaping InsertTextHandler) {
        _ = connectRaw("insert-text", unsafeBitCast(insertTextTrampoline, to: GCallback.self), SignalBox(handler),
                       shape: SignalShape(arguments: 3), after: after)
    }

    /// Connects to GtkTextBuffer::delete-range; `after`: once the text is gone (both ends then
    /// where it was).
    func connectDeleteRange(after: Bool = false, _ handler: @escaping DeleteRangeHandler) {
        connectIterPair("delete-range", after: after, handler)
    }

    /// Connects `handler` to a signal whose C handler takes (instance, iter, iter, user_data):
    /// GtkTextBuffer::delete-range, GtkSourceBuffer::highlight-updated.
    func connectIterPair(_ signal: String, after: Bool = false, _ handler: @escaping DeleteRangeHandler) {
        _ = connectRaw(signal, unsafeBitCast(deleteRangeTrampoline, to: GCallback.self), SignalBox(handler),
                       shape: SignalShape(arguments: 2), after: after)
    }

    /// Connects to GtkWidget::drag-data-received; returning true stops the default handler.
    func connectDragData(_ handler: @escaping DragDataHandler) {
        _ = connectRaw("drag-data-received", unsafeBitCast(dragDataTrampoline, to: GCallback.self), SignalBox(handler),
                       shape: SignalShape(arguments: 6))
    }

    /// Connects to GtkWidget::drag-data-get (the selection data to fill); returning true stops
    /// the default handler.
    func connectDragDataGet(_ handler: @escaping DragDataGetHandler) {
        _ = connectRaw("drag-data-get", unsafeBitCast(dragDataGetTrampoline, to: GCallback.self), SignalBox(handler),
                       shape: SignalShape(arguments: 4))
    }

    /// Connects to GtkWidget::drag-drop; returning true takes the drop (the default handler does not run).
    func connectDragDrop(_ handler: @escaping DragDropHandler) {
        _ = connectRaw("drag-drop", unsafeBitCast(dragDropTrampoline, to: GCallback.self), SignalBox(handler),
                       shape: SignalShape(arguments: 4, returnsValue: true))
    }

    /// Connects to GtkSourceGutterRenderer::query-data (the line's start and its state).
    func connectQueryData(_ handler: @escaping QueryDataHandler) {
        _ = connectRaw("query-data", unsafeBitCast(queryDataTrampoline, to: GCallback.self), SignalBox(handler),
                       shape: SignalShape(arguments: 3))
    }

    /// Connects `handler` to GtkWidget::draw (`after`: once the widget has drawn itself).
    @discardableResult
    func connectDraw(after: Bool = false, _ handler: @escaping DrawHandler) -> UInt {
        connectRaw("draw", unsafeBitCast(drawTrampoline, to: GCallback.self), SignalBox(handler),
                   shape: SignalShape(arguments: 1, returnsValue: true), after: after)
    }

    /// Connects `handler` to a GdkEvent signal; returning true stops the event.
    @discardableResult
    func connectEvent(_ signal: String, _ handler: @escaping EventHandler) -> UInt {
        connectRaw(signal, unsafeBitCast(eventTrampoline, to: GCallback.self), SignalBox(handler),
                   shape: SignalShape(arguments: 1, returnsValue: true))
    }

    /// Connects a C trampoline with a retained box as its user data. In debug builds the
    /// trampoline's `shape` is checked against the signal's own (g_signal_query), so a wrong
    /// trampoline fails here instead of reading an argument as the box.
    func connectRaw<H>(_ signal: String, _ callback: GCallback, _ box: SignalBox<H>, shape: SignalShape, after: Bool = false) -> UInt {
        #if DEBUG
        shape.check(signal, on: raw)
        #endif
        let connect = after ? tandem_signal_connect_after : tandem_signal_connect
        return UInt(connect(raw, signal, callback, RetainedBox.pass(box), releaseSignalBox))
    }

    /// Disconnects one handler; GLib then releases its box.
    public func disconnect(_ handlerID: UInt) {
        g_signal_handler_disconnect(raw, gulong(handlerID))
    }
}
