#ifndef TANDEM_SHIM_FOLDER_TREE_H
#define TANDEM_SHIM_FOLDER_TREE_H
#include <gtk/gtk.h>

/* ---- the folder tree's store: gtk_tree_store_new and _set are variadic ---- */

enum {
    TANDEM_FOLDER_NAME,     /* what the row shows */
    TANDEM_FOLDER_PATH,     /* the file's path */
    TANDEM_FOLDER_ICON,     /* an icon name */
    TANDEM_FOLDER_KIND,     /* TandemFolderRowKind */
    TANDEM_FOLDER_ID,       /* GIO's id::file (device and inode): a folder made again is another */
    TANDEM_FOLDER_UNDIMMED, /* FALSE for a hidden or ignored file shown: drawn greyed */
    TANDEM_FOLDER_COLUMNS
};

/** What a row of the folder tree stands for. */
typedef enum {
    TANDEM_FOLDER_ROW_FILE,
    TANDEM_FOLDER_ROW_FOLDER_UNREAD,    /* a folder whose children are not listed yet */
    TANDEM_FOLDER_ROW_FOLDER_READING,
    TANDEM_FOLDER_ROW_FOLDER_READ,
    TANDEM_FOLDER_ROW_PLACEHOLDER       /* the child that gives an unread folder its expander */
} TandemFolderRowKind;

static inline GtkTreeStore *tandem_folder_tree_store(void) {
    return gtk_tree_store_new(TANDEM_FOLDER_COLUMNS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_INT, G_TYPE_STRING,
                              G_TYPE_BOOLEAN);
}

static inline void tandem_folder_tree_set(GtkTreeStore *store, GtkTreeIter *iter, const char *name, const char *path,
                                          const char *icon, gint kind, const char *id, gboolean dimmed) {
    gtk_tree_store_set(store, iter, TANDEM_FOLDER_NAME, name, TANDEM_FOLDER_PATH, path, TANDEM_FOLDER_ICON, icon,
                       TANDEM_FOLDER_KIND, kind, TANDEM_FOLDER_ID, id, TANDEM_FOLDER_UNDIMMED, !dimmed, -1);
}

static inline gboolean tandem_folder_tree_is_dimmed(GtkTreeModel *model, GtkTreeIter *iter) {
    gboolean undimmed = TRUE;
    gtk_tree_model_get(model, iter, TANDEM_FOLDER_UNDIMMED, &undimmed, -1);
    return !undimmed;
}

static inline void tandem_folder_tree_set_dimmed(GtkTreeStore *store, GtkTreeIter *iter, gboolean dimmed) {
    gtk_tree_store_set(store, iter, TANDEM_FOLDER_UNDIMMED, !dimmed, -1);
}

/** The row's id::file, copied into a string the caller frees (g_free); NULL when none. */
static inline gchar *tandem_folder_tree_id(GtkTreeModel *model, GtkTreeIter *iter) {
    gchar *id = NULL;
    gtk_tree_model_get(model, iter, TANDEM_FOLDER_ID, &id, -1);
    return id;
}

static inline void tandem_folder_tree_set_kind(GtkTreeStore *store, GtkTreeIter *iter, gint kind) {
    gtk_tree_store_set(store, iter, TANDEM_FOLDER_KIND, kind, -1);
}

/** The row's kind; its path copied into a string the caller frees (g_free). */
static inline gint tandem_folder_tree_kind(GtkTreeModel *model, GtkTreeIter *iter) {
    gint kind = TANDEM_FOLDER_ROW_PLACEHOLDER;
    gtk_tree_model_get(model, iter, TANDEM_FOLDER_KIND, &kind, -1);
    return kind;
}
static inline gchar *tandem_folder_tree_path(GtkTreeModel *model, GtkTreeIter *iter) {
    gchar *path = NULL;
    gtk_tree_model_get(model, iter, TANDEM_FOLDER_PATH, &path, -1);
    return path;
}

/** One column of fixed-height rows: the icon, then the name. */
static inline void tandem_folder_tree_add_column(GtkTreeView *view) {
    GtkTreeViewColumn *column = gtk_tree_view_column_new();
    GtkCellRenderer *icon = gtk_cell_renderer_pixbuf_new();
    GtkCellRenderer *text = gtk_cell_renderer_text_new();
    gtk_tree_view_column_pack_start(column, icon, FALSE);
    gtk_tree_view_column_add_attribute(column, icon, "icon-name", TANDEM_FOLDER_ICON);
    gtk_tree_view_column_add_attribute(column, icon, "sensitive", TANDEM_FOLDER_UNDIMMED);
    gtk_tree_view_column_pack_start(column, text, TRUE);
    gtk_tree_view_column_add_attribute(column, text, "text", TANDEM_FOLDER_NAME);
    gtk_tree_view_column_add_attribute(column, text, "sensitive", TANDEM_FOLDER_UNDIMMED);
    g_object_set(text, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
    /* Rows of one height: GTK need not measure each row a listing adds (10,000 in a big folder). */
    gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
    gtk_tree_view_append_column(view, column);
    gtk_tree_view_set_fixed_height_mode(view, TRUE);
}

/** A column showing the string in `model_column` of each row. */
static inline void tandem_tree_view_add_text_column(GtkTreeView *view, gint model_column) {
    GtkCellRenderer *text = gtk_cell_renderer_text_new();
    g_object_set(text, "ellipsize", PANGO_ELLIPSIZE_START, NULL);
    gtk_tree_view_insert_column_with_attributes(view, -1, "", text, "text", model_column, NULL);
}

static inline GtkTreeView *tandem_tree_view(gpointer p) { return GTK_TREE_VIEW(p); }
static inline GtkTreeStore *tandem_tree_store(gpointer p) { return GTK_TREE_STORE(p); }

#endif
