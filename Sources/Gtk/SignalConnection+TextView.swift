import CGtk

typealias MarkSetHandler = @MainActor (UnsafeMutablePointer<GtkTextMark>) -> Void

// GtkTextBuffer::mark-set (buffer, location, mark, user_data).
private let markSetTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafeMutablePointer<GtkTextMark>?, gpointer?) -> Void = { _, _, mark, data in
    let handler = SignalBox<MarkSetHandler>.from(data)
    guard let mark else { return }
    nonisolated(unsafe) let moved = mark  // main thread only, for this call
    MainActor.assumeIsolated { handler(moved) }
}

typealias MoveCursorHandler = @MainActor (GtkMovementStep, Int, Bool) -> Void

// GtkTextView::move-cursor (view, step, count, extend_selection, user_data).
private let moveCursorTrampoline: @convention(c) (gpointer?, GtkMovementStep, gint, gboolean, gpointer?) -> Void = { _, step, count, extend, data in
    let handler = SignalBox<MoveCursorHandler>.from(data)
    MainActor.assumeIsolated { handler(step, Int(count), extend != 0) }
}

typealias PopupHandler = @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void

// GtkTextView::populate-popup (view, popup, user_data).
private let populatePopupTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = { _, popup, data in
    let handler = SignalBox<PopupHandler>.from(data)
    guard let popup else { return }
    nonisolated(unsafe) let menu = popup  // main thread only, for this call
    MainActor.assumeIsolated { handler(menu) }
}

typealias BoolArgumentHandler = @MainActor (Bool) -> Void

// Signals such as GtkTextView::select-all pass one gboolean before the user data.
private let boolArgumentTrampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> Void = { _, value, data in
    let handler = SignalBox<BoolArgumentHandler>.from(data)
    MainActor.assumeIsolated { handler(value != 0) }
}

extension Object {
    /// Connects to GtkTextBuffer::mark-set (the mark that was set).
    func connectMarkSet(_ handler: @escaping MarkSetHandler) -> UInt {
        connectRaw("mark-set", unsafeBitCast(markSetTrampoline, to: GCallback.self), SignalBox(handler), shape: SignalShape(arguments: 2))
    }

    /// Connects to GtkTextView::populate-popup (the context menu about to show).
    func connectPopulatePopup(_ handler: @escaping PopupHandler) {
        _ = connectRaw("populate-popup", unsafeBitCast(populatePopupTrampoline, to: GCallback.self), SignalBox(handler), shape: SignalShape(arguments: 1))
    }

    /// Connects to GtkTextView::move-cursor (step, count, whether the selection extends).
    func connectMoveCursor(_ handler: @escaping MoveCursorHandler) {
        _ = connectRaw("move-cursor", unsafeBitCast(moveCursorTrampoline, to: GCallback.self), SignalBox(handler), shape: SignalShape(arguments: 3))
    }

    /// Connects `handler` to a signal whose C handler takes (instance, gboolean, user_data).
    func connectBoolArgument(_ signal: String, _ handler: @escaping BoolArgumentHandler) {
        _ = connectRaw(signal, unsafeBitCast(boolArgumentTrampoline, to: GCallback.self), SignalBox(handler), shape: SignalShape(arguments: 1))
    }
}
