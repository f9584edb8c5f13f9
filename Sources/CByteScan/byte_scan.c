#include "byte_scan.h"
#include <string.h>

/* Built with optimization in every configuration (Package.swift): these loops run over every
   byte of a file that opens as pieces of itself, and a debug build's tests open gigabytes. */

void tandem_count_piece(const uint8_t *bytes, size_t count, tandem_piece_counts *out) {
    size_t scalars = 0, breaks = 0;
    uint8_t bits = 0;
    size_t i = 0;
    /* The first two bytes have less before them; the rest is one branch-free loop, which the
       compiler vectorizes. */
    for (; i < count && i < 2; i++) {
        uint8_t c = bytes[i], p = i ? bytes[i - 1] : 0;
        bits |= c;
        scalars += (c & 0xC0) != 0x80;
        breaks += (c == 0x0D) | ((c == 0x0A) & (p != 0x0D));
    }
    for (; i < count; i++) {
        uint8_t c = bytes[i], p = bytes[i - 1], q = bytes[i - 2];
        bits |= c;
        scalars += (c & 0xC0) != 0x80;
        breaks += (c == 0x0D) | ((c == 0x0A) & (p != 0x0D)) | ((c == 0xA9) & (p == 0x80) & (q == 0xE2));
    }
    out->scalars = scalars;
    out->breaks = breaks;
    out->first = count ? bytes[0] : -1;
    out->last = count ? bytes[count - 1] : -1;
    out->bits = bits;
}

/* ASCII without "\r": a line is the run between two "\n"s, which memchr finds. */
static void plain_line_traits(const uint8_t *bytes, size_t count, tandem_line_traits *out) {
    size_t start = 0, leading = 0, longest = 0;
    int has_break = 0;
    const uint8_t *found;
    while (start < count && (found = memchr(bytes + start, 0x0A, count - start)) != NULL) {
        size_t at = (size_t)(found - bytes);
        if (has_break) { if (at - start > longest) longest = at - start; } else { leading = at; has_break = 1; }
        start = at + 1;
    }
    out->leading = has_break ? leading : count - start;
    out->trailing = count - start;
    out->longest_inside = longest;
    out->has_break = has_break;
    out->contains_nul = memchr(bytes, 0, count) != NULL;
}

void tandem_line_traits_of(const uint8_t *bytes, size_t count, int plain_ascii, tandem_line_traits *out) {
    if (plain_ascii) { plain_line_traits(bytes, count, out); return; }
    size_t length = 0, leading = 0, longest = 0;
    int has_break = 0, nul = 0;
    for (size_t i = 0; i < count; i++) {
        uint8_t byte = bytes[i];
        if (byte == 0x0A || byte == 0x0D) {
            if (has_break) { if (length > longest) longest = length; } else { leading = length; has_break = 1; }
            length = 0;
        } else if ((byte & 0xC0) != 0x80) {
            length++;
            nul |= byte == 0;
        }
    }
    out->leading = has_break ? leading : length;
    out->trailing = length;
    out->longest_inside = longest;
    out->has_break = has_break;
    out->contains_nul = nul;
}

int tandem_utf8_valid(const uint8_t *bytes, size_t count) {
    size_t i = 0;
    while (i < count) {
        /* Runs of ASCII go eight bytes at a time. */
        while (i + 8 <= count) {
            uint64_t word;
            memcpy(&word, bytes + i, 8);
            if (word & 0x8080808080808080ULL) break;
            i += 8;
        }
        if (i >= count) break;
        uint8_t lead = bytes[i];
        if (lead < 0x80) { i++; continue; }
        size_t length;
        uint8_t low = 0x80, high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) length = 2;
        else if (lead == 0xE0) { length = 3; low = 0xA0; }
        else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) length = 3;
        else if (lead == 0xED) { length = 3; high = 0x9F; }
        else if (lead == 0xF0) { length = 4; low = 0x90; }
        else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
        else if (lead == 0xF4) { length = 4; high = 0x8F; }
        else return 0;
        if (i + length > count) return 0;
        if (bytes[i + 1] < low || bytes[i + 1] > high) return 0;
        for (size_t k = 2; k < length; k++) if ((bytes[i + k] & 0xC0) != 0x80) return 0;
        i += length;
    }
    return 1;
}

uint8_t tandem_byte_bits(const uint8_t *bytes, size_t count) {
    uint8_t bits = 0;
    for (size_t i = 0; i < count; i++) bits |= bytes[i];
    return bits;
}

static inline int is_break(const uint8_t *bytes, size_t count, size_t i, int cr) {
    uint8_t byte = bytes[i];
    return byte == 0x0D || (byte == 0x0A && !cr)
        || (byte == 0xE2 && i + 2 < count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xA9);
}

size_t tandem_breaks_in_first(const uint8_t *bytes, size_t count, size_t limit, int *previous_cr) {
    size_t scalars = 0, lines = 0;
    int cr = *previous_cr;
    for (size_t i = 0; i < count; i++) {
        if ((bytes[i] & 0xC0) == 0x80) continue;
        if (++scalars > limit) break;
        lines += is_break(bytes, count, i, cr);
        cr = bytes[i] == 0x0D;
    }
    *previous_cr = cr;
    return lines;
}

size_t tandem_offset_after_break(const uint8_t *bytes, size_t count, long breaks, int *previous_cr) {
    size_t scalars = 0;
    long remaining = breaks;
    int cr = *previous_cr;
    for (size_t i = 0; i < count; i++) {
        if ((bytes[i] & 0xC0) == 0x80) continue;
        scalars++;
        if (is_break(bytes, count, i, cr)) remaining--;
        cr = bytes[i] == 0x0D;
        if (remaining <= 0) break;
    }
    *previous_cr = cr;
    return scalars;
}

size_t tandem_offset_after_last_break(const uint8_t *bytes, size_t count, size_t scalars, int *previous_cr) {
    size_t j = count;
    while (j > 0) {
        uint8_t c = bytes[j - 1];
        if (c == 0x0A || c == 0x0D) break;
        if (c == 0xA9 && j >= 3 && bytes[j - 2] == 0x80 && bytes[j - 3] == 0xE2) break;
        j--;
    }
    if (j == 0) { *previous_cr = 0; return 0; }
    /* A "\n" after "\r" is the break's second half: the break is the "\r". */
    if (bytes[j - 1] == 0x0A && j >= 2 && bytes[j - 2] == 0x0D) j--;
    *previous_cr = bytes[j - 1] == 0x0D;
    size_t after = 0;
    for (size_t i = j; i < count; i++) after += (bytes[i] & 0xC0) != 0x80;
    return scalars - after;
}
