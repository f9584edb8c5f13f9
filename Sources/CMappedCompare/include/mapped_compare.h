/* Comparing a file's bytes with memory through a read-only mapping: no copy into a buffer (a
   followed log's whole old part is compared at each append). A file truncated under the mapping
   raises SIGBUS on the pages past its new end; the comparison catches that and says so, instead
   of the process dying. */
#ifndef TANDEM_MAPPED_COMPARE_H
#define TANDEM_MAPPED_COMPARE_H

#include <stddef.h>
#include <sys/types.h>

/* The first `size` bytes of `fd`, mapped read-only; NULL when they cannot be (size 0 included). */
const unsigned char *tandem_map_file(int fd, size_t size);

/* Ends a mapping `tandem_map_file` made. */
void tandem_unmap_file(const unsigned char *mapped, size_t size);

/* Compares `count` bytes of a mapping with `bytes`: 0 when equal, 1 when they differ, -1 when the
   file shrank under the mapping (the bytes are gone: they are not the ones known). */
int tandem_mapped_compare(const unsigned char *mapped, const void *bytes, size_t count);

#endif
