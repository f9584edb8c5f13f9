/* libdeflate, for its CRC-32 (zlib's, folded with carry-less multiplies: several times zlib's
   speed): the checksum of every edit-journal record and the hash of a journal's base text,
   which a relaunch takes of a whole file. */
#include <libdeflate.h>
