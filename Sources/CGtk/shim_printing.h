/*
 * CGtk, continued: printing through GtkSourcePrintCompositor, whose signal handlers take
 * GTK-typed arguments; included by shim.h.
 */
#ifndef TANDEM_CGTK_SHIM_PRINTING_H
#define TANDEM_CGTK_SHIM_PRINTING_H

#include <gtk/gtk.h>
#include <gtksourceview/gtksource.h>

/* ---- printing (GtkPrintOperation's signals take GTK-typed arguments: handled here, in C) ---- */

/** "paginate": lays out pages a few at a time; done when the compositor has them all. */
static gboolean tandem_print_paginate(GtkPrintOperation *operation, GtkPrintContext *context, gpointer compositor) {
    if (!gtk_source_print_compositor_paginate(GTK_SOURCE_PRINT_COMPOSITOR(compositor), context)) return FALSE;
    gtk_print_operation_set_n_pages(operation, gtk_source_print_compositor_get_n_pages(GTK_SOURCE_PRINT_COMPOSITOR(compositor)));
    return TRUE;
}

/** "draw-page": draws page `page` (0-based). */
static void tandem_print_draw_page(GtkPrintOperation *operation, GtkPrintContext *context, gint page, gpointer compositor) {
    (void)operation;
    gtk_source_print_compositor_draw_page(GTK_SOURCE_PRINT_COMPOSITOR(compositor), context, page);
}

/** "create-custom-widget": the editor's own page of the dialog, built beforehand (`tab`). */
static GObject *tandem_print_custom_tab(GtkPrintOperation *operation, gpointer tab) {
    (void)operation;
    return G_OBJECT(tab);
}

/** The print dialog gets a page of the editor's own, `tab`, titled `label` (gedit's "Text
 *  Editor" page); the operation keeps a reference to it while it lives. */
static inline void tandem_print_operation_add_tab(GtkPrintOperation *operation, GtkWidget *tab, const char *label) {
    gtk_print_operation_set_custom_tab_label(operation, label);
    g_signal_connect_data(operation, "create-custom-widget", G_CALLBACK(tandem_print_custom_tab),
                          g_object_ref(tab), (GClosureNotify)(void (*)(void))g_object_unref, 0);
}

/** Sets how the operation's compositor prints: highlighting, a line number every
 *  `line_number_step` lines (0: none), wrapped or cut long lines, the header, the body font.
 *  Called before the pages are laid out (at creation, and when the dialog's page is applied). */
static inline void tandem_print_operation_configure(GtkPrintOperation *operation, gboolean highlight, guint line_number_step,
                                                    gboolean wrap, gboolean header, const char *font) {
    GtkSourcePrintCompositor *compositor = g_object_get_data(G_OBJECT(operation), "tandem-compositor");
    if (compositor == NULL) return;
    gtk_source_print_compositor_set_highlight_syntax(compositor, highlight);
    gtk_source_print_compositor_set_print_line_numbers(compositor, line_number_step);
    gtk_source_print_compositor_set_wrap_mode(compositor, wrap ? GTK_WRAP_WORD_CHAR : GTK_WRAP_NONE);
    gtk_source_print_compositor_set_print_header(compositor, header);
    gtk_source_print_compositor_set_body_font_name(compositor, font);
}

/** A print operation for `buffer` as gedit prints (GtkSourcePrintCompositor: its highlighting,
 *  line numbers, a header with `title` and "Page N of M", the text wrapped; see
 *  `tandem_print_operation_configure`); "Print to File" writes to `output_uri` unless the user
 *  picks another. The compositor lives as long as the operation. The caller runs it (a full
 *  reference is returned). */
static inline GtkPrintOperation *tandem_print_operation_new(GtkSourceBuffer *buffer, const char *title,
                                                             const char *output_uri) {
    GtkSourcePrintCompositor *compositor = gtk_source_print_compositor_new(buffer);
    gtk_source_print_compositor_set_header_format(compositor, TRUE, title, NULL, "%N / %Q");
    GtkPrintOperation *operation = gtk_print_operation_new();
    gtk_print_operation_set_job_name(operation, title);
    GtkPrintSettings *settings = gtk_print_settings_new();
    gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_URI, output_uri);
    gtk_print_operation_set_print_settings(operation, settings);
    g_object_unref(settings);
    g_signal_connect(operation, "paginate", G_CALLBACK(tandem_print_paginate), compositor);
    g_signal_connect(operation, "draw-page", G_CALLBACK(tandem_print_draw_page), compositor);
    g_object_set_data_full(G_OBJECT(operation), "tandem-compositor", compositor, g_object_unref);
    return operation;
}

#endif
