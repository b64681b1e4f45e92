/*
 * cbor_text.h: CBOR written by hand in the C tests, and bytes shown in hex.
 *
 * H("83 20 81 61'a'") gives the bytes of hex digits (spaces ignored) and of 'ascii' runs
 * copied byte for byte. Expected CBOR is written from the draft's text this way, never
 * produced by the library under test.
 */
#ifndef CRI_TEST_CBOR_TEXT_H
#define CRI_TEST_CBOR_TEXT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../examples-c/tool_util.h" /* hex_digit */

/* A board with little RAM makes it smaller (-D, scripts/target-test.sh): a test function
 * holds a score of blobs on its stack. */
#ifndef BLOB_MAX
#define BLOB_MAX 512
#endif

struct blob {
    uint8_t b[BLOB_MAX];
    size_t n;
};

static inline void blob_add(struct blob *r, uint8_t byte)
{
    if (r->n >= sizeof r->b) {
        fprintf(stderr, "CBOR in test too long\n");
        exit(2);
    }
    r->b[r->n++] = byte;
}

static inline struct blob H(const char *s)
{
    struct blob r;
    r.n = 0;
    while (*s) {
        if (*s == ' ') {
            s++;
        } else if (*s == '\'') {
            s++;
            while (*s && *s != '\'')
                blob_add(&r, (uint8_t)*s++);
            if (*s)
                s++;
        } else {
            int hi = hex_digit(s[0]), lo = s[1] ? hex_digit(s[1]) : -1;
            if (hi < 0 || lo < 0) {
                fprintf(stderr, "bad hex in test: %s\n", s);
                exit(2);
            }
            blob_add(&r, (uint8_t)(hi * 16 + lo));
            s += 2;
        }
    }
    return r;
}

/* Hex of up to 60 bytes for messages (four rotating buffers). */
static inline const char *hexs(const void *p, size_t n)
{
    static char bufs[4][200];
    static int which;
    char *out = bufs[which++ & 3];
    const uint8_t *b = p;
    size_t i, k = 0;
    for (i = 0; i < n && i < 60; i++)
        k += (size_t)sprintf(out + k, "%02X", b[i]);
    if (n > 60)
        sprintf(out + k, "...(%zu bytes)", n);
    else
        out[k] = '\0';
    return out;
}

#endif
