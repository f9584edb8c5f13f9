/*
 * CGtk, continued: GtkScrolledWindow's overlay scrollbars made safe for a widget that moves to
 * another window; included by shim.h.
 */
#ifndef TANDEM_CGTK_SHIM_SCROLLED_WINDOW_H
#define TANDEM_CGTK_SHIM_SCROLLED_WINDOW_H

#include <gtk/gtk.h>

/*
 * GTK 3.24's GtkScrolledWindow, when unrealized, destroys its overlay indicators' windows but
 * leaves their "value-changed" handlers on its adjustments. A tab moving to a new window is
 * unrealized, then allocated there before it is realized again; when that allocation scrolls it
 * (a taller or wider view clamps the value), the stale handler shows a NULL window and GTK prints
 * criticals. Turning overlay scrolling off while still realized disconnects those handlers the
 * proper way; it comes back on once the scrolled window is realized again.
 */

static const char *const tandem_overlay_suspended_key = "tandem-overlay-suspended";

/** "unrealize" (before GTK's own handler): overlay scrolling off, remembered to come back. Not
 *  when its window is already destroyed (the widget goes with its window): the scrollbars would
 *  be realized again under a window that is gone. */
static inline void tandem_scrolled_window_unrealizing(GtkWidget *widget, gpointer unused) {
    (void)unused;
    GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW(widget);
    GdkWindow *window = gtk_widget_get_window(widget);
    if (window == NULL || gdk_window_is_destroyed(window)) return;
    if (!gtk_scrolled_window_get_overlay_scrolling(scrolled)) return;
    g_object_set_data(G_OBJECT(widget), tandem_overlay_suspended_key, GINT_TO_POINTER(1));
    gtk_scrolled_window_set_overlay_scrolling(scrolled, FALSE);
}

/** "realize" (after GTK's own handler): overlay scrolling back on where it was suspended. */
static inline void tandem_scrolled_window_realized(GtkWidget *widget, gpointer unused) {
    (void)unused;
    if (!g_object_get_data(G_OBJECT(widget), tandem_overlay_suspended_key)) return;
    g_object_set_data(G_OBJECT(widget), tandem_overlay_suspended_key, NULL);
    gtk_scrolled_window_set_overlay_scrolling(GTK_SCROLLED_WINDOW(widget), TRUE);
}

/** Keeps `scrolled`'s overlay scrollbars from outliving an unrealize (see above). */
static inline void tandem_scrolled_window_guard_overlay(GtkScrolledWindow *scrolled) {
    g_signal_connect(scrolled, "unrealize", G_CALLBACK(tandem_scrolled_window_unrealizing), NULL);
    g_signal_connect_after(scrolled, "realize", G_CALLBACK(tandem_scrolled_window_realized), NULL);
}

#endif
