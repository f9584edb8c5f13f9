/*
 * CGtk, continued: asking the session manager (or the desktop portal) to hold logout off, over
 * D-Bus calls whose GVariant arguments are built variadically; included by shim.h.
 */
#ifndef TANDEM_CGTK_SHIM_SESSION_H
#define TANDEM_CGTK_SHIM_SESSION_H

#include <gio/gio.h>

/* ---- logout inhibition without blocking (gtk_application_inhibit waits for the session manager) ---- */

/** Asks org.gnome.SessionManager on `bus` to hold logout off for `app_id` (no window named);
 *  `done` receives the reply on the main context. */
static inline void tandem_session_inhibit(GDBusConnection *bus, const char *app_id, const char *reason,
                                          GAsyncReadyCallback done, gpointer data) {
    g_dbus_connection_call(bus, "org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager",
                           "Inhibit", g_variant_new("(susu)", app_id, 0u, reason, 1u /* logout */),
                           G_VARIANT_TYPE("(u)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, done, data);
}

/** The cookie of a finished `tandem_session_inhibit`; 0 when there is no session manager or it refused. */
static inline guint32 tandem_session_inhibit_finish(GObject *bus, GAsyncResult *result) {
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(bus), result, NULL);
    guint32 cookie = 0;
    if (reply) {
        g_variant_get(reply, "(u)", &cookie);
        g_variant_unref(reply);
    }
    return cookie;
}

/** Ends an inhibition by its cookie; no reply is awaited. */
static inline void tandem_session_uninhibit(GDBusConnection *bus, guint32 cookie) {
    g_dbus_connection_call(bus, "org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager",
                           "Uninhibit", g_variant_new("(u)", cookie), NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START,
                           -1, NULL, NULL, NULL);
}

/* ---- the same through the desktop portal, where there is no GNOME session manager ---- */

/** Asks org.freedesktop.portal.Inhibit to hold logout off, saying `reason`; `done` receives the
 *  reply (the request's object path) on the main context. */
static inline void tandem_portal_inhibit(GDBusConnection *bus, const char *reason, GAsyncReadyCallback done, gpointer data) {
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&options, "{sv}", "reason", g_variant_new_string(reason));
    g_dbus_connection_call(bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                           "org.freedesktop.portal.Inhibit", "Inhibit",
                           g_variant_new("(sua{sv})", "", 1u /* logout */, &options),
                           G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, done, data);
}

/** The request of a finished `tandem_portal_inhibit` (free it with g_free); NULL when there is
 *  no portal or it refused. */
static inline char *tandem_portal_inhibit_finish(GObject *bus, GAsyncResult *result) {
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(bus), result, NULL);
    char *handle = NULL;
    if (reply) {
        g_variant_get(reply, "(o)", &handle);
        g_variant_unref(reply);
    }
    return handle;
}

/** Ends a portal inhibition by closing its request; no reply is awaited. */
static inline void tandem_portal_uninhibit(GDBusConnection *bus, const char *handle) {
    g_dbus_connection_call(bus, "org.freedesktop.portal.Desktop", handle, "org.freedesktop.portal.Request", "Close",
                           NULL, NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL, NULL);
}

#endif
