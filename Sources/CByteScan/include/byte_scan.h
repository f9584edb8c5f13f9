#ifndef TANDEM_BYTE_SCAN_H
#define TANDEM_BYTE_SCAN_H

#include <stddef.h>
#include <stdint.h>

/* What a run of UTF-8 holds, counted in one pass: its scalars, its line breaks as GTK counts
   them ("\n", "\r\n", a lone "\r", U+2029; a final "\r" counts as one), its first and last
   byte (-1 when empty) and every bit any byte has. */
typedef struct {
    size_t scalars;
    size_t breaks;
    int first;
    int last;
    uint8_t bits;
} tandem_piece_counts;

void tandem_count_piece(const uint8_t *bytes, size_t count, tandem_piece_counts *out);

/* The lengths of the lines in a run of UTF-8, in scalars, as far as they can be known without
   the runs around it (lines end at "\n" or "\r"): before the first break, after the last, the
   longest inside; whether it has a break and a NUL byte. `plain_ascii`: the bytes are known to
   be ASCII without "\r". */
typedef struct {
    size_t leading;
    size_t trailing;
    size_t longest_inside;
    int has_break;
    int contains_nul;
} tandem_line_traits;

void tandem_line_traits_of(const uint8_t *bytes, size_t count, int plain_ascii, tandem_line_traits *out);

/* Whether the bytes are well-formed UTF-8 (no overlong forms, no surrogates, nothing past
   U+10FFFF). */
int tandem_utf8_valid(const uint8_t *bytes, size_t count);

/* A 64-bit checksum of the bytes: a file's piece is told from bytes written over it since. */
uint64_t tandem_piece_hash(const uint8_t *bytes, size_t count);

/* Everything indexing learns of a piece of plain ASCII (no byte of 0x80 or more, no "\r") in
   one pass at memory speed: its counts, its line traits and its checksum (the same as
   tandem_piece_hash's). Returns 0, having filled in nothing, when the piece is not plain
   ASCII: the caller counts it the general way. */
int tandem_index_plain_piece(const uint8_t *bytes, size_t count, tandem_piece_counts *counts,
                             tandem_line_traits *lines, uint64_t *hash);

/* Walking a leaf's UTF-8 for its line breaks, as GTK counts them: `previous_cr` says whether
   the scalar before the bytes was "\r", and is left saying whether the last one taken was.
   The breaks among the first `limit` scalars: */
size_t tandem_breaks_in_first(const uint8_t *bytes, size_t count, size_t limit, int *previous_cr);
/* The scalars up to and including the `breaks`th break (all of them when there are fewer): */
size_t tandem_offset_after_break(const uint8_t *bytes, size_t count, long breaks, int *previous_cr);

/* The scalars up to and including the last break of bytes holding `scalars` scalars, found
   from the end: */
size_t tandem_offset_after_last_break(const uint8_t *bytes, size_t count, size_t scalars, int *previous_cr);

/* Every bit any of the bytes has (below 0x80: all ASCII). */
uint8_t tandem_byte_bits(const uint8_t *bytes, size_t count);

#endif
