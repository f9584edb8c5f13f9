/* The view half: a GtkSourceView subclass whose class installs the document accessible, and the
 * buffer-backed source it serves until the Swift side gives it the document's. */
#include "document_view_private.h"

typedef struct { GtkSourceViewClass parent_class; } TandemDocumentViewClass;

G_DEFINE_TYPE(TandemDocumentView, tandem_document_view, GTK_SOURCE_TYPE_VIEW)

static void release_source(TandemDocumentView *self) {
    if (self->release && self->owner) self->release(self->owner);
    self->owner = NULL;
    self->release = NULL;
    self->has_source = FALSE;
}

static void tandem_document_view_dispose(GObject *object) {
    TandemDocumentView *self = (TandemDocumentView *)object;
    release_source(self);
    if (self->accessible) {  /* as GTK does for the accessibles it makes: cut the link, then drop it */
        gtk_accessible_set_widget(GTK_ACCESSIBLE(self->accessible), NULL);
        g_clear_object(&self->accessible);
    }
    G_OBJECT_CLASS(tandem_document_view_parent_class)->dispose(object);
}

/* GTK only installs accessible types derived from the parent class's (GtkTextViewAccessible, which
 * tracks the buffer in its own offsets), so the view makes its accessible itself, like Scintilla. */
static AtkObject *tandem_document_view_get_accessible(GtkWidget *widget) {
    TandemDocumentView *self = (TandemDocumentView *)widget;
    if (self->accessible == NULL) {
        self->accessible = g_object_new(tandem_document_accessible_get_type(), "widget", widget, NULL);
        atk_object_initialize(self->accessible, widget);
    }
    return self->accessible;
}

static void tandem_document_view_class_init(TandemDocumentViewClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = tandem_document_view_dispose;
    GTK_WIDGET_CLASS(klass)->get_accessible = tandem_document_view_get_accessible;
}

static void tandem_document_view_init(TandemDocumentView *self) { (void)self; }

/* ---- the buffer as a source (before the document is bound; offsets are the buffer's) ---- */

static GtkTextBuffer *buffer_of(gpointer owner) { return gtk_text_view_get_buffer(GTK_TEXT_VIEW(owner)); }

static gint buffer_count(gpointer owner) { return gtk_text_buffer_get_char_count(buffer_of(owner)); }

static gchar *buffer_text(gpointer owner, gint start, gint end) {
    GtkTextIter a, b;
    gtk_text_buffer_get_iter_at_offset(buffer_of(owner), &a, start);
    gtk_text_buffer_get_iter_at_offset(buffer_of(owner), &b, end);
    return gtk_text_buffer_get_text(buffer_of(owner), &a, &b, TRUE);
}

static gint buffer_caret(gpointer owner) {
    GtkTextIter iter;
    gtk_text_buffer_get_iter_at_mark(buffer_of(owner), &iter, gtk_text_buffer_get_insert(buffer_of(owner)));
    return gtk_text_iter_get_offset(&iter);
}

static void buffer_select(gpointer owner, gint start, gint end) {
    GtkTextIter a, b;
    gtk_text_buffer_get_iter_at_offset(buffer_of(owner), &a, start);
    gtk_text_buffer_get_iter_at_offset(buffer_of(owner), &b, end);
    gtk_text_buffer_select_range(buffer_of(owner), &b, &a);
}

static void buffer_set_caret(gpointer owner, gint offset) { buffer_select(owner, offset, offset); }

static void buffer_selection(gpointer owner, gint *start, gint *end) {
    GtkTextIter a, b;
    gtk_text_buffer_get_selection_bounds(buffer_of(owner), &a, &b);
    *start = gtk_text_iter_get_offset(&a);
    *end = gtk_text_iter_get_offset(&b);
}

static gint same_offset(gpointer owner, gint offset) { (void)owner; return offset; }

static void buffer_line(gpointer owner, gint offset, gint *start, gint *next) {
    GtkTextIter iter;
    gtk_text_buffer_get_iter_at_offset(buffer_of(owner), &iter, offset);
    gtk_text_iter_set_line_offset(&iter, 0);
    *start = gtk_text_iter_get_offset(&iter);
    gtk_text_iter_forward_line(&iter);
    *next = gtk_text_iter_get_offset(&iter);
}

static void buffer_replace(gpointer owner, gint start, gint end, const gchar *text) {
    GtkTextBuffer *buffer = buffer_of(owner);
    GtkTextIter a, b;
    gtk_text_buffer_begin_user_action(buffer);
    gtk_text_buffer_get_iter_at_offset(buffer, &a, start);
    gtk_text_buffer_get_iter_at_offset(buffer, &b, end);
    gtk_text_buffer_delete_interactive(buffer, &a, &b, TRUE);
    gtk_text_buffer_insert_interactive(buffer, &a, text, -1, TRUE);
    gtk_text_buffer_end_user_action(buffer);
}

static const TandemDocumentSource buffer_source = {
    buffer_count, buffer_text, buffer_caret, buffer_set_caret, buffer_selection, buffer_select,
    same_offset, same_offset, buffer_line, buffer_replace,
};

const TandemDocumentSource *tandem_document_view_source(TandemDocumentView *view, gpointer *owner) {
    if (view->has_source) {
        *owner = view->owner;
        return &view->source;
    }
    *owner = view;
    return &buffer_source;
}

/* ---- the module's interface ---- */

GtkWidget *tandem_document_view_new(GtkSourceBuffer *buffer) {
    return g_object_new(tandem_document_view_get_type(), "buffer", buffer, NULL);
}

void tandem_document_view_set_source(GtkWidget *view, const TandemDocumentSource *source,
                                     gpointer owner, GDestroyNotify release) {
    TandemDocumentView *self = (TandemDocumentView *)view;
    release_source(self);
    self->source = *source;
    self->owner = owner;
    self->release = release;
    self->has_source = TRUE;
}

void tandem_document_view_text_changed(GtkWidget *view, gboolean inserted, gint offset, gint length) {
    AtkObject *accessible = ((TandemDocumentView *)view)->accessible;
    if (accessible == NULL || length == 0) return;  /* no assistive technology asked yet */
    g_signal_emit_by_name(accessible, inserted ? "text-changed::insert" : "text-changed::delete", offset, length);
}

void tandem_document_view_caret_moved(GtkWidget *view, gint offset) {
    AtkObject *accessible = ((TandemDocumentView *)view)->accessible;
    if (accessible != NULL) g_signal_emit_by_name(accessible, "text-caret-moved", offset);
}
