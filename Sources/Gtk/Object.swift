import CGtk

/// A strong Swift reference to a GObject: one ref taken at wrap time, dropped in deinit.
@MainActor
open class Object {
    /// How the wrapped pointer arrives.
    public enum Ownership {
        /// A new widget (floating ref) or an object someone else owns: ref_sink takes our own reference.
        case sink
        /// A full reference handed to us by a constructor such as gtk_source_buffer_new().
        case adopt
    }

    let object: UnsafeMutablePointer<GObject>

    init(_ pointer: gpointer, ownership: Ownership) {
        object = tandem_object(pointer)
        if ownership == .sink { g_object_ref_sink(pointer) }
    }

    // On the main actor: the last unref may finalize a widget, which GTK allows only there.
    isolated deinit {
        g_object_unref(object)
    }

    var raw: gpointer { UnsafeMutableRawPointer(object) }
}
