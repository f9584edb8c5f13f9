/*
 * CGtk, continued: the desktop's list of recently used files, written off the main thread;
 * included by shim.h. GtkRecentManager parses the whole list on the main thread when first
 * made (~3 ms for a few hundred entries), writes it back 250 ms after a change and then parses
 * its own write again; GBookmarkFile, which it is built on, does the same job in one pass here.
 */
#ifndef TANDEM_CGTK_SHIM_RECENT_H
#define TANDEM_CGTK_SHIM_RECENT_H

#include <gtk/gtk.h>

/** What one worker adds to the list, and whom it tells when done. */
typedef struct {
    gchar **uris;
    gchar *app_name;
    gchar *app_exec;
    gint max_age_days;
    GSourceFunc done;
} TandemRecentJob;

/** Adds each URI to `list` as GtkRecentManager would: its MIME type and this application. */
static inline void tandem_recent_list_add(GBookmarkFile *list, const TandemRecentJob *job) {
    for (gchar **uri = job->uris; *uri; uri++) {
        GFile *file = g_file_new_for_uri(*uri);
        GFileInfo *info = g_file_query_info(file, G_FILE_ATTRIBUTE_STANDARD_CONTENT_TYPE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
        const char *type = info ? g_file_info_get_content_type(info) : NULL;
        gchar *mime = type ? g_content_type_get_mime_type(type) : NULL;
        g_bookmark_file_set_mime_type(list, *uri, mime ? mime : "application/octet-stream");
        g_bookmark_file_add_application(list, *uri, job->app_name, job->app_exec);
        g_free(mime);
        g_clear_object(&info);
        g_object_unref(file);
    }
}

/** Drops the entries last changed more than `days` ago, as GtkRecentManager does when it reads
 *  the list (gtk-recent-files-max-age; 0 or less: keep all). */
static inline void tandem_recent_list_forget_older_than(GBookmarkFile *list, gint days) {
    if (days <= 0) return;
    GDateTime *now = g_date_time_new_now_utc();
    gsize count = 0;
    gchar **uris = g_bookmark_file_get_uris(list, &count);
    for (gsize i = 0; i < count; i++) {
        GDateTime *changed = g_bookmark_file_get_modified_date_time(list, uris[i], NULL);
        if (changed && g_date_time_difference(now, changed) / G_TIME_SPAN_DAY > days)
            g_bookmark_file_remove_item(list, uris[i], NULL);
    }
    g_strfreev(uris);
    g_date_time_unref(now);
}

/** The worker: reads the list, adds the job's files, writes it back whole (0600, replaced
 *  atomically, as GTK does), then schedules `done` on the main context. A list that exists but
 *  cannot be read is left as it is rather than replaced by one holding only these files. */
static inline gpointer tandem_recent_job_run(gpointer data) {
    TandemRecentJob *job = data;
    gchar *path = g_build_filename(g_get_user_data_dir(), "recently-used.xbel", NULL);
    GBookmarkFile *list = g_bookmark_file_new();
    GError *error = NULL;
    gboolean usable = g_bookmark_file_load_from_file(list, path, &error)
        || g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_clear_error(&error);
    if (usable) {
        tandem_recent_list_forget_older_than(list, job->max_age_days);
        tandem_recent_list_add(list, job);
        gsize length = 0;
        gchar *text = g_bookmark_file_to_data(list, &length, NULL);
        gchar *folder = g_path_get_dirname(path);
        g_mkdir_with_parents(folder, 0700);
        if (text) g_file_set_contents_full(path, text, (gssize)length, G_FILE_SET_CONTENTS_CONSISTENT, 0600, NULL);
        g_free(folder);
        g_free(text);
    }
    g_bookmark_file_free(list);
    g_free(path);
    g_idle_add_full(G_PRIORITY_LOW, job->done, NULL, NULL);
    g_strfreev(job->uris);
    g_free(job->app_name);
    g_free(job->app_exec);
    g_free(job);
    return NULL;
}

/** Adds `uris` (NULL-terminated; copied) to the desktop's recent list on a thread of its own;
 *  `done` then runs on the main context. One job at a time: the caller waits for `done`.
 *  Entries older than the desktop's gtk-recent-files-max-age go, as GtkRecentManager drops them. */
static inline void tandem_recent_add_in_thread(const char *const *uris, GSourceFunc done) {
    TandemRecentJob *job = g_new0(TandemRecentJob, 1);
    job->uris = g_strdupv((gchar **)uris);
    job->app_name = g_strdup(g_get_application_name());
    job->app_exec = g_strjoin(" ", g_get_prgname(), "%u", NULL);
    job->max_age_days = 30;
    g_object_get(gtk_settings_get_default(), "gtk-recent-files-max-age", &job->max_age_days, NULL);
    job->done = done;
    g_thread_unref(g_thread_new("tandem-recent", tandem_recent_job_run, job));
}

#endif
