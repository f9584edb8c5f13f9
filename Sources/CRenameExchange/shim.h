/* renameat2(2) with RENAME_EXCHANGE (Linux 3.15, glibc 2.28): <stdio.h> declares it only under
   _GNU_SOURCE, which Swift's Glibc module is built without, so it is declared here. A save swaps
   its new file with the old one atomically, checks the old one, and can swap them back. */
#include <fcntl.h>

extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

/* Swaps the files at `a` and `b` (both must exist); 0, or -1 with errno (EINVAL: not supported here). */
static inline int tandem_rename_exchange(const char *a, const char *b) {
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, 1u << 1 /* RENAME_EXCHANGE */);
}

/* Renames `from` to `to` unless something is there already (EEXIST): a rename the user asks for
   never replaces another file; -1 with errno (EINVAL: not supported here). */
static inline int tandem_rename_noreplace(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, 1u << 0 /* RENAME_NOREPLACE */);
}
