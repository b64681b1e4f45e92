/*
 * buffer.h: the output-buffer contract of cri.h (docs/DESIGN.md, "Rules for every C
 * entry point"), checked once for the C test programs. An output function
 * (out, cap, out_len) must
 *   - answer a size query (out NULL, cap 0) with CRI_ERR_BUFFER and the length needed;
 *   - give CRI_ERR_NULL for out NULL with cap > 0 and for out_len NULL;
 *   - give CRI_ERR_BUFFER, the length needed and no byte written at or past out + cap for
 *     every cap below the exact fit (the length, + 1 for a text's NUL);
 *   - write the output (and a text's NUL) and nothing after it from the exact fit on;
 *   - do all that with its error detail (error_offset or err) NULL as well.
 * The includer defines BUF_SIZE (the largest output it checks, plus GUARD_BYTES + 1) and
 * includes check.h first.
 */
#ifndef CRI_TEST_BUFFER_H
#define CRI_TEST_BUFFER_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cri.h"

#ifndef BUF_SIZE
#error "define BUF_SIZE before including buffer.h"
#endif

/* The pattern a function must leave alone past cap, and how many such bytes at least
 * follow the longest output, so that an overrun by a few bytes shows. */
#define GUARD 0xA5
#define GUARD_BYTES 16

static uint8_t obuf[BUF_SIZE];

/* One call of the function under test with its arguments in `ctx`, writing to
 * (out, cap, out_len); `detail` 0 passes its error_offset or err NULL. */
typedef int32_t (*out_call)(const void *ctx, void *out, size_t cap, size_t *out_len,
                            int detail);

/* Every byte of buf[from, size) still holds the guard pattern. */
static inline int untouched(const uint8_t *buf, size_t from, size_t size)
{
    for (size_t i = from; i < size; i++)
        if (buf[i] != GUARD)
            return 0;
    return 1;
}

/* n bytes of output for a message: text quoted (bytes outside ASCII graphic as \xNN),
 * bytes in hex; the first 120 bytes. Two buffers, for an output and its expectation. */
static inline const char *shown_output(const void *p, size_t n, int text)
{
    static char s[2][500];
    static int which;
    char *out = s[which++ & 1];
    const uint8_t *b = p;
    size_t k = 0;
    if (text)
        out[k++] = '"';
    for (size_t i = 0; i < n && i < 120; i++) {
        int graphic = b[i] >= 0x20 && b[i] < 0x7f && b[i] != '\\';
        k += (size_t)snprintf(out + k, 500 - k, text && graphic ? "%c" : text ? "\\x%02X" : "%02X",
                              b[i]);
    }
    snprintf(out + k, 500 - k, "%s%s", n > 120 ? "..." : "", text ? "\"" : "");
    return out;
}

/* The call wrote exactly `expected` (need bytes, then a NUL for text) and nothing after. */
static inline int wrote(int32_t rc, size_t n, const void *expected, size_t need, int text)
{
    return rc == CRI_OK && n == need && memcmp(obuf, expected, need) == 0 &&
           (!text || obuf[need] == '\0') && untouched(obuf, need + (size_t)text, BUF_SIZE);
}

/* Checks that `f` on `ctx` produces `expected` (need bytes; text: with a NUL after them)
 * and keeps the contract above; `label` names the call in messages. */
static inline void expect_output(const char *label, out_call f, const void *ctx, int text,
                                 const void *expected, size_t need)
{
    size_t full = need + (size_t)text, n;
    int32_t rc;

    if (full + GUARD_BYTES + 1 > BUF_SIZE) {
        note("%s: %zu bytes expected", label, need);
        CHECK(!"the expected output fits the test buffer");
        return;
    }
    /* A roomy buffer first, so a wrong result is shown once. */
    memset(obuf, GUARD, BUF_SIZE);
    n = (size_t)-1;
    rc = f(ctx, obuf, BUF_SIZE - GUARD_BYTES, &n, 1);
    note("%s = %s, got %s, expected %s", label, cri_status_name(rc),
         rc == CRI_OK ? shown_output(obuf, n < BUF_SIZE ? n : 0, text) : "-",
         shown_output(expected, need, text));
    CHECK(wrote(rc, n, expected, need, text));
    if (rc != CRI_OK || n != need)
        return;

    n = 0;
    rc = f(ctx, NULL, 0, &n, 1);
    note("%s: size query = %s, out_len %zu, need %zu", label, cri_status_name(rc), n, need);
    CHECK(rc == CRI_ERR_BUFFER && n == need);
    note("%s: out NULL, cap 1", label);
    CHECK(f(ctx, NULL, 1, &n, 1) == CRI_ERR_NULL);
    note("%s: out_len NULL", label);
    CHECK(f(ctx, obuf, BUF_SIZE, NULL, 1) == CRI_ERR_NULL);

    /* Every cap up to one past the exact fit, with the error detail and without. */
    for (int detail = 1; detail >= 0; detail--) {
        for (size_t cap = 0; cap <= full + 1; cap++) {
            memset(obuf, GUARD, BUF_SIZE);
            n = (size_t)-1;
            rc = f(ctx, obuf, cap, &n, detail);
            note("%s: cap %zu%s = %s, out_len %zu (need %zu), wrote %s", label, cap,
                 detail ? "" : ", detail NULL", cri_status_name(rc), n, need,
                 shown_output(obuf, cap < need ? cap : need, text));
            if (cap < full)
                CHECK(rc == CRI_ERR_BUFFER && n == need && untouched(obuf, cap, BUF_SIZE));
            else
                CHECK(wrote(rc, n, expected, need, text));
        }
    }
}

#endif
