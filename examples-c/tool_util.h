/*
 * tool_util.h: the parts of cri-tool that are not about libcri: growable buffers and
 * lines, hex digits, and text escaped for a terminal or for JSON (RFC 8259). cri_tool.c
 * keeps the library calls; the C tests share hex_digit (c-tests/cbor_text.h).
 */
#ifndef CRI_TOOL_UTIL_H
#define CRI_TOOL_UTIL_H

#include <stddef.h>
#include <stdio.h>

/* The exit status of a run in which an input failed, and of running out of memory. */
enum { EXIT_FAILED = 1 };

/* ---- buffers --------------------------------------------------------------------- */

/* A growable buffer, reused for every input: batch mode only allocates when a line or
 * a result is longer than every one before it. */
struct buf {
    char *p;
    size_t cap;
};

/* Makes room for `need` bytes (the contents are kept); exits with EXIT_FAILED when the
 * memory runs out. */
void buf_reserve(struct buf *b, size_t need);

/* Reads one line into `line` without its "\n" or "\r\n"; returns 0 at the end of the
 * input. getc rather than fgets because a NUL byte is data here (the library reports it
 * as a syntax error at its offset) and fgets would hide everything after it. */
int read_line(FILE *f, struct buf *line, size_t *len);

/* ---- hex --------------------------------------------------------------------------- */

/* What marks an input or a JSON value as hex digits. */
#define HEX_PREFIX "hex:"
enum { HEX_PREFIX_LEN = sizeof HEX_PREFIX - 1 };

/* The value of hex digit c (either case), or -1 if c is none. */
static inline int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Whether (s, len) starts with HEX_PREFIX. */
int has_hex_prefix(const char *s, size_t len);

/* Decodes the hex digits (s, len) into `out`. Returns 1, or 0 with *bad the offset of the
 * first character that is no hex digit (len for an odd number of digits). */
int hex_decode(const char *s, size_t len, struct buf *out, size_t *bad);

/* Prints (p, len) as lowercase hex digits on stdout. */
void put_hex(const void *p, size_t len);

/* ---- text and JSON ----------------------------------------------------------------- */

/* Whether (s, len) is strict UTF-8 (RFC 3629). */
int utf8_valid(const unsigned char *s, size_t len);

/* Writes the bytes (s, len) to f escaped (escape_unit), as the body of a JSON string
 * (json) or as plain text on one line (also the INPUT in messages on stderr). */
void put_escaped(FILE *f, const char *s, size_t len, int json);

/* The terminal column at which byte `off` of (s, len) stands once put_escaped wrote it as
 * plain text: escapes count their characters, a UTF-8 character one column. */
size_t escaped_column(const char *s, size_t len, size_t off);

/* Prints (s, len) as a JSON string on stdout, quotes included. */
void json_string(const char *s, size_t len);

/* Starts the next member of the object being printed; *count is its member count. */
void json_key(int *count, const char *key);

#endif
