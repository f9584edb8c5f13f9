#include "byte_scan.h"
#include <string.h>

/* A piece's checksum: four independent lanes of multiply-xor over 32-byte units keep the
   multiplier busy, so it costs the indexing pass next to nothing. */
#define HASH_PRIME 0x100000001B3ULL

typedef struct { uint64_t lane[4]; } hash_state;

static inline void hash_start(hash_state *h) {
    h->lane[0] = 0x9E3779B97F4A7C15ULL;
    h->lane[1] = 0xC2B2AE3D27D4EB4FULL;
    h->lane[2] = 0x165667B19E3779F9ULL;
    h->lane[3] = 0x27D4EB2F165667C5ULL;
}

static inline void hash_unit(hash_state *h, const uint8_t *unit) {
    for (int k = 0; k < 4; k++) {
        uint64_t word;
        memcpy(&word, unit + 8 * k, 8);
        uint64_t lane = (h->lane[k] ^ word) * HASH_PRIME;
        h->lane[k] = lane ^ (lane >> 29);
    }
}

static inline uint64_t hash_finish(hash_state *h, const uint8_t *tail, size_t left, size_t count) {
    uint64_t a = h->lane[0];
    for (size_t i = 0; i < left; i++) a = (a ^ tail[i]) * HASH_PRIME;
    return a ^ (h->lane[1] * 0x9E3779B97F4A7C15ULL) ^ (h->lane[2] * 0xC2B2AE3D27D4EB4FULL)
        ^ (h->lane[3] * 0x165667B19E3779F9ULL) ^ (uint64_t)count;
}

uint64_t tandem_piece_hash(const uint8_t *bytes, size_t count) {
    hash_state h;
    hash_start(&h);
    size_t i = 0;
    for (; i + 32 <= count; i += 32) hash_unit(&h, bytes + i);
    return hash_finish(&h, bytes + i, count - i, count);
}

/* What the pass keeps of the lines: where the last "\n" was, the first line's length, the
   longest line between two breaks. */
typedef struct {
    size_t breaks, leading, longest, last;
    int has_break;
} line_walk;

static inline void walk_break(line_walk *w, size_t at) {
    if (w->has_break) {
        size_t length = at - w->last - 1;
        if (length > w->longest) w->longest = length;
    } else {
        w->leading = at;
        w->has_break = 1;
    }
    w->last = at;
    w->breaks++;
}

/* Bytes one at a time from `i`: 0 when one is not plain ASCII. */
static int walk_bytes(const uint8_t *bytes, size_t i, size_t count, line_walk *w, int *nul, uint8_t *bits) {
    for (; i < count; i++) {
        uint8_t c = bytes[i];
        if (c >= 0x80 || c == 0x0D) return 0;
        *bits |= c;
        *nul |= c == 0;
        if (c == 0x0A) walk_break(w, i);
    }
    return 1;
}

#if defined(__x86_64__)
#include <immintrin.h>

/* 64 bytes a step: the "\n"s found by comparison and a bit mask, everything else or-ed into
   accumulators that are looked at every 4 KiB (a piece that is not plain ASCII leaves early). */
__attribute__((target("avx2")))
static int walk_avx2(const uint8_t *bytes, size_t count, size_t *done, hash_state *h, line_walk *w, int *nul, uint8_t *bits) {
    const __m256i newline = _mm256_set1_epi8(0x0A), cr = _mm256_set1_epi8(0x0D), zero = _mm256_setzero_si256();
    __m256i any = zero, odd = zero, nuls = zero;
    size_t i = 0;
    for (; i + 64 <= count; i += 64) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(bytes + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(bytes + i + 32));
        any = _mm256_or_si256(any, _mm256_or_si256(a, b));
        odd = _mm256_or_si256(odd, _mm256_or_si256(_mm256_cmpeq_epi8(a, cr), _mm256_cmpeq_epi8(b, cr)));
        nuls = _mm256_or_si256(nuls, _mm256_or_si256(_mm256_cmpeq_epi8(a, zero), _mm256_cmpeq_epi8(b, zero)));
        uint64_t lines = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, newline))
            | ((uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, newline)) << 32);
        while (lines) {
            walk_break(w, i + (size_t)__builtin_ctzll(lines));
            lines &= lines - 1;
        }
        hash_unit(h, bytes + i);
        hash_unit(h, bytes + i + 32);
        if ((i & 4095) == 4032 && (_mm256_movemask_epi8(any) | _mm256_movemask_epi8(odd))) return 0;
    }
    if (_mm256_movemask_epi8(any) | _mm256_movemask_epi8(odd)) return 0;
    *nul |= _mm256_movemask_epi8(nuls) != 0;
    uint8_t lanes[32];
    _mm256_storeu_si256((__m256i *)lanes, any);
    for (int k = 0; k < 32; k++) *bits |= lanes[k];
    *done = i;
    return 1;
}
#endif

int tandem_index_plain_piece(const uint8_t *bytes, size_t count, tandem_piece_counts *counts,
                             tandem_line_traits *lines, uint64_t *hash) {
    hash_state h;
    hash_start(&h);
    line_walk w = {0, 0, 0, 0, 0};
    int nul = 0;
    uint8_t bits = 0;
    size_t i = 0;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2") && !walk_avx2(bytes, count, &i, &h, &w, &nul, &bits)) return 0;
#endif
    size_t units = i;
    for (; units + 32 <= count; units += 32) hash_unit(&h, bytes + units);
    if (!walk_bytes(bytes, i, count, &w, &nul, &bits)) return 0;
    *hash = hash_finish(&h, bytes + units, count - units, count);
    counts->scalars = count;
    counts->breaks = w.breaks;
    counts->first = count ? bytes[0] : -1;
    counts->last = count ? bytes[count - 1] : -1;
    counts->bits = bits;
    lines->leading = w.has_break ? w.leading : count;
    lines->trailing = w.has_break ? count - w.last - 1 : count;
    lines->longest_inside = w.longest;
    lines->has_break = w.has_break;
    lines->contains_nul = nul;
    return 1;
}
