/* zlib, for crc32: the checksum of every edit-journal record and the hash of a journal's base text. */
#include <zlib.h>
