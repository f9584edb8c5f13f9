/* Shared between the view and its accessible (not part of the module's interface). */
#pragma once
#include "document_accessible.h"

/** The view: a GtkSourceView that remembers where its accessible reads the document. */
typedef struct {
    GtkSourceView parent;
    TandemDocumentSource source;
    gboolean has_source;
    gpointer owner;
    GDestroyNotify release;
    /** The accessible, made on first request and owned by the view. */
    AtkObject *accessible;
} TandemDocumentView;

/** The accessible type the view's class installs. */
GType tandem_document_accessible_get_type(void);

/** The view's source: the Swift side's, or one reading the view's own buffer until it is set. */
const TandemDocumentSource *tandem_document_view_source(TandemDocumentView *view, gpointer *owner);

/** The source of the view behind `accessible`, or NULL once the view is gone. */
const TandemDocumentSource *tandem_document_accessible_source(gpointer accessible, gpointer *owner, TandemDocumentView **view);

/** Fills in AtkEditableText: changes go to the source as the user's would (through the store). */
void tandem_document_editable_text_init(AtkEditableTextIface *iface);

/** The looks (colour, weight, style, underline) of the buffer's text at buffer offset `offset`,
 * and the buffer run [start, end) that has the same tags. */
AtkAttributeSet *tandem_document_view_looks(TandemDocumentView *view, gint offset, gint *start, gint *end);
