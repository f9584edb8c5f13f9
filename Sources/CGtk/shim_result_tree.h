#ifndef TANDEM_SHIM_RESULT_TREE_H
#define TANDEM_SHIM_RESULT_TREE_H
#include <gtk/gtk.h>

/* ---- a tree of results (Find in Files: files, and their lines): gtk_tree_store_new and _set are variadic ---- */

enum {
    TANDEM_RESULT_MARKUP,   /* what the row shows, as Pango markup */
    TANDEM_RESULT_GROUP,    /* the group's number */
    TANDEM_RESULT_ITEM,     /* the item's number in its group; -1 on the group's own row */
    TANDEM_RESULT_TICKED,   /* whether the row is ticked (a change to make, in a preview) */
    TANDEM_RESULT_COLUMNS
};

static inline GtkTreeStore *tandem_result_tree_store(void) {
    return gtk_tree_store_new(TANDEM_RESULT_COLUMNS, G_TYPE_STRING, G_TYPE_INT, G_TYPE_INT, G_TYPE_BOOLEAN);
}

static inline void tandem_result_tree_set(GtkTreeStore *store, GtkTreeIter *iter, const char *markup, gint group, gint item) {
    gtk_tree_store_set(store, iter, TANDEM_RESULT_MARKUP, markup, TANDEM_RESULT_GROUP, group, TANDEM_RESULT_ITEM, item,
                       TANDEM_RESULT_TICKED, TRUE, -1);
}

static inline void tandem_result_tree_set_ticked(GtkTreeStore *store, GtkTreeIter *iter, gboolean ticked) {
    gtk_tree_store_set(store, iter, TANDEM_RESULT_TICKED, ticked, -1);
}

static inline void tandem_result_tree_set_markup(GtkTreeStore *store, GtkTreeIter *iter, const char *markup) {
    gtk_tree_store_set(store, iter, TANDEM_RESULT_MARKUP, markup, -1);
}

static inline void tandem_result_tree_place(GtkTreeModel *model, GtkTreeIter *iter, gint *group, gint *item) {
    gtk_tree_model_get(model, iter, TANDEM_RESULT_GROUP, group, TANDEM_RESULT_ITEM, item, -1);
}

/** One column of fixed-height rows (fast to fill with thousands): a tick, then the text,
    ellipsized at the end; returns the tick's renderer (owned by the column), for its "toggled". */
static inline GtkCellRenderer *tandem_result_tree_add_column(GtkTreeView *view) {
    GtkCellRenderer *tick = gtk_cell_renderer_toggle_new();
    GtkCellRenderer *text = gtk_cell_renderer_text_new();
    g_object_set(text, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
    GtkTreeViewColumn *column = gtk_tree_view_column_new();
    gtk_tree_view_column_pack_start(column, tick, FALSE);
    gtk_tree_view_column_add_attribute(column, tick, "active", TANDEM_RESULT_TICKED);
    gtk_tree_view_column_pack_start(column, text, TRUE);
    gtk_tree_view_column_add_attribute(column, text, "markup", TANDEM_RESULT_MARKUP);
    gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
    gtk_tree_view_append_column(view, column);
    gtk_tree_view_set_fixed_height_mode(view, TRUE);
    return tick;
}

/** The keyboard goes to `first` before `second` in `container`, whatever their places:
    a side panel's page before the buttons that switch pages. GTK 4 has no focus chains;
    GTK 3's is the one way to say it. */
static inline void tandem_container_focus_first(GtkContainer *container, GtkWidget *first, GtkWidget *second) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GList *chain = g_list_append(g_list_append(NULL, first), second);
    gtk_container_set_focus_chain(container, chain);
    g_list_free(chain);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

#endif
