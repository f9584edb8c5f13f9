#ifndef TANDEM_CGIT2_SHIM_H
#define TANDEM_CGIT2_SHIM_H
#include <git2.h>

/** Options for a diff of two texts as the gutter shows it: no lines of context (each hunk is
    exactly what changed) and text even where git would guess binary. The version macro is
    not something Swift imports. */
static inline int tandem_git_gutter_diff_options(git_diff_options *options) {
    int result = git_diff_options_init(options, GIT_DIFF_OPTIONS_VERSION);
    options->context_lines = 0;
    options->interhunk_lines = 0;
    options->flags |= GIT_DIFF_FORCE_TEXT;
    return result;
}

#endif
