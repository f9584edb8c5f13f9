/* AtkEditableText over the document: an assistive technology's changes go through the same
 * path as the user's typing (the store, then every window). */
#include "document_view_private.h"

static const TandemDocumentSource *source(AtkEditableText *text, gpointer *owner) {
    return tandem_document_accessible_source(text, owner, NULL);
}

static void set_text_contents(AtkEditableText *text, const gchar *string) {
    gpointer owner;
    const TandemDocumentSource *src = source(text, &owner);
    if (src) src->replace(owner, 0, src->character_count(owner), string);
}

static void insert_text(AtkEditableText *text, const gchar *string, gint length, gint *position) {
    gpointer owner;
    const TandemDocumentSource *src = source(text, &owner);
    if (src == NULL || position == NULL) return;
    gchar *piece = g_strndup(string, length < 0 ? strlen(string) : (gsize)length);
    gint at = CLAMP(*position, 0, src->character_count(owner));
    src->replace(owner, at, at, piece);
    *position = at + (gint)g_utf8_strlen(piece, -1);
    g_free(piece);
}

static void delete_text(AtkEditableText *text, gint start, gint end) {
    gpointer owner;
    const TandemDocumentSource *src = source(text, &owner);
    if (src == NULL) return;
    gint total = src->character_count(owner);
    if (end < 0 || end > total) end = total;
    start = CLAMP(start, 0, end);
    if (start < end) src->replace(owner, start, end, "");
}

static GtkClipboard *clipboard_of(AtkEditableText *text) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(text));
    return widget ? gtk_widget_get_clipboard(widget, GDK_SELECTION_CLIPBOARD) : NULL;
}

static void copy_text(AtkEditableText *text, gint start, gint end) {
    GtkClipboard *clipboard = clipboard_of(text);
    gchar *copied = atk_text_get_text(ATK_TEXT(text), start, end);
    if (clipboard && copied) gtk_clipboard_set_text(clipboard, copied, -1);
    g_free(copied);
}

static void cut_text(AtkEditableText *text, gint start, gint end) {
    copy_text(text, start, end);
    delete_text(text, start, end);
}

typedef struct { AtkEditableText *text; gint position; } PasteRequest;

static void paste_received(GtkClipboard *clipboard, const gchar *string, gpointer data) {
    (void)clipboard;
    PasteRequest *request = data;
    gint position = request->position;
    if (string) insert_text(request->text, string, -1, &position);
    g_object_unref(request->text);
    g_free(request);
}

static void paste_text(AtkEditableText *text, gint position) {
    GtkClipboard *clipboard = clipboard_of(text);
    if (clipboard == NULL) return;
    PasteRequest *request = g_new(PasteRequest, 1);
    request->text = g_object_ref(text);
    request->position = position;
    gtk_clipboard_request_text(clipboard, paste_received, request);
}

void tandem_document_editable_text_init(AtkEditableTextIface *iface) {
    iface->set_text_contents = set_text_contents;
    iface->insert_text = insert_text;
    iface->delete_text = delete_text;
    iface->copy_text = copy_text;
    iface->cut_text = cut_text;
    iface->paste_text = paste_text;
}
