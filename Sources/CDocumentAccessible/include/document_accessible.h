/* A GtkSourceView whose accessible object serves a whole document that its buffer holds only a
 * window of. The view's text over ATK (AtkText, AtkEditableText) comes from a TandemDocumentSource
 * the Swift side provides; offsets are the document's. Scintilla's GTK accessible and GTK's own
 * gtktextviewaccessible.c set the contract this follows. */
#pragma once
#include <gtksourceview/gtksource.h>

/** Where the accessible reads and changes the document: callbacks into the Swift side, each given
 * the `owner` pointer passed with them. Offsets count characters (Unicode scalars). */
typedef struct {
    /** The document's character count. */
    gint (*character_count)(gpointer owner);
    /** The document's text in [start, end) as newly allocated UTF-8 (g_free it). */
    gchar *(*text)(gpointer owner, gint start, gint end);
    /** The caret's document offset. */
    gint (*caret)(gpointer owner);
    /** Puts the caret at a document offset (the view shows it). */
    void (*set_caret)(gpointer owner, gint offset);
    /** The selection's document range (start == end: none). */
    void (*selection)(gpointer owner, gint *start, gint *end);
    /** Selects a document range. */
    void (*select)(gpointer owner, gint start, gint end);
    /** The buffer offset of a document offset, or -1 when the buffer does not hold it. */
    gint (*buffer_offset)(gpointer owner, gint offset);
    /** The document offset of a buffer offset. */
    gint (*document_offset)(gpointer owner, gint buffer_offset);
    /** The line holding `offset`: its start, and the start of the next line (or the end). */
    void (*line)(gpointer owner, gint offset, gint *start, gint *next);
    /** Replaces [start, end) with UTF-8 `text`, as the user would (through the store). */
    void (*replace)(gpointer owner, gint start, gint end, const gchar *text);
} TandemDocumentSource;

/** Creates a GtkSourceView on `buffer` whose accessible serves the document set with
 * tandem_document_view_set_source (the buffer's own text until then). */
GtkWidget *tandem_document_view_new(GtkSourceBuffer *buffer);

/** Serves `source` to assistive technologies from now on; `owner` is given to its callbacks and
 * released with `release` when replaced or when the view goes. */
void tandem_document_view_set_source(GtkWidget *view, const TandemDocumentSource *source,
                                     gpointer owner, GDestroyNotify release);

/** Tells assistive technologies that `length` characters were inserted (or, with `inserted`
 * false, deleted) at document offset `offset`. */
void tandem_document_view_text_changed(GtkWidget *view, gboolean inserted, gint offset, gint length);

/** Tells assistive technologies that the caret moved to document offset `offset`. */
void tandem_document_view_caret_moved(GtkWidget *view, gint offset);
