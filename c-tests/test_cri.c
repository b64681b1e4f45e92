/*
 * test_cri.c: the CRI functions of cri.h (draft-ietf-core-href-27): cri_validate,
 * cri_from_uri, cri_to_uri, cri_resolve, cri_to_edn, cri_scheme_number, cri_scheme_name.
 *
 * Expected values come from the draft text and its examples (§2.2 discard table, §2.3
 * constraints, §5.1 interchange rules, §5.1.3 examples, §5.2 ingesting, §5.3 resolution,
 * §6.1 CRI to URI, §7 percent-encoding, §7.2 PET, the scheme numbers of §8.1 and Appendix
 * B), from the core-wg/href test vectors and from the C ABI rules of
 * docs/DESIGN.md and cri.h, never from running the library. CBOR is written by hand: a hex
 * string where 'text' stands for the ASCII bytes of text (the head byte is written out).
 *
 * Every call copies its inputs into a buffer followed by junk ('a' bytes), so a function
 * that reads past `len` sees a different input; every output buffer is filled with a
 * guard pattern so a write at or past `cap` shows.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cri.h"

#include "check.h"

#include "cbor_text.h"

/* --- calls with junk after the input ---------------------------------------------------- */

#define JUNK_LEN 32
/* Sizes and loop counts a board with little RAM or a slow core overrides (-D, see
 * scripts/target-test.sh): the longest input, the output buffers, the random inputs. */
#ifndef MAX_IN
#define MAX_IN 200000
#endif

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
    memset(slot + n, 'a', JUNK_LEN);
    return slot;
}

enum kind { FROM_URI, TO_URI, RESOLVE, TO_EDN };

static const char *kind_name[] = {"cri_from_uri", "cri_to_uri", "cri_resolve", "cri_to_edn"};

/* One call of an output function: a is the URI (FROM_URI), the CRI, or the base (RESOLVE);
 * b is the reference for RESOLVE. */
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
    return k == TO_URI || k == TO_EDN;
}

static int32_t run(const struct call *c, void *out, size_t cap, size_t *out_len,
                   struct cri_error_info *err)
{
    const uint8_t *a = padded(slot_a, c->a, c->a_len);
    const uint8_t *b = padded(slot_b, c->b, c->b_len);
    switch (c->kind) {
    case FROM_URI:
        return cri_from_uri((const char *)a, c->a_len, out, cap, out_len, err);
    case TO_URI:
        return cri_to_uri(a, c->a_len, c->flags, out, cap, out_len, err);
    case RESOLVE:
        return cri_resolve(a, c->a_len, b, c->b_len, out, cap, out_len, err);
    case TO_EDN:
        return cri_to_edn(a, c->a_len, out, cap, out_len, err);
    }
    return -1000;
}

static const char *describe(const struct call *c)
{
    static char d[400];
    if (c->kind == FROM_URI)
        snprintf(d, sizeof d, "cri_from_uri(\"%.*s\")", (int)c->a_len, (const char *)c->a);
    else if (c->kind == RESOLVE)
        snprintf(d, sizeof d, "cri_resolve(base %s, ref %s)", hexs(c->a, c->a_len),
                 hexs(c->b, c->b_len));
    else
        snprintf(d, sizeof d, "%s(%s, flags %u)", kind_name[c->kind], hexs(c->a, c->a_len),
                 (unsigned)c->flags);
    return d;
}

/* --- the buffer contract ---------------------------------------------------------------- */

#ifndef BUF_SIZE
#define BUF_SIZE 4096
#endif
#include "buffer.h"

/* run as buffer.h's out_call: `detail` 0 passes err NULL. */
static int32_t run_out(const void *c, void *out, size_t cap, size_t *out_len, int detail)
{
    struct cri_error_info err;
    return run(c, out, cap, out_len, detail ? &err : NULL);
}

/* c produces `expected` (need bytes) and keeps the buffer contract (buffer.h). */
static void expect_out(const struct call *c, const void *expected, size_t need)
{
    expect_output(describe(c), run_out, c, is_text(c->kind), expected, need);
}

/* The failure `status` with err->reason one of r1, r2 (r2 0: only r1) and, unless
 * offset is ANY, err->offset == offset; the same status with err NULL. */
#define ANY ((size_t)-1)

static void expect_fail2(const struct call *c, int32_t status, int32_t r1, int32_t r2,
                         size_t offset)
{
    struct cri_error_info err;
    size_t n = 0;
    int32_t rc;

    memset(obuf, GUARD, BUF_SIZE);
    err.offset = 12345;
    err.reason = -77;
    rc = run(c, obuf, BUF_SIZE - GUARD_BYTES, &n, &err);
    note("%s = %s (reason %d, offset %zu)%s%s; expected %s reason %d (or %d) offset %ld",
         describe(c), cri_status_name(rc), (int)err.reason, err.offset,
         rc == CRI_OK ? ", output " : "",
         rc == CRI_OK ? shown_output(obuf, n, is_text(c->kind)) : "",
         cri_status_name(status), (int)r1, (int)r2, offset == ANY ? -1L : (long)offset);
    CHECK(rc == status && (err.reason == r1 || (r2 != 0 && err.reason == r2)) &&
          (offset == ANY || err.offset == offset));
    rc = run(c, obuf, BUF_SIZE - GUARD_BYTES, &n, NULL);
    note("%s with err NULL = %s", describe(c), cri_status_name(rc));
    CHECK(rc == status);
}

static void expect_fail(const struct call *c, int32_t status, int32_t reason, size_t offset)
{
    expect_fail2(c, status, reason, 0, offset);
}

/* Shorthands. */
static void from_uri_is(const char *uri, struct blob cri)
{
    struct call c = {FROM_URI, uri, strlen(uri), NULL, 0, 0};
    expect_out(&c, cri.b, cri.n);
}

static void from_uri_fails(const char *uri, int32_t status, int32_t reason, size_t offset)
{
    struct call c = {FROM_URI, uri, strlen(uri), NULL, 0, 0};
    expect_fail(&c, status, reason, offset);
}

static void to_uri_flags_is(struct blob cri, uint32_t flags, const char *uri)
{
    struct call c = {TO_URI, cri.b, cri.n, NULL, 0, flags};
    expect_out(&c, uri, strlen(uri));
}

static void to_uri_is(struct blob cri, const char *uri)
{
    to_uri_flags_is(cri, 0, uri);
}

static void to_uri_fails(struct blob cri, uint32_t flags, int32_t status, int32_t reason)
{
    struct call c = {TO_URI, cri.b, cri.n, NULL, 0, flags};
    expect_fail(&c, status, reason, ANY);
}

static void edn_is(struct blob cri, const char *edn)
{
    struct call c = {TO_EDN, cri.b, cri.n, NULL, 0, 0};
    expect_out(&c, edn, strlen(edn));
}

static void resolve_is(struct blob base, struct blob ref, struct blob result)
{
    struct call c = {RESOLVE, base.b, base.n, ref.b, ref.n, 0};
    expect_out(&c, result.b, result.n);
}

static void resolve_fails(struct blob base, struct blob ref, int32_t status, int32_t reason,
                          size_t offset)
{
    struct call c = {RESOLVE, base.b, base.n, ref.b, ref.n, 0};
    expect_fail(&c, status, reason, offset);
}

/* cri_validate(cri, flags) with junk after it, err prefilled. */
static int32_t validate(const void *p, size_t n, uint32_t flags, struct cri_error_info *err)
{
    if (err) {
        err->offset = 12345;
        err->reason = -77;
    }
    return cri_validate(padded(slot_a, p, n), n, flags, err);
}

static void valid(struct blob cri, uint32_t flags)
{
    struct cri_error_info err;
    int32_t rc = validate(cri.b, cri.n, flags, &err);
    note("cri_validate(%s, %u) = %s (reason %d, offset %zu)", hexs(cri.b, cri.n),
         (unsigned)flags, cri_status_name(rc), (int)err.reason, err.offset);
    CHECK(rc == CRI_OK);
    note("cri_validate(%s, %u) err NULL", hexs(cri.b, cri.n), (unsigned)flags);
    CHECK(validate(cri.b, cri.n, flags, NULL) == CRI_OK);
}

/*
 * cri_validate rejects (p, n) as unprocessable with reason r1 (or r2 if nonzero) at
 * `offset` (ANY: not checked); cri_to_uri, cri_to_edn and cri_resolve (as reference) agree
 * that it is unprocessable.
 */
static void invalid2(const void *p, size_t n, uint32_t flags, int32_t r1, int32_t r2,
                     size_t offset)
{
    struct cri_error_info err;
    int32_t rc = validate(p, n, flags, &err);
    note("cri_validate(%s, %u) = %s (reason %d, offset %zu); expected reason %d (or %d) "
         "offset %ld",
         hexs(p, n), (unsigned)flags, cri_status_name(rc), (int)err.reason, err.offset, (int)r1,
         (int)r2, offset == ANY ? -1L : (long)offset);
    CHECK(rc == CRI_ERR_UNPROCESSABLE && (err.reason == r1 || (r2 && err.reason == r2)) &&
          (offset == ANY || err.offset == offset));
    rc = validate(p, n, flags, NULL);
    note("cri_validate(%s) err NULL = %s", hexs(p, n), cri_status_name(rc));
    CHECK(rc == CRI_ERR_UNPROCESSABLE);

    if (flags == 0) {
        struct blob b = H("85 21 82 63'foo' 19 1267 82 62'pa' 62'th' 81 65'query' 64'frag'");
        struct call c1 = {TO_URI, p, n, NULL, 0, 0};
        struct call c2 = {TO_EDN, p, n, NULL, 0, 0};
        struct call c3 = {RESOLVE, b.b, b.n, p, n, 0};
        expect_fail2(&c1, CRI_ERR_UNPROCESSABLE, r1, r2, offset);
        expect_fail2(&c2, CRI_ERR_UNPROCESSABLE, r1, r2, offset);
        expect_fail2(&c3, CRI_ERR_UNPROCESSABLE, r1, r2, offset);
    }
}

static void invalid(struct blob cri, int32_t reason, size_t offset)
{
    invalid2(cri.b, cri.n, 0, reason, 0, offset);
}

static void invalid_b(struct blob cri, uint32_t flags, int32_t r1, int32_t r2, size_t offset)
{
    invalid2(cri.b, cri.n, flags, r1, r2, offset);
}

/* --- the draft's examples ---------------------------------------------------------------- */

/* Figure 2: CRI for coap://198.51.100.1:61616/.well-known/core */
static const uint8_t EX1[] = {
    0x83,                                                             /* array(3) */
    0x20,                                                             /* -1: coap */
    0x82, 0x44, 0xC6, 0x33, 0x64, 0x01,                               /* [h'C6336401', */
    0x19, 0xF0, 0xB0,                                                 /*  61616] */
    0x82, 0x6B, 0x2E, 0x77, 0x65, 0x6C, 0x6C, 0x2D, 0x6B, 0x6E, 0x6F, /* [".well-known", */
    0x77, 0x6E, 0x64, 0x63, 0x6F, 0x72, 0x65};                        /*  "core"] */
/* Figure 3: CRI reference for /.well-known/core?rt=temperature-c */
static const uint8_t EX2[] = {
    0x83,                                                             /* array(3) */
    0xF5,                                                             /* true */
    0x82, 0x6B, 0x2E, 0x77, 0x65, 0x6C, 0x6C, 0x2D, 0x6B, 0x6E, 0x6F, /* [".well-known", */
    0x77, 0x6E, 0x64, 0x63, 0x6F, 0x72, 0x65,                         /*  "core"] */
    0x81, 0x70, 0x72, 0x74, 0x3D, 0x74, 0x65, 0x6D, 0x70, 0x65, 0x72, /* ["rt=temper */
    0x61, 0x74, 0x75, 0x72, 0x65, 0x2D, 0x63};                        /*  ature-c"] */
/* Figure 4: CRI for did:web:alice:bob */
static const uint8_t EX3[] = {
    0x83, 0x25, 0xF5,                                     /* [-6, true, */
    0x81, 0x6D, 0x77, 0x65, 0x62, 0x3A, 0x61, 0x6C, 0x69, /* ["web:ali */
    0x63, 0x65, 0x3A, 0x62, 0x6F, 0x62};                  /*  ce:bob"]] */
/* §7.2: [-6, true, [["web:alice:7", h'3A', "1-balun"]]] */
static const uint8_t PET[] = {
    0x83, 0x25, 0xF5, 0x81,                                     /* [-6, true, [ */
    0x83,                                                       /* [ */
    0x6B, 0x77, 0x65, 0x62, 0x3A, 0x61, 0x6C, 0x69, 0x63, 0x65, /* "web:alice */
    0x3A, 0x37,                                                 /*  :7", */
    0x41, 0x3A,                                                 /* h'3A', */
    0x67, 0x31, 0x2D, 0x62, 0x61, 0x6C, 0x75, 0x6E};            /* "1-balun"]]] */

static struct blob B(const uint8_t *p, size_t n)
{
    struct blob r;
    memcpy(r.b, p, n);
    r.n = n;
    return r;
}

#define BASE_HEX "85 21 82 63'foo' 19 1267 82 62'pa' 62'th' 81 65'query' 64'frag'"

static void test_draft_examples(void)
{
    struct blob ex1 = B(EX1, sizeof EX1), ex2 = B(EX2, sizeof EX2), ex3 = B(EX3, sizeof EX3);
    struct blob pet = B(PET, sizeof PET);

    /* The hand-written arrays agree with the 'text' notation. */
    {
        struct blob same = H("83 20 82 44 C6336401 19F0B0 82 6B'.well-known' 64'core'");
        CHECK(same.n == sizeof EX1 && memcmp(EX1, same.b, sizeof EX1) == 0);
    }

    valid(ex1, 0);
    valid(ex1, CRI_VALIDATE_FULL);
    from_uri_is("coap://198.51.100.1:61616/.well-known/core", ex1);
    to_uri_is(ex1, "coap://198.51.100.1:61616/.well-known/core");
    edn_is(ex1, "[-1, [h'C6336401', 61616], [\".well-known\", \"core\"]]");

    valid(ex2, 0);
    from_uri_is("/.well-known/core?rt=temperature-c", ex2);
    to_uri_is(ex2, "/.well-known/core?rt=temperature-c");
    edn_is(ex2, "[true, [\".well-known\", \"core\"], [\"rt=temperature-c\"]]");

    valid(ex3, CRI_VALIDATE_FULL);
    from_uri_is("did:web:alice:bob", ex3);
    to_uri_is(ex3, "did:web:alice:bob");
    edn_is(ex3, "[-6, true, [\"web:alice:bob\"]]");

    /* §2.2 table: URI reference equivalents of discard values. */
    to_uri_is(H("82 01 81 61'a'"), "a");
    to_uri_is(H("82 01 81 69'this:that'"), "./this:that");
    to_uri_is(H("82 01 82 61'a' 61'b'"), "a/b");
    to_uri_is(H("82 02 81 61'a'"), "../a");
    to_uri_is(H("82 03 81 61'a'"), "../../a");
    to_uri_is(H("82 F5 81 61'a'"), "/a");
    to_uri_fails(H("82 00 81 61'a'"), 0, CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_DISCARD_ZERO);
    from_uri_is("a", H("82 01 81 61'a'"));
    from_uri_is("./this:that", H("82 01 81 69'this:that'"));
    from_uri_is("a/b", H("82 01 82 61'a' 61'b'"));
    from_uri_is("../a", H("82 02 81 61'a'"));
    from_uri_is("../../a", H("82 03 81 61'a'"));
    from_uri_is("/a", H("82 F5 81 61'a'"));
    valid(H("82 00 81 61'a'"), 0); /* [0, ["a"]] is a valid reference (§2.3) */

    /* §7: percent-encoding of the path delimiter. */
    from_uri_is("https://alice/3%2f4-inch", H("83 23 81 65'alice' 81 68'3/4-inch'"));
    to_uri_is(H("83 23 81 65'alice' 81 68'3/4-inch'"), "https://alice/3%2F4-inch");

    /* §7.2 PET. */
    valid(pet, CRI_VALIDATE_FULL);
    from_uri_is("did:web:alice:7%3A1-balun", pet);
    to_uri_is(pet, "did:web:alice:7%3A1-balun");
    edn_is(pet, "[-6, true, [[\"web:alice:7\", h'3A', \"1-balun\"]]]");
    /* [-6, true, [["web:alice:", '7:', "1-balun"]]] and
     * [-6, true, [["web:alice:7", ':1', "-balun"]]] are not minimal. */
    invalid_b(H("83 25 F5 81 83 6A'web:alice:' 42'7:' 67'1-balun'"), 0,
              CRI_REASON_PET_NOT_MINIMAL, 0, ANY);
    invalid_b(H("83 25 F5 81 83 6B'web:alice:7' 42':1' 66'-balun'"), 0,
              CRI_REASON_PET_NOT_MINIMAL, 0, ANY);

    /* §2.3 naked rootless: ["a", true, []] (also without the empty path); ["a", true, []]
     * also carries a trailing default path (§5.1), so either reason fits. */
    invalid_b(H("83 61'a' F5 80"), 0, CRI_REASON_NAKED_ROOTLESS, CRI_REASON_TRAILING_DEFAULT,
              ANY);
    invalid(H("82 61'a' F5"), CRI_REASON_NAKED_ROOTLESS, ANY);
    /* §2.3 leading empty segment without authority: ["a", null, ["", "b"]]. */
    invalid(H("83 61'a' F6 82 60 61'b'"), CRI_REASON_LEADING_EMPTY_SEGMENT, ANY);

    /* The resolution base of the test vectors, in the 'text' notation. */
    valid(H(BASE_HEX), CRI_VALIDATE_FULL);
    edn_is(H(BASE_HEX), "[-2, [\"foo\", 4711], [\"pa\", \"th\"], [\"query\"], \"frag\"]");
}

/* --- more URI <-> CRI conversions (core-wg/href tests.csv) ------------------------------- */

static void test_conversions(void)
{
    /* Relative references. */
    from_uri_is("//a", H("82 F6 81 61'a'"));
    to_uri_is(H("82 F6 81 61'a'"), "//a");
    from_uri_is("?a", H("83 00 F6 81 61'a'"));
    to_uri_is(H("83 00 F6 81 61'a'"), "?a");
    from_uri_is("#a", H("84 00 F6 F6 61'a'"));
    to_uri_is(H("84 00 F6 F6 61'a'"), "#a");
    from_uri_is("/a?b#c", H("84 F5 81 61'a' 81 61'b' 61'c'"));
    from_uri_is("./foo:bar", H("82 01 81 67'foo:bar'"));
    to_uri_is(H("82 01 81 67'foo:bar'"), "./foo:bar");
    /* "" is [] (§5.2 special case) and back. */
    from_uri_is("", H("80"));
    to_uri_is(H("80"), "");
    edn_is(H("80"), "[]");
    edn_is(H("83 00 F6 81 61'a'"), "[0, null, [\"a\"]]");

    /* scheme-name, no-authority, userinfo, IPv4. */
    from_uri_is("a:b", H("83 61'a' F5 81 61'b'"));
    to_uri_is(H("83 61'a' F5 81 61'b'"), "a:b");
    from_uri_is("a://b", H("82 61'a' 81 61'b'"));
    to_uri_is(H("82 61'a' 81 61'b'"), "a://b");
    from_uri_is("a:/b", H("83 61'a' F6 81 61'b'"));
    to_uri_is(H("83 61'a' F6 81 61'b'"), "a:/b");
    from_uri_is("//192.168.0.97:25186/c", H("83 F6 82 44 C0A80061 19 6262 81 61'c'"));
    to_uri_is(H("83 F6 82 44 C0A80061 19 6262 81 61'c'"), "//192.168.0.97:25186/c");
    from_uri_is("//alice%40example.com@example.com",
                H("82 F6 84 F4 71'alice@example.com' 67'example' 63'com'"));
    to_uri_is(H("82 F6 84 F4 71'alice@example.com' 67'example' 63'com'"),
              "//alice%40example.com@example.com");
    edn_is(H("82 F6 84 F4 71'alice@example.com' 67'example' 63'com'"),
           "[null, [false, \"alice@example.com\", \"example\", \"com\"]]");
    from_uri_is("/a%2Fa%25a", H("82 F5 81 65'a/a%a'"));
    to_uri_is(H("82 F5 81 65'a/a%a'"), "/a%2Fa%25a");
    from_uri_is("/?a%26a", H("83 F5 81 60 81 63'a&a'"));
    to_uri_is(H("83 F5 81 60 81 63'a&a'"), "/?a%26a");
    /* Host names split on dots. */
    from_uri_is("coap://example.com/a", H("83 20 82 67'example' 63'com' 81 61'a'"));
    to_uri_is(H("83 20 82 67'example' 63'com' 81 61'a'"), "coap://example.com/a");
    /* Normalization: scheme and host lowercase, default port and dot-segments removed. */
    from_uri_is("COAP://EXAMPLE.com:5683/b/../c", H("83 20 82 67'example' 63'com' 81 61'c'"));
    from_uri_is("HTTP://a:80/", H("83 22 81 61'a' 81 60"));
    from_uri_is("http://a", H("82 22 81 61'a'"));
    /* Zone ids (RFC 6874 form in the URI). */
    from_uri_is("http://[fe80::1%25eth0]/",
                H("83 22 82 50 FE800000000000000000000000000001 64'eth0' 81 60"));
    from_uri_is("//[fe80::a%25en1]", H("82 F6 82 50 FE80000000000000000000000000000A 63'en1'"));
    /* IPv6 in RFC 5952 form. */
    to_uri_is(H("82 22 81 50 20010DB8000000000000000000000001"), "http://[2001:db8::1]");
    from_uri_is("http://[2001:DB8:0::1]", H("82 22 81 50 20010DB8000000000000000000000001"));
    /* Tag 99 around a CRI is accepted by cri_to_uri. */
    to_uri_is(H("D8 63 82 01 81 61'a'"), "a");

    /* Query and fragment. */
    to_uri_is(H("83 00 F6 82 61'a' 61'b'"), "?a&b");
    to_uri_is(H("84 00 F6 F6 61'/'"), "#/");
    to_uri_is(H("84 00 F6 F6 62'[]'"), "#%5B%5D");
    to_uri_is(H("84 00 F6 F6 81 41 2F"), "#%2F");
}

/* --- cri_from_uri and cri_to_uri errors ---------------------------------------------------- */

static void test_conversion_errors(void)
{
    struct blob zone = H("83 22 82 50 FE800000000000000000000000000001 64'eth0' 81 60");
    uint8_t buf[64];
    char text[64];
    size_t n = 0;
    struct cri_error_info err;

    from_uri_fails("http://[v1.x]/", CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_IPVFUTURE, ANY);
    from_uri_fails("http://a:/", CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_EMPTY_PORT, ANY);
    from_uri_fails("http://a:080/", CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_PORT_LEADING_ZERO,
                   ANY);
    from_uri_fails("http://[fe80::1%25%FF]/", CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_ZONE_ID,
                   ANY);
    /* Invalid URI references: the offset of the first bad byte. */
    from_uri_fails("http://a b/", CRI_ERR_SYNTAX, 0, 8);
    from_uri_fails("a\"b", CRI_ERR_SYNTAX, 0, 1);
    from_uri_fails("http://a/%zz", CRI_ERR_PERCENT, 0, 10);
    from_uri_fails("http://a:99999/", CRI_ERR_PORT_RANGE, 0, 9);
    {
        /* A NUL inside the length is data (and invalid). */
        struct call c = {FROM_URI, "a\0b", 3, NULL, 0, 0};
        expect_fail(&c, CRI_ERR_SYNTAX, 0, 1);
    }

    /* Zone ids are written only on request (§6.1). */
    to_uri_fails(zone, 0, CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_ZONE_ID_NOT_ENABLED);
    to_uri_flags_is(zone, CRI_TO_URI_ZONE_ID, "http://[fe80::1%25eth0]/");
    to_uri_flags_is(H("82 F6 82 50 FE80000000000000000000000000000A 63'en1'"),
                    CRI_TO_URI_ZONE_ID, "//[fe80::a%25en1]");
    /* An unknown flag; struct cri_error_info: reason is 0 when the status says it all. */
    to_uri_fails(zone, 0x80, CRI_ERR_ARGUMENT, 0);

    /* Unknown scheme number, discard 0, discard without path. */
    to_uri_fails(H("82 3A 000F423F 81 61'a'"), 0, CRI_ERR_UNCONVERTIBLE,
                 CRI_UNCONVERTIBLE_UNKNOWN_SCHEME);
    /* [0, null, []] is an acceptable reference (§2.3) with no URI form; cri.h lists
     * "discard 0 with ... an empty query" for CRI_UNCONVERTIBLE_DISCARD_ZERO. */
    to_uri_fails(H("83 00 F6 80"), 0, CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_DISCARD_ZERO);
    to_uri_fails(H("81 02"), 0, CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_DISCARD_WITHOUT_PATH);

    /* NULL pointers. */
    CHECK(cri_from_uri(NULL, 3, buf, sizeof buf, &n, &err) == CRI_ERR_NULL);
    CHECK(cri_from_uri("a", 1, buf, sizeof buf, NULL, &err) == CRI_ERR_NULL);
    CHECK(cri_from_uri("a", 1, NULL, 4, &n, &err) == CRI_ERR_NULL);
    n = 99;
    CHECK(cri_from_uri(NULL, 0, buf, sizeof buf, &n, NULL) == CRI_OK && n == 1 && buf[0] == 0x80);
    CHECK(cri_to_uri(NULL, 2, 0, text, sizeof text, &n, &err) == CRI_ERR_NULL);
    CHECK(cri_to_uri(EX1, sizeof EX1, 0, text, sizeof text, NULL, &err) == CRI_ERR_NULL);
    CHECK(cri_to_uri(EX1, sizeof EX1, 0, NULL, 4, &n, &err) == CRI_ERR_NULL);
    /* An empty input is not CBOR. */
    err.reason = 0;
    CHECK(cri_to_uri(NULL, 0, 0, text, sizeof text, &n, &err) == CRI_ERR_UNPROCESSABLE &&
          err.reason == CRI_REASON_NOT_CBOR);
    CHECK(cri_to_edn(NULL, 2, text, sizeof text, &n, &err) == CRI_ERR_NULL);
    CHECK(cri_to_edn(EX1, sizeof EX1, text, sizeof text, NULL, &err) == CRI_ERR_NULL);
    CHECK(cri_to_edn(EX1, sizeof EX1, NULL, 4, &n, &err) == CRI_ERR_NULL);
    err.reason = 0;
    CHECK(cri_to_edn(NULL, 0, text, sizeof text, &n, &err) == CRI_ERR_UNPROCESSABLE &&
          err.reason == CRI_REASON_NOT_CBOR);
}

/* --- cri_to_edn ----------------------------------------------------------------------------- */

static void test_edn(void)
{
    /* RFC 8949 §8: text strings in double quotes with JSON escapes. */
    edn_is(H("82 01 81 63 61 22 62"), "[1, [\"a\\\"b\"]]");
    edn_is(H("82 01 81 63 61 5C 62"), "[1, [\"a\\\\b\"]]");
    edn_is(H("82 18 7F 81 61'a'"), "[127, [\"a\"]]");
    edn_is(H("82 20 82 61'a' 19 FFFF"), "[-1, [\"a\", 65535]]");
    edn_is(H("83 22 82 50 FE800000000000000000000000000001 64'eth0' 81 60"),
           "[-3, [h'FE800000000000000000000000000001', \"eth0\"], [\"\"]]");
    edn_is(H("85 F6 81 61'a' F6 F6 61'b'"), "[null, [\"a\"], null, null, \"b\"]");
    {
        /* Non-ASCII text: either raw UTF-8 or a \u escape is EDN. */
        struct blob mc = H("82 01 81 64 'mc' C2 B2");
        struct cri_error_info err;
        char out[64];
        size_t n = 0;
        int32_t rc = cri_to_edn(mc.b, mc.n, out, sizeof out, &n, &err);
        note("cri_to_edn([1, [\"mc\\u00b2\"]]) = %s \"%s\"", cri_status_name(rc),
             rc == CRI_OK ? out : "");
        CHECK(rc == CRI_OK && (strcmp(out, "[1, [\"mc\xC2\xB2\"]]") == 0 ||
                               strcmp(out, "[1, [\"mc\\u00b2\"]]") == 0 ||
                               strcmp(out, "[1, [\"mc\\u00B2\"]]") == 0));
    }
}

/* --- cri_resolve ------------------------------------------------------------------------------ */

static void test_resolve(void)
{
    struct blob base = H(BASE_HEX);
    struct blob did = B(EX3, sizeof EX3);
    uint8_t buf[64];
    size_t n = 0;
    struct cri_error_info err;

    /* tests.csv, base coaps://foo:4711/pa/th?query#frag */
    resolve_is(base, H("82 01 81 61'a'"), H("83 21 82 63'foo' 19 1267 82 62'pa' 61'a'"));
    resolve_is(base, H("80"), base);
    resolve_is(base, H("82 F5 81 61'a'"), H("83 21 82 63'foo' 19 1267 81 61'a'"));
    resolve_is(base, H("83 00 F6 81 61'a'"),
               H("84 21 82 63'foo' 19 1267 82 62'pa' 62'th' 81 61'a'"));
    resolve_is(base, H("84 00 F6 F6 61'a'"),
               H("85 21 82 63'foo' 19 1267 82 62'pa' 62'th' 81 65'query' 61'a'"));
    resolve_is(base, H("82 02 81 61'a'"), H("83 21 82 63'foo' 19 1267 81 61'a'"));
    resolve_is(base, H("82 01 82 61'a' 61'b'"),
               H("83 21 82 63'foo' 19 1267 83 62'pa' 61'a' 61'b'"));
    resolve_is(base, H("82 F6 81 61'a'"), H("82 21 81 61'a'"));
    resolve_is(base, H("82 F6 82 61'a' 19 6262"), H("82 21 82 61'a' 19 6262"));
    resolve_is(base, H("83 F5 81 60 81 61'b'"), H("84 21 82 63'foo' 19 1267 81 60 81 61'b'"));
    resolve_is(base, H("82 01 81 67'foo:bar'"), H("83 21 82 63'foo' 19 1267 82 62'pa' 67'foo:bar'"));
    resolve_is(base, H("82 61'a' 81 61'b'"), H("82 61'a' 81 61'b'"));
    resolve_is(base, H("83 61'a' F5 81 61'b'"), H("83 61'a' F5 81 61'b'"));
    /* §2.3: [0, ["p"]] appends "p", query empty, fragment null; [0, null, []] keeps the
     * path and empties the query. */
    resolve_is(base, H("82 00 81 61'p'"), H("83 21 82 63'foo' 19 1267 83 62'pa' 62'th' 61'p'"));
    resolve_is(base, H("83 00 F6 80"), H("83 21 82 63'foo' 19 1267 82 62'pa' 62'th'"));
    /* Discarding everything leaves trailing defaults, which are removed. */
    resolve_is(base, H("81 02"), H("82 21 82 63'foo' 19 1267"));
    /* §5.3 step 3: discard true turns a `true` authority into null. */
    resolve_is(did, H("82 01 81 61'x'"), H("83 25 F5 81 61'x'"));
    resolve_is(did, H("82 F5 81 61'x'"), H("83 25 F6 81 61'x'"));

    /* A relative base, a broken base, a broken reference. */
    resolve_fails(H("82 01 81 61'a'"), H("82 01 81 61'a'"), CRI_ERR_BASE, CRI_REASON_NOT_FULL, 0);
    resolve_fails(H("80"), H("82 01 81 61'a'"), CRI_ERR_BASE, CRI_REASON_NOT_FULL, 0);
    resolve_fails(H("FF"), H("82 01 81 61'a'"), CRI_ERR_BASE, CRI_REASON_NOT_CBOR, ANY);
    resolve_fails(H("83 20 81 61'a' 80"), H("80"), CRI_ERR_BASE, CRI_REASON_TRAILING_DEFAULT, 5);
    resolve_fails(base, H("83 20 81 61'a' 80"), CRI_ERR_UNPROCESSABLE,
                  CRI_REASON_TRAILING_DEFAULT, 5);
    resolve_fails(base, H(""), CRI_ERR_UNPROCESSABLE, CRI_REASON_NOT_CBOR, ANY);

    /* NULL pointers; an empty base is not CBOR. */
    CHECK(cri_resolve(NULL, 3, PET, sizeof PET, buf, sizeof buf, &n, &err) == CRI_ERR_NULL);
    CHECK(cri_resolve(EX1, sizeof EX1, NULL, 3, buf, sizeof buf, &n, &err) == CRI_ERR_NULL);
    CHECK(cri_resolve(EX1, sizeof EX1, EX2, sizeof EX2, buf, sizeof buf, NULL, &err) ==
          CRI_ERR_NULL);
    CHECK(cri_resolve(EX1, sizeof EX1, EX2, sizeof EX2, NULL, 4, &n, &err) == CRI_ERR_NULL);
    err.reason = 0;
    CHECK(cri_resolve(NULL, 0, EX2, sizeof EX2, buf, sizeof buf, &n, &err) == CRI_ERR_BASE &&
          err.reason == CRI_REASON_NOT_CBOR);
    /* EX1 + EX2: coap://198.51.100.1:61616/.well-known/core?rt=temperature-c */
    {
        struct blob r = B(EX1, sizeof EX1);
        struct blob q = H("81 70'rt=temperature-c'");
        r.b[0] = 0x84;
        memcpy(r.b + r.n, q.b, q.n);
        r.n += q.n;
        resolve_is(B(EX1, sizeof EX1), B(EX2, sizeof EX2), r);
        to_uri_is(r, "coap://198.51.100.1:61616/.well-known/core?rt=temperature-c");
    }
}

/* --- unprocessable input ------------------------------------------------------------------------ */

static uint8_t big[MAX_IN];
/* The deepest nesting tried: 100000 arrays, or what a small board's MAX_IN holds. */
#define DEEP (MAX_IN > 100001 ? 100000 : MAX_IN - 1)

static void test_bad_cbor(void)
{
    struct cri_error_info err;
    size_t i;

    /* Empty input (also NULL with length 0) is not CBOR. */
    invalid2("", 0, 0, CRI_REASON_NOT_CBOR, 0, ANY);
    err.reason = 0;
    CHECK(cri_validate(NULL, 0, 0, &err) == CRI_ERR_UNPROCESSABLE &&
          err.reason == CRI_REASON_NOT_CBOR);
    CHECK(cri_validate(NULL, 1, 0, &err) == CRI_ERR_NULL);
    CHECK(cri_validate(EX1, sizeof EX1, 2, &err) == CRI_ERR_ARGUMENT);
    CHECK(cri_validate(EX1, sizeof EX1, 0x80000000u, NULL) == CRI_ERR_ARGUMENT);

    /* Truncated arrays and strings. */
    invalid(H("83 20 81"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("83"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("82 01 81 63 61"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("82 01 81 78"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("82 20 81 44 C633"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("82 20 82 61'a' 19 F0"), CRI_REASON_NOT_CBOR, ANY);
    for (i = 1; i < sizeof EX1; i++)
        invalid2(EX1, i, 0, CRI_REASON_NOT_CBOR, 0, ANY);
    for (i = 1; i < sizeof PET; i++)
        invalid2(PET, i, 0, CRI_REASON_NOT_CBOR, 0, ANY);
    /* Huge declared lengths with few bytes after them. */
    invalid(H("82 01 81 7B FFFFFFFFFFFFFFFF 61"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("82 01 81 7B 7FFFFFFFFFFFFFFF 61 61"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("82 01 81 7A FFFFFFFF 61"), CRI_REASON_NOT_CBOR, ANY);
    /* 2^32 + 1: over usize::MAX only where size_t has 32 bits (a length
     * that wraps there must not read as invalid UTF-8). */
    invalid(H("82 01 81 7B 0000000100000001 61"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("82 20 81 82 61'a' 5B 0000000100000001 01"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("82 20 81 5B FFFFFFFFFFFFFFFF 01"), CRI_REASON_NOT_CBOR, ANY);
    invalid_b(H("9B FFFFFFFFFFFFFFFF 01"), 0, CRI_REASON_NOT_CBOR, CRI_REASON_STRUCTURE, ANY);
    invalid_b(H("82 01 9B FFFFFFFFFFFFFFFF 61'a'"), 0, CRI_REASON_NOT_CBOR,
             CRI_REASON_STRUCTURE, ANY);
    /* Reserved additional information, a lone break, a lone tag head. */
    invalid(H("82 01 81 7C"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("FF"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("D8"), CRI_REASON_NOT_CBOR, ANY);
    invalid(H("D8 63"), CRI_REASON_NOT_CBOR, ANY);

    /* Indefinite lengths (§5.1 no-indef). */
    invalid(H("9F 01 81 61'a' FF"), CRI_REASON_INDEFINITE, 0);
    invalid(H("82 01 9F 61'a' FF"), CRI_REASON_INDEFINITE, 2);
    invalid(H("82 01 81 7F 61'a' FF"), CRI_REASON_INDEFINITE, 3);
    invalid(H("82 20 81 5F 42 C633 42 6401 FF"), CRI_REASON_INDEFINITE, 3);

    /* Deep nesting: 1000 and 100000 arrays, well-formed but not CRIs; and unterminated. */
    memset(big, 0x81, 1000);
    big[1000] = 0x00;
    invalid2(big, 1001, 0, CRI_REASON_STRUCTURE, 0, ANY);
    invalid2(big, 1000, 0, CRI_REASON_NOT_CBOR, CRI_REASON_STRUCTURE, ANY);
    memset(big, 0x81, DEEP);
    big[DEEP] = 0x00;
    invalid2(big, DEEP + 1, 0, CRI_REASON_STRUCTURE, 0, ANY);
    /* ... inside a path: [1, [[[...[0]...]]]] */
    big[0] = 0x82;
    big[1] = 0x01;
    memset(big + 2, 0x81, 1000);
    big[1002] = 0x00;
    invalid2(big, 1003, 0, CRI_REASON_STRUCTURE, 0, ANY);
    memset(big, 0x9F, 1000);
    invalid2(big, 1000, 0, CRI_REASON_INDEFINITE, CRI_REASON_NOT_CBOR, 0);

    /* Wrong types. */
    invalid(H("A0"), CRI_REASON_STRUCTURE, 0);
    invalid(H("A1 01 02"), CRI_REASON_STRUCTURE, 0);
    invalid(H("F9 3C00"), CRI_REASON_STRUCTURE, 0);
    invalid(H("FB 3FF0000000000000"), CRI_REASON_STRUCTURE, 0);
    invalid(H("61'a'"), CRI_REASON_STRUCTURE, 0);
    invalid(H("82 41 00 81 61'a'"), CRI_REASON_STRUCTURE, 1);
    invalid(H("82 F4 81 61'a'"), CRI_REASON_STRUCTURE, 1);
    invalid(H("82 01 A0"), CRI_REASON_STRUCTURE, 2);
    invalid(H("82 01 81 01"), CRI_REASON_STRUCTURE, 3);
    invalid(H("82 20 81 F9 3C00"), CRI_REASON_STRUCTURE, 3);
    invalid(H("86 20 81 61'a' 80 80 61'b' 61'c'"), CRI_REASON_STRUCTURE, ANY);

    /* Invalid UTF-8 in a text string: a bad continuation, an overlong form, a surrogate. */
    invalid(H("82 01 81 62 C3 28"), CRI_REASON_INVALID_UTF8, 3);
    invalid(H("82 01 81 62 C0 AF"), CRI_REASON_INVALID_UTF8, 3);
    invalid(H("82 01 81 63 ED A0 80"), CRI_REASON_INVALID_UTF8, 3);
    invalid(H("82 20 81 62 61 FF"), CRI_REASON_INVALID_UTF8, 3);

    /* Ports, host-ip sizes, dot-segments, host labels. */
    invalid(H("82 20 82 61'a' 1A 00010000"), CRI_REASON_PORT_RANGE, 5);
    valid(H("82 20 82 61'a' 19 FFFF"), CRI_VALIDATE_FULL);
    invalid(H("82 20 81 45 0102030405"), CRI_REASON_HOST_IP_LENGTH, 3);
    invalid(H("82 20 81 40"), CRI_REASON_HOST_IP_LENGTH, 3);
    invalid(H("82 20 81 51 00000000000000000000000000000000 01"), CRI_REASON_HOST_IP_LENGTH, 3);
    invalid(H("83 20 81 61'a' 81 61'.'"), CRI_REASON_DOT_SEGMENT, 6);
    invalid(H("83 20 81 61'a' 82 61'b' 62'..'"), CRI_REASON_DOT_SEGMENT, 8);
    invalid(H("82 01 81 62'..'"), CRI_REASON_DOT_SEGMENT, 3);
    invalid(H("82 20 81 63'a.b'"), CRI_REASON_HOST_LABEL, 3);
    invalid(H("82 20 82 61'a' 61'.'"), CRI_REASON_HOST_LABEL, 5);

    /* Trailing defaults, two leading nulls, discard range, scheme-name. */
    invalid(H("83 20 81 61'a' 80"), CRI_REASON_TRAILING_DEFAULT, 5);
    invalid(H("84 20 81 61'a' 81 61'b' 80"), CRI_REASON_TRAILING_DEFAULT, 8);
    invalid(H("85 20 81 61'a' 81 61'b' 81 61'c' F6"), CRI_REASON_TRAILING_DEFAULT, 11);
    invalid(H("82 F6 F6"), CRI_REASON_TWO_LEADING_NULLS, ANY);
    invalid(H("83 F6 F6 81 61'a'"), CRI_REASON_TWO_LEADING_NULLS, ANY);
    invalid(H("82 18 80 81 61'a'"), CRI_REASON_DISCARD_RANGE, 1);
    invalid(H("82 19 0100 81 61'a'"), CRI_REASON_DISCARD_RANGE, 1);
    valid(H("82 18 7F 81 61'a'"), 0);
    invalid(H("82 66'SCHEME' 81 61'a'"), CRI_REASON_SCHEME_NAME, 1);
    invalid(H("82 62'1a' 81 61'a'"), CRI_REASON_SCHEME_NAME, 1);
    invalid(H("82 60 81 61'a'"), CRI_REASON_SCHEME_NAME, 1);
    valid(H("82 66'a+b.c-' 81 61'a'"), CRI_VALIDATE_FULL);

    /* Bytes after the CRI. */
    invalid(H("82 01 81 61'a' 00"), CRI_REASON_TRAILING_BYTES, 5);
    invalid(H("80 80"), CRI_REASON_TRAILING_BYTES, 1);

    /* Tag 99 around a CRI, and other tags. */
    valid(H("D8 63 82 01 81 61'a'"), 0);
    valid(H("D8 63 83 20 82 44 C6336401 19F0B0 82 6B'.well-known' 64'core'"),
          CRI_VALIDATE_FULL);
    invalid_b(H("D8 62 82 01 81 61'a'"), 0, CRI_REASON_TAG, 0, 0);
    invalid_b(H("C0 82 01 81 61'a'"), 0, CRI_REASON_TAG, 0, 0);
    invalid_b(H("82 01 81 D8 63 61'a'"), 0, CRI_REASON_TAG, CRI_REASON_STRUCTURE, 3);

    /* [] is a reference, not a full CRI; so are the other relative forms. */
    valid(H("80"), 0);
    invalid_b(H("80"), CRI_VALIDATE_FULL, CRI_REASON_NOT_FULL, 0, 0);
    invalid2(EX2, sizeof EX2, CRI_VALIDATE_FULL, CRI_REASON_NOT_FULL, 0, 0);
    invalid_b(H("82 F6 81 61'a'"), CRI_VALIDATE_FULL, CRI_REASON_NOT_FULL, 0, 0);
}

/* --- scheme table ------------------------------------------------------------------------------- */

static void test_schemes(void)
{
    static const struct {
        uint64_t number;
        const char *name;
    } table[] = {{0, "coap"},     {1, "coaps"},      {2, "http"},     {3, "https"},
                 {4, "urn"},      {5, "did"},        {6, "coap+tcp"}, {7, "coaps+tcp"},
                 {24, "coap+ws"}, {25, "coaps+ws"}};
    static const struct {
        const char *name;
        uint64_t number;
    } mixed[] = {{"COAP", 0}, {"CoAPs", 1}, {"HTTP", 2}, {"hTtPs", 3}, {"CoAPs+WS", 25}};
    size_t i, len;
    uint64_t number;
    const char *name;
    int32_t rc;
    char junk[32];

    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        size_t l = strlen(table[i].name);
        /* not NUL-terminated: junk after the name */
        memcpy(junk, table[i].name, l);
        memcpy(junk + l, "xyz", 3);
        number = 999;
        rc = cri_scheme_number(junk, l, &number);
        note("cri_scheme_number(\"%s\") = %s, %llu", table[i].name, cri_status_name(rc),
             (unsigned long long)number);
        CHECK(rc == CRI_OK && number == table[i].number);
        name = NULL;
        len = 0;
        rc = cri_scheme_name(table[i].number, &name, &len);
        note("cri_scheme_name(%llu) = %s, \"%.*s\"", (unsigned long long)table[i].number,
             cri_status_name(rc), name ? (int)len : 0, name ? name : "");
        CHECK(rc == CRI_OK && name != NULL && len == l && memcmp(name, table[i].name, l) == 0);
    }
    for (i = 0; i < sizeof mixed / sizeof mixed[0]; i++) {
        number = 999;
        rc = cri_scheme_number(mixed[i].name, strlen(mixed[i].name), &number);
        note("cri_scheme_number(\"%s\") = %s, %llu", mixed[i].name, cri_status_name(rc),
             (unsigned long long)number);
        CHECK(rc == CRI_OK && number == mixed[i].number);
    }
    /* Unknown names and numbers; prefixes of known names are not names. */
    CHECK(cri_scheme_number("nosuchscheme", 12, &number) == CRI_ERR_NOT_FOUND);
    CHECK(cri_scheme_number("coap", 3, &number) == CRI_ERR_NOT_FOUND);
    CHECK(cri_scheme_number("coap+", 5, &number) == CRI_ERR_NOT_FOUND);
    CHECK(cri_scheme_number("", 0, &number) == CRI_ERR_NOT_FOUND);
    CHECK(cri_scheme_name(999999, &name, &len) == CRI_ERR_NOT_FOUND);
    CHECK(cri_scheme_name(UINT64_MAX, &name, &len) == CRI_ERR_NOT_FOUND);
    /* NULL pointers. */
    CHECK(cri_scheme_number(NULL, 4, &number) == CRI_ERR_NULL);
    CHECK(cri_scheme_number("coap", 4, NULL) == CRI_ERR_NULL);
    CHECK(cri_scheme_name(0, NULL, &len) == CRI_ERR_NULL);
    CHECK(cri_scheme_name(0, &name, NULL) == CRI_ERR_NULL);

    /* The CRI side of the table: scheme-id = -1 - number, e.g. [-26, ["a"]] for coaps+ws. */
    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        struct blob cri;
        char uri[32];
        size_t k = 0;
        cri.b[k++] = 0x82;
        if (table[i].number < 24) {
            cri.b[k++] = (uint8_t)(0x20 + table[i].number);
        } else {
            cri.b[k++] = 0x38;
            cri.b[k++] = (uint8_t)table[i].number;
        }
        cri.b[k++] = 0x81;
        cri.b[k++] = 0x61;
        cri.b[k++] = 'a';
        cri.n = k;
        snprintf(uri, sizeof uri, "%s://a", table[i].name);
        to_uri_is(cri, uri);
        from_uri_is(uri, cri);
    }
    to_uri_is(H("82 38 19 81 61'a'"), "coaps+ws://a");
}

/* --- fuzzing ------------------------------------------------------------------------------------ */

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint64_t xorshift(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int fuzz_failures;

static void fuzz_fail(const char *what, const uint8_t *in, size_t len, int32_t rc,
                      const struct cri_error_info *err)
{
    failed++;
    if (fuzz_failures++ < 10)
        fprintf(stderr, "fuzz: %s: input %s: %s (reason %d, offset %zu)\n", what,
                hexs(in, len), cri_status_name(rc), err ? (int)err->reason : 0,
                err ? err->offset : 0);
}

/* The status is one of `allowed` (terminated by 1, which is never an error status here),
 * reasons are in range and offsets within the input. */
static int status_ok(int32_t rc, const int32_t *allowed, const struct cri_error_info *err,
                     size_t len)
{
    int found = 0;
    for (; *allowed != 1; allowed++)
        if (rc == *allowed)
            found = 1;
    if (!found)
        return 0;
    if (rc == CRI_ERR_UNPROCESSABLE || rc == CRI_ERR_BASE)
        return err->reason >= CRI_REASON_NOT_CBOR && err->reason <= CRI_REASON_TAG &&
               err->offset <= len;
    if (rc == CRI_ERR_UNCONVERTIBLE) /* a reason cri.h defines */
        return strcmp(cri_reason_name(rc, err->reason), "CRI_UNKNOWN") != 0;
    return 1;
}

static const int32_t ALLOW_VALIDATE[] = {CRI_OK, CRI_ERR_UNPROCESSABLE, 1};
static const int32_t ALLOW_TO_URI[] = {CRI_OK, CRI_ERR_UNPROCESSABLE, CRI_ERR_UNCONVERTIBLE,
                                       CRI_ERR_BUFFER, 1};
static const int32_t ALLOW_EDN[] = {CRI_OK, CRI_ERR_UNPROCESSABLE, CRI_ERR_BUFFER, 1};
static const int32_t ALLOW_RESOLVE[] = {CRI_OK, CRI_ERR_UNPROCESSABLE, CRI_ERR_BASE,
                                        CRI_ERR_BUFFER, 1};
static const int32_t ALLOW_FROM_URI[] = {CRI_OK, CRI_ERR_UNCONVERTIBLE, CRI_ERR_BUFFER, 1};

#ifndef FUZZ_OUT
#define FUZZ_OUT 4096
#endif
#ifndef FUZZ_RANDOM
#define FUZZ_RANDOM 300000
#endif
#ifndef FUZZ_MUTATIONS
#define FUZZ_MUTATIONS 200000
#endif
static uint8_t fo[FUZZ_OUT + GUARD_BYTES];
static uint8_t fo2[FUZZ_OUT + GUARD_BYTES];
static char fu[FUZZ_OUT + GUARD_BYTES];

/* A call with `cap` (below need + text: CRI_ERR_BUFFER) kept the buffer contract. */
static int short_cap_ok(int32_t rc, size_t n, size_t need, size_t cap, int text,
                        const uint8_t *buf)
{
    if (cap < need + (size_t)text)
        return rc == CRI_ERR_BUFFER && n == need && untouched(buf, cap, FUZZ_OUT + GUARD_BYTES);
    return rc == CRI_OK && n == need && (!text || buf[need] == 0) &&
           untouched(buf, need + (size_t)text, FUZZ_OUT + GUARD_BYTES);
}

/* Runs one input through every CRI function and checks statuses and consistency. */
static void fuzz_one_exact(const uint8_t *in, size_t len, int *valid_count, int *uri_count);

/* The input in a heap block of exactly len bytes, so valgrind sees any read past it. */
static void fuzz_one(const uint8_t *in, size_t len, int *valid_count, int *uri_count)
{
    uint8_t *exact = malloc(len ? len : 1);
    if (exact == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memcpy(exact, in, len);
    fuzz_one_exact(exact, len, valid_count, uri_count);
    free(exact);
}

static void fuzz_one_exact(const uint8_t *in, size_t len, int *valid_count, int *uri_count)
{
    static const uint8_t base[] = {0x85, 0x21, 0x82, 0x63, 'f', 'o', 'o', 0x19, 0x12, 0x67,
                                   0x82, 0x62, 'p', 'a', 0x62, 't', 'h', 0x81, 0x65, 'q',
                                   'u', 'e', 'r', 'y', 0x64, 'f', 'r', 'a', 'g'};
    static const uint8_t ref[] = {0x82, 0x01, 0x81, 0x61, 'a'};
    struct cri_error_info err, err2;
    size_t n, n2;
    int32_t v, vf, rc, rc2;
    uint32_t flags;

    v = cri_validate(in, len, 0, &err);
    if (!status_ok(v, ALLOW_VALIDATE, &err, len))
        fuzz_fail("cri_validate status", in, len, v, &err);
    vf = cri_validate(in, len, CRI_VALIDATE_FULL, &err2);
    if (!status_ok(vf, ALLOW_VALIDATE, &err2, len) || (vf == CRI_OK && v != CRI_OK))
        fuzz_fail("cri_validate FULL status", in, len, vf, &err2);
    if (v == CRI_OK)
        (*valid_count)++;

    /* cri_to_edn: OK exactly for valid input; a random short cap keeps the contract. */
    memset(fu, GUARD, sizeof fu);
    rc = cri_to_edn(in, len, fu, FUZZ_OUT, &n, &err);
    if (!status_ok(rc, ALLOW_EDN, &err, len) || (rc == CRI_ERR_UNPROCESSABLE) != (v != CRI_OK) ||
        !untouched((uint8_t *)fu, FUZZ_OUT, sizeof fu) || (rc == CRI_OK && fu[n] != '\0'))
        fuzz_fail("cri_to_edn", in, len, rc, &err);
    if (rc == CRI_OK) {
        size_t cap = (size_t)(xorshift() % (n + 2));
        memset(fu, GUARD, sizeof fu);
        rc2 = cri_to_edn(in, len, fu, cap, &n2, NULL);
        if (!short_cap_ok(rc2, n2, n, cap, 1, (uint8_t *)fu))
            fuzz_fail("cri_to_edn with a short cap", in, len, rc2, NULL);
    }

    /* cri_to_uri: unprocessable exactly for invalid input; the URI parses and converts back
     * to a CRI whose URI is equivalent (§6: conversion both ways). */
    flags = (uint32_t)(xorshift() & 1);
    {
        /* a size query and a random short cap first: the roomy call leaves its URI in fu */
        size_t need = 0, cap;
        rc2 = cri_to_uri(in, len, flags, NULL, 0, &need, NULL);
        if (rc2 == CRI_ERR_BUFFER) {
            cap = (size_t)(xorshift() % (need + 2));
            memset(fu, GUARD, sizeof fu);
            rc2 = cri_to_uri(in, len, flags, fu, cap, &n2, NULL);
            if (!short_cap_ok(rc2, n2, need, cap, 1, (uint8_t *)fu))
                fuzz_fail("cri_to_uri with a short cap", in, len, rc2, NULL);
        }
    }
    memset(fu, GUARD, sizeof fu);
    rc = cri_to_uri(in, len, flags, fu, FUZZ_OUT, &n, &err);
    if (!status_ok(rc, ALLOW_TO_URI, &err, len) ||
        (rc == CRI_ERR_UNPROCESSABLE) != (v != CRI_OK) ||
        !untouched((uint8_t *)fu, FUZZ_OUT, sizeof fu) || (rc == CRI_OK && fu[n] != '\0'))
        fuzz_fail("cri_to_uri", in, len, rc, &err);
    if (rc == CRI_OK) {
        struct uri_parts parts;
        size_t off = 0;
        (*uri_count)++;
        rc = uri_split(fu, n, 0, &parts, &off);
        if (rc != CRI_OK) {
            fuzz_fail("cri_to_uri output is not a URI reference", in, len, rc, NULL);
        } else {
            rc = cri_from_uri(fu, n, fo2, FUZZ_OUT, &n2, &err2);
            if (!status_ok(rc, ALLOW_FROM_URI, &err2, n) || rc != CRI_OK) {
                fuzz_fail("cri_from_uri(cri_to_uri(x)) fails", in, len, rc, &err2);
                if (fuzz_failures <= 10)
                    fprintf(stderr, "    URI \"%.*s\"\n", (int)n, fu);
            } else {
                static char u2[FUZZ_OUT];
                size_t m = 0;
                int32_t eq = 0;
                rc = cri_to_uri(fo2, n2, CRI_TO_URI_ZONE_ID, u2, sizeof u2, &m, &err2);
                if (rc != CRI_OK ||
                    uri_equivalent(fu, n, u2, m, &eq, &off) != CRI_OK || !eq) {
                    fuzz_fail("cri_to_uri(cri_from_uri(u)) not equivalent to u", in, len, rc,
                              &err2);
                    if (fuzz_failures <= 10)
                        fprintf(stderr, "    \"%.*s\" -> %s -> \"%.*s\"\n", (int)n, fu,
                                hexs(fo2, n2), (int)m, u2);
                }
            }
        }
    }

    /* cri_resolve with the input as reference, then as base. */
    memset(fo, GUARD, sizeof fo);
    rc = cri_resolve(base, sizeof base, in, len, fo, FUZZ_OUT, &n, &err);
    if (!status_ok(rc, ALLOW_RESOLVE, &err, len) || rc == CRI_ERR_BASE ||
        (rc == CRI_ERR_UNPROCESSABLE) != (v != CRI_OK) || !untouched(fo, FUZZ_OUT, sizeof fo))
        fuzz_fail("cri_resolve(base, x)", in, len, rc, &err);
    if (rc == CRI_OK) {
        size_t cap = (size_t)(xorshift() % (n + 1));
        memset(fo2, GUARD, sizeof fo2);
        rc2 = cri_resolve(base, sizeof base, in, len, fo2, cap, &n2, NULL);
        if (!short_cap_ok(rc2, n2, n, cap, 0, fo2))
            fuzz_fail("cri_resolve with a short cap", in, len, rc2, NULL);
    }
    if (rc == CRI_OK) {
        /* The result is a full CRI in interchange form (dot-segment-free, no trailing
         * defaults); it may break the §2.3 constraints that resolution cannot avoid. */
        rc2 = cri_validate(fo, n, CRI_VALIDATE_FULL, &err2);
        if (rc2 != CRI_OK && !(rc2 == CRI_ERR_UNPROCESSABLE &&
                               (err2.reason == CRI_REASON_LEADING_EMPTY_SEGMENT ||
                                err2.reason == CRI_REASON_NAKED_ROOTLESS)))
            fuzz_fail("cri_resolve(base, x) result is not a full CRI", in, len, rc2, &err2);
    }
    memset(fo, GUARD, sizeof fo);
    rc = cri_resolve(in, len, ref, sizeof ref, fo, FUZZ_OUT, &n, &err);
    if (!status_ok(rc, ALLOW_RESOLVE, &err, len) || rc == CRI_ERR_UNPROCESSABLE ||
        (rc == CRI_OK) != (vf == CRI_OK) || !untouched(fo, FUZZ_OUT, sizeof fo))
        fuzz_fail("cri_resolve(x, ref)", in, len, rc, &err);
}

static void test_fuzz(void)
{
    static const uint8_t *seeds[] = {EX1, EX2, EX3, PET};
    static const size_t seed_len[] = {sizeof EX1, sizeof EX2, sizeof EX3, sizeof PET};
    uint8_t in[80];
    int valid_count = 0, uri_count = 0;
    long i;
    int before = failed;

    /* Random bytes. */
    for (i = 0; i < FUZZ_RANDOM; i++) {
        size_t len = (size_t)(xorshift() % 65), k;
        for (k = 0; k < sizeof in; k++)
            in[k] = (uint8_t)xorshift();
        /* Bias half the inputs towards arrays with small items so some are CRIs. */
        if (i & 1) {
            for (k = 0; k < len; k++) {
                uint64_t r = xorshift() % 8;
                if (r < 3)
                    in[k] = (uint8_t)(0x80 + xorshift() % 6);
                else if (r < 5)
                    in[k] = (uint8_t)(0x60 + xorshift() % 4);
                else if (r < 6)
                    in[k] = (uint8_t)(0x20 + xorshift() % 8);
                else if (r < 7)
                    in[k] = (uint8_t)(0xF4 + xorshift() % 3);
                else
                    in[k] = (uint8_t)('a' + xorshift() % 4);
            }
        }
        fuzz_one(in, len, &valid_count, &uri_count);
    }
    /* Mutations of the draft's examples. */
    for (i = 0; i < FUZZ_MUTATIONS; i++) {
        size_t s = (size_t)(xorshift() % 4), len = seed_len[s], k, muts = 1 + xorshift() % 3;
        memcpy(in, seeds[s], len);
        for (k = 0; k < muts; k++) {
            size_t pos = len ? (size_t)(xorshift() % len) : 0;
            switch (xorshift() % 4) {
            case 0:
                if (len)
                    in[pos] = (uint8_t)xorshift();
                break;
            case 1:
                if (len)
                    in[pos] ^= (uint8_t)(1u << (xorshift() % 8));
                break;
            case 2:
                len = pos;
                break;
            default:
                if (len < 64) {
                    memmove(in + pos + 1, in + pos, len - pos);
                    in[pos] = (uint8_t)xorshift();
                    len++;
                }
            }
        }
        fuzz_one(in, len, &valid_count, &uri_count);
    }
    note("fuzz: %d valid inputs, %d converted to URIs, %d failures", valid_count, uri_count,
         failed - before);
    CHECK(failed == before);
    printf("fuzz: %d of %ld inputs valid, %d converted to URIs\n", valid_count,
           (long)FUZZ_RANDOM + FUZZ_MUTATIONS, uri_count);
}

int main(void)
{
    test_draft_examples();
    test_conversions();
    test_conversion_errors();
    test_edn();
    test_resolve();
    test_bad_cbor();
    test_schemes();
    test_fuzz();

    return summary();
}
