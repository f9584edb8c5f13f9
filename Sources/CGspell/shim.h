/* gspell, as gedit uses it: inline spell checking of a GtkTextView, with the language from the
 * locale. A checker's dictionary is loaded off the main thread, by SpellChecker.load in Swift. */
#include <gspell/gspell.h>

#ifndef TANDEM_CGSPELL_SHIM_H
#define TANDEM_CGSPELL_SHIM_H

/** The code of the checker's language ("en_US"), or NULL when it has none (no dictionary). */
static inline const char *tandem_spell_checker_language_code(GspellChecker *checker) {
    const GspellLanguage *language = gspell_checker_get_language(checker);
    return language ? gspell_language_get_code(language) : NULL;
}

/** Whom a language menu tells of the language chosen, and how its user data is let go. */
typedef struct {
    void (*pick)(const char *code, gpointer data);
    gpointer data;
    void (*release)(gpointer data);
} TandemLanguagePick;

static inline void tandem_language_pick_free(gpointer pick) {
    TandemLanguagePick *job = pick;
    job->release(job->data);
    g_free(job);
}

/** A language's item was toggled: the one turned on is the choice. */
static inline void tandem_language_item_toggled(GtkCheckMenuItem *item, gpointer pick) {
    if (!gtk_check_menu_item_get_active(item)) return;
    TandemLanguagePick *job = pick;
    job->pick(g_object_get_data(G_OBJECT(item), "tandem-language-code"), job->data);
}

/** "populate-popup": prepends `title` with a submenu of the installed dictionaries' languages
 *  (as gspell's own language menu lists them), `current` marked; choosing another calls
 *  `pick(code, data)`. The submenu owns `data` and calls `release(data)` when destroyed. */
static inline void tandem_spell_prepend_language_menu(GtkWidget *popup, const char *title, const char *current,
                                                      void (*pick)(const char *, gpointer), gpointer data,
                                                      void (*release)(gpointer)) {
    TandemLanguagePick *job = g_new0(TandemLanguagePick, 1);
    job->pick = pick;
    job->data = data;
    job->release = release;
    GtkWidget *submenu = gtk_menu_new();
    g_object_set_data_full(G_OBJECT(submenu), "tandem-language-pick", job, tandem_language_pick_free);
    GSList *group = NULL;
    for (const GList *node = gspell_language_get_available(); node; node = node->next) {
        const GspellLanguage *language = node->data;
        GtkWidget *item = gtk_radio_menu_item_new_with_label(group, gspell_language_get_name(language));
        group = gtk_radio_menu_item_get_group(GTK_RADIO_MENU_ITEM(item));
        g_object_set_data_full(G_OBJECT(item), "tandem-language-code", g_strdup(gspell_language_get_code(language)), g_free);
        if (current && g_strcmp0(current, gspell_language_get_code(language)) == 0)
            gtk_check_menu_item_set_active(GTK_CHECK_MENU_ITEM(item), TRUE);
        g_signal_connect(item, "toggled", G_CALLBACK(tandem_language_item_toggled), job);
        gtk_menu_shell_append(GTK_MENU_SHELL(submenu), item);
    }
    if (!GTK_IS_MENU_SHELL(popup)) { g_object_ref_sink(submenu); g_object_unref(submenu); return; }
    GtkWidget *separator = gtk_separator_menu_item_new();
    gtk_menu_shell_prepend(GTK_MENU_SHELL(popup), separator);
    GtkWidget *item = gtk_menu_item_new_with_mnemonic(title);
    gtk_menu_item_set_submenu(GTK_MENU_ITEM(item), submenu);
    gtk_menu_shell_prepend(GTK_MENU_SHELL(popup), item);
    gtk_widget_show_all(item);
    gtk_widget_show(separator);
}

#endif
