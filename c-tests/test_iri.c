/*
 * test_iri.c: the IRI functions of cri.h (RFC 3987): uri_split with URI_SPLIT_IRI,
 * iri_to_uri, uri_to_iri, iri_resolve (with and without IRI_RESOLVE_KEEP_IRI),
 * uri_preprocess, uri_hostport, uri_host_specific, cri_from_iri and cri_to_iri.
 *
 * Expected values come from RFC 3987 (§2.2 ucschar and iprivate, §3.1 IRI to URI, §3.2
 * URI to IRI and its examples, §4.1 bidi formatting characters, §6.5 relative IRI
 * references), RFC 3986 (§5.4 resolution examples), RFC 3629 (well-formed UTF-8), the
 * HTML5 URL terms of the seed text (<hostport>, <host-specific>, web address processing
 * of draft-duerst-iri-bis §7.2), draft-ietf-core-href-27 (CRI shapes, scheme numbers) and
 * the C ABI rules of docs/DESIGN.md and cri.h, never from running the library. CBOR is written
 * by hand: a hex string where 'text' stands for the ASCII bytes of text.
 *
 * Every call copies its inputs into a buffer followed by junk with no NUL (continuation
 * bytes, a space, a broken '%', 0xFF), so a function that reads past `len` sees a
 * different input; every output buffer is filled with a guard pattern so a write at or
 * past `cap` shows.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cri.h"

#include "check.h"

/* --- showing bytes ---------------------------------------------------------------------- */

/* (p, n) as C-escaped text: printable ASCII as is, everything else \xHH. */
static const char *esc(const void *p, size_t n)
{
    static char bufs[6][400];
    static int which;
    char *out = bufs[which++ % 6];
    const uint8_t *b = p;
    size_t k = 0;
    if (p == NULL)
        return "NULL";
    for (size_t i = 0; i < n && k + 8 < sizeof bufs[0]; i++) {
        if (b[i] >= 0x20 && b[i] < 0x7F && b[i] != '\\')
            out[k++] = (char)b[i];
        else
            k += (size_t)sprintf(out + k, "\\x%02X", b[i]);
    }
    out[k] = '\0';
    return out;
}

#include "cbor_text.h"

/* --- calls with junk after the input ----------------------------------------------------- */

#define JUNK_LEN 16
#ifndef MAX_IN
#define MAX_IN 4096 /* a small board overrides it (-D, scripts/target-test.sh) */
#endif

/* No NUL. 0xA9 first: it completes a truncated \xC3 or \xE4\xBE at the end of an input
 * (so reading past len turns an error into success), and it is invalid as a raw byte or
 * as trailing CBOR (so reading past len turns success into an error). */
static const uint8_t junk[JUNK_LEN] = {0xA9, 0xBC, 0x80, ' ', '%', 'z', 0xFF, '#',
                                       '[', '\t', 'A', '9', 0xC3, '?', ']', 'a'};

static uint8_t slot_a[MAX_IN + JUNK_LEN], slot_b[MAX_IN + JUNK_LEN];

/* A copy of (p, n) followed by junk; NULL stays NULL. */
static const uint8_t *padded(uint8_t *slot, const void *p, size_t n)
{
    if (p == NULL)
        return NULL;
    if (n > MAX_IN) {
        fprintf(stderr, "test input too long\n");
        exit(2);
    }
    memmove(slot, p, n);
    memcpy(slot + n, junk, JUNK_LEN);
    return slot;
}

enum kind { IRI_TO_URI, URI_TO_IRI, RESOLVE, PREPROCESS, FROM_IRI, FROM_URI, TO_IRI, TO_URI };

static const char *kind_name[] = {"iri_to_uri",     "uri_to_iri",   "iri_resolve",
                                  "uri_preprocess", "cri_from_iri", "cri_from_uri",
                                  "cri_to_iri",     "cri_to_uri"};

/* One call of an output function: a is the input (the base for RESOLVE), b the reference
 * for RESOLVE; flags for RESOLVE, TO_IRI and TO_URI. */
struct call {
    enum kind kind;
    const void *a;
    size_t a_len;
    const void *b;
    size_t b_len;
    uint32_t flags;
};

static int is_text(enum kind k)
{
    return k != FROM_IRI && k != FROM_URI;
}

static int uses_err(enum kind k)
{
    return k == FROM_IRI || k == FROM_URI || k == TO_IRI || k == TO_URI;
}

static int cbor_input(enum kind k)
{
    return k == TO_IRI || k == TO_URI;
}

/* err->reason of the last cri_* call made with an error pointer. */
static int32_t last_reason;

/* Calls c; `off` NULL passes error_offset (or err) NULL, else *off gets the offset. */
static int32_t run(const struct call *c, void *out, size_t cap, size_t *out_len, size_t *off)
{
    const char *a = (const char *)padded(slot_a, c->a, c->a_len);
    const char *b = (const char *)padded(slot_b, c->b, c->b_len);
    struct cri_error_info err;
    struct cri_error_info *e = off ? &err : NULL;
    int32_t rc = -1000;

    err.offset = 12345;
    err.reason = -77;
    if (off)
        *off = 12345;
    switch (c->kind) {
    case IRI_TO_URI:
        return iri_to_uri(a, c->a_len, out, cap, out_len, off);
    case URI_TO_IRI:
        return uri_to_iri(a, c->a_len, out, cap, out_len, off);
    case RESOLVE:
        return iri_resolve(a, c->a_len, b, c->b_len, c->flags, out, cap, out_len, off);
    case PREPROCESS:
        return uri_preprocess(a, c->a_len, out, cap, out_len, off);
    case FROM_IRI:
        rc = cri_from_iri(a, c->a_len, out, cap, out_len, e);
        break;
    case FROM_URI:
        rc = cri_from_uri(a, c->a_len, out, cap, out_len, e);
        break;
    case TO_IRI:
        rc = cri_to_iri((const uint8_t *)a, c->a_len, c->flags, out, cap, out_len, e);
        break;
    case TO_URI:
        rc = cri_to_uri((const uint8_t *)a, c->a_len, c->flags, out, cap, out_len, e);
        break;
    }
    if (off) {
        *off = err.offset;
        last_reason = err.reason;
    }
    return rc;
}

static const char *describe(const struct call *c)
{
    static char d[900];
    if (c->kind == RESOLVE)
        snprintf(d, sizeof d, "iri_resolve(\"%s\", \"%s\", flags %u)", esc(c->a, c->a_len),
                 esc(c->b, c->b_len), (unsigned)c->flags);
    else if (cbor_input(c->kind))
        snprintf(d, sizeof d, "%s(%s, flags %u)", kind_name[c->kind], hexs(c->a, c->a_len),
                 (unsigned)c->flags);
    else
        snprintf(d, sizeof d, "%s(\"%s\")", kind_name[c->kind], esc(c->a, c->a_len));
    return d;
}

/* --- the buffer contract ------------------------------------------------------------------ */

#define BUF_SIZE 1024
#include "buffer.h"

/* run as buffer.h's out_call: `detail` 0 passes error_offset (or err) NULL. */
static int32_t run_out(const void *c, void *out, size_t cap, size_t *out_len, int detail)
{
    size_t off;
    return run(c, out, cap, out_len, detail ? &off : NULL);
}

/* c produces `expected` (need bytes) and keeps the buffer contract (buffer.h). */
static void expect_out(const struct call *c, const void *expected, size_t need)
{
    expect_output(describe(c), run_out, c, is_text(c->kind), expected, need);
}

/* Shown in messages; also "do not check the offset". */
#define ANY ((size_t)-1)

/*
 * c fails with `status` and, unless offset is ANY, *error_offset (err->offset) == offset;
 * for the cri_* functions with a nonzero `reason`, err->reason == reason. The same status
 * with error_offset / err NULL, and (status not CRI_ERR_NULL) with a size query.
 */
static void expect_fail_r(const struct call *c, int32_t status, size_t offset, int32_t reason)
{
    size_t n = 0, off = 0;
    int32_t rc;

    memset(obuf, GUARD, BUF_SIZE);
    last_reason = -77;
    rc = run(c, obuf, BUF_SIZE - GUARD_BYTES, &n, &off);
    note("%s = %s (offset %zu, reason %d)%s%s; expected %s offset %ld reason %d", describe(c),
         cri_status_name(rc), off, (int)last_reason, rc == CRI_OK ? ", output " : "",
         rc == CRI_OK ? shown_output(obuf, n < BUF_SIZE ? n : 0, is_text(c->kind)) : "",
         cri_status_name(status), offset == ANY ? -1L : (long)offset, (int)reason);
    CHECK(rc == status && (offset == ANY || off == offset) &&
          (!uses_err(c->kind) || reason == 0 || last_reason == reason));
    rc = run(c, obuf, BUF_SIZE - GUARD_BYTES, &n, NULL);
    note("%s with error_offset/err NULL = %s", describe(c), cri_status_name(rc));
    CHECK(rc == status);
}

static void expect_fail(const struct call *c, int32_t status, size_t offset)
{
    expect_fail_r(c, status, offset, 0);
}

/* Shorthands over (pointer, length) inputs. */
static void to_uri_n(const char *iri, size_t len, const char *uri)
{
    struct call c = {IRI_TO_URI, iri, len, NULL, 0, 0};
    expect_out(&c, uri, strlen(uri));
}

static void to_uri(const char *iri, const char *uri)
{
    to_uri_n(iri, strlen(iri), uri);
}

static void to_iri(const char *uri, const char *iri)
{
    struct call c = {URI_TO_IRI, uri, strlen(uri), NULL, 0, 0};
    expect_out(&c, iri, strlen(iri));
}

static void resolve(const char *base, const char *ref, uint32_t flags, const char *target)
{
    struct call c = {RESOLVE, base, strlen(base), ref, strlen(ref), flags};
    expect_out(&c, target, strlen(target));
}

/* Both forms: the target as a URI, and as an IRI with IRI_RESOLVE_KEEP_IRI. */
static void resolve2(const char *base, const char *ref, const char *uri, const char *iri)
{
    resolve(base, ref, 0, uri);
    resolve(base, ref, IRI_RESOLVE_KEEP_IRI, iri);
}

static void preprocess_n(const char *s, size_t len, const char *expected)
{
    struct call c = {PREPROCESS, s, len, NULL, 0, 0};
    expect_out(&c, expected, strlen(expected));
}

static void preprocess(const char *s, const char *expected)
{
    preprocess_n(s, strlen(s), expected);
}

static void from_iri(const char *iri, struct blob cri)
{
    struct call c = {FROM_IRI, iri, strlen(iri), NULL, 0, 0};
    expect_out(&c, cri.b, cri.n);
}

static void from_uri(const char *uri, struct blob cri)
{
    struct call c = {FROM_URI, uri, strlen(uri), NULL, 0, 0};
    expect_out(&c, cri.b, cri.n);
}

static void cri_iri(struct blob cri, const char *iri)
{
    struct call c = {TO_IRI, cri.b, cri.n, NULL, 0, 0};
    expect_out(&c, iri, strlen(iri));
}

static void cri_uri(struct blob cri, const char *uri)
{
    struct call c = {TO_URI, cri.b, cri.n, NULL, 0, 0};
    expect_out(&c, uri, strlen(uri));
}

/* --- uri_split with URI_SPLIT_IRI --------------------------------------------------------- */

/* A present span whose bytes are exactly text, inside the padded copy of an input. */
static int span_is(struct uri_span s, const char *text, size_t in_len)
{
    size_t n = strlen(text);
    return s.ptr != NULL && s.len == n && memcmp(s.ptr, text, n) == 0 &&
           (const uint8_t *)s.ptr >= slot_a && (const uint8_t *)s.ptr + n <= slot_a + in_len;
}

static int absent(struct uri_span s)
{
    return s.ptr == NULL;
}

static int32_t split_n(const char *s, size_t len, uint32_t flags, struct uri_parts *p,
                       size_t *off)
{
    const char *in = (const char *)padded(slot_a, s, len);
    *off = 12345;
    return uri_split(in, len, flags, p, off);
}

/* The IRI reference s splits; the parts are left in *p. */
static int split_ok(const char *s, struct uri_parts *p)
{
    size_t off;
    int32_t rc = split_n(s, strlen(s), URI_SPLIT_IRI, p, &off);
    note("uri_split(\"%s\", URI_SPLIT_IRI) = %s, offset %zu", esc(s, strlen(s)),
         cri_status_name(rc), off);
    return rc == CRI_OK;
}

/* uri_split of (s, len) with flags fails with status at offset (ANY: not checked), with
 * *parts untouched; and error_offset may be NULL. */
static void split_fails_n(const char *s, size_t len, uint32_t flags, int32_t status,
                          size_t offset)
{
    struct uri_parts p, before;
    size_t off;
    int32_t rc;

    memset(&p, 0x5A, sizeof p);
    before = p;
    rc = split_n(s, len, flags, &p, &off);
    note("uri_split(\"%s\", flags %u) = %s, offset %zu; expected %s at %ld", esc(s, len),
         (unsigned)flags, cri_status_name(rc), off, cri_status_name(status),
         offset == ANY ? -1L : (long)offset);
    CHECK(rc == status && (offset == ANY || off == offset) &&
          memcmp(&p, &before, sizeof p) == 0);
    padded(slot_a, s, len);
    rc = uri_split((const char *)slot_a, len, flags, &p, NULL);
    note("uri_split(\"%s\", flags %u), error_offset NULL = %s", esc(s, len), (unsigned)flags,
         cri_status_name(rc));
    CHECK(rc == status);
}

static void split_fails(const char *s, int32_t status, size_t offset)
{
    split_fails_n(s, strlen(s), URI_SPLIT_IRI, status, offset);
}

static void test_split_iri(void)
{
    struct uri_parts p;
    size_t off;
    const char *s;

    /* RFC 3987 §3.1: an IRI with a non-ASCII host. */
    s = "http://r\xC3\xA9sum\xC3\xA9.example.org";
    CHECK(split_ok(s, &p) && span_is(p.scheme, "http", strlen(s)) && absent(p.userinfo) &&
          span_is(p.host, "r\xC3\xA9sum\xC3\xA9.example.org", strlen(s)) &&
          p.host_kind == URI_HOST_REG_NAME && absent(p.port) && p.port_number == -1 &&
          p.path.ptr != NULL && p.path.len == 0 && absent(p.query) && absent(p.fragment) &&
          absent(p.zone_id));
    /* Without the flag it is no URI: the first non-ASCII byte. */
    split_fails_n(s, strlen(s), 0, CRI_ERR_SYNTAX, 8);

    /* Every component that allows ucschar, iprivate in the query. */
    s = "http://\xC3\xBC:\xC3\xA4@\xE4\xBE\x8B.jp:8080/caff\xC3\xA8/\xE7\x94\xBB"
        "?q=t\xC3\xA8&\xEE\x80\x80#fr\xC3\xA4g";
    CHECK(split_ok(s, &p) && span_is(p.scheme, "http", strlen(s)) &&
          span_is(p.userinfo, "\xC3\xBC:\xC3\xA4", strlen(s)) &&
          span_is(p.host, "\xE4\xBE\x8B.jp", strlen(s)) && p.host_kind == URI_HOST_REG_NAME &&
          span_is(p.port, "8080", strlen(s)) && p.port_number == 8080 &&
          span_is(p.path, "/caff\xC3\xA8/\xE7\x94\xBB", strlen(s)) &&
          span_is(p.query, "q=t\xC3\xA8&\xEE\x80\x80", strlen(s)) &&
          span_is(p.fragment, "fr\xC3\xA4g", strlen(s)));

    /* Relative IRI references (RFC 3987 irelative-ref). */
    s = "../\xE7\x94\xBB.png";
    CHECK(split_ok(s, &p) && absent(p.scheme) && absent(p.host) &&
          p.host_kind == URI_HOST_NONE && span_is(p.path, s, strlen(s)) && absent(p.query));
    s = "//\xE4\xBE\x8B.jp";
    CHECK(split_ok(s, &p) && absent(p.scheme) && span_is(p.host, "\xE4\xBE\x8B.jp", strlen(s)));
    s = "?\xEE\x80\x80";
    CHECK(split_ok(s, &p) && span_is(p.query, "\xEE\x80\x80", strlen(s)) && p.path.len == 0);
    s = "#\xC3\xA4";
    CHECK(split_ok(s, &p) && span_is(p.fragment, "\xC3\xA4", strlen(s)));
    s = "\xE8\xB7\xAF:x"; /* a colon in the first segment of a relative path: no */
    split_fails(s, CRI_ERR_SYNTAX, ANY);

    /* Plain URIs are IRIs too. */
    s = "http://[::1]:80/a%C3%A9?b#c";
    CHECK(split_ok(s, &p) && span_is(p.host, "[::1]", strlen(s)) &&
          p.host_kind == URI_HOST_IPV6 && p.port_number == 80 &&
          span_is(p.path, "/a%C3%A9", strlen(s)) && span_is(p.query, "b", strlen(s)) &&
          span_is(p.fragment, "c", strlen(s)));

    /* The RFC 3987 §2.2 ranges, at their edges, in the path. */
    {
        static const char *const ucs[] = {
            "\xC2\xA0",         /* U+00A0 */
            "\xED\x9F\xBF",     /* U+D7FF */
            "\xEF\xA4\x80",     /* U+F900 */
            "\xEF\xB7\x8F",     /* U+FDCF */
            "\xEF\xB7\xB0",     /* U+FDF0 */
            "\xEF\xBF\xAF",     /* U+FFEF */
            "\xF0\x90\x80\x80", /* U+10000 */
            "\xF0\x9F\xBF\xBD", /* U+1FFFD */
            "\xF0\xA0\x80\x80", /* U+20000 */
            "\xF0\xAF\xBF\xBD", /* U+2FFFD */
            "\xF3\xA1\x80\x80", /* U+E1000 */
            "\xF3\xAF\xBF\xBD", /* U+EFFFD */
        };
        static const char *const not_ucs[] = {
            "\xC2\x80",         /* U+0080, C1 control */
            "\xC2\x9F",         /* U+009F */
            "\xEF\xB7\x90",     /* U+FDD0, noncharacter */
            "\xEF\xB7\xAF",     /* U+FDEF */
            "\xEF\xBF\xB0",     /* U+FFF0 */
            "\xEF\xBF\xBD",     /* U+FFFD, after FFEF */
            "\xEF\xBF\xBF",     /* U+FFFF */
            "\xF0\x9F\xBF\xBE", /* U+1FFFE */
            "\xF0\xAF\xBF\xBF", /* U+2FFFF */
            "\xF3\xA0\x80\x81", /* U+E0001, language tag */
            "\xF3\xAF\xBF\xBE", /* U+EFFFE */
        };
        char buf[64];
        for (size_t i = 0; i < sizeof ucs / sizeof ucs[0]; i++) {
            snprintf(buf, sizeof buf, "http://a/%s/b", ucs[i]);
            CHECK(split_ok(buf, &p) && p.path.len == strlen(buf) - 8);
            snprintf(buf, sizeof buf, "http://%s/", ucs[i]);
            CHECK(split_ok(buf, &p) && p.host.len == strlen(ucs[i]));
        }
        for (size_t i = 0; i < sizeof not_ucs / sizeof not_ucs[0]; i++) {
            snprintf(buf, sizeof buf, "http://a/%s/b", not_ucs[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 9);
            snprintf(buf, sizeof buf, "http://a/?%s", not_ucs[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 10);
            snprintf(buf, sizeof buf, "http://a/#x%s", not_ucs[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 11);
            snprintf(buf, sizeof buf, "http://%s@a/", not_ucs[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 7);
        }
    }

    /* iprivate: only in the query. */
    {
        static const char *const priv[] = {
            "\xEE\x80\x80",     /* U+E000 */
            "\xEF\xA3\xBF",     /* U+F8FF */
            "\xF3\xB0\x80\x80", /* U+F0000 */
            "\xF3\xBF\xBF\xBD", /* U+FFFFD */
            "\xF4\x80\x80\x80", /* U+100000 */
            "\xF4\x8F\xBF\xBD", /* U+10FFFD */
        };
        char buf[64];
        for (size_t i = 0; i < sizeof priv / sizeof priv[0]; i++) {
            snprintf(buf, sizeof buf, "http://a/?x=%s", priv[i]);
            CHECK(split_ok(buf, &p) && p.query.len == 2 + strlen(priv[i]));
            snprintf(buf, sizeof buf, "http://a/p%s", priv[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 10);
            snprintf(buf, sizeof buf, "http://a/#%s", priv[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 10);
            snprintf(buf, sizeof buf, "http://a%s/", priv[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 8);
            snprintf(buf, sizeof buf, "http://%s@a/", priv[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 7);
            snprintf(buf, sizeof buf, "%s", priv[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 0);
        }
        /* Noncharacters at the end of the private planes are not iprivate. */
        split_fails("http://a/?\xF3\xBF\xBF\xBE", CRI_ERR_SYNTAX, 10); /* U+FFFFE */
        split_fails("http://a/?\xF4\x8F\xBF\xBF", CRI_ERR_SYNTAX, 10); /* U+10FFFF */
    }

    /* Invalid UTF-8 (RFC 3629): CRI_ERR_SYNTAX at the first byte of the bad sequence,
     * whether the input ends there or goes on. */
    {
        static const char *const bad[] = {
            "\xFF",                 /* never in UTF-8 */
            "\xFE",                 /* never in UTF-8 */
            "\x80",                 /* a lone continuation byte */
            "\xBF",                 /* a lone continuation byte */
            "\xC3",                 /* truncated 2-byte */
            "\xE4\xBE",             /* truncated 3-byte */
            "\xF0\x90\x8C",         /* truncated 4-byte */
            "\xC0\xAF",             /* overlong "/" */
            "\xC1\xBF",             /* overlong */
            "\xE0\x80\xAF",         /* overlong "/" */
            "\xE0\x9F\xBF",         /* overlong U+07FF */
            "\xF0\x80\x80\xAF",     /* overlong "/" */
            "\xF0\x8F\xBF\xBF",     /* overlong U+FFFF */
            "\xED\xA0\x80",         /* surrogate U+D800 */
            "\xED\xBF\xBF",         /* surrogate U+DFFF */
            "\xF4\x90\x80\x80",     /* U+110000 */
            "\xF5\x80\x80\x80",     /* lead byte over F4 */
            "\xF8\x88\x80\x80\x80", /* 5-byte form */
        };
        char buf[64];
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            snprintf(buf, sizeof buf, "http://a/%s", bad[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 9);
            snprintf(buf, sizeof buf, "http://a/%sz/", bad[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 9);
            snprintf(buf, sizeof buf, "http://a/\xC3\xA9%s", bad[i]); /* after a good one */
            split_fails(buf, CRI_ERR_SYNTAX, 11);
            snprintf(buf, sizeof buf, "http://a/?%s", bad[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 10);
            snprintf(buf, sizeof buf, "http://a/#%s", bad[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 10);
            snprintf(buf, sizeof buf, "http://%s/", bad[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 7);
            snprintf(buf, sizeof buf, "%s", bad[i]);
            split_fails(buf, CRI_ERR_SYNTAX, 0);
        }
    }

    /* Where RFC 3987 allows no non-ASCII at all. */
    split_fails("http://a:\xD9\xA1/", CRI_ERR_SYNTAX, 9);  /* U+0661 ARABIC-INDIC DIGIT ONE */
    split_fails("http://[::\xC3\xA9]/", CRI_ERR_SYNTAX, 8); /* an invalid IPv6: its first byte */
    split_fails("\xC3\xA9x:/", CRI_ERR_SYNTAX, ANY);        /* scheme */
    split_fails("http://a/ b", CRI_ERR_SYNTAX, 9);          /* ASCII rules unchanged */
    split_fails("http://a/%zz", CRI_ERR_PERCENT, 10);
    /* A port over 65535: *parts filled, port_number -1 (cri.h). */
    s = "http://a:99999/\xC3\xA9";
    CHECK(split_n(s, strlen(s), URI_SPLIT_IRI, &p, &off) == CRI_ERR_PORT_RANGE && off == 9 &&
          span_is(p.port, "99999", strlen(s)) && p.port_number == -1 &&
          span_is(p.path, "/\xC3\xA9", strlen(s)));

    /* The input is (pointer, length): the junk after a truncated sequence (0xA9) would
     * complete it, and must not be read. */
    {
        static const char raw[10] = {'h', 't', 't', 'p', ':', '/', '/', 'a', '/', '\xC3'};
        split_fails_n(raw, sizeof raw, URI_SPLIT_IRI, CRI_ERR_SYNTAX, 9);
        s = "http://\xC3\xA9/\xC3\xA9";
        CHECK(split_n(s, 12, URI_SPLIT_IRI, &p, &off) == CRI_OK &&
              span_is(p.path, "/\xC3\xA9", 12));
        CHECK(split_n(s, 11, URI_SPLIT_IRI, &p, &off) == CRI_ERR_SYNTAX && off == 10);
    }

    /* Arguments. */
    CHECK(uri_split("a", 1, URI_SPLIT_IRI, NULL, &off) == CRI_ERR_NULL);
    CHECK(uri_split(NULL, 3, URI_SPLIT_IRI, &p, &off) == CRI_ERR_NULL);
    CHECK(uri_split(NULL, 0, URI_SPLIT_IRI, &p, NULL) == CRI_OK && p.path.ptr != NULL &&
          p.path.len == 0 && absent(p.scheme));
    CHECK(uri_split("a", 1, URI_SPLIT_IRI | 4u, &p, &off) == CRI_ERR_ARGUMENT);
}

/* --- iri_to_uri ---------------------------------------------------------------------------- */

static void to_uri_fails(const char *iri, int32_t status, size_t offset)
{
    struct call c = {IRI_TO_URI, iri, strlen(iri), NULL, 0, 0};
    expect_fail(&c, status, offset);
}

static void test_iri_to_uri(void)
{
    /* RFC 3987 §3.1 examples. */
    to_uri("http://r\xC3\xA9sum\xC3\xA9.example.org", "http://r%C3%A9sum%C3%A9.example.org");
    to_uri("http://www.example.org/red%09ros\xC3\xA9#red",
           "http://www.example.org/red%09ros%C3%A9#red");
    /* RFC 3987 §3.2: U+10300 U+10301 U+10302 (4-byte UTF-8). */
    to_uri("http://example.com/\xF0\x90\x8C\x80\xF0\x90\x8C\x81\xF0\x90\x8C\x82",
           "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82");
    /* A non-ASCII path and query (caffè, tè). */
    to_uri("http://example.com/caff\xC3\xA8?q=t\xC3\xA8", "http://example.com/caff%C3%A8?q=t%C3%A8");
    /* Every component; iprivate in the query. */
    to_uri("http://\xC3\xBC:\xC3\xA4@\xE4\xBE\x8B.jp:8080/\xE7\x94\xBB?\xEE\x80\x80#\xC3\xB6",
           "http://%C3%BC:%C3%A4@%E4%BE%8B.jp:8080/%E7%94%BB?%EE%80%80#%C3%B6");
    to_uri("http://a/?\xF4\x8F\xBF\xBD", "http://a/?%F4%8F%BF%BD"); /* U+10FFFD */
    /* Relative references, ASCII-only references and existing encodings unchanged. */
    to_uri("../\xE7\x94\xBB.png", "../%E7%94%BB.png");
    to_uri("caff\xC3\xA8", "caff%C3%A8");
    to_uri("#\xC2\xA0", "#%C2%A0");
    to_uri("", "");
    to_uri("http://a/b?c#d", "http://a/b?c#d");
    to_uri("http://[::1]:80/%c3%a9%2F", "http://[::1]:80/%c3%a9%2F");
    to_uri("mailto:\xC3\xBC@example.org", "mailto:%C3%BC@example.org");
    /* (pointer, length): only the first 23 bytes. */
    to_uri_n("http://a/\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9?\xC3\xA9#\xC3\xA9junk", 23,
             "http://a/%C3%A9%C3%A9%C3%A9%C3%A9?%C3%A9#%C3%A9");

    /* Invalid IRIs: the first bad byte. */
    to_uri_fails("http://a/\xFF", CRI_ERR_SYNTAX, 9);
    to_uri_fails("http://a/\xC3", CRI_ERR_SYNTAX, 9);
    to_uri_fails("http://a/b\xC0\xAF", CRI_ERR_SYNTAX, 10);
    to_uri_fails("http://a/\xED\xA0\x80", CRI_ERR_SYNTAX, 9);
    to_uri_fails("http://a/\xF4\x90\x80\x80", CRI_ERR_SYNTAX, 9);
    to_uri_fails("http://a/\xC3\xA9\xE4\xBE", CRI_ERR_SYNTAX, 11);
    to_uri_fails("http://a/\xEF\xBF\xBF", CRI_ERR_SYNTAX, 9);     /* U+FFFF */
    to_uri_fails("http://a/\xEF\xB7\x90", CRI_ERR_SYNTAX, 9);     /* U+FDD0 */
    to_uri_fails("http://a/\xF0\x9F\xBF\xBE", CRI_ERR_SYNTAX, 9); /* U+1FFFE */
    to_uri_fails("http://a/\xEE\x80\x80", CRI_ERR_SYNTAX, 9);     /* iprivate in the path */
    to_uri_fails("http://a/#\xEE\x80\x80", CRI_ERR_SYNTAX, 10);   /* and in the fragment */
    to_uri_fails("http://a/b c", CRI_ERR_SYNTAX, 10);
    to_uri_fails("http://a/%zz", CRI_ERR_PERCENT, 10);
    to_uri_fails("http://a/%4g", CRI_ERR_PERCENT, 11);
    to_uri_fails("http://a:70000/\xC3\xA9", CRI_ERR_PORT_RANGE, 9);

    /* Arguments. */
    {
        char out[8];
        size_t n;
        CHECK(iri_to_uri(NULL, 1, out, sizeof out, &n, NULL) == CRI_ERR_NULL);
        CHECK(iri_to_uri(NULL, 0, out, sizeof out, &n, NULL) == CRI_OK && n == 0 &&
              out[0] == '\0');
    }
}

/* --- uri_to_iri ---------------------------------------------------------------------------- */

static void test_uri_to_iri(void)
{
    /* RFC 3987 §3.2.1 examples. */
    to_iri("http://www.example.org/D%C3%BCrst", "http://www.example.org/D\xC3\xBCrst");
    to_iri("http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"); /* Latin-1 */
    to_iri("http://www.example.org/r%E9sum%E9.html", "http://www.example.org/r%E9sum%E9.html");
    to_iri("http://www.example.org/r%C3%A9sum%C3%A9.html",
           "http://www.example.org/r\xC3\xA9sum\xC3\xA9.html");
    /* RLO (U+202E) stays encoded (§4.1). The RFC's example writes %e2%80%ae; §3.2 keeps
     * it as it is, so the lowercase input is checked to stay encoded in either case. */
    to_iri("http://xn--99zt52a.example.org/%E2%80%AE", "http://xn--99zt52a.example.org/%E2%80%AE");
    {
        static const char in[] = "http://xn--99zt52a.example.org/%e2%80%ae";
        char out[128];
        size_t n = 0, off = 0;
        int32_t rc = uri_to_iri(in, strlen(in), out, sizeof out, &n, &off);
        note("uri_to_iri(\"%s\") = %s, \"%s\"", in, cri_status_name(rc),
             rc == CRI_OK ? esc(out, n) : "-");
        CHECK(rc == CRI_OK && n == strlen(in) &&
              (strcmp(out, in) == 0 ||
               strcmp(out, "http://xn--99zt52a.example.org/%E2%80%AE") == 0));
    }
    /* The other bidi formatting characters of §4.1: LRM, RLM, LRE, RLE, PDF, LRO. */
    to_iri("/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD",
           "/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD");
    to_iri("/a?%E2%80%AE#%E2%80%8F", "/a?%E2%80%AE#%E2%80%8F");
    /* RFC 3987 §3.2: U+10300 U+10301 U+10302. */
    to_iri("http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
           "http://example.com/\xF0\x90\x8C\x80\xF0\x90\x8C\x81\xF0\x90\x8C\x82");
    /* §3.1 in reverse, the host too; the caffè example. */
    to_iri("http://r%C3%A9sum%C3%A9.example.org", "http://r\xC3\xA9sum\xC3\xA9.example.org");
    to_iri("http://example.com/caff%C3%A8?q=t%C3%A8", "http://example.com/caff\xC3\xA8?q=t\xC3\xA8");
    to_iri("http://%C3%BC:%C3%A4@%E4%BE%8B.jp:8080/%E7%94%BB#%C3%B6",
           "http://\xC3\xBC:\xC3\xA4@\xE4\xBE\x8B.jp:8080/\xE7\x94\xBB#\xC3\xB6");
    to_iri("/%c3%bc%C3%bC", "/\xC3\xBC\xC3\xBC"); /* hex case does not matter */
    /* Percent-encoded ASCII stays: %2F, %25, %3F (§3.2 step 2), also %23, %20, %00. */
    to_iri("http://a/b%2Fc%25d%3Fe%23f%20g%00", "http://a/b%2Fc%25d%3Fe%23f%20g%00");
    to_iri("http://a/%25C3%25A9", "http://a/%25C3%25A9"); /* %25 is never decoded */
    /* iprivate: decoded only in the query. */
    to_iri("http://a/%EE%80%80?%EE%80%80#%EE%80%80",
           "http://a/%EE%80%80?\xEE\x80\x80#%EE%80%80");
    to_iri("http://%EE%80%80@a/?%F4%8F%BF%BD", "http://%EE%80%80@a/?\xF4\x8F\xBF\xBD");
    /* Not ucschar: stays encoded everywhere. */
    to_iri("/%EF%BF%BF%EF%B7%90%F0%9F%BF%BE%C2%80%EF%BF%BD?%EF%BF%BF%F3%BF%BF%BE",
           "/%EF%BF%BF%EF%B7%90%F0%9F%BF%BE%C2%80%EF%BF%BD?%EF%BF%BF%F3%BF%BF%BE");
    /* Invalid UTF-8 stays encoded: lone, truncated, overlong, surrogate, too big. */
    to_iri("/%FF%80%C3%C3%28%C0%AF%E0%80%AF%ED%A0%80%F4%90%80%80%E4%BE",
           "/%FF%80%C3%C3%28%C0%AF%E0%80%AF%ED%A0%80%F4%90%80%80%E4%BE");
    to_iri("/%C3/%A9", "/%C3/%A9"); /* a sequence is not joined across a delimiter */
    /* Mixed: only the complete, allowed sequences become characters. */
    to_iri("/%C3%BC%FC%E4%BE%8B%E4%BE", "/\xC3\xBC%FC\xE4\xBE\x8B%E4%BE");
    to_iri("/%FC%C3%BC", "/%FC\xC3\xBC");
    to_iri("", "");
    to_iri("http://a/b?c#d", "http://a/b?c#d");

    /* Errors. */
    {
        struct call c1 = {URI_TO_IRI, "http://a/%zz", 12, NULL, 0, 0};
        struct call c2 = {URI_TO_IRI, "http://a/b c", 12, NULL, 0, 0};
        struct call c3 = {URI_TO_IRI, "http://a/\xFF", 10, NULL, 0, 0};
        char out[8];
        size_t n;
        expect_fail(&c1, CRI_ERR_PERCENT, 10);
        expect_fail(&c2, CRI_ERR_SYNTAX, 10);
        expect_fail(&c3, CRI_ERR_SYNTAX, 9);
        CHECK(uri_to_iri(NULL, 1, out, sizeof out, &n, NULL) == CRI_ERR_NULL);
    }
}

/* --- round trips -------------------------------------------------------------------------- */

/* IRI -> URI -> IRI gives the IRI back; URI -> IRI -> URI the URI back. */
static void round_trip(const char *iri, const char *uri)
{
    char a[512], b[512];
    size_t n = 0, m = 0, off;
    int32_t r1 = iri_to_uri(iri, strlen(iri), a, sizeof a, &n, &off);
    int32_t r2 = r1 == CRI_OK ? uri_to_iri(a, n, b, sizeof b, &m, &off) : -1000;
    note("IRI \"%s\" -> %s \"%s\" -> %s \"%s\"", esc(iri, strlen(iri)), cri_status_name(r1),
         r1 == CRI_OK ? esc(a, n) : "-", cri_status_name(r2), r2 == CRI_OK ? esc(b, m) : "-");
    CHECK(r1 == CRI_OK && n == strlen(uri) && memcmp(a, uri, n) == 0 && r2 == CRI_OK &&
          m == strlen(iri) && memcmp(b, iri, m) == 0);
    r1 = uri_to_iri(uri, strlen(uri), a, sizeof a, &n, &off);
    r2 = r1 == CRI_OK ? iri_to_uri(a, n, b, sizeof b, &m, &off) : -1000;
    note("URI \"%s\" -> %s \"%s\" -> %s \"%s\"", uri, cri_status_name(r1),
         r1 == CRI_OK ? esc(a, n) : "-", cri_status_name(r2), r2 == CRI_OK ? esc(b, m) : "-");
    CHECK(r1 == CRI_OK && r2 == CRI_OK && m == strlen(uri) && memcmp(b, uri, m) == 0);
}

static void test_round_trips(void)
{
    round_trip("http://r\xC3\xA9sum\xC3\xA9.example.org", "http://r%C3%A9sum%C3%A9.example.org");
    round_trip("http://www.example.org/red%09ros\xC3\xA9#red",
               "http://www.example.org/red%09ros%C3%A9#red");
    round_trip("http://example.com/caff\xC3\xA8?q=t\xC3\xA8", "http://example.com/caff%C3%A8?q=t%C3%A8");
    round_trip("https://\xE4\xBE\x8B\xE5\xAD\x90.\xE6\xB5\x8B\xE8\xAF\x95/\xE8\xB7\xAF\xE5\xBE\x84",
               "https://%E4%BE%8B%E5%AD%90.%E6%B5%8B%E8%AF%95/%E8%B7%AF%E5%BE%84");
    round_trip("http://a/\xF0\x9F\x98\x80?\xEE\x80\x80&\xF3\xB0\x80\x80#\xF0\xA0\x80\x80",
               "http://a/%F0%9F%98%80?%EE%80%80&%F3%B0%80%80#%F0%A0%80%80");
    round_trip("/%E2%80%AE\xC3\xA9%2F%25", "/%E2%80%AE%C3%A9%2F%25");
    round_trip("../\xE7\x94\xBB.png", "../%E7%94%BB.png");
}

/* --- iri_resolve --------------------------------------------------------------------------- */

static void resolve_fails(const char *base, const char *ref, uint32_t flags, int32_t status,
                          size_t offset)
{
    struct call c = {RESOLVE, base, strlen(base), ref, strlen(ref), flags};
    expect_fail(&c, status, offset);
}

static void test_iri_resolve(void)
{
    static const char base[] = "http://a/b/c/d;p?q";
    static const char jp[] = "http://\xE4\xBE\x8B.jp/a/b.html";

    /* The crawler case: an IRI link on an IRI page. */
    resolve2(jp, "../\xE7\x94\xBB.png", "http://%E4%BE%8B.jp/%E7%94%BB.png",
             "http://\xE4\xBE\x8B.jp/\xE7\x94\xBB.png");
    resolve2(jp, "\xC3\xBC?\xC3\xA4#\xC3\xB6", "http://%E4%BE%8B.jp/a/%C3%BC?%C3%A4#%C3%B6",
             "http://\xE4\xBE\x8B.jp/a/\xC3\xBC?\xC3\xA4#\xC3\xB6");
    resolve2(jp, "?\xEE\x80\x80", "http://%E4%BE%8B.jp/a/b.html?%EE%80%80",
             "http://\xE4\xBE\x8B.jp/a/b.html?\xEE\x80\x80");
    resolve2(jp, "", "http://%E4%BE%8B.jp/a/b.html", jp);
    resolve2(jp, "//\xE6\xB5\x8B.jp", "http://%E6%B5%8B.jp", "http://\xE6\xB5\x8B.jp");
    resolve2(jp, "x", "http://%E4%BE%8B.jp/a/x", "http://\xE4\xBE\x8B.jp/a/x");
    resolve2("http://\xE4\xBE\x8B.jp/\xE8\xB7\xAF/\xE5\xBE\x84#frag", "./../../x/./y/..",
             "http://%E4%BE%8B.jp/x/", "http://\xE4\xBE\x8B.jp/x/");
    resolve2("http://a/b", "https://\xE4\xBE\x8B\xE5\xAD\x90.\xE6\xB5\x8B\xE8\xAF\x95/",
             "https://%E4%BE%8B%E5%AD%90.%E6%B5%8B%E8%AF%95/",
             "https://\xE4\xBE\x8B\xE5\xAD\x90.\xE6\xB5\x8B\xE8\xAF\x95/");
    /* RFC 3986 §5.4.1 examples: URIs are IRIs too. */
    resolve2(base, "g", "http://a/b/c/g", "http://a/b/c/g");
    resolve2(base, "../g", "http://a/b/g", "http://a/b/g");
    resolve2(base, "../../../g", "http://a/g", "http://a/g");
    resolve2(base, "?y", "http://a/b/c/d;p?y", "http://a/b/c/d;p?y");
    resolve2(base, "#s", "http://a/b/c/d;p?q#s", "http://a/b/c/d;p?q#s");
    resolve2(base, "", "http://a/b/c/d;p?q", "http://a/b/c/d;p?q");
    resolve2(base, "//g", "http://g", "http://g");
    resolve2(base, "g:h", "g:h", "g:h");
    resolve2(base, "g;x?y#s", "http://a/b/c/g;x?y#s", "http://a/b/c/g;x?y#s");

    /* Errors: the reference's offsets in the reference, the base's as CRI_ERR_BASE. */
    resolve_fails(jp, "\xFF", 0, CRI_ERR_SYNTAX, 0);
    resolve_fails(jp, "a/\xC3", IRI_RESOLVE_KEEP_IRI, CRI_ERR_SYNTAX, 2);
    resolve_fails(jp, "a\xED\xA0\x80", 0, CRI_ERR_SYNTAX, 1);
    resolve_fails(jp, "x/\xEE\x80\x80", 0, CRI_ERR_SYNTAX, 2); /* iprivate in the path */
    resolve_fails(jp, "?\xEF\xBF\xBF", 0, CRI_ERR_SYNTAX, 1);  /* U+FFFF */
    resolve_fails(jp, "%zz", 0, CRI_ERR_PERCENT, 1);
    resolve_fails(jp, "a b", 0, CRI_ERR_SYNTAX, 1);
    resolve_fails("http://a/\xFF", "b", 0, CRI_ERR_BASE, 9);
    resolve_fails("http://a/\xC0\xAF", "b", IRI_RESOLVE_KEEP_IRI, CRI_ERR_BASE, 9);
    resolve_fails("http://\xEF\xB7\x90/", "b", 0, CRI_ERR_BASE, 7); /* U+FDD0 */
    resolve_fails("/\xE4\xBE\x8B", "b", 0, CRI_ERR_BASE, 0);        /* no scheme */
    resolve_fails("\xE4\xBE\x8B", "b", 0, CRI_ERR_BASE, 0);
    resolve_fails(jp, "b", 2, CRI_ERR_ARGUMENT, ANY);
    resolve_fails(jp, "b", 0x80000000u, CRI_ERR_ARGUMENT, ANY);
    {
        char out[64];
        size_t n;
        CHECK(iri_resolve(NULL, 3, "b", 1, 0, out, sizeof out, &n, NULL) == CRI_ERR_NULL);
        CHECK(iri_resolve("http://a/", 9, NULL, 1, 0, out, sizeof out, &n, NULL) ==
              CRI_ERR_NULL);
        /* A NULL reference of length 0 is the empty reference. */
        CHECK(iri_resolve("http://a/b#f", 12, NULL, 0, IRI_RESOLVE_KEEP_IRI, out, sizeof out,
                          &n, NULL) == CRI_OK &&
              n == 10 && strcmp(out, "http://a/b") == 0);
    }
}

/* --- uri_preprocess ------------------------------------------------------------------------ */

/* uri_preprocess fails with status at offset (in the output), the output `written`. */
static void preprocess_fails(const char *s, int32_t status, size_t offset, const char *written)
{
    struct call c = {PREPROCESS, s, strlen(s), NULL, 0, 0};
    size_t n = (size_t)-1, off = 0;
    int32_t rc;

    expect_fail(&c, status, offset);
    memset(obuf, GUARD, BUF_SIZE);
    rc = run(&c, obuf, BUF_SIZE - GUARD_BYTES, &n, &off);
    note("uri_preprocess(\"%s\") = %s, buffer starts \"%s\", expected \"%s\"",
         esc(s, strlen(s)), cri_status_name(rc), esc(obuf, strlen(written)), written);
    CHECK(rc == status && memcmp(obuf, written, strlen(written)) == 0);
    /* "the output written": its length in *out_len, as for every text output. */
    note("uri_preprocess(\"%s\") = %s, out_len %zu, expected %zu", esc(s, strlen(s)),
         cri_status_name(rc), n, strlen(written));
    CHECK(n == strlen(written));
}

static void test_preprocess(void)
{
    /* Leading and trailing whitespace stripped; tabs and line breaks inside removed. */
    preprocess("  http://example.com/a  ", "http://example.com/a");
    preprocess(" \t\r\n http://example.com/a\r\n\t ", "http://example.com/a");
    preprocess("http://exa\tmple.com/\na\r\nb?c\td#e\nf", "http://example.com/ab?cd#ef");
    /* Spaces inside and "<>\^`{|} are percent-encoded. */
    preprocess("  http://example.com/a b?c d#e f  ", "http://example.com/a%20b?c%20d#e%20f");
    preprocess("http://a/\"<>\\^`{|}", "http://a/%22%3C%3E%5C%5E%60%7B%7C%7D");
    preprocess("http://a/?q=\"x\"&y={1|2}", "http://a/?q=%22x%22&y=%7B1%7C2%7D");
    preprocess("http://a b/", "http://a%20b/");
    /* Controls, embedded NUL and DEL. */
    preprocess_n("http://a/\x01\x00\x7F", 12, "http://a/%01%00%7F");
    /* Non-ASCII bytes, valid UTF-8 or not. */
    preprocess("http://\xE4\xBE\x8B.jp/caff\xC3\xA8?q=t\xC3\xA8",
               "http://%E4%BE%8B.jp/caff%C3%A8?q=t%C3%A8");
    preprocess("http://a/\xFF\xC3", "http://a/%FF%C3");
    /* A % without two hex digits; valid percent-encodings stay. */
    preprocess("http://a/100%", "http://a/100%25");
    preprocess("http://a/%41%zz%4%c3%A9", "http://a/%41%25zz%254%c3%A9");
    preprocess("%", "%25");
    /* A second #. */
    preprocess("http://a/b#c#d", "http://a/b#c%23d");
    preprocess("#x#y#", "#x%23y%23");
    /* [ and ] are kept in the authority, encoded elsewhere. */
    preprocess("http://[2001:db8::1]:8080/a[0]?x[]=1#[y]",
               "http://[2001:db8::1]:8080/a%5B0%5D?x%5B%5D=1#%5By%5D");
    preprocess("//[::1]/[x]", "//[::1]/%5Bx%5D");
    preprocess("a[1]", "a%5B1%5D");
    /* A valid URI is unchanged; empty and all-whitespace give "". */
    preprocess("http://u@a:81/b;c?d=e&f#g/h?", "http://u@a:81/b;c?d=e&f#g/h?");
    preprocess("", "");
    preprocess(" \t\n ", "");

    /* Even the processed text is no URI reference: the error in the output. */
    preprocess_fails("http://[::1/", CRI_ERR_SYNTAX, 11, "http://[::1/");
    preprocess_fails("  http://[::1/ ", CRI_ERR_SYNTAX, 11, "http://[::1/");
    preprocess_fails("  http://a:99999/ ", CRI_ERR_PORT_RANGE, 9, "http://a:99999/");

    {
        char out[8];
        size_t n;
        CHECK(uri_preprocess(NULL, 1, out, sizeof out, &n, NULL) == CRI_ERR_NULL);
    }
}

/* --- uri_hostport -------------------------------------------------------------------------- */

/* <hostport> of the (IRI) reference s is `expected` (NULL: absent), pointing into s. */
static void hostport_is(const char *s, const char *expected)
{
    struct uri_parts p;
    struct uri_span out;
    int32_t rc;

    if (!split_ok(s, &p)) {
        CHECK(!"the reference splits");
        return;
    }
    out.ptr = (const char *)1;
    out.len = 12345;
    rc = uri_hostport(&p, &out);
    note("uri_hostport(\"%s\") = %s, \"%s\" (ptr %s), expected %s", esc(s, strlen(s)),
         cri_status_name(rc), out.ptr && out.len < 1000 ? esc(out.ptr, out.len) : "-",
         out.ptr ? "set" : "NULL", expected ? expected : "absent");
    if (expected == NULL)
        CHECK(rc == CRI_OK && out.ptr == NULL);
    else
        CHECK(rc == CRI_OK && span_is(out, expected, strlen(s)) && out.ptr == p.host.ptr);
}

static void test_hostport(void)
{
    /* The port equal to the scheme's default: the host alone. */
    hostport_is("http://example.com:80/", "example.com");
    hostport_is("https://example.com:443/a", "example.com");
    hostport_is("coap://[::1]:5683/", "[::1]");
    hostport_is("coaps://h:5684", "h");
    hostport_is("ws://h:80", "h");
    hostport_is("wss://h:443", "h");
    hostport_is("HTTP://h:80/", "h"); /* scheme names are case-insensitive */
    hostport_is("http://h:080/", "h"); /* the port given is 80 */
    /* No port. */
    hostport_is("http://example.com/", "example.com");
    hostport_is("http://u:pw@example.com/", "example.com");
    /* A port that differs: host:port, without userinfo. */
    hostport_is("http://example.com:8080/", "example.com:8080");
    hostport_is("https://example.com:80/", "example.com:80");
    hostport_is("http://u@h:81/", "h:81");
    hostport_is("coaps://h:5683", "h:5683");
    hostport_is("http://192.0.2.1:0/", "192.0.2.1:0");
    hostport_is("http://[::1]:8080", "[::1]:8080");
    hostport_is("http://\xE4\xBE\x8B.jp:8080/\xE7\x94\xBB", "\xE4\xBE\x8B.jp:8080");
    /* A scheme without a known default keeps its port. */
    hostport_is("foo://example.com:80/", "example.com:80");
    hostport_is("x-unknown://h:1", "h:1");
    /* No scheme: "if there is a scheme component": the host alone. */
    hostport_is("//h:8080/p", "h");
    /* No authority: absent; an empty host is present and empty. */
    hostport_is("mailto:a@b", NULL);
    hostport_is("/a/b", NULL);
    hostport_is("", NULL);
    hostport_is("file:///etc", "");

    /* Arguments. */
    {
        struct uri_parts p;
        struct uri_span out;
        static const char text[] = "81 h"; /* the port before the host */
        CHECK(split_ok("http://h:81/", &p));
        CHECK(uri_hostport(NULL, &out) == CRI_ERR_NULL);
        CHECK(uri_hostport(&p, NULL) == CRI_ERR_NULL);
        /* A port that does not follow the host in memory. */
        memset(&p, 0, sizeof p);
        p.scheme.ptr = "foo";
        p.scheme.len = 3;
        p.host.ptr = text + 3;
        p.host.len = 1;
        p.port.ptr = text;
        p.port.len = 2;
        p.path.ptr = "";
        p.host_kind = URI_HOST_REG_NAME;
        p.port_number = 81;
        p.zone_id.ptr = NULL;
        note("uri_hostport(host and port in different strings)");
        CHECK(uri_hostport(&p, &out) == CRI_ERR_PARTS);
        /* A port after the host but not right after its ':' (RFC 3986 §3.2: host ":" port):
         * the span would cover bytes of neither. Nothing is written on an error. */
        {
            static const char far[] = "h:xxxx81";
            p.host.ptr = far;
            p.port.ptr = far + 6;
            out.ptr = NULL;
            out.len = 12345;
            note("uri_hostport(port not right after \"host:\")");
            CHECK(uri_hostport(&p, &out) == CRI_ERR_PARTS && out.ptr == NULL && out.len == 12345);
            p.port.ptr = far + 1; /* over the ':' itself */
            CHECK(uri_hostport(&p, &out) == CRI_ERR_PARTS && out.len == 12345);
            p.port.ptr = far + 2; /* "h:" then the port: well formed */
            CHECK(uri_hostport(&p, &out) == CRI_OK && out.ptr == far && out.len == 4);
        }
    }
}

/* --- uri_host_specific --------------------------------------------------------------------- */

/* <host-specific> of s is s from byte `from` to its end. */
static void host_specific_is(const char *s, size_t from)
{
    size_t len = strlen(s), off = 12345;
    struct uri_span out = {(const char *)1, 12345};
    const char *in = (const char *)padded(slot_a, s, len);
    int32_t rc = uri_host_specific(in, len, &out, &off);
    note("uri_host_specific(\"%s\") = %s, \"%s\", expected \"%s\"", esc(s, len),
         cri_status_name(rc), out.ptr && out.len < 1000 ? esc(out.ptr, out.len) : "NULL",
         esc(s + from, len - from));
    CHECK(rc == CRI_OK && out.ptr == in + from && out.len == len - from);
    out.ptr = NULL;
    rc = uri_host_specific(in, len, &out, NULL);
    note("uri_host_specific(\"%s\"), error_offset NULL = %s", esc(s, len), cri_status_name(rc));
    CHECK(rc == CRI_OK && out.ptr == in + from && out.len == len - from);
}

static void host_specific_fails(const char *s, size_t len, int32_t status, size_t offset)
{
    size_t off = 12345;
    struct uri_span out = {NULL, 0};
    const char *in = (const char *)padded(slot_a, s, len);
    int32_t rc = uri_host_specific(in, len, &out, &off);
    note("uri_host_specific(\"%s\") = %s at %zu; expected %s at %zu", esc(s, len),
         cri_status_name(rc), off, cri_status_name(status), offset);
    CHECK(rc == status && off == offset);
    CHECK(uri_host_specific(in, len, &out, NULL) == status);
}

static void test_host_specific(void)
{
    /* After the authority. */
    host_specific_is("http://example.com/a?b#c", 18);
    host_specific_is("http://u@example.com:8080/p", 25);
    host_specific_is("http://example.com", 18); /* present and empty */
    host_specific_is("http://h?q", 8);
    host_specific_is("http://h#f", 8);
    host_specific_is("//h/p", 3);
    host_specific_is("file:///etc/hosts", 7);
    host_specific_is("http://[::1]:80/x", 15);
    host_specific_is("http://\xE4\xBE\x8B.jp/\xE7\x94\xBB?q=t\xC3\xA8#\xC3\xA4", 13);
    /* No authority: the whole string. */
    host_specific_is("mailto:a@example.com", 0);
    host_specific_is("urn:isbn:0451450523", 0);
    host_specific_is("a/b?c", 0);
    host_specific_is("/\xE8\xB7\xAF?x", 0);
    host_specific_is("", 0);

    /* (pointer, length): the junk is not part of it. */
    {
        static const char raw[10] = {'h', 't', 't', 'p', ':', '/', '/', 'h', '/', 'p'};
        struct uri_span out = {NULL, 0};
        const char *in = (const char *)padded(slot_a, raw, sizeof raw);
        CHECK(uri_host_specific(in, sizeof raw, &out, NULL) == CRI_OK && out.ptr == in + 8 &&
              out.len == 2);
    }

    /* Errors: validated as an IRI reference. */
    host_specific_fails("http://a b/", 11, CRI_ERR_SYNTAX, 8);
    host_specific_fails("http://a/%zz", 12, CRI_ERR_PERCENT, 10);
    host_specific_fails("http://a:99999/", 15, CRI_ERR_PORT_RANGE, 9);
    host_specific_fails("http://a/\xFF", 10, CRI_ERR_SYNTAX, 9);
    host_specific_fails("http://a/\xC3", 10, CRI_ERR_SYNTAX, 9);
    host_specific_fails("http://a/\xEE\x80\x80", 12, CRI_ERR_SYNTAX, 9);
    {
        struct uri_span out;
        CHECK(uri_host_specific(NULL, 3, &out, NULL) == CRI_ERR_NULL);
        CHECK(uri_host_specific("a", 1, NULL, NULL) == CRI_ERR_NULL);
    }
}

/* --- cri_from_iri, cri_to_iri ------------------------------------------------------------ */

static void from_iri_fails(const char *iri, int32_t status, size_t offset)
{
    struct call c = {FROM_IRI, iri, strlen(iri), NULL, 0, 0};
    expect_fail(&c, status, offset);
}

static void test_cri(void)
{
    /* https://例子.测试/路径 = [-4, ["例子", "测试"], ["路径"]]: https is scheme number 3,
     * scheme-id -1 - 3 = -4 (0x23); each label and segment a 6-byte text (0x66). */
    struct blob ex = H("83 23 82 66 E4BE8B E5AD90 66 E6B58B E8AF95 81 66 E8B7AF E5BE84");
    static const char ex_iri[] =
        "https://\xE4\xBE\x8B\xE5\xAD\x90.\xE6\xB5\x8B\xE8\xAF\x95/\xE8\xB7\xAF\xE5\xBE\x84";
    static const char ex_uri[] = "https://%E4%BE%8B%E5%AD%90.%E6%B5%8B%E8%AF%95/%E8%B7%AF%E5%BE%84";

    from_iri(ex_iri, ex);
    cri_iri(ex, ex_iri);
    cri_uri(ex, ex_uri);
    from_uri(ex_uri, ex); /* draft §6: IRI -> URI -> CRI gives the same CRI */
    /* In tag 99 (D8 63). */
    cri_iri(H("D8 63 83 23 82 66 E4BE8B E5AD90 66 E6B58B E8AF95 81 66 E8B7AF E5BE84"), ex_iri);

    /* caffè, tè: [-3, ["example", "com"], ["caffè"], ["q=tè"]] (http is number 2). */
    {
        struct blob c = H("84 22 82 67'example' 63'com' 81 66'caff'C3A8 81 65'q=t'C3A8");
        from_iri("http://example.com/caff\xC3\xA8?q=t\xC3\xA8", c);
        from_uri("http://example.com/caff%C3%A8?q=t%C3%A8", c);
        cri_iri(c, "http://example.com/caff\xC3\xA8?q=t\xC3\xA8");
        cri_uri(c, "http://example.com/caff%C3%A8?q=t%C3%A8");
    }
    /* A percent-encoded character in an IRI is the same CRI text. */
    from_iri("http://a/%C3%A9", H("83 22 81 61'a' 81 62 C3A9"));
    from_iri("http://a/\xC3\xA9", H("83 22 81 61'a' 81 62 C3A9"));
    /* A relative reference: [true, ["路径"]] (discard-all: an absolute path). */
    from_iri("/\xE8\xB7\xAF\xE5\xBE\x84", H("82 F5 81 66 E8B7AF E5BE84"));
    cri_iri(H("82 F5 81 66 E8B7AF E5BE84"), "/\xE8\xB7\xAF\xE5\xBE\x84");
    /* iprivate: text in the query stays a character in the IRI, in the path and the
     * fragment it is percent-encoded. [-3, ["a"], ["\uE000"], ["\uE000"], "\uE000"] */
    {
        struct blob c = H("85 22 81 61'a' 81 63 EE8080 81 63 EE8080 63 EE8080");
        cri_iri(c, "http://a/%EE%80%80?\xEE\x80\x80#%EE%80%80");
        cri_uri(c, "http://a/%EE%80%80?%EE%80%80#%EE%80%80");
        from_iri("http://a/?\xEE\x80\x80", H("84 22 81 61'a' 81 60 81 63 EE8080"));
    }
    /* Bidi formatting characters (§4.1), non-ucschar and C1 controls are encoded. */
    cri_iri(H("83 22 81 61'a' 81 63 E280AE"), "http://a/%E2%80%AE");           /* U+202E */
    cri_iri(H("83 22 81 61'a' 81 63 E2808E"), "http://a/%E2%80%8E");           /* U+200E */
    cri_iri(H("83 22 81 61'a' 81 63 EFBFBF"), "http://a/%EF%BF%BF");           /* U+FFFF */
    cri_iri(H("83 22 81 61'a' 81 63 EFB790"), "http://a/%EF%B7%90");           /* U+FDD0 */
    cri_iri(H("83 22 81 61'a' 81 64 F09FBFBE"), "http://a/%F0%9F%BF%BE");      /* U+1FFFE */
    cri_iri(H("83 22 81 61'a' 81 62 C280"), "http://a/%C2%80");                /* U+0080 */
    cri_iri(H("84 22 81 61'a' 81 60 81 63 EFBFBF"), "http://a/?%EF%BF%BF");     /* query too */
    /* ASCII that cannot stand in the component is encoded as for cri_to_uri. */
    cri_iri(H("83 22 81 61'a' 81 65'a/a%a'"), "http://a/a%2Fa%25a");
    cri_iri(H("83 22 81 61'a' 81 63'a b'"), "http://a/a%20b");
    /* PET bytes are percent-encoded, even non-UTF-8 ones; the text around them is not. */
    cri_iri(H("83 22 81 61'a' 81 83 62 C3A9 41 3B 62 C3A9"), "http://a/\xC3\xA9%3B\xC3\xA9");
    cri_iri(H("83 22 81 61'a' 81 82 61'a' 41 FF"), "http://a/a%FF");
    cri_uri(H("83 22 81 61'a' 81 82 61'a' 41 FF"), "http://a/a%FF");

    /* Round trips IRI -> CRI -> IRI. */
    {
        static const char *const iris[] = {
            ex_iri,
            "http://example.com/caff\xC3\xA8?q=t\xC3\xA8",
            "coap://\xE4\xBE\x8B.jp:61616/\xE7\x94\xBB/x?a=\xC3\xBC&\xEE\x80\x80#\xC3\xB6",
            "http://a/\xF0\x9F\x98\x80",
        };
        for (size_t i = 0; i < sizeof iris / sizeof iris[0]; i++) {
            uint8_t cbor[256];
            char back[256];
            size_t n = 0, m = 0;
            struct cri_error_info err;
            int32_t r1 = cri_from_iri(iris[i], strlen(iris[i]), cbor, sizeof cbor, &n, &err);
            int32_t r2 = r1 == CRI_OK ? cri_to_iri(cbor, n, 0, back, sizeof back, &m, &err)
                                      : -1000;
            note("\"%s\" -> %s %s -> %s \"%s\"", esc(iris[i], strlen(iris[i])),
                 cri_status_name(r1), hexs(cbor, r1 == CRI_OK ? n : 0), cri_status_name(r2),
                 r2 == CRI_OK ? esc(back, m) : "-");
            CHECK(r1 == CRI_OK && r2 == CRI_OK && m == strlen(iris[i]) &&
                  memcmp(back, iris[i], m) == 0);
        }
    }

    /* cri_from_iri errors: CRI_ERR_SYNTAX at the first bad byte. */
    from_iri_fails("https://\xE4\xBE\x8B/\xFF", CRI_ERR_SYNTAX, 12);
    from_iri_fails("https://\xE4\xBE\x8B/\xC3", CRI_ERR_SYNTAX, 12);
    from_iri_fails("https://\xE4\xBE\x8B/\xC0\xAF", CRI_ERR_SYNTAX, 12);
    from_iri_fails("https://\xE4\xBE\x8B/\xED\xA0\x80", CRI_ERR_SYNTAX, 12);
    from_iri_fails("https://\xE4\xBE\x8B/\xF4\x90\x80\x80", CRI_ERR_SYNTAX, 12);
    from_iri_fails("https://\xE4\xBE\x8B/\xEF\xBF\xBF", CRI_ERR_SYNTAX, 12);   /* U+FFFF */
    from_iri_fails("https://\xE4\xBE\x8B/\xEF\xB7\x90", CRI_ERR_SYNTAX, 12);   /* U+FDD0 */
    from_iri_fails("https://\xE4\xBE\x8B/\xF0\x9F\xBF\xBE", CRI_ERR_SYNTAX, 12); /* U+1FFFE */
    from_iri_fails("https://\xE4\xBE\x8B/\xEE\x80\x80", CRI_ERR_SYNTAX, 12);   /* iprivate */
    from_iri_fails("https://\xEE\x80\x80/", CRI_ERR_SYNTAX, 8);
    from_iri_fails("https://a/ b", CRI_ERR_SYNTAX, 10);
    from_iri_fails("https://a/%zz", CRI_ERR_PERCENT, 11);
    from_iri_fails("https://a:65536/\xC3\xA9", CRI_ERR_PORT_RANGE, 10);
    {
        struct call c = {FROM_IRI, "http://[v1.x]/\xC3\xA9", 16, NULL, 0, 0};
        expect_fail_r(&c, CRI_ERR_UNCONVERTIBLE, ANY, CRI_UNCONVERTIBLE_IPVFUTURE);
    }

    /* cri_to_iri errors. */
    {
        struct blob bad = H("83 22 81 61'a' 81 61 FF"); /* a text that is not UTF-8 */
        struct blob trailing = H("83 22 81 61'a' 81 61'b' 00");
        struct call c1 = {TO_IRI, bad.b, bad.n, NULL, 0, 0};
        struct call c2 = {TO_IRI, trailing.b, trailing.n, NULL, 0, 0};
        struct call c3 = {TO_IRI, ex.b, ex.n, NULL, 0, 0x80};
        char out[8];
        size_t n;
        expect_fail_r(&c1, CRI_ERR_UNPROCESSABLE, 6, CRI_REASON_INVALID_UTF8);
        expect_fail_r(&c2, CRI_ERR_UNPROCESSABLE, 8, CRI_REASON_TRAILING_BYTES);
        expect_fail(&c3, CRI_ERR_ARGUMENT, ANY);
        CHECK(cri_to_iri(NULL, 1, 0, (char *)out, sizeof out, &n, NULL) == CRI_ERR_NULL);
        CHECK(cri_from_iri(NULL, 1, (uint8_t *)out, sizeof out, &n, NULL) == CRI_ERR_NULL);
    }
}

int main(void)
{
    test_split_iri();
    test_iri_to_uri();
    test_uri_to_iri();
    test_round_trips();
    test_iri_resolve();
    test_preprocess();
    test_hostport();
    test_host_specific();
    test_cri();

    return summary();
}
