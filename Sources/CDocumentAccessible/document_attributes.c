/* The characters' looks over ATK: what GtkSourceView's highlighting and gspell's underline give
 * the buffer's text, read from the tags at a place (public API only: GTK's own reader of them is
 * private). Only the window of lines the buffer holds has looks; the rest of the document is plain. */
#include "document_view_private.h"

static AtkAttributeSet *add(AtkAttributeSet *set, AtkTextAttribute attribute, gchar *value) {
    AtkAttribute *entry = g_new(AtkAttribute, 1);
    entry->name = g_strdup(atk_text_attribute_get_name(attribute));
    entry->value = value;
    return g_slist_prepend(set, entry);
}

static gchar *color(const GdkRGBA *rgba) {
    return g_strdup_printf("%u,%u,%u", (guint)(rgba->red * 65535), (guint)(rgba->green * 65535), (guint)(rgba->blue * 65535));
}

/* The looks of the tags over `iter`; a tag of higher priority (later in the list) wins. */
static AtkAttributeSet *looks_at(GtkTextIter *iter) {
    GdkRGBA *foreground = NULL, *background = NULL;
    gint weight = -1, style = -1, underline = -1;
    GSList *tags = gtk_text_iter_get_tags(iter);
    for (GSList *item = tags; item; item = item->next) {
        gboolean foreground_set, background_set, weight_set, style_set, underline_set;
        g_object_get(item->data, "foreground-set", &foreground_set, "background-set", &background_set,
                     "weight-set", &weight_set, "style-set", &style_set, "underline-set", &underline_set, NULL);
        if (foreground_set) { if (foreground) gdk_rgba_free(foreground); g_object_get(item->data, "foreground-rgba", &foreground, NULL); }
        if (background_set) { if (background) gdk_rgba_free(background); g_object_get(item->data, "background-rgba", &background, NULL); }
        if (weight_set) g_object_get(item->data, "weight", &weight, NULL);
        if (style_set) g_object_get(item->data, "style", &style, NULL);
        if (underline_set) g_object_get(item->data, "underline", &underline, NULL);
    }
    g_slist_free(tags);
    AtkAttributeSet *set = NULL;
    if (foreground) { set = add(set, ATK_TEXT_ATTR_FG_COLOR, color(foreground)); gdk_rgba_free(foreground); }
    if (background) { set = add(set, ATK_TEXT_ATTR_BG_COLOR, color(background)); gdk_rgba_free(background); }
    if (weight >= 0) set = add(set, ATK_TEXT_ATTR_WEIGHT, g_strdup_printf("%d", weight));
    /* Pango's styles and underlines are in ATK's order of values (normal, oblique, italic; none,
     * single, double, low, error). */
    if (style >= 0) set = add(set, ATK_TEXT_ATTR_STYLE, g_strdup(atk_text_attribute_get_value(ATK_TEXT_ATTR_STYLE, style)));
    if (underline >= 0) set = add(set, ATK_TEXT_ATTR_UNDERLINE, g_strdup(atk_text_attribute_get_value(ATK_TEXT_ATTR_UNDERLINE, underline)));
    return set;
}

AtkAttributeSet *tandem_document_view_looks(TandemDocumentView *view, gint offset, gint *start, gint *end) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(view));
    GtkTextIter iter, run_start, run_end;
    gtk_text_buffer_get_iter_at_offset(buffer, &iter, offset);
    run_start = run_end = iter;
    /* The run: from the last place a tag starts or stops to the next. */
    if (!gtk_text_iter_toggles_tag(&run_start, NULL)) gtk_text_iter_backward_to_tag_toggle(&run_start, NULL);
    gtk_text_iter_forward_to_tag_toggle(&run_end, NULL);
    *start = gtk_text_iter_get_offset(&run_start);
    *end = gtk_text_iter_get_offset(&run_end);
    return looks_at(&iter);
}
