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

/*
 * A key typed into the text view queues a resize of it (its layout's height may change), and GTK
 * walks that up to the window: every ancestor's size is asked again and the whole window laid
 * out, for a view whose scrolled window cannot grow with its text anyway. As a resize container,
 * the scrolled window stops the walk and lays out only its child within its own place (a child
 * that needs more than that place still passes the resize up: GTK's check_resize does). The
 * call is deprecated since 3.12, not removed: GTK 3 still honours it.
 */
static inline void tandem_scrolled_window_contain_resizes(GtkScrolledWindow *scrolled) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_container_set_resize_mode(GTK_CONTAINER(scrolled), GTK_RESIZE_QUEUE);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

#endif
