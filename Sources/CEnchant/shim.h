/* Enchant 2, the spelling library under gspell and libspelling: dictionaries are loaded and
 * asked on one serial queue in Swift (SpellChecker.swift), never on the main thread. */
#include <enchant.h>
