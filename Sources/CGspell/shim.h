/* gspell, as gedit uses it: inline spell checking of a GtkTextView, with the language from the locale. */
#include <gspell/gspell.h>
