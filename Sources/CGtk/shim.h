/*
 * CGtk: the hand-written C shim between Swift and GTK 3 / GtkSourceView 4.
 *
 * Swift cannot call C macros (the GTK_WIDGET() casts, g_signal_connect) or variadic
 * functions (gtk_message_dialog_new, g_application_command_line_printerr), so each one
 * Tandem needs gets a small fixed-argument static inline function here: casts, macros and
 * variadics only; menus, printing and signal handlers are Swift. The other C in Tandem:
 * CDocumentAccessible, a GObject subclass implementing ATK's interfaces (Swift cannot declare
 * a GType), with its own tests through AT-SPI; and CWaylandActivation, a Wayland client of
 * xdg-activation (listeners on GTK's connection, and wayland-scanner's glue for the protocol).
 */
#ifndef TANDEM_CGTK_SHIM_H
#define TANDEM_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <gtksourceview/gtksource.h>
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif
#include <glib-unix.h>
#include <stdint.h>
#include <unistd.h>

/* ---- checked casts (each is the GTK macro of the same name; it warns on a wrong type) ---- */

/** GTK_WIDGET(): any widget instance as a GtkWidget. */
static inline GtkWidget *tandem_widget(gpointer p) { return GTK_WIDGET(p); }
/** GTK_PROGRESS_BAR(): a widget known to be a progress bar. */
static inline GtkProgressBar *tandem_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
/** GTK_WINDOW(): a widget known to be a window. */
static inline GtkWindow *tandem_window(gpointer p) { return GTK_WINDOW(p); }
/** GTK_CONTAINER(): a widget known to be a container. */
static inline GtkContainer *tandem_container(gpointer p) { return GTK_CONTAINER(p); }
/** GTK_BOX(): a widget known to be a box. */
static inline GtkBox *tandem_box(gpointer p) { return GTK_BOX(p); }
/** GTK_NOTEBOOK(): a widget known to be a notebook (a window's tabs). */
static inline GtkNotebook *tandem_notebook(gpointer p) { return GTK_NOTEBOOK(p); }
/** GTK_PANED(): a widget known to be a paned (a window split in two). */
static inline GtkPaned *tandem_paned(gpointer p) { return GTK_PANED(p); }
/** GTK_HEADER_BAR(): a widget known to be a header bar. */
static inline GtkHeaderBar *tandem_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
/** Makes closing `window` (its close button, gtk_window_close) hide it instead of destroying it. */
static inline void tandem_window_hide_on_close(GtkWindow *window) {
    g_signal_connect(window, "delete-event", G_CALLBACK(gtk_widget_hide_on_delete), NULL);
}
/** GTK_INFO_BAR(): a widget known to be an info bar. */
static inline GtkInfoBar *tandem_info_bar(gpointer p) { return GTK_INFO_BAR(p); }
/** GTK_LABEL(): a widget known to be a label. */
static inline GtkLabel *tandem_label(gpointer p) { return GTK_LABEL(p); }
/** GTK_TEXT_VIEW(): a widget known to be a text view (GtkSourceView is one). */
static inline GtkTextView *tandem_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
/** GTK_TEXT_BUFFER(): an object known to be a text buffer. */
static inline GtkTextBuffer *tandem_text_buffer(gpointer p) { return GTK_TEXT_BUFFER(p); }
/** GTK_BUTTON(): a widget known to be a button. */
static inline GtkButton *tandem_button(gpointer p) { return GTK_BUTTON(p); }
/** GTK_SOURCE_COMPLETION_PROVIDER(): an object known to provide completions. */
static inline GtkSourceCompletionProvider *tandem_completion_provider(gpointer p) { return GTK_SOURCE_COMPLETION_PROVIDER(p); }
/** GTK_SOURCE_VIEW(): a widget known to be a GtkSourceView. */
static inline GtkSourceView *tandem_source_view(gpointer p) { return GTK_SOURCE_VIEW(p); }
/** GTK_SOURCE_BUFFER(): an object known to be a GtkSourceBuffer. */
static inline GtkSourceBuffer *tandem_source_buffer(gpointer p) { return GTK_SOURCE_BUFFER(p); }
/** GTK_SOURCE_GUTTER_RENDERER(): an object known to be a gutter renderer. */
static inline GtkSourceGutterRenderer *tandem_gutter_renderer(gpointer p) { return GTK_SOURCE_GUTTER_RENDERER(p); }
/** GTK_SOURCE_GUTTER_RENDERER_TEXT(): an object known to be a text gutter renderer. */
static inline GtkSourceGutterRendererText *tandem_gutter_renderer_text(gpointer p) { return GTK_SOURCE_GUTTER_RENDERER_TEXT(p); }
/** GTK_SCROLLED_WINDOW(): a widget known to be a scrolled window. */
static inline GtkScrolledWindow *tandem_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
/** GTK_ADJUSTMENT(): an object known to be an adjustment. */
static inline GtkAdjustment *tandem_adjustment(gpointer p) { return GTK_ADJUSTMENT(p); }
static inline GtkRange *tandem_range(gpointer p) { return GTK_RANGE(p); }
/** Sets `adjustment` to `value` and tells its listeners even when the value is the same: a text
 * view then takes its top line anew from the value (the line standing there may have changed). */
static inline void tandem_adjustment_set_value_anew(GtkAdjustment *adjustment, gdouble value) {
    gdouble before = gtk_adjustment_get_value(adjustment);
    gtk_adjustment_set_value(adjustment, value);
    if (gtk_adjustment_get_value(adjustment) == before) g_signal_emit_by_name(adjustment, "value-changed");
}
/** GTK_SCROLLABLE(): a widget implementing GtkScrollable (a text view). */
static inline GtkScrollable *tandem_scrollable(gpointer p) { return GTK_SCROLLABLE(p); }
/** GTK_DIALOG(): a widget known to be a dialog. */
static inline GtkDialog *tandem_dialog(gpointer p) { return GTK_DIALOG(p); }
/** GTK_FILE_CHOOSER(): an object implementing GtkFileChooser. */
static inline GtkFileChooser *tandem_file_chooser(gpointer p) { return GTK_FILE_CHOOSER(p); }
/** GTK_NATIVE_DIALOG(): an object known to be a native dialog. */
static inline GtkNativeDialog *tandem_native_dialog(gpointer p) { return GTK_NATIVE_DIALOG(p); }
/** GTK_APPLICATION(): an object known to be a GtkApplication. */
static inline GtkApplication *tandem_gtk_application(gpointer p) { return GTK_APPLICATION(p); }
/** G_APPLICATION(): an object known to be a GApplication. */
static inline GApplication *tandem_g_application(gpointer p) { return G_APPLICATION(p); }
/** G_ACTION_MAP(): an object implementing GActionMap (application, application window). */
static inline GActionMap *tandem_action_map(gpointer p) { return G_ACTION_MAP(p); }
/** G_ACTION(): an object implementing GAction. */
static inline GAction *tandem_action(gpointer p) { return G_ACTION(p); }
/** G_OBJECT(): any GObject instance. */
static inline GObject *tandem_object(gpointer p) { return G_OBJECT(p); }
/** gdk_wayland_display_set_startup_notification_id() on a Wayland display (GDK_IS_WAYLAND_DISPLAY
 *  is a macro): the xdg-activation token the next window presented activates with. */
static inline void tandem_wayland_display_set_activation_token(GdkDisplay *display, const char *token) {
#ifdef GDK_WINDOWING_WAYLAND
    if (GDK_IS_WAYLAND_DISPLAY(display)) gdk_wayland_display_set_startup_notification_id(display, token);
#endif
}
/** G_OBJECT_TYPE_NAME(): the name of an instance's type ("GdkWaylandDisplay"). */
static inline const char *tandem_object_type_name(gpointer p) { return G_OBJECT_TYPE_NAME(p); }

/* ---- signals ---- */

/**
 * g_signal_connect_data() with a destroy notify: GLib calls `notify(data)` exactly once,
 * when the handler is disconnected or the instance is finalized. The Swift side passes a
 * retained closure box as `data` and releases it in `notify`, so the box lives exactly as
 * long as the connection.
 */
static inline gulong tandem_signal_connect(gpointer instance, const char *signal,
                                           GCallback handler, gpointer data,
                                           GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, handler, data, notify, (GConnectFlags)0);
}

/** As `tandem_signal_connect`, the handler run after the signal's default handler (a text
 * buffer's insert-text then sees the text in place). */
static inline gulong tandem_signal_connect_after(gpointer instance, const char *signal,
                                                 GCallback handler, gpointer data,
                                                 GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, handler, data, notify, G_CONNECT_AFTER);
}

/**
 * The shape of `signal` on `instance`'s type: how many arguments its handlers get between the
 * instance and the user data, and whether they return a value. False when there is no such
 * signal. Detailed names ("notify::is-active") are parsed as GLib does.
 */
static inline gboolean tandem_signal_shape(gpointer instance, const char *signal,
                                           guint *n_params, gboolean *returns_value) {
    guint id = 0;
    GQuark detail = 0;
    if (!g_signal_parse_name(signal, G_OBJECT_TYPE(instance), &id, &detail, TRUE)) return FALSE;
    GSignalQuery query;
    g_signal_query(id, &query);
    *n_params = query.n_params;
    *returns_value = (query.return_type & ~G_SIGNAL_TYPE_STATIC_SCOPE) != G_TYPE_NONE;
    return TRUE;
}

/* ---- accessibility ---- */

/** GTK_IS_BUTTON() */
static inline gboolean tandem_is_button(gpointer p) { return GTK_IS_BUTTON(p); }
/** GTK_IS_CONTAINER() */
static inline gboolean tandem_is_container(gpointer p) { return GTK_IS_CONTAINER(p); }

/* ---- the main-queue bridge ---- */

/* libdispatch's hooks for a foreign run loop (CoreFoundation uses the same pair). On Linux
 * the handle is an eventfd that libdispatch writes to whenever the main queue gets work. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

/** GLib fd-watch callback: clears the eventfd's count, then drains libdispatch's main queue. */
static inline gboolean tandem_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition; (void)data;
    uint64_t count;
    /* Non-blocking eventfd: a failed read only means someone drained it first. */
    ssize_t ignored = read(fd, &count, sizeof count);
    (void)ignored;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

/**
 * Wires libdispatch's main queue into the default GLib main context, so that
 * DispatchQueue.main.async and `Task { @MainActor in … }` run under gtk_main() /
 * g_application_run(). Without it they silently never run. Returns the GSource id.
 */
static inline guint tandem_install_main_queue_bridge(void) {
    int fd = _dispatch_get_main_queue_handle_4CF();
    guint id = g_unix_fd_add(fd, G_IO_IN, tandem_main_queue_ready, NULL);
    /* Work queued before the watch existed has already bumped the eventfd; nothing is lost. */
    return id;
}

/* ---- event accessors (GdkEvent is a union Swift reads awkwardly) ---- */

/** The new window state of a window-state-event. */
static inline GdkWindowState tandem_window_state_event_new_state(GdkEvent *event) {
    return event->window_state.new_window_state;
}

/** The bits that changed in a window-state-event. */
static inline GdkWindowState tandem_window_state_event_changed(GdkEvent *event) {
    return event->window_state.changed_mask;
}

/* ---- actions ---- */

/** Enables or disables the simple action `name` of an action map (a GtkApplicationWindow, a GApplication). */
static inline void tandem_action_map_set_enabled(gpointer map, const char *name, gboolean enabled) {
    GAction *action = g_action_map_lookup_action(G_ACTION_MAP(map), name);
    if (action && G_IS_SIMPLE_ACTION(action)) g_simple_action_set_enabled(G_SIMPLE_ACTION(action), enabled);
}

/** Sets the state of the stateful simple action `name` of an action map (a menu's check or
 *  radio mark follows); `state` is sunk if floating. */
static inline void tandem_action_map_set_state(gpointer map, const char *name, GVariant *state) {
    GAction *action = g_action_map_lookup_action(G_ACTION_MAP(map), name);
    g_variant_ref_sink(state);
    if (action && G_IS_SIMPLE_ACTION(action)) g_simple_action_set_state(G_SIMPLE_ACTION(action), state);
    g_variant_unref(state);
}

/* ---- menus ---- */

/** GTK_IS_MENU_SHELL(): whether a "populate-popup" got a menu (not a touch popover). */
static inline gboolean tandem_is_menu_shell(gpointer p) { return GTK_IS_MENU_SHELL(p); }
/** GTK_MENU_SHELL() */
static inline GtkMenuShell *tandem_menu_shell(gpointer p) { return GTK_MENU_SHELL(p); }
/** GTK_ACTIONABLE() */
static inline GtkActionable *tandem_actionable(gpointer p) { return GTK_ACTIONABLE(p); }
/** GTK_MENU_ITEM() */
static inline GtkMenuItem *tandem_menu_item(gpointer p) { return GTK_MENU_ITEM(p); }
/** G_ACTION_GROUP() */
static inline GActionGroup *tandem_action_group(gpointer p) { return G_ACTION_GROUP(p); }

/* ---- list stores (gtk_list_store_set is variadic) ---- */

/** Sets column `column` of the row at `iter` to the string `value`. */
static inline void tandem_list_store_set_string(GtkListStore *store, GtkTreeIter *iter, gint column, const char *value) {
    gtk_list_store_set(store, iter, column, value, -1);
}
/** A list store of one string column (G_TYPE_STRING is a macro over a function call). */
static inline GtkListStore *tandem_string_list_store(void) { return gtk_list_store_new(1, G_TYPE_STRING); }
/** GTK_TREE_MODEL(): a list store as the model a completion reads. */
static inline GtkTreeModel *tandem_tree_model(gpointer p) { return GTK_TREE_MODEL(p); }

#include "shim_variadic.h"
#include "shim_session.h"
#include "shim_scrolled_window.h"
#include "shim_folder_tree.h"
#include "shim_result_tree.h"

#endif
