/* gspell, as gedit uses it: inline spell checking of a GtkTextView, with the language from the
 * locale. A checker's dictionary is loaded off the main thread, by SpellChecker.load in Swift;
 * the context menu's Language submenu is built in Swift too (SourceView+Spelling.swift). */
#include <gspell/gspell.h>

#ifndef TANDEM_CGSPELL_SHIM_H
#define TANDEM_CGSPELL_SHIM_H

/** The code of the checker's language ("en_US"), or NULL when it has none (no dictionary). */
static inline const char *tandem_spell_checker_language_code(GspellChecker *checker) {
    const GspellLanguage *language = gspell_checker_get_language(checker);
    return language ? gspell_language_get_code(language) : NULL;
}

#endif
