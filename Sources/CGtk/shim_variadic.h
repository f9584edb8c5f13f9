/*
 * CGtk, continued: GLib's and GTK's variadic functions, each with the fixed arguments Tandem
 * passes (Swift cannot call a C variadic function); included by shim.h.
 */
#ifndef TANDEM_CGTK_SHIM_VARIADIC_H
#define TANDEM_CGTK_SHIM_VARIADIC_H

#include <gtk/gtk.h>

/** gtk_message_dialog_new() with a plain (not printf-format) primary text. */
static inline GtkWidget *tandem_message_dialog_new(GtkWindow *parent, GtkMessageType type,
                                                   GtkButtonsType buttons, const char *text) {
    return gtk_message_dialog_new(parent, GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_MODAL,
                                  type, buttons, "%s", text);
}

/** gtk_message_dialog_format_secondary_text() with a plain string. */
static inline void tandem_message_dialog_set_secondary(GtkWidget *dialog, const char *text) {
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(dialog), "%s", text);
}

/** g_application_command_line_printerr() with a plain string: writes to the launching process's stderr. */
static inline void tandem_command_line_printerr(GApplicationCommandLine *cmdline, const char *text) {
    g_application_command_line_printerr(cmdline, "%s", text);
}

/** g_variant_dict_lookup() for a boolean option ("b"); FALSE when absent. */
static inline gboolean tandem_variant_dict_lookup_flag(GVariantDict *dict, const char *key) {
    gboolean value = FALSE;
    if (!g_variant_dict_lookup(dict, key, "b", &value)) return FALSE;
    return value;
}

/** g_variant_dict_lookup() for a string option ("s"): a new string to g_free, or NULL when absent. */
static inline gchar *tandem_variant_dict_lookup_string(GVariantDict *dict, const char *key) {
    gchar *value = NULL;
    if (!g_variant_dict_lookup(dict, key, "s", &value)) return NULL;
    return value;
}

/** g_variant_lookup() of a string in an a{sv} dictionary (GApplication's platform data); a new
 *  string to g_free, or NULL when absent. */
static inline gchar *tandem_variant_lookup_string(GVariant *dictionary, const char *key) {
    gchar *value = NULL;
    if (!dictionary || !g_variant_lookup(dictionary, key, "s", &value)) return NULL;
    return value;
}

/** Whether a GSettings object's schema has `key` (g_object_get of "settings-schema" is variadic). */
static inline gboolean tandem_settings_has_key(GSettings *settings, const char *key) {
    GSettingsSchema *schema = NULL;
    g_object_get(settings, "settings-schema", &schema, NULL);
    if (!schema) return FALSE;
    gboolean has = g_settings_schema_has_key(schema, key);
    g_settings_schema_unref(schema);
    return has;
}

/** The caret colour a style context gives (gtk_style_context_get is variadic): CSS's
 *  caret-color, which GtkSourceView's style schemes set. */
static inline GdkRGBA tandem_style_caret_color(GtkStyleContext *context) {
    GdkRGBA *color = NULL, result = { 0, 0, 0, 1 };
    gtk_style_context_get(context, gtk_style_context_get_state(context), "caret-color", &color, NULL);
    if (color) {
        result = *color;
        gdk_rgba_free(color);
    } else {
        gtk_style_context_get_color(context, gtk_style_context_get_state(context), &result);
    }
    return result;
}

/** g_object_set() of one boolean property. */
static inline void tandem_object_set_bool(gpointer object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

/** g_object_set() of one integer or enum property. */
static inline void tandem_object_set_int(gpointer object, const char *property, gint value) {
    g_object_set(object, property, value, NULL);
}

/** g_object_set() of one string property. */
static inline void tandem_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

/** g_object_get() of one boolean property. */
static inline gboolean tandem_object_get_bool(gpointer object, const char *property) {
    gboolean value = FALSE;
    g_object_get(object, property, &value, NULL);
    return value;
}

/** g_object_get() of one integer property. */
static inline gint tandem_object_get_int(gpointer object, const char *property) {
    gint value = 0;
    g_object_get(object, property, &value, NULL);
    return value;
}

/** g_object_get() of one string property; the caller frees the copy (NULL when unset). */
static inline gchar *tandem_object_dup_string(gpointer object, const char *property) {
    gchar *value = NULL;
    g_object_get(object, property, &value, NULL);
    return value;
}

/** g_signal_emit_by_name() for a signal with no arguments and no return value (an action
 *  signal such as a text view's "paste-clipboard"). */
static inline void tandem_signal_emit_void(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

#endif
