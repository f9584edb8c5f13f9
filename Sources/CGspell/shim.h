/* gspell, as gedit uses it: inline spell checking of a GtkTextView, with the language from the
 * locale. A checker's dictionary is loaded off the main thread (below). */
#include <gspell/gspell.h>

#ifndef TANDEM_CGSPELL_SHIM_H
#define TANDEM_CGSPELL_SHIM_H

/** A checker to load, and whom to give it on the main context. */
typedef struct {
    void (*done)(GspellChecker *checker, gpointer data);
    gpointer data;
    gchar *code;
    GspellChecker *checker;
} TandemSpellJob;

/** Main context: hands the loaded checker (a full reference, or NULL) to the job's caller. */
static inline gboolean tandem_spell_job_finish(gpointer data) {
    TandemSpellJob *job = data;
    job->done(job->checker, job->data);
    g_free(job->code);
    g_free(job);
    return G_SOURCE_REMOVE;
}

/** The worker: gspell_checker_new opens an Enchant broker of its own and loads the language's
 *  (or the locale's) dictionary into it (hunspell's en_US: ~50 ms and ~8 MB). The first run also builds gspell's
 *  list of languages, a static it fills without a lock: one worker, and the main thread reaches
 *  that list only through a checker, so never before this first run has ended. */
static inline void tandem_spell_job_run(gpointer data, gpointer unused) {
    (void)unused;
    TandemSpellJob *job = data;
    const GspellLanguage *language = job->code ? gspell_language_lookup(job->code) : NULL;
    job->checker = job->code && !language ? NULL : gspell_checker_new(language);
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, tandem_spell_job_finish, job, NULL);
}

/** Creates a GspellChecker for the language `code` ("en_GB"; NULL: the locale's) on a worker
 *  thread, one load at a time; `done(checker, data)` then runs on the main context with the new
 *  reference, or NULL when no dictionary has that language. The pool is a static of this inline
 *  function, one per module that calls it: only Gtk's SpellChecker does. */
static inline void tandem_spell_checker_load(const char *code, void (*done)(GspellChecker *, gpointer), gpointer data) {
    static GThreadPool *pool = NULL;
    if (g_once_init_enter(&pool)) {
        g_once_init_leave(&pool, g_thread_pool_new(tandem_spell_job_run, NULL, 1, FALSE, NULL));
    }
    TandemSpellJob *job = g_new0(TandemSpellJob, 1);
    job->done = done;
    job->data = data;
    job->code = g_strdup(code);
    g_thread_pool_push(pool, job, NULL);
}

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
