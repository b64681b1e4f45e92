/*
 * tool_util.c: the parts of cri-tool that are not about libcri (tool_util.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool_util.h"

/* ---- buffers --------------------------------------------------------------------- */

static void die_out_of_memory(void)
{
    fputs("cri-tool: out of memory\n", stderr);
    exit(EXIT_FAILED);
}

void buf_reserve(struct buf *b, size_t need)
{
    size_t cap = b->cap ? b->cap : 256;
    char *p;

    if (need <= b->cap)
        return;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    p = realloc(b->p, cap);
    if (p == NULL)
        die_out_of_memory();
    b->p = p;
    b->cap = cap;
}

int read_line(FILE *f, struct buf *line, size_t *len)
{
    size_t n = 0;
    int c;

    buf_reserve(line, 1); /* never hand the library or fwrite a NULL pointer */
    while ((c = getc(f)) != EOF && c != '\n') {
        buf_reserve(line, n + 1);
        line->p[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return 0;
    if (c == '\n' && n > 0 && line->p[n - 1] == '\r')
        n--;
    *len = n;
    return 1;
}

/* ---- hex --------------------------------------------------------------------------- */

int has_hex_prefix(const char *s, size_t len)
{
    return len >= HEX_PREFIX_LEN && memcmp(s, HEX_PREFIX, HEX_PREFIX_LEN) == 0;
}

int hex_decode(const char *s, size_t len, struct buf *out, size_t *bad)
{
    size_t i;

    for (i = 0; i < len; i++) {
        if (hex_digit(s[i]) < 0) {
            *bad = i;
            return 0;
        }
    }
    if (len % 2 != 0) {
        *bad = len;
        return 0;
    }
    buf_reserve(out, len / 2 + 1); /* never NULL, even for no bytes */
    for (i = 0; i < len; i += 2)
        out->p[i / 2] = (char)(hex_digit(s[i]) * 16 + hex_digit(s[i + 1]));
    return 1;
}

void put_hex(const void *p, size_t len)
{
    const unsigned char *u = p;
    size_t i;

    for (i = 0; i < len; i++)
        printf("%02x", u[i]);
}

/* ---- text and JSON ----------------------------------------------------------------- */

/* The length of the strict UTF-8 (RFC 3629) character at s[i..len): 1 to 4, or 0 if the
 * bytes there are none (overlong, surrogate, above U+10FFFF, cut off). */
static size_t utf8_char(const unsigned char *s, size_t i, size_t len)
{
    unsigned c = s[i];
    size_t n, k;
    uint32_t cp, min;

    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0) {
        n = 1, cp = c & 0x1F, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
        n = 2, cp = c & 0x0F, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
        n = 3, cp = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (len - i - 1 < n)
        return 0;
    for (k = 1; k <= n; k++) {
        if ((s[i + k] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i + k] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n + 1;
}

int utf8_valid(const unsigned char *s, size_t len)
{
    size_t i = 0, n;

    for (; i < len; i += n)
        if ((n = utf8_char(s, i, len)) == 0)
            return 0;
    return 1;
}

/* The letter of the two-character JSON escape of byte c ('n' for a newline), or NUL. */
static char json_escape_letter(unsigned c)
{
    switch (c) {
    case '"': return '"';
    case '\\': return '\\';
    case '\b': return 'b';
    case '\f': return 'f';
    case '\n': return 'n';
    case '\r': return 'r';
    case '\t': return 't';
    default: return '\0';
    }
}

/* The escaped form of the unit at s[i..len) into `out` (NUL-terminated, at most 7 bytes
 * with the NUL); returns the bytes of s it covers. A valid UTF-8 character passes
 * through, also in text that has bad bytes elsewhere; a byte that is not part of one is
 * \xHH in plain text and U+FFFD in JSON (where print_json adds the exact bytes as
 * KEY_hex). JSON escapes as RFC 8259 says; plain text has \xHH for control bytes, DEL and
 * "\". Lengths come from the library, never strlen: a decoded %00 is a NUL inside text. */
static size_t escape_unit(const unsigned char *s, size_t i, size_t len, int json, char out[8])
{
    unsigned c = s[i];
    char letter = json ? json_escape_letter(c) : '\0';
    size_t n = utf8_char(s, i, len);

    if (n == 0) {
        if (json)
            strcpy(out, "\\ufffd");
        else
            sprintf(out, "\\x%02x", c);
        return 1;
    }
    if (letter != '\0')
        sprintf(out, "\\%c", letter);
    else if (c < 0x20 || (!json && (c == 0x7F || c == '\\')))
        sprintf(out, json ? "\\u%04x" : "\\x%02x", c);
    else {
        memcpy(out, s + i, n);
        out[n] = '\0';
    }
    return n;
}

void put_escaped(FILE *f, const char *s, size_t len, int json)
{
    const unsigned char *u = (const unsigned char *)s;
    char unit[8];
    size_t i;

    for (i = 0; i < len;)
        i += escape_unit(u, i, len, json, unit), fputs(unit, f);
}

size_t escaped_column(const char *s, size_t len, size_t off)
{
    const unsigned char *u = (const unsigned char *)s;
    char unit[8];
    size_t i = 0, col = 0, n;

    while (i < len && i < off) {
        n = escape_unit(u, i, len, 0, unit);
        col += n > 1 ? 1 : strlen(unit);
        i += n;
    }
    return col;
}

void json_string(const char *s, size_t len)
{
    putchar('"');
    put_escaped(stdout, s, len, 1);
    putchar('"');
}

void json_key(int *count, const char *key)
{
    fputs(*count == 0 ? "{\"" : ", \"", stdout);
    fputs(key, stdout);
    fputs("\": ", stdout);
    ++*count;
}
