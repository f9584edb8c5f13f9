/// Where each kind of Tandem's main-loop work sits among GTK's own phases; every idle and timer
/// names one of these. GLib runs the lowest number first. GTK 3's own: events and timers at 0,
/// GDK's resize at 110, its redraw at 120, GtkTextView's layout of the text at 125.
///
/// Two timings the keystroke's path relies on besides: the other windows on a document change
/// their buffers a frame after the typing window (`DocumentBinding.catchUpDelay`, 16 ms, at
/// `beforeTextLayout`), and the journal's writer is woken in the first turn after the key's frame
/// (`JournalStore.afterDrawing`, an idle at `beforeTextLayout`).
public enum MainLoopPriority {
    /// G_PRIORITY_HIGH: before any event still queued. Keys held back are replayed in their
    /// order before a newer one; the stall probe's tick, so a gap means the loop itself was busy.
    public static let beforeEvents: Int32 = -100
    /// G_PRIORITY_DEFAULT, with events and GLib's timers: work that must follow the allocation
    /// that asked for it (not run inside it) and still come before the next resize and frame.
    public static let withEvents: Int32 = 0
    /// G_PRIORITY_HIGH_IDLE: after the event's handlers, before GTK's resize: what the frame to
    /// come must already show (a tab strip hidden for a moment is back before it is laid out).
    public static let beforeResize: Int32 = 100
    /// GDK's resize: a layout decided from the last allocation (a bar's buttons stacked or side
    /// by side) goes into the same resize pass, not a frame later.
    public static let withResize: Int32 = 110
    /// Between GTK's redraw and GtkTextView's layout: after the screen is painted (a key's frame
    /// is never delayed), and before GTK lays out text off screen, so what this puts in the
    /// buffer is laid out once (another window's catch-up, the header's caret place, the
    /// journal's wake-up, a big file's fill).
    public static let beforeTextLayout: Int32 = 122
    /// After the redraw and GtkTextView's first layout of what shows: the view's geometry is the
    /// frame's on screen, with any scroll GTK had pending done (the window of lines follows it).
    public static let afterFirstLayout: Int32 = 130
    /// G_PRIORITY_DEFAULT_IDLE: after the frame and its text layout (GtkTextView's line heights
    /// known), and out of GTK's own handlers (a drag, a key): work that the frame must not wait for.
    public static let afterTextLayout: Int32 = 200
    /// G_PRIORITY_LOW: after drawing, input and layout: work no frame or key waits for
    /// (spelling's passes, records, the recent-files list, start-up's deferred lookups).
    public static let whenIdle: Int32 = 300
}
