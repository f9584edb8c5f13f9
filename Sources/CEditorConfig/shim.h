/* The EditorConfig reference library (editorconfig-core-c): a file's .editorconfig settings. */
#include <editorconfig/editorconfig.h>
