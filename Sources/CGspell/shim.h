/* gspell, as gedit uses it: inline spell checking of a GtkTextView, with the language from the
 * locale. A checker's dictionary is loaded off the main thread (below). */
#include <gspell/gspell.h>

#ifndef TANDEM_CGSPELL_SHIM_H
#define TANDEM_CGSPELL_SHIM_H

/** A checker to load, and whom to give it on the main context. */
typedef struct {
    void (*done)(GspellChecker *checker, gpointer data);
    gpointer data;
    GspellChecker *checker;
} TandemSpellJob;

/** Main context: hands the loaded checker (a full reference, or NULL) to the job's caller. */
static inline gboolean tandem_spell_job_finish(gpointer data) {
    TandemSpellJob *job = data;
    job->done(job->checker, job->data);
    g_free(job);
    return G_SOURCE_REMOVE;
}

/** The worker: gspell_checker_new opens an Enchant broker of its own and loads the locale's
 *  dictionary into it (hunspell's en_US: ~50 ms and ~8 MB). The first run also builds gspell's
 *  list of languages, a static it fills without a lock: one worker, and the main thread reaches
 *  that list only through a checker, so never before this first run has ended. */
static inline void tandem_spell_job_run(gpointer data, gpointer unused) {
    (void)unused;
    TandemSpellJob *job = data;
    job->checker = gspell_checker_new(NULL);
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, tandem_spell_job_finish, job, NULL);
}

/** Creates a GspellChecker for the locale's language on a worker thread, one load at a time;
 *  `done(checker, data)` then runs on the main context with the new reference. */
static inline void tandem_spell_checker_load(void (*done)(GspellChecker *, gpointer), gpointer data) {
    static GThreadPool *pool = NULL;
    if (g_once_init_enter(&pool)) {
        g_once_init_leave(&pool, g_thread_pool_new(tandem_spell_job_run, NULL, 1, FALSE, NULL));
    }
    TandemSpellJob *job = g_new0(TandemSpellJob, 1);
    job->done = done;
    job->data = data;
    g_thread_pool_push(pool, job, NULL);
}

/** The code of the checker's language ("en_US"), or NULL when it has none (no dictionary). */
static inline const char *tandem_spell_checker_language_code(GspellChecker *checker) {
    const GspellLanguage *language = gspell_checker_get_language(checker);
    return language ? gspell_language_get_code(language) : NULL;
}

#endif
