/* The floor of start-up: what GTK 3 and GtkSourceView cost by themselves. A window with a header
 * bar and a source view (line numbers on) showing the file named on the command line, nothing
 * else (one such window per file named), highlighted when its name says a language. Tandem's
 * start-up (Tests/Benchmarks/startup.py) and keystroke latency (key_latency.py) are measured
 * against it.
 *
 * With FLOOR_EDITOR=1 in its environment it is the editor floor: what gedit shows besides (an Open
 * button, the folder under the title, the caret's place, Save, a menu button, the text in
 * monospace) and what it does (the file added to the recent list, through GtkRecentManager), so
 * that the benchmarks can tell what those basics cost from what Tandem costs beyond them. */
#include <gtksourceview/gtksource.h>

static gboolean editor_floor;

static void show_caret_place(GtkTextBuffer *buffer, GParamSpec *pspec, GtkLabel *label) {
    GtkTextIter caret;
    gtk_text_buffer_get_iter_at_mark(buffer, &caret, gtk_text_buffer_get_insert(buffer));
    gchar *text = g_strdup_printf("Ln %d, Col %d", gtk_text_iter_get_line(&caret) + 1, gtk_text_iter_get_line_offset(&caret) + 1);
    gtk_label_set_text(label, text);
    g_free(text);
}

/* The editor floor's header bar: gedit's widgets, doing nothing when clicked. */
static void add_editor_basics(GtkHeaderBar *header, GtkSourceBuffer *buffer, GtkWidget *view, GFile *file) {
    gtk_header_bar_pack_start(header, gtk_button_new_from_icon_name("document-open-symbolic", GTK_ICON_SIZE_BUTTON));
    GtkWidget *menu = gtk_menu_button_new();
    gtk_button_set_image(GTK_BUTTON(menu), gtk_image_new_from_icon_name("open-menu-symbolic", GTK_ICON_SIZE_BUTTON));
    gtk_header_bar_pack_end(header, menu);
    gtk_header_bar_pack_end(header, gtk_button_new_with_label("Save"));
    GtkWidget *place = gtk_label_new(NULL);
    gtk_header_bar_pack_end(header, place);
    g_signal_connect(buffer, "notify::cursor-position", G_CALLBACK(show_caret_place), place);
    show_caret_place(GTK_TEXT_BUFFER(buffer), NULL, GTK_LABEL(place));
    gtk_text_view_set_monospace(GTK_TEXT_VIEW(view), TRUE);
    if (file) {
        GFile *folder = g_file_get_parent(file);
        gchar *where = folder ? g_file_get_path(folder) : NULL;
        gtk_header_bar_set_subtitle(header, where);
        g_free(where);
        if (folder) g_object_unref(folder);
        gchar *uri = g_file_get_uri(file);
        gtk_recent_manager_add_item(gtk_recent_manager_get_default(), uri);
        g_free(uri);
    }
}

static void open_window(GtkApplication *app, GFile *file) {
    GtkWidget *window = gtk_application_window_new(app);
    GtkWidget *header = gtk_header_bar_new();
    gtk_header_bar_set_show_close_button(GTK_HEADER_BAR(header), TRUE);
    gtk_header_bar_set_title(GTK_HEADER_BAR(header), file ? g_file_get_basename(file) : "floor");
    gtk_window_set_titlebar(GTK_WINDOW(window), header);
    GtkSourceBuffer *buffer = gtk_source_buffer_new(NULL);
    gchar *text = NULL;
    gsize length = 0;
    if (file && g_file_load_contents(file, NULL, &text, &length, NULL, NULL))
        gtk_text_buffer_set_text(GTK_TEXT_BUFFER(buffer), text, (gint)length);
    g_free(text);
    /* Highlighted as an editor would (a .txt file has no language): the latency benchmark's
     * floor with a language (Tests/Benchmarks/key_latency.py). */
    if (file) {
        gchar *name = g_file_get_basename(file);
        GtkSourceLanguage *language = gtk_source_language_manager_guess_language(gtk_source_language_manager_get_default(), name, NULL);
        if (language) gtk_source_buffer_set_language(buffer, language);
        g_free(name);
    }
    GtkWidget *view = gtk_source_view_new_with_buffer(buffer);
    gtk_source_view_set_show_line_numbers(GTK_SOURCE_VIEW(view), TRUE);
    if (editor_floor) add_editor_basics(GTK_HEADER_BAR(header), buffer, view, file);
    /* FLOOR_WRAP=1: lines wrapped at word boundaries, as Tandem and gedit wrap them by default. */
    if (g_strcmp0(g_getenv("FLOOR_WRAP"), "1") == 0) gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(view), GTK_WRAP_WORD);
    GtkWidget *scroller = gtk_scrolled_window_new(NULL, NULL);
    gtk_container_add(GTK_CONTAINER(scroller), view);
    gtk_container_add(GTK_CONTAINER(window), scroller);
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 600);
    gtk_widget_show_all(window);
}

static void open_files(GtkApplication *app, GFile **files, gint count, const gchar *hint, gpointer data) {
    for (gint i = 0; i < count; i++) open_window(app, files[i]);
}

static void activate(GtkApplication *app, gpointer data) { open_window(app, NULL); }

int main(int argc, char **argv) {
    editor_floor = g_strcmp0(g_getenv("FLOOR_EDITOR"), "1") == 0;
    GtkApplication *app = gtk_application_new("io.github.tandemedit.Floor", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "open", G_CALLBACK(open_files), NULL);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    return g_application_run(G_APPLICATION(app), argc, argv);
}
