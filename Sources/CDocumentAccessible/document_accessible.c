/* The accessible half: AtkText and AtkEditableText over the whole document, in its offsets, with
 * no call costing more than the text it returns (plus the source's O(log n) lookups). */
#include "document_view_private.h"
#include <gtk/gtk-a11y.h>

#define source_of tandem_document_accessible_source

typedef struct { GtkContainerAccessible parent; } TandemDocumentAccessible;
typedef struct { GtkContainerAccessibleClass parent_class; } TandemDocumentAccessibleClass;

static void text_iface_init(AtkTextIface *iface);

G_DEFINE_TYPE_WITH_CODE(TandemDocumentAccessible, tandem_document_accessible, GTK_TYPE_CONTAINER_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, text_iface_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, tandem_document_editable_text_init))

const TandemDocumentSource *tandem_document_accessible_source(gpointer accessible, gpointer *owner, TandemDocumentView **view) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    if (widget == NULL) return NULL;
    if (view) *view = (TandemDocumentView *)widget;
    return tandem_document_view_source((TandemDocumentView *)widget, owner);
}

static void tandem_document_accessible_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(tandem_document_accessible_parent_class)->initialize(object, data);
    object->role = ATK_ROLE_TEXT;
}

static AtkStateSet *tandem_document_accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(tandem_document_accessible_parent_class)->ref_state_set(object);
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    if (widget == NULL) return states;
    if (gtk_text_view_get_editable(GTK_TEXT_VIEW(widget))) atk_state_set_add_state(states, ATK_STATE_EDITABLE);
    atk_state_set_add_state(states, ATK_STATE_MULTI_LINE);
    return states;
}

static void tandem_document_accessible_class_init(TandemDocumentAccessibleClass *klass) {
    ATK_OBJECT_CLASS(klass)->initialize = tandem_document_accessible_initialize;
    ATK_OBJECT_CLASS(klass)->ref_state_set = tandem_document_accessible_ref_state_set;
}

static void tandem_document_accessible_init(TandemDocumentAccessible *self) { (void)self; }

/* ---- reading ---- */

static gint count(AtkText *text) {
    gpointer owner;
    const TandemDocumentSource *source = source_of(text, &owner, NULL);
    return source ? source->character_count(owner) : 0;
}

static gchar *text_between(AtkText *text, gint start, gint end) {
    gpointer owner;
    const TandemDocumentSource *source = source_of(text, &owner, NULL);
    if (source == NULL) return g_strdup("");
    gint total = source->character_count(owner);
    if (end < 0 || end > total) end = total;
    start = CLAMP(start, 0, end);
    return source->text(owner, start, end);
}

static gunichar character_at(AtkText *text, gint offset) {
    gchar *one = text_between(text, offset, offset + 1);
    gunichar character = one[0] ? g_utf8_get_char(one) : 0;
    g_free(one);
    return character;
}

static gint caret_offset(AtkText *text) {
    gpointer owner;
    const TandemDocumentSource *source = source_of(text, &owner, NULL);
    return source ? source->caret(owner) : 0;
}

static gboolean set_caret_offset(AtkText *text, gint offset) {
    gpointer owner;
    const TandemDocumentSource *source = source_of(text, &owner, NULL);
    if (source == NULL) return FALSE;
    source->set_caret(owner, CLAMP(offset, 0, source->character_count(owner)));
    return TRUE;
}

/* The line around `offset`, [start, next). */
static void line_bounds(AtkText *text, gint offset, gint *start, gint *next) {
    gpointer owner;
    const TandemDocumentSource *source = source_of(text, &owner, NULL);
    *start = *next = 0;
    if (source) source->line(owner, CLAMP(offset, 0, source->character_count(owner)), start, next);
}

/* The word around `offset` (letters and digits), within its line; [offset, offset) between words. */
static void word_bounds(AtkText *text, gint offset, gint *start, gint *end) {
    gint line_start, line_next;
    line_bounds(text, offset, &line_start, &line_next);
    gchar *line = text_between(text, line_start, line_next);
    glong length = g_utf8_strlen(line, -1);
    gunichar *characters = g_utf8_to_ucs4_fast(line, -1, NULL);
    glong at = offset - line_start, a = at, b = at;
    while (a > 0 && g_unichar_isalnum(characters[a - 1])) a--;
    while (b < length && g_unichar_isalnum(characters[b])) b++;
    *start = line_start + (gint)a;
    *end = line_start + (gint)b;
    g_free(characters);
    g_free(line);
}

static gchar *string_at(AtkText *text, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    switch (granularity) {
    case ATK_TEXT_GRANULARITY_CHAR:
        *start = CLAMP(offset, 0, count(text));
        *end = MIN(*start + 1, count(text));
        break;
    case ATK_TEXT_GRANULARITY_WORD:
        word_bounds(text, offset, start, end);
        break;
    default:  /* sentences and paragraphs: a line, the unit of a plain-text document */
        line_bounds(text, offset, start, end);
        break;
    }
    return text_between(text, *start, *end);
}

static AtkTextGranularity granularity_of(AtkTextBoundary boundary) {
    switch (boundary) {
    case ATK_TEXT_BOUNDARY_CHAR: return ATK_TEXT_GRANULARITY_CHAR;
    case ATK_TEXT_BOUNDARY_WORD_START: case ATK_TEXT_BOUNDARY_WORD_END: return ATK_TEXT_GRANULARITY_WORD;
    default: return ATK_TEXT_GRANULARITY_LINE;
    }
}

static gchar *text_at(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return string_at(text, offset, granularity_of(boundary), start, end);
}

static gchar *text_before(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    gint here_start, here_end;
    g_free(string_at(text, offset, granularity_of(boundary), &here_start, &here_end));
    if (here_start == 0) { *start = *end = 0; return g_strdup(""); }
    return string_at(text, here_start - 1, granularity_of(boundary), start, end);
}

static gchar *text_after(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    gint here_start, here_end;
    g_free(string_at(text, offset, granularity_of(boundary), &here_start, &here_end));
    gint total = count(text);
    if (here_end >= total) { *start = *end = total; return g_strdup(""); }
    return string_at(text, MAX(here_end, offset + 1), granularity_of(boundary), start, end);
}

/* ---- geometry: only what the buffer holds has a place on screen ---- */

static void text_window_origin(GtkTextView *view, AtkCoordType coords, gint *x, gint *y) {
    GdkWindow *window = gtk_text_view_get_window(view, GTK_TEXT_WINDOW_TEXT);
    *x = *y = 0;
    if (window == NULL) return;
    gdk_window_get_origin(window, x, y);
    if (coords == ATK_XY_WINDOW) {
        gint top_x, top_y;
        gdk_window_get_origin(gdk_window_get_toplevel(window), &top_x, &top_y);
        *x -= top_x;
        *y -= top_y;
    }
}

static void character_extents(AtkText *text, gint offset, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
    gpointer owner;
    TandemDocumentView *view;
    const TandemDocumentSource *source = source_of(text, &owner, &view);
    *x = *y = *width = *height = 0;
    gint inside = source ? source->buffer_offset(owner, offset) : -1;
    if (inside < 0) return;
    GtkTextView *text_view = GTK_TEXT_VIEW(view);
    GtkTextIter iter;
    GdkRectangle rect;
    gtk_text_buffer_get_iter_at_offset(gtk_text_view_get_buffer(text_view), &iter, inside);
    gtk_text_view_get_iter_location(text_view, &iter, &rect);
    gtk_text_view_buffer_to_window_coords(text_view, GTK_TEXT_WINDOW_TEXT, rect.x, rect.y, &rect.x, &rect.y);
    gint origin_x, origin_y;
    text_window_origin(text_view, coords, &origin_x, &origin_y);
    *x = rect.x + origin_x;
    *y = rect.y + origin_y;
    *width = rect.width;
    *height = rect.height;
}

static gint offset_at_point(AtkText *text, gint x, gint y, AtkCoordType coords) {
    gpointer owner;
    TandemDocumentView *view;
    const TandemDocumentSource *source = source_of(text, &owner, &view);
    if (source == NULL) return -1;
    GtkTextView *text_view = GTK_TEXT_VIEW(view);
    gint origin_x, origin_y, buffer_x, buffer_y;
    text_window_origin(text_view, coords, &origin_x, &origin_y);
    gtk_text_view_window_to_buffer_coords(text_view, GTK_TEXT_WINDOW_TEXT, x - origin_x, y - origin_y, &buffer_x, &buffer_y);
    GtkTextIter iter;
    gtk_text_view_get_iter_at_location(text_view, &iter, buffer_x, buffer_y);
    return source->document_offset(owner, gtk_text_iter_get_offset(&iter));
}

/* ---- selection ---- */

static gint n_selections(AtkText *text) {
    gpointer owner;
    const TandemDocumentSource *source = source_of(text, &owner, NULL);
    gint start = 0, end = 0;
    if (source) source->selection(owner, &start, &end);
    return start != end ? 1 : 0;
}

static gchar *selection_text(AtkText *text, gint number, gint *start, gint *end) {
    gpointer owner;
    const TandemDocumentSource *source = source_of(text, &owner, NULL);
    *start = *end = 0;
    if (source == NULL || number != 0) return NULL;
    source->selection(owner, start, end);
    return *start != *end ? source->text(owner, *start, *end) : NULL;
}

static gboolean set_selection(AtkText *text, gint number, gint start, gint end) {
    gpointer owner;
    const TandemDocumentSource *source = source_of(text, &owner, NULL);
    if (source == NULL || number != 0) return FALSE;
    gint total = source->character_count(owner);
    source->select(owner, CLAMP(start, 0, total), CLAMP(end, 0, total));
    return TRUE;
}

static gboolean add_selection(AtkText *text, gint start, gint end) {
    return n_selections(text) == 0 && set_selection(text, 0, start, end);
}

static gboolean remove_selection(AtkText *text, gint number) {
    if (number != 0 || n_selections(text) == 0) return FALSE;
    return set_caret_offset(text, caret_offset(text));
}

static AtkAttributeSet *run_attributes(AtkText *text, gint offset, gint *start, gint *end) {
    gpointer owner;
    TandemDocumentView *view;
    const TandemDocumentSource *source = source_of(text, &owner, &view);
    gint inside = source ? source->buffer_offset(owner, offset) : -1;
    if (inside < 0) {  /* outside the window: plain, one character at a time */
        *start = offset;
        *end = MIN(offset + 1, count(text));
        return NULL;
    }
    gint run_start, run_end;
    AtkAttributeSet *looks = tandem_document_view_looks(view, inside, &run_start, &run_end);
    *start = source->document_offset(owner, run_start);
    *end = source->document_offset(owner, run_end);
    return looks;
}

static void text_iface_init(AtkTextIface *iface) {
    iface->get_text = text_between;
    iface->get_character_at_offset = character_at;
    iface->get_character_count = count;
    iface->get_caret_offset = caret_offset;
    iface->set_caret_offset = set_caret_offset;
    iface->get_string_at_offset = string_at;
    iface->get_text_at_offset = text_at;
    iface->get_text_before_offset = text_before;
    iface->get_text_after_offset = text_after;
    iface->get_character_extents = character_extents;
    iface->get_offset_at_point = offset_at_point;
    iface->get_n_selections = n_selections;
    iface->get_selection = selection_text;
    iface->add_selection = add_selection;
    iface->remove_selection = remove_selection;
    iface->set_selection = set_selection;
    iface->get_run_attributes = run_attributes;
}
