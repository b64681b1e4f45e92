/*
 * test_api.c: bad input and the buffer contract of every function in cri.h.
 *
 * The rules under test are the C ABI conventions of docs/DESIGN.md and the doc comments of
 * cri.h: a required pointer NULL gives CRI_ERR_NULL; an input NULL with length 0 is the
 * empty string; out NULL with cap 0 is a size query; a short buffer gives CRI_ERR_BUFFER
 * with the needed length and no byte written at or past cap; inputs are (pointer, length)
 * and are never read past their length; errors carry the offset of the first bad byte.
 * Expected values come from that text and from RFC 3986, never from running the library.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cri.h"

#include "check.h"
#include "span.h"

/* The largest output checked, with its NUL and the guard bytes after it. */
#define BUF_SIZE 600
#include "buffer.h"

/* --- spans and parts ----------------------------------------------------------------- */



/* NULL gives an absent span. */
static struct uri_span span_of(const char *text)
{
    struct uri_span s = {text, text ? strlen(text) : 0};
    return s;
}

static struct uri_parts parts_of(const char *scheme, const char *userinfo, const char *host,
                                 const char *port, const char *path, const char *query,
                                 const char *fragment)
{
    struct uri_parts p;
    p.scheme = span_of(scheme);
    p.userinfo = span_of(userinfo);
    p.host = span_of(host);
    p.port = span_of(port);
    p.path = span_of(path);
    p.query = span_of(query);
    p.fragment = span_of(fragment);
    p.zone_id = span_of(NULL);
    p.host_kind = URI_HOST_NONE;
    p.port_number = -1;
    return p;
}

/* What a successful split of the empty reference gives: every component absent except
 * the path, which is present and empty. */
static int is_empty_reference(const struct uri_parts *p)
{
    return absent(p->scheme) && absent(p->userinfo) && absent(p->host) && absent(p->port) &&
           present_empty(p->path) && absent(p->query) && absent(p->fragment) &&
           absent(p->zone_id) && p->host_kind == URI_HOST_NONE && p->port_number == -1;
}

/* Strict or lenient split of a NUL-terminated string; the status, with the offset noted. */
static int32_t split(const char *s, uint32_t flags, struct uri_parts *p, size_t *off)
{
    int32_t rc = uri_split(s, strlen(s), flags, p, off);
    note("uri_split(\"%s\", %u) = %s, offset %zu", s, (unsigned)flags, cri_status_name(rc), *off);
    return rc;
}

/* --- the buffer contract, shared by every text-output function ------------------------ */

/* The arguments of one call of a text-output function. */
struct call {
    const char *a; /* the input; the base for uri_resolve */
    size_t a_len;
    const char *b; /* the reference for uri_resolve */
    size_t b_len;
    int32_t arg; /* encoding set or decoding flags */
    const struct uri_parts *parts;
};

/* The adapters (out_call of buffer.h); `detail` 0 passes error_offset NULL. */
static int32_t write_encode(const void *v, void *out, size_t cap, size_t *out_len, int detail)
{
    const struct call *c = v;
    (void)detail; /* uri_percent_encode has no error detail */
    return uri_percent_encode(c->a, c->a_len, c->arg, out, cap, out_len);
}

static int32_t write_decode(const void *v, void *out, size_t cap, size_t *out_len, int detail)
{
    const struct call *c = v;
    size_t off;
    return uri_percent_decode(c->a, c->a_len, (uint32_t)c->arg, out, cap, out_len,
                              detail ? &off : NULL);
}

static int32_t write_dots(const void *v, void *out, size_t cap, size_t *out_len, int detail)
{
    const struct call *c = v;
    (void)detail; /* uri_remove_dot_segments has no error detail */
    return uri_remove_dot_segments(c->a, c->a_len, out, cap, out_len);
}

static int32_t write_resolve(const void *v, void *out, size_t cap, size_t *out_len, int detail)
{
    const struct call *c = v;
    size_t off;
    return uri_resolve(c->a, c->a_len, c->b, c->b_len, out, cap, out_len, detail ? &off : NULL);
}

static int32_t write_recompose(const void *v, void *out, size_t cap, size_t *out_len,
                               int detail)
{
    const struct call *c = v;
    (void)detail; /* uri_recompose has no error detail */
    return uri_recompose(c->parts, out, cap, out_len);
}

static int32_t write_normalize(const void *v, void *out, size_t cap, size_t *out_len,
                               int detail)
{
    const struct call *c = v;
    size_t off;
    return uri_normalize(c->a, c->a_len, out, cap, out_len, detail ? &off : NULL);
}

/* Wrappers for the usual case of NUL-terminated inputs and outputs. */
static void expect_encode(const char *in, int32_t set, const char *expected)
{
    char label[200];
    struct call c = {in, strlen(in), NULL, 0, set, NULL};
    snprintf(label, sizeof label, "uri_percent_encode(\"%s\", set %d)", in, (int)set);
    expect_output(label, write_encode, &c, 1, expected, strlen(expected));
}

static void expect_decode(const char *in, uint32_t flags, const char *expected)
{
    char label[200];
    struct call c = {in, strlen(in), NULL, 0, (int32_t)flags, NULL};
    snprintf(label, sizeof label, "uri_percent_decode(\"%s\", flags %u)", in, (unsigned)flags);
    expect_output(label, write_decode, &c, 1, expected, strlen(expected));
}

static void expect_dots(const char *path, const char *expected)
{
    char label[200];
    struct call c = {path, strlen(path), NULL, 0, 0, NULL};
    snprintf(label, sizeof label, "uri_remove_dot_segments(\"%s\")", path);
    expect_output(label, write_dots, &c, 1, expected, strlen(expected));
}

static void expect_resolve(const char *base, const char *ref, const char *expected)
{
    char label[200];
    struct call c = {base, strlen(base), ref, strlen(ref), 0, NULL};
    snprintf(label, sizeof label, "uri_resolve(\"%s\", \"%s\")", base, ref);
    expect_output(label, write_resolve, &c, 1, expected, strlen(expected));
}

static void expect_recompose(const struct uri_parts *p, const char *expected)
{
    char label[200];
    struct call c = {NULL, 0, NULL, 0, 0, p};
    snprintf(label, sizeof label, "uri_recompose(-> \"%s\")", expected);
    expect_output(label, write_recompose, &c, 1, expected, strlen(expected));
}

static void expect_normalize(const char *s, const char *expected)
{
    char label[200];
    struct call c = {s, strlen(s), NULL, 0, 0, NULL};
    snprintf(label, sizeof label, "uri_normalize(\"%s\")", s);
    expect_output(label, write_normalize, &c, 1, expected, strlen(expected));
}

/* --- cri_status_name ----------------------------------------------------------------- */

static void test_status_names(void)
{
    static const struct {
        int32_t status;
        const char *name;
    } names[] = {
        {CRI_OK, "CRI_OK"},
        {CRI_DONE, "CRI_DONE"},
        {CRI_ERR_NULL, "CRI_ERR_NULL"},
        {CRI_ERR_BUFFER, "CRI_ERR_BUFFER"},
        {CRI_ERR_SYNTAX, "CRI_ERR_SYNTAX"},
        {CRI_ERR_PERCENT, "CRI_ERR_PERCENT"},
        {CRI_ERR_PORT_RANGE, "CRI_ERR_PORT_RANGE"},
        {CRI_ERR_BASE, "CRI_ERR_BASE"},
        {CRI_ERR_PARTS, "CRI_ERR_PARTS"},
        {CRI_ERR_ARGUMENT, "CRI_ERR_ARGUMENT"},
        {CRI_ERR_UNPROCESSABLE, "CRI_ERR_UNPROCESSABLE"},
        {CRI_ERR_UNCONVERTIBLE, "CRI_ERR_UNCONVERTIBLE"},
        {CRI_ERR_NOT_FOUND, "CRI_ERR_NOT_FOUND"},
        {CRI_ERR_COAP, "CRI_ERR_COAP"},
        {CRI_ERR_UNSUPPORTED, "CRI_ERR_UNSUPPORTED"},
        {2, "CRI_UNKNOWN"},
        {-14, "CRI_UNKNOWN"},
        {INT32_MIN, "CRI_UNKNOWN"},
        {INT32_MAX, "CRI_UNKNOWN"},
    };

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *got = cri_status_name(names[i].status);
        note("status %ld: got %s", (long)names[i].status, got ? got : "NULL");
        CHECK(got != NULL && strcmp(got, names[i].name) == 0);
    }
}

/* --- cri_version ---------------------------------------------------------------------- */

/* The library linked is the one the header describes: cri_version() packs the version the
 * archive was built as, the macros the version the program was compiled against. */
static void test_version(void)
{
    uint32_t v = cri_version();
    note("cri_version() = 0x%06lx, header %d.%d.%d", (unsigned long)v, CRI_VERSION_MAJOR,
         CRI_VERSION_MINOR, CRI_VERSION_PATCH);
    CHECK(v == ((uint32_t)CRI_VERSION_MAJOR << 16 | (uint32_t)CRI_VERSION_MINOR << 8 |
                (uint32_t)CRI_VERSION_PATCH));
    CHECK(CRI_DRAFT_REVISION == 27);
    CHECK(CRI_CBOR_TAG == 99);
}

/* --- cri_reason_name: every reason constant of cri.h is named by its own name ------- */

static void test_reason_names(void)
{
#define R(status, reason) {status, reason, #reason}
    static const struct {
        int32_t status, reason;
        const char *name;
    } names[] = {
        R(CRI_ERR_COAP, CRI_COAP_ERR_NOT_ABSOLUTE),
        R(CRI_ERR_COAP, CRI_COAP_ERR_NOT_COAP_SCHEME),
        R(CRI_ERR_COAP, CRI_COAP_ERR_FRAGMENT),
        R(CRI_ERR_COAP, CRI_COAP_ERR_NO_HOST),
        R(CRI_ERR_COAP, CRI_COAP_ERR_OPTION_LENGTH),
        R(CRI_ERR_COAP, CRI_COAP_ERR_PET),
        R(CRI_ERR_COAP, CRI_COAP_ERR_BAD_URI_HOST),
        R(CRI_ERR_COAP, CRI_COAP_ERR_NOT_UTF8),
        R(CRI_ERR_COAP, CRI_COAP_ERR_DOT_SEGMENT),
        R(CRI_ERR_COAP, CRI_COAP_ERR_ORDER),
        R(CRI_ERR_COAP, CRI_COAP_ERR_WIRE),
        R(CRI_ERR_COAP, CRI_COAP_ERR_CONFLICT),
        R(CRI_ERR_COAP, CRI_COAP_ERR_BAD_VALUE),
        R(CRI_ERR_COAP, CRI_COAP_ERR_USERINFO),
        R(CRI_ERR_COAP, CRI_COAP_ERR_PROXY),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_NOT_CBOR),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_INDEFINITE),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_TRAILING_DEFAULT),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_TWO_LEADING_NULLS),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_DOT_SEGMENT),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_INVALID_UTF8),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_PORT_RANGE),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_HOST_IP_LENGTH),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_HOST_LABEL),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_PET_NOT_MINIMAL),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_LEADING_EMPTY_SEGMENT),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_NAKED_ROOTLESS),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_STRUCTURE),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_DISCARD_RANGE),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_SCHEME_NAME),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_TRAILING_BYTES),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_NOT_FULL),
        R(CRI_ERR_UNPROCESSABLE, CRI_REASON_TAG),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_IPVFUTURE),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_EMPTY_PORT),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_PORT_LEADING_ZERO),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_ZONE_ID),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_UNKNOWN_SCHEME),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_DISCARD_ZERO),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_DISCARD_WITHOUT_PATH),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_ZONE_ID_NOT_ENABLED),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_NOT_FULL),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_LEADING_EMPTY_SEGMENT),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_DISCARD_RANGE),
        R(CRI_ERR_UNCONVERTIBLE, CRI_UNCONVERTIBLE_ROOTLESS_WITHOUT_SCHEME),
        R(CRI_ERR_BASE, CRI_REASON_NOT_CBOR),
        {CRI_ERR_UNPROCESSABLE, 0, "CRI_UNKNOWN"},
        {CRI_ERR_UNPROCESSABLE, 19, "CRI_UNKNOWN"},
        {CRI_ERR_UNCONVERTIBLE, 13, "CRI_UNKNOWN"},
        {CRI_ERR_COAP, 16, "CRI_UNKNOWN"},
        {CRI_ERR_COAP, -1, "CRI_UNKNOWN"},
        {CRI_ERR_SYNTAX, 1, "CRI_UNKNOWN"},
        {CRI_OK, 1, "CRI_UNKNOWN"},
    };
#undef R

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *got = cri_reason_name(names[i].status, names[i].reason);
        note("status %ld reason %ld: got %s", (long)names[i].status, (long)names[i].reason,
             got ? got : "NULL");
        CHECK(got != NULL && strcmp(got, names[i].name) == 0);
    }
}

/* --- uri_split ----------------------------------------------------------------------- */

static void test_split_null_and_empty(void)
{
    struct uri_parts p;
    size_t off = 0;

    CHECK(uri_split("a", 1, 0, NULL, &off) == CRI_ERR_NULL);
    CHECK(uri_split(NULL, 3, 0, &p, &off) == CRI_ERR_NULL);
    CHECK(uri_split(NULL, 0, 0, &p, NULL) == CRI_OK && is_empty_reference(&p));
    CHECK(uri_split(NULL, 0, URI_SPLIT_LENIENT, &p, NULL) == CRI_OK && is_empty_reference(&p));
    /* Length 0 on a non-empty string is the empty reference too. */
    CHECK(uri_split("http://a", 0, 0, &p, &off) == CRI_OK && is_empty_reference(&p));
    CHECK(uri_split("a", 1, 4, &p, &off) == CRI_ERR_ARGUMENT); /* 1 and 2 are flags */
    CHECK(uri_split("a", 1, 0x80000000u, &p, &off) == CRI_ERR_ARGUMENT);
    CHECK(uri_split("a b", 3, 0, &p, NULL) == CRI_ERR_SYNTAX); /* error_offset may be NULL */
}

/* Only `len` bytes are the input: what follows is never looked at. */
static void test_split_unterminated(void)
{
    /* "http:" exactly, with no NUL after it in memory */
    static const char raw[5] = {'h', 't', 't', 'p', ':'};
    struct uri_parts p;
    size_t off = 0;

    CHECK(uri_split("http://a/b?q#fJUNK", 14, 0, &p, &off) == CRI_OK && span_is(p.host, "a") &&
          span_is(p.path, "/b") && span_is(p.query, "q") && span_is(p.fragment, "f"));
    CHECK(uri_split("http://a:80JUNK", 11, 0, &p, &off) == CRI_OK && span_is(p.port, "80") &&
          p.port_number == 80);
    CHECK(uri_split(raw, sizeof raw, 0, &p, &off) == CRI_OK && span_is(p.scheme, "http") &&
          absent(p.host) && present_empty(p.path));
}

/* A syntax error at `offset`, with *parts left as it was. */
static int split_fails(const char *s, size_t len, int32_t status, size_t offset)
{
    struct uri_parts p, before;
    size_t off = (size_t)-1;
    int32_t rc;

    memset(&p, 0x5A, sizeof p);
    before = p;
    rc = uri_split(s, len, 0, &p, &off);
    note("uri_split(\"%.*s\") = %s at offset %zu", (int)len, s, cri_status_name(rc), off);
    return rc == status && off == offset && memcmp(&p, &before, sizeof p) == 0;
}

static void test_split_errors(void)
{
    CHECK(split_fails("http://a b/", 11, CRI_ERR_SYNTAX, 8));
    /* A NUL is data, and invalid in a URI. */
    CHECK(split_fails("http://a\0b/", 11, CRI_ERR_SYNTAX, 8));
    CHECK(split_fails("/a\0", 3, CRI_ERR_SYNTAX, 2));
    CHECK(split_fails("http://[::1/", 12, CRI_ERR_SYNTAX, 11));
    /* An invalid IPv6 address is reported at its first byte (as fluent-uri does; cri.h). */
    CHECK(split_fails("http://[::1::2]/", 16, CRI_ERR_SYNTAX, 8));      /* two "::" */
    CHECK(split_fails("http://[v7.]/", 13, CRI_ERR_SYNTAX, 11));        /* IPvFuture needs text */
    CHECK(split_fails("http://[fe80::1%25]/", 20, CRI_ERR_SYNTAX, 18)); /* empty zone id */
    CHECK(split_fails("http://a:8a/", 12, CRI_ERR_SYNTAX, 10));
    /* Without a scheme, the first segment cannot hold a ":" (RFC 3986 §4.2). */
    CHECK(split_fails("1a:b", 4, CRI_ERR_SYNTAX, 2));
    /* While parsing, the offset is the first byte that is not a hex digit. */
    CHECK(split_fails("http://a/%4G", 12, CRI_ERR_PERCENT, 11));
    CHECK(split_fails("http://a/%", 10, CRI_ERR_PERCENT, 10));
}

static void test_split_ports(void)
{
    struct uri_parts p;
    size_t off = 0;

    /* Out of range (docs/DECISIONS.md Decision 10): an error, but *parts is filled. */
    CHECK(split("http://a:65536/", 0, &p, &off) == CRI_ERR_PORT_RANGE && off == 9);
    CHECK(span_is(p.scheme, "http") && span_is(p.host, "a") && span_is(p.port, "65536") &&
          p.port_number == -1 && span_is(p.path, "/"));
    /* Digits that would overflow a 32- or 64-bit accumulator are still out of range. */
    CHECK(split("http://a:99999999999999999999/", 0, &p, &off) == CRI_ERR_PORT_RANGE &&
          off == 9 && p.port_number == -1);
    CHECK(split("http://a:65535/", 0, &p, &off) == CRI_OK && p.port_number == 65535);
    CHECK(split("http://a:0/", 0, &p, &off) == CRI_OK && p.port_number == 0);
    /* port = *DIGIT, so leading zeros are allowed. */
    CHECK(split("http://a:00080/", 0, &p, &off) == CRI_OK && span_is(p.port, "00080") &&
          p.port_number == 80);
    CHECK(split("http://a:/", 0, &p, &off) == CRI_OK && present_empty(p.port) &&
          p.port_number == -1);
    CHECK(split("http://a/", 0, &p, &off) == CRI_OK && absent(p.port) && p.port_number == -1);
}

/* Lenient splitting follows the regular expression of RFC 3986 Appendix B. */
static void test_split_lenient(void)
{
    static const char *junk[] = {
        "", "%", "::::", "[", "//", "#", "?#?#", "http://[::1", "http://a:b:c@d/",
        "\xff\xfe",
    };
    struct uri_parts p;
    size_t off = 0;

    CHECK(split("ht tp://a b:c/%zz?x#y", URI_SPLIT_LENIENT, &p, &off) == CRI_OK);
    CHECK(span_is(p.scheme, "ht tp") && span_is(p.host, "a b") && span_is(p.port, "c") &&
          p.port_number == -1 && span_is(p.path, "/%zz") && span_is(p.query, "x") &&
          span_is(p.fragment, "y"));
    /* The example of Appendix B itself. */
    CHECK(split("http://www.ics.uci.edu/pub/ietf/uri/#Related", URI_SPLIT_LENIENT, &p, &off) ==
              CRI_OK &&
          span_is(p.scheme, "http") && span_is(p.host, "www.ics.uci.edu") &&
          span_is(p.path, "/pub/ietf/uri/") && absent(p.query) && span_is(p.fragment, "Related"));
    CHECK(split("http://a:99999/", URI_SPLIT_LENIENT, &p, &off) == CRI_OK &&
          span_is(p.port, "99999") && p.port_number == -1);
    CHECK(uri_split("a\0b", 3, URI_SPLIT_LENIENT, &p, &off) == CRI_OK && p.path.len == 3);
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        CHECK(split(junk[i], URI_SPLIT_LENIENT, &p, &off) == CRI_OK);
}

static void test_split_hosts(void)
{
    static const struct {
        const char *uri;
        int32_t kind;
        const char *host; /* NULL: no authority */
    } hosts[] = {
        {"http://example.com/", URI_HOST_REG_NAME, "example.com"},
        {"http://192.0.2.1/", URI_HOST_IPV4, "192.0.2.1"},
        {"http://[2001:db8::1]/", URI_HOST_IPV6, "[2001:db8::1]"},
        {"http://[v7.abc]/", URI_HOST_IPVFUTURE, "[v7.abc]"},
        {"http://[fe80::1%25eth0]/", URI_HOST_IPV6, "[fe80::1%25eth0]"},
        /* Not IPv4address (dec-octet stops at 255, four octets), so a reg-name. */
        {"http://256.1.1.1/", URI_HOST_REG_NAME, "256.1.1.1"},
        {"http://192.0.2.1.5/", URI_HOST_REG_NAME, "192.0.2.1.5"},
        {"http://[V7.abc]/", URI_HOST_IPVFUTURE, "[V7.abc]"}, /* the "v" is case-insensitive */
        {"http://[::ffff:192.0.2.1]/", URI_HOST_IPV6, "[::ffff:192.0.2.1]"},
        {"file:///etc", URI_HOST_REG_NAME, ""},
        {"//", URI_HOST_REG_NAME, ""},
        {"mailto:x@y", URI_HOST_NONE, NULL},
    };
    struct uri_parts p;
    size_t off = 0;

    for (size_t i = 0; i < sizeof hosts / sizeof hosts[0]; i++) {
        const char *uri = hosts[i].uri;
        CHECK(split(uri, 0, &p, &off) == CRI_OK && p.host_kind == hosts[i].kind &&
              (hosts[i].host ? span_is(p.host, hosts[i].host) : absent(p.host)));
    }
    CHECK(split("http://[fe80::1%25eth0]/", 0, &p, &off) == CRI_OK && span_is(p.zone_id, "eth0"));
    CHECK(split("http://[2001:db8::1]/", 0, &p, &off) == CRI_OK && absent(p.zone_id));
    CHECK(split("file:///etc", 0, &p, &off) == CRI_OK && present_empty(p.host) &&
          span_is(p.path, "/etc"));
    CHECK(split("http://@a/", 0, &p, &off) == CRI_OK && present_empty(p.userinfo));
    CHECK(split("http://a/", 0, &p, &off) == CRI_OK && absent(p.userinfo));
}

/* --- uri_split_request_target -------------------------------------------------------- */

static int32_t target(const char *s, uint32_t flags, struct uri_parts *p, int32_t *form,
                      size_t *off)
{
    int32_t rc = uri_split_request_target(s, strlen(s), flags, p, form, off);
    note("uri_split_request_target(\"%s\", %u) = %s, form %ld, offset %zu", s, (unsigned)flags,
         cri_status_name(rc), (long)*form, *off);
    return rc;
}

static void test_request_target(void)
{
    struct uri_parts p;
    int32_t form = 0;
    size_t off = 0;

    CHECK(target("*", 0, &p, &form, &off) == CRI_OK && form == URI_TARGET_ASTERISK &&
          span_is(p.path, "*") && absent(p.scheme) && absent(p.host));
    CHECK(target("/where?q=now", 0, &p, &form, &off) == CRI_OK && form == URI_TARGET_ORIGIN &&
          span_is(p.path, "/where") && span_is(p.query, "q=now") && absent(p.host));
    /* In origin-form "//x" is a path, not an authority. */
    CHECK(target("//x", 0, &p, &form, &off) == CRI_OK && form == URI_TARGET_ORIGIN &&
          span_is(p.path, "//x") && absent(p.host));
    CHECK(target("http://www.example.org/pub/WWW/TheProject.html", 0, &p, &form, &off) ==
              CRI_OK &&
          form == URI_TARGET_ABSOLUTE && span_is(p.scheme, "http") &&
          span_is(p.host, "www.example.org") && span_is(p.path, "/pub/WWW/TheProject.html"));
    CHECK(target("www.example.com:80", URI_TARGET_CONNECT, &p, &form, &off) == CRI_OK &&
          form == URI_TARGET_AUTHORITY && absent(p.scheme) &&
          span_is(p.host, "www.example.com") && span_is(p.port, "80") && p.port_number == 80);
    CHECK(uri_split_request_target("/p?qJUNK", 4, 0, &p, &form, &off) == CRI_OK &&
          span_is(p.query, "q"));

    /* absolute-form is an absolute-URI: no fragment; origin-form has none either. */
    CHECK(target("http://a/b#frag", 0, &p, &form, &off) == CRI_ERR_SYNTAX && off == 10);
    CHECK(target("/a#f", 0, &p, &form, &off) == CRI_ERR_SYNTAX && off == 2);
    CHECK(target("/a b", 0, &p, &form, &off) == CRI_ERR_SYNTAX && off == 2);
    CHECK(target("a/b", 0, &p, &form, &off) == CRI_ERR_SYNTAX && off == 1);
    /* authority-form is uri-host ":" port, without userinfo. */
    CHECK(target("www.example.com", URI_TARGET_CONNECT, &p, &form, &off) == CRI_ERR_SYNTAX &&
          off == 15);
    CHECK(target("u@h:80", URI_TARGET_CONNECT, &p, &form, &off) == CRI_ERR_SYNTAX && off == 1);
    CHECK(target("h:65536", URI_TARGET_CONNECT, &p, &form, &off) == CRI_ERR_PORT_RANGE &&
          off == 2);

    CHECK(uri_split_request_target(NULL, 0, 0, &p, &form, &off) == CRI_ERR_SYNTAX && off == 0);
    CHECK(uri_split_request_target(NULL, 1, 0, &p, &form, &off) == CRI_ERR_NULL);
    CHECK(uri_split_request_target("*", 1, 0, NULL, &form, &off) == CRI_ERR_NULL);
    CHECK(uri_split_request_target("*", 1, 0, &p, NULL, &off) == CRI_ERR_NULL);
    CHECK(uri_split_request_target("*", 1, 0, &p, &form, NULL) == CRI_OK);
    CHECK(uri_split_request_target("*", 1, 2, &p, &form, &off) == CRI_ERR_ARGUMENT);
}

/* --- uri_percent_encode -------------------------------------------------------------- */

static void test_encode(void)
{
    /* One character of each kind the sets treat differently. */
    static const char mix[] = "a/b?c:d@e f+&=~*#%";
    char buf[64];
    size_t n = 0;
    struct call nul = {"a\0b", 3, NULL, 0, URI_ENCODE_UNRESERVED, NULL};
    struct call cut = {"abc def", 3, NULL, 0, URI_ENCODE_UNRESERVED, NULL};
    struct call empty = {NULL, 0, NULL, 0, URI_ENCODE_UNRESERVED, NULL};

    expect_encode(mix, URI_ENCODE_UNRESERVED, "a%2Fb%3Fc%3Ad%40e%20f%2B%26%3D~%2A%23%25");
    expect_encode(mix, URI_ENCODE_PATH_SEGMENT, "a%2Fb%3Fc:d@e%20f+&=~*%23%25");
    expect_encode(mix, URI_ENCODE_QUERY, "a/b?c:d@e%20f+&=~*%23%25");
    expect_encode(mix, URI_ENCODE_FRAGMENT, "a/b?c:d@e%20f+&=~*%23%25");
    expect_encode(mix, URI_ENCODE_USERINFO, "a%2Fb%3Fc:d%40e%20f+&=~*%23%25");
    expect_encode(mix, URI_ENCODE_FORM, "a%2Fb%3Fc%3Ad%40e+f%2B%26%3D%7E*%23%25");
    expect_encode("\xab\xcd", URI_ENCODE_UNRESERVED, "%AB%CD"); /* uppercase hex */
    expect_output("encode a NUL byte", write_encode, &nul, 1, "a%00b", 5);
    expect_output("encode 3 bytes of \"abc def\"", write_encode, &cut, 1, "abc", 3);
    expect_output("encode (NULL, 0)", write_encode, &empty, 1, "", 0);
    expect_encode("", URI_ENCODE_FORM, "");

    CHECK(uri_percent_encode(NULL, 2, URI_ENCODE_UNRESERVED, buf, sizeof buf, &n) == CRI_ERR_NULL);
    CHECK(uri_percent_encode("a", 1, 6, buf, sizeof buf, &n) == CRI_ERR_ARGUMENT);
    CHECK(uri_percent_encode("a", 1, -1, buf, sizeof buf, &n) == CRI_ERR_ARGUMENT);
}

/* --- uri_percent_decode -------------------------------------------------------------- */

/* A broken sequence: CRI_ERR_PERCENT with the offset of its "%". */
static int decode_fails_at(const char *s, size_t offset)
{
    char buf[64];
    size_t n = 0, off = (size_t)-1;
    int32_t rc = uri_percent_decode(s, strlen(s), 0, buf, sizeof buf, &n, &off);
    note("uri_percent_decode(\"%s\") = %s at offset %zu", s, cri_status_name(rc), off);
    return rc == CRI_ERR_PERCENT && off == offset;
}

static void test_decode(void)
{
    char buf[64];
    size_t n = 0, off = 0;
    /* "%00" is a NUL byte, counted in out_len and followed by the terminating NUL. */
    struct call nul = {"%00", 3, NULL, 0, 0, NULL};
    struct call inner_nul = {"a%00b", 5, NULL, 0, 0, NULL};
    /* The "%4" after the length would be an error if it were read. */
    struct call cut = {"%41%4", 3, NULL, 0, 0, NULL};
    struct call empty = {NULL, 0, NULL, 0, 0, NULL};

    expect_output("decode %00", write_decode, &nul, 1, "\0", 1);
    expect_output("decode a%00b", write_decode, &inner_nul, 1, "a\0b", 3);
    expect_output("decode 3 bytes of %41%4", write_decode, &cut, 1, "A", 1);
    expect_output("decode (NULL, 0)", write_decode, &empty, 1, "", 0);
    expect_decode("caff%c3%a8", 0, "caff\xC3\xA8"); /* lowercase hex */
    expect_decode("a+b%2B", 0, "a+b+");
    expect_decode("a+b%2B", URI_DECODE_FORM, "a b+");
    expect_decode("100%", URI_DECODE_LENIENT, "100%");
    expect_decode("%4G%41", URI_DECODE_LENIENT, "%4GA");
    expect_decode("%%41", URI_DECODE_LENIENT, "%A");
    expect_decode("%zz+", URI_DECODE_LENIENT | URI_DECODE_FORM, "%zz ");

    CHECK(decode_fails_at("%4G", 0));
    CHECK(decode_fails_at("%", 0));
    CHECK(decode_fails_at("%4", 0));
    CHECK(decode_fails_at("ab%4", 2));
    CHECK(decode_fails_at("%41%", 3));
    CHECK(uri_percent_decode("%", 1, 0, buf, sizeof buf, &n, NULL) == CRI_ERR_PERCENT);
    CHECK(uri_percent_decode(NULL, 1, 0, buf, sizeof buf, &n, &off) == CRI_ERR_NULL);
    CHECK(uri_percent_decode("a", 1, 4, buf, sizeof buf, &n, &off) == CRI_ERR_ARGUMENT);
}

/* --- uri_remove_dot_segments --------------------------------------------------------- */

static void test_dot_segments(void)
{
    char buf[64];
    size_t n = 0;
    /* Reading the ".." past the length would remove "/b". */
    struct call cut = {"/a/b/..", 4, NULL, 0, 0, NULL};
    struct call empty = {NULL, 0, NULL, 0, 0, NULL};

    expect_dots("/a/b/c/./../../g", "/a/g");
    expect_dots("mid/content=5/../6", "mid/6");
    expect_dots("", "");
    expect_dots(".", "");
    expect_dots("..", "");
    expect_dots("/.", "/");
    expect_dots("/..", "/");
    expect_dots("../a", "a");
    /* §5.2.4 step by step: "a" moves out, "/.." becomes "/" and removes "a". */
    expect_dots("a/..", "/");
    /* An empty segment is a segment: ".." removes it, not "a". */
    expect_dots("/a//../b", "/a/b");
    expect_dots("/a/.../b", "/a/.../b");
    expect_dots("/a/%2E%2E/b", "/a/%2E%2E/b");
    expect_output("dots on 4 bytes of /a/b/..", write_dots, &cut, 1, "/a/b", 4);
    expect_output("dots on (NULL, 0)", write_dots, &empty, 1, "", 0);

    CHECK(uri_remove_dot_segments(NULL, 1, buf, sizeof buf, &n) == CRI_ERR_NULL);
}

/* --- uri_resolve --------------------------------------------------------------------- */

static int resolve_fails(const char *base, const char *ref, int32_t status, size_t offset)
{
    char buf[64];
    size_t n = 0, off = (size_t)-1;
    int32_t rc = uri_resolve(base, strlen(base), ref, strlen(ref), buf, sizeof buf, &n, &off);
    note("uri_resolve(\"%s\", \"%s\") = %s at offset %zu", base, ref, cri_status_name(rc), off);
    return rc == status && off == offset;
}

static void test_resolve(void)
{
    char buf[64];
    size_t n = 0, off = 0;
    /* An empty reference is the base without its fragment (RFC 3986 §5.2.2, §5.4.1). */
    struct call empty_ref = {"http://a/b?q#f", 14, NULL, 0, 0, NULL};
    struct call cut_ref = {"http://a/b/c/d;p?q", 18, "g?yJUNK", 3, 0, NULL};

    expect_resolve("http://a/b/c/d;p?q", "../g", "http://a/b/g");
    expect_resolve("http://a/b/c/d;p?q", "g;x?y#s", "http://a/b/c/g;x?y#s");
    expect_resolve("http://a/b/c/d;p?q", "http:g", "http:g"); /* §5.4.2, strict parser */
    expect_resolve("http://a/b?q#f", "#g", "http://a/b?q#g");
    /* Merge with a base path that has no "/": the whole path is dropped (§5.2.3). */
    expect_resolve("mailto:x", "y", "mailto:y");
    expect_output("resolve an empty reference", write_resolve, &empty_ref, 1, "http://a/b?q", 12);
    expect_output("resolve 3 bytes of g?yJUNK", write_resolve, &cut_ref, 1, "http://a/b/c/g?y", 16);

    /* The base must be an absolute URI. */
    CHECK(resolve_fails("/a/b", "g", CRI_ERR_BASE, 0));
    CHECK(resolve_fails("", "g", CRI_ERR_BASE, 0));
    CHECK(resolve_fails("http://a b/", "g", CRI_ERR_BASE, 8));
    CHECK(resolve_fails("http://a:65536/", "g", CRI_ERR_BASE, 9));
    /* Reference errors carry offsets within the reference. */
    CHECK(resolve_fails("http://a/", "a b", CRI_ERR_SYNTAX, 1));
    CHECK(resolve_fails("http://a/", "%zz", CRI_ERR_PERCENT, 1));
    CHECK(resolve_fails("http://a/", "//h:65536", CRI_ERR_PORT_RANGE, 4));
    CHECK(uri_resolve("http://a/", 9, "g\0h", 3, buf, sizeof buf, &n, &off) == CRI_ERR_SYNTAX &&
          off == 1);

    CHECK(uri_resolve(NULL, 0, "g", 1, buf, sizeof buf, &n, &off) == CRI_ERR_BASE && off == 0);
    CHECK(uri_resolve(NULL, 1, "g", 1, buf, sizeof buf, &n, &off) == CRI_ERR_NULL);
    CHECK(uri_resolve("http://a/", 9, NULL, 1, buf, sizeof buf, &n, &off) == CRI_ERR_NULL);
    CHECK(uri_resolve("/a", 2, "g", 1, buf, sizeof buf, &n, NULL) == CRI_ERR_BASE);
}

/* --- uri_recompose ------------------------------------------------------------------- */

static int recompose_fails(const struct uri_parts *p, int32_t status)
{
    char buf[64];
    size_t n = 0;
    int32_t rc = uri_recompose(p, buf, sizeof buf, &n);
    note("uri_recompose = %s", cri_status_name(rc));
    return rc == status;
}

/* split then recompose gives the reference back, absent and empty parts included. */
static void expect_round_trip(const char *s)
{
    struct uri_parts p;
    size_t off = 0;

    CHECK(split(s, 0, &p, &off) == CRI_OK);
    expect_recompose(&p, s);
}

static void test_recompose(void)
{
    static const char *round_trips[] = {
        "http://a/b?", "http://a/b", "http://@a:/?#", "file:///etc", "mailto:mario@example.com",
        "/.//x", "./a:b", "", "?", "#", "http://[fe80::1%25eth0]:80/p",
    };
    struct uri_parts p, all_absent;
    char buf[64];
    size_t n = 0;

    memset(&all_absent, 0, sizeof all_absent); /* a NULL path span is an empty path */
    expect_recompose(&all_absent, "");
    p = parts_of("s", "u", "h", "1", "/p", "q", "f");
    expect_recompose(&p, "s://u@h:1/p?q#f");
    /* host_kind and port_number are not used. */
    p.host_kind = 42;
    p.port_number = 99;
    expect_recompose(&p, "s://u@h:1/p?q#f");
    p = parts_of("http", NULL, "a", "", "/b", "", "");
    expect_recompose(&p, "http://a:/b?#");
    p = parts_of("file", NULL, "", NULL, "/x", NULL, NULL);
    expect_recompose(&p, "file:///x");
    p = parts_of(NULL, NULL, "a", NULL, "", NULL, NULL);
    expect_recompose(&p, "//a");

    /* Prefixes that keep the output parsing back to the same components. */
    p = parts_of(NULL, NULL, NULL, NULL, "//x", NULL, NULL);
    expect_recompose(&p, "/.//x");
    p = parts_of("s", NULL, NULL, NULL, "//x", NULL, NULL);
    expect_recompose(&p, "s:/.//x");
    p = parts_of(NULL, NULL, NULL, NULL, "a:b", NULL, NULL);
    expect_recompose(&p, "./a:b");
    p = parts_of("s", NULL, NULL, NULL, "a:b", NULL, NULL);
    expect_recompose(&p, "s:a:b");
    p = parts_of(NULL, NULL, NULL, NULL, "a/b:c", NULL, NULL); /* only the first segment */
    expect_recompose(&p, "a/b:c");
    p = parts_of(NULL, NULL, NULL, NULL, "", "x", NULL);
    expect_recompose(&p, "?x");

    for (size_t i = 0; i < sizeof round_trips / sizeof round_trips[0]; i++)
        expect_round_trip(round_trips[i]);

    p = parts_of("http", NULL, "a", NULL, "b", NULL, NULL); /* authority, rootless path */
    CHECK(recompose_fails(&p, CRI_ERR_PARTS));
    p = parts_of("http", "u", NULL, NULL, "/b", NULL, NULL); /* userinfo without host */
    CHECK(recompose_fails(&p, CRI_ERR_PARTS));
    p = parts_of("http", NULL, NULL, "80", "/b", NULL, NULL); /* port without host */
    CHECK(recompose_fails(&p, CRI_ERR_PARTS));
    p = parts_of("", NULL, NULL, NULL, "x", NULL, NULL); /* ":x" would not parse */
    CHECK(recompose_fails(&p, CRI_ERR_PARTS));
    /* Components outside their RFC 3986 §3 grammar would split into other components. */
    {
        static const char *bad[][7] = {
            {"s", "u", "h", "1", "/p", "a#b", "f"}, /* query with # */
            {"s", "u", "h", "1", "/p", "q", "a#b"}, /* fragment with # */
            {"s", "u", "h/x", "1", "/p", "q", "f"}, /* host with / */
            {"s", "u", "h:2", "1", "/p", "q", "f"}, /* host with : */
            {"s", "a@b", "h", "1", "/p", "q", "f"}, /* userinfo with @ */
            {"s", "u", "h", "8a", "/p", "q", "f"},  /* port not digits */
            {"s", "u", "h", "65536", "/p", "q", "f"}, /* port uri_split rejects */
            {"s", "u", "h", "1", "/p?x", "q", "f"}, /* path with ? */
            {"s/t", "u", "h", "1", "/p", "q", "f"}, /* scheme with / */
            {"s", "u", "[::1", "1", "/p", "q", "f"}, /* unclosed IP-literal */
            {"s", "u", "h", "1", "/p", "q", "a b"}, /* space */
        };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            p = parts_of(bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4], bad[i][5],
                         bad[i][6]);
            note("parts %zu", i);
            CHECK(recompose_fails(&p, CRI_ERR_PARTS));
        }
    }
    p = parts_of("http", NULL, "a", NULL, "/b", NULL, NULL);
    p.query.len = 3; /* NULL pointer with a length */
    CHECK(recompose_fails(&p, CRI_ERR_NULL));
    CHECK(uri_recompose(NULL, buf, sizeof buf, &n) == CRI_ERR_NULL);
}

/* --- uri_normalize ------------------------------------------------------------------- */

static int normalize_fails(const char *s, int32_t status, size_t offset)
{
    char buf[64];
    size_t n = 0, off = (size_t)-1;
    int32_t rc = uri_normalize(s, strlen(s), buf, sizeof buf, &n, &off);
    note("uri_normalize(\"%s\") = %s at offset %zu", s, cri_status_name(rc), off);
    return rc == status && off == offset;
}

static void test_normalize(void)
{
    char buf[64];
    size_t n = 0, off = 0;
    struct call empty = {NULL, 0, NULL, 0, 0, NULL};

    expect_output("normalize (NULL, 0)", write_normalize, &empty, 1, "", 0);
    /* §6.2.2.1, §6.2.2.2: hex uppercased, unreserved decoded, reserved kept encoded. */
    expect_normalize("http://a/%3a%7e%41", "http://a/%3A~A");
    expect_normalize("http://User@A/?%7e#%7e", "http://User@a/?~#~");
    expect_normalize("HTTP://a/b?Q#F", "http://a/b?Q#F");
    /* §6.2.2.3: dot-segments go, "%2E" ones too, but not in a relative-path reference. */
    expect_normalize("/a/%2E%2E/b", "/b");
    expect_normalize("a/../b", "a/../b");
    /* §6.2.3: default and empty ports dropped, an empty path written "/" for http. */
    expect_normalize("http://a:/", "http://a/");
    expect_normalize("http://a", "http://a/");
    expect_normalize("https://h:443", "https://h/");
    expect_normalize("http://h:443/", "http://h:443/");
    expect_normalize("ws://h:80/", "ws://h/");
    expect_normalize("coap://h:5683/", "coap://h/");
    expect_normalize("coap+tcp://h:5683", "coap+tcp://h/");
    expect_normalize("coaps+ws://h:443/", "coaps+ws://h/");
    expect_normalize("foo://a", "foo://a");
    /* §6.2.3: an empty query keeps its "?". */
    expect_normalize("http://a/b?", "http://a/b?");
    /* RFC 5952: lowercase, no leading zeros, "::" for the first longest run of zeros,
     * never for a single zero field. */
    expect_normalize("http://[2001:DB8:0:0:0:0:0:1]/", "http://[2001:db8::1]/");
    expect_normalize("http://[2001:0db8:0000:0000:0001:0000:0000:0001]/",
                     "http://[2001:db8::1:0:0:1]/");
    expect_normalize("http://[2001:db8:0:1:1:1:1:1]/", "http://[2001:db8:0:1:1:1:1:1]/");

    CHECK(normalize_fails("http://a b/", CRI_ERR_SYNTAX, 8));
    CHECK(normalize_fails("http://a:65536/", CRI_ERR_PORT_RANGE, 9));
    CHECK(normalize_fails("/%4G", CRI_ERR_PERCENT, 3));
    CHECK(uri_normalize("a b", 3, buf, sizeof buf, &n, NULL) == CRI_ERR_SYNTAX);
    CHECK(uri_normalize(NULL, 1, buf, sizeof buf, &n, &off) == CRI_ERR_NULL);
}

/* --- uri_equivalent ------------------------------------------------------------------ */

/* 1 or 0 as uri_equivalent says, -1 if it fails. */
static int equivalent(const char *a, const char *b)
{
    int32_t eq = -1;
    size_t off = 0;
    int32_t rc = uri_equivalent(a, strlen(a), b, strlen(b), &eq, &off);
    note("uri_equivalent(\"%s\", \"%s\") = %s, %ld", a, b, cri_status_name(rc), (long)eq);
    return rc == CRI_OK ? eq : -1;
}

static int equivalent_fails(const char *a, const char *b, int32_t status, size_t offset)
{
    int32_t eq = -1;
    size_t off = (size_t)-1;
    int32_t rc = uri_equivalent(a, strlen(a), b, strlen(b), &eq, &off);
    note("uri_equivalent(\"%s\", \"%s\") = %s at offset %zu", a, b, cri_status_name(rc), off);
    return rc == status && off == offset;
}

static void test_equivalent(void)
{
    int32_t eq = -1;
    size_t off = 0;

    CHECK(equivalent("http://a/%7e", "http://a/~") == 1);
    CHECK(equivalent("http://example.com:/", "http://example.com") == 1); /* §6.2.3 */
    CHECK(equivalent("http://[2001:db8::1]/", "http://[2001:DB8:0:0:0:0:0:1]/") == 1);
    CHECK(equivalent("http://example.com/?", "http://example.com/") == 0); /* §6.2.3 */
    CHECK(equivalent("http://a/b", "http://a/b/") == 0);
    CHECK(equivalent("http://a/B", "http://a/b") == 0);
    CHECK(equivalent("http://a/%3a", "http://a/:") == 0); /* reserved: encoding matters */
    CHECK(equivalent("http://a/#f", "http://a/") == 0);

    CHECK(equivalent_fails("http://a b/", "http://a/", CRI_ERR_SYNTAX, 8));
    CHECK(equivalent_fails("http://a/", "x y", CRI_ERR_SYNTAX, 1));
    CHECK(equivalent_fails("http://a b/", "x y", CRI_ERR_SYNTAX, 8)); /* a is reported */
    CHECK(equivalent_fails("http://a/", "http://a:65536/", CRI_ERR_PORT_RANGE, 9));

    CHECK(uri_equivalent(NULL, 0, NULL, 0, &eq, NULL) == CRI_OK && eq == 1);
    CHECK(uri_equivalent("a", 1, "a", 1, NULL, &off) == CRI_ERR_NULL);
    CHECK(uri_equivalent(NULL, 1, "a", 1, &eq, &off) == CRI_ERR_NULL);
    CHECK(uri_equivalent("a", 1, NULL, 1, &eq, &off) == CRI_ERR_NULL);
    CHECK(uri_equivalent("a b", 3, "a", 1, &eq, NULL) == CRI_ERR_SYNTAX);
}

/* --- uri_query_next ------------------------------------------------------------------ */

/* The next argument of (q, len) is `key`, with `value` (NULL: no "="), both as written. */
static int next_is(const char *q, size_t len, size_t *pos, const char *key, const char *value)
{
    struct uri_query_arg a;
    int32_t rc;

    memset(&a, 0, sizeof a);
    rc = uri_query_next(q, len, pos, &a);
    note("uri_query_next(\"%.*s\") = %s, key \"%.*s\", value%s\"%.*s\"", (int)len, q,
         cri_status_name(rc), (int)a.key.len, a.key.ptr ? a.key.ptr : "",
         a.value.ptr ? " " : " absent ", (int)a.value.len, a.value.ptr ? a.value.ptr : "");
    return rc == CRI_OK && span_is(a.key, key) &&
           (value ? span_is(a.value, value) : absent(a.value));
}

static int done(const char *q, size_t len, size_t *pos)
{
    struct uri_query_arg a;
    return uri_query_next(q, len, pos, &a) == CRI_DONE;
}

static void test_query_next(void)
{
    static const char pieces[] = "&&a=1&&b&";
    static const char odd[] = "=v&a==b&c=&%26=%3D";
    struct uri_query_arg a;
    size_t pos = 0;

    /* Empty pieces are skipped; DONE stays DONE. */
    CHECK(next_is(pieces, strlen(pieces), &pos, "a", "1"));
    CHECK(next_is(pieces, strlen(pieces), &pos, "b", NULL));
    CHECK(done(pieces, strlen(pieces), &pos));
    CHECK(done(pieces, strlen(pieces), &pos));

    /* The key ends at the first "="; encoded delimiters do not split. */
    pos = 0;
    CHECK(next_is(odd, strlen(odd), &pos, "", "v"));
    CHECK(next_is(odd, strlen(odd), &pos, "a", "=b"));
    CHECK(next_is(odd, strlen(odd), &pos, "c", ""));
    CHECK(next_is(odd, strlen(odd), &pos, "%26", "%3D"));
    CHECK(done(odd, strlen(odd), &pos));

    /* Only len bytes: "JUNK" is not part of the last argument. */
    pos = 0;
    CHECK(next_is("x=1&yJUNK", 5, &pos, "x", "1"));
    CHECK(next_is("x=1&yJUNK", 5, &pos, "y", NULL));
    CHECK(done("x=1&yJUNK", 5, &pos));

    pos = 0;
    CHECK(done(NULL, 0, &pos));
    pos = 0;
    CHECK(done("", 0, &pos));
    pos = 10; /* past the end: there is no argument there */
    CHECK(uri_query_next("a=1", 3, &pos, &a) != CRI_OK);
    pos = 0;
    CHECK(uri_query_next(NULL, 1, &pos, &a) == CRI_ERR_NULL);
    CHECK(uri_query_next("a", 1, NULL, &a) == CRI_ERR_NULL);
    CHECK(uri_query_next("a", 1, &pos, NULL) == CRI_ERR_NULL);
}

/* --- The overlap contract (cri.h): an output overlapping an input is CRI_ERR_ARGUMENT --- */

/* `out` NULL with `cap > 0` is CRI_ERR_NULL at every capacity (the @retval lines of cri.h),
 * also where a region of `cap` bytes at address 0 would take in the input's address: the
 * NULL check comes before the overlap check. */
static void test_null_output_any_capacity(void)
{
    static const size_t caps[] = {1, 4096, SIZE_MAX / 2, SIZE_MAX - 1, SIZE_MAX};
    static const char uri[] = "coap://h/a?q";
    uint8_t cri[64];
    size_t cri_len = 0, n, off;
    struct cri_error_info err;
    CHECK(cri_from_uri(uri, strlen(uri), cri, sizeof cri, &cri_len, &err) == CRI_OK);
    struct uri_parts parts = parts_of("coap", NULL, "h", NULL, "/a", NULL, NULL);
    struct cri_coap_option opt = {CRI_COAP_OPTION_URI_HOST, (const uint8_t *)"h", 1};
    const size_t u = strlen(uri);
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        const size_t c = caps[i];
        CHECK(uri_percent_encode(uri, u, URI_ENCODE_UNRESERVED, NULL, c, &n) == CRI_ERR_NULL);
        CHECK(uri_percent_decode(uri, u, 0, NULL, c, &n, &off) == CRI_ERR_NULL);
        CHECK(uri_remove_dot_segments("/a/..", 5, NULL, c, &n) == CRI_ERR_NULL);
        CHECK(uri_resolve(uri, u, "g", 1, NULL, c, &n, &off) == CRI_ERR_NULL);
        CHECK(uri_recompose(&parts, NULL, c, &n) == CRI_ERR_NULL);
        CHECK(uri_normalize(uri, u, NULL, c, &n, &off) == CRI_ERR_NULL);
        CHECK(iri_to_uri(uri, u, NULL, c, &n, &off) == CRI_ERR_NULL);
        CHECK(uri_to_iri(uri, u, NULL, c, &n, &off) == CRI_ERR_NULL);
        CHECK(iri_resolve(uri, u, "g", 1, 0, NULL, c, &n, &off) == CRI_ERR_NULL);
        CHECK(uri_preprocess(uri, u, NULL, c, &n, &off) == CRI_ERR_NULL);
        CHECK(cri_from_uri(uri, u, NULL, c, &n, &err) == CRI_ERR_NULL);
        CHECK(cri_from_iri(uri, u, NULL, c, &n, &err) == CRI_ERR_NULL);
        CHECK(cri_to_uri(cri, cri_len, 0, NULL, c, &n, &err) == CRI_ERR_NULL);
        CHECK(cri_to_iri(cri, cri_len, 0, NULL, c, &n, &err) == CRI_ERR_NULL);
        CHECK(cri_resolve(cri, cri_len, cri, cri_len, NULL, c, &n, &err) == CRI_ERR_NULL);
        CHECK(cri_to_edn(cri, cri_len, NULL, c, &n, &err) == CRI_ERR_NULL);
        CHECK(uri_from_coap_options("coap", 4, NULL, &opt, 1, NULL, c, &n, &err) ==
              CRI_ERR_NULL);
        CHECK(cri_from_coap_options(0, NULL, &opt, 1, NULL, c, &n, &err) == CRI_ERR_NULL);
        CHECK(cri_coap_options_to_wire(&opt, 1, NULL, c, &n, &err) == CRI_ERR_NULL);
        struct cri_coap_option opts[4];
        uint8_t scratch[32], wire[8] = {0x31, 'h'};
        size_t on, sn;
        CHECK(uri_to_coap_options(uri, u, NULL, CRI_COAP_MODE_DIRECT, NULL, c, &on, scratch,
                                  sizeof scratch, &sn, &err) == CRI_ERR_NULL);
        CHECK(uri_to_coap_options(uri, u, NULL, CRI_COAP_MODE_DIRECT, opts, 4, &on, NULL, c,
                                  &sn, &err) == CRI_ERR_NULL);
        CHECK(cri_to_coap_options(cri, cri_len, NULL, CRI_COAP_MODE_DIRECT, NULL, c, &on,
                                  scratch, sizeof scratch, &sn, &err) == CRI_ERR_NULL);
        CHECK(cri_to_coap_options(cri, cri_len, NULL, CRI_COAP_MODE_DIRECT, opts, 4, &on, NULL,
                                  c, &sn, &err) == CRI_ERR_NULL);
        CHECK(cri_coap_options_from_wire(wire, 2, NULL, c, &on, &n, &err) == CRI_ERR_NULL);
    }
}

/* An output that overlaps its input (`a%2020c%30c…`, `http://a/b/c/http?/#a`,
 * `http://a/caff%C3C3x` written in place) is CRI_ERR_ARGUMENT with the buffer as it was,
 * never CRI_OK with corrupted output; an output right after the input is fine. */
static void test_overlap(void)
{
    char buf[256];
    size_t n = 0, off = 0;
    struct cri_error_info e;
    struct uri_parts p;

    strcpy(buf, "a c 0c %30c");
    CHECK(uri_percent_encode(buf, 11, URI_ENCODE_UNRESERVED, buf, sizeof buf, &n) ==
          CRI_ERR_ARGUMENT);
    CHECK(strcmp(buf, "a c 0c %30c") == 0);
    /* Overlapping the input's tail only. */
    CHECK(uri_percent_encode(buf, 11, URI_ENCODE_UNRESERVED, buf + 10, 100, &n) ==
          CRI_ERR_ARGUMENT);
    CHECK(uri_percent_encode(buf, 11, URI_ENCODE_UNRESERVED, buf + 11, 100, &n) == CRI_OK &&
          strcmp(buf + 11, "a%20c%200c%20%2530c") == 0);

    strcpy(buf, "http://a/b/c/d;p?q");
    CHECK(uri_resolve(buf, 18, "../g", 4, buf, sizeof buf, &n, &off) == CRI_ERR_ARGUMENT);
    CHECK(uri_resolve("http://a/b/c/d;p?q", 18, buf, 4, buf + 2, 100, &n, &off) ==
          CRI_ERR_ARGUMENT);
    CHECK(strcmp(buf, "http://a/b/c/d;p?q") == 0);

    strcpy(buf, "http://a/caff\xC3\xA8x");
    CHECK(iri_to_uri(buf, 16, buf, sizeof buf, &n, &off) == CRI_ERR_ARGUMENT);
    CHECK(uri_preprocess(buf, 16, buf, sizeof buf, &n, &off) == CRI_ERR_ARGUMENT);
    CHECK(strcmp(buf, "http://a/caff\xC3\xA8x") == 0);
    strcpy(buf, "http://a/b/../%63");
    CHECK(uri_normalize(buf, 17, buf + 8, 64, &n, &off) == CRI_ERR_ARGUMENT);
    CHECK(uri_percent_decode(buf, 17, 0, buf, sizeof buf, &n, &off) == CRI_ERR_ARGUMENT);
    CHECK(uri_remove_dot_segments(buf + 8, 9, buf, sizeof buf, &n) == CRI_ERR_ARGUMENT);
    CHECK(cri_from_uri(buf, 17, (uint8_t *)buf, sizeof buf, &n, &e) == CRI_ERR_ARGUMENT);
    /* The parts struct is an output too. */
    CHECK(uri_split(buf, 17, 0, (struct uri_parts *)(void *)buf, &off) == CRI_ERR_ARGUMENT);
    {
        /* Both of uri_split_request_target's outputs (it did not check them). */
        int32_t form = 0;
        CHECK(uri_split_request_target(buf, 17, 0, (struct uri_parts *)(void *)buf, &form,
                                       &off) == CRI_ERR_ARGUMENT);
        CHECK(uri_split_request_target(buf, 17, 0, &p, (int32_t *)(void *)buf, &off) ==
              CRI_ERR_ARGUMENT);
        CHECK(uri_split_request_target(buf, 17, 0, &p, &form, &off) == CRI_OK &&
              form == URI_TARGET_ABSOLUTE);
    }
    CHECK(strcmp(buf, "http://a/b/../%63") == 0);

    {
        /* The structs and numbers a function stores are outputs too: none was checked. */
        union {
            char text[64];
            int32_t eq;
            size_t pos;
            uint64_t number;
            struct uri_query_arg arg;
            struct uri_span span;
        } u;
        int32_t eq = 0;
        size_t qpos = 0;
        uint64_t num = 0;
        struct uri_query_arg qa;
        struct uri_span sp;

        strcpy(u.text, "http://a/b");
        CHECK(uri_equivalent(u.text, 10, "http://a/b", 10, &u.eq, &off) == CRI_ERR_ARGUMENT);
        CHECK(uri_equivalent("http://a/b", 10, u.text, 10, &u.eq, &off) == CRI_ERR_ARGUMENT);
        CHECK(strcmp(u.text, "http://a/b") == 0);
        CHECK(uri_equivalent(u.text, 10, "HTTP://A/b", 10, &eq, &off) == CRI_OK && eq == 1);
        strcpy(u.text, "a=1&b=2");
        CHECK(uri_query_next(u.text, 7, &u.pos, &qa) == CRI_ERR_ARGUMENT);
        CHECK(uri_query_next(u.text, 7, &qpos, &u.arg) == CRI_ERR_ARGUMENT);
        CHECK(strcmp(u.text, "a=1&b=2") == 0);
        CHECK(uri_query_next(u.text, 7, &qpos, &qa) == CRI_OK && qa.key.len == 1);
        strcpy(u.text, "http://a:81/b");
        CHECK(uri_host_specific(u.text, 13, &u.span, &off) == CRI_ERR_ARGUMENT);
        CHECK(strcmp(u.text, "http://a:81/b") == 0);
        CHECK(uri_split(u.text, 13, 0, &p, &off) == CRI_OK);
        CHECK(uri_hostport(&p, &p.host) == CRI_ERR_ARGUMENT); /* inside the parts */
        CHECK(uri_hostport(&p, &u.span) == CRI_ERR_ARGUMENT); /* over the scheme's text */
        CHECK(strcmp(u.text, "http://a:81/b") == 0);
        CHECK(uri_hostport(&p, &sp) == CRI_OK && sp.len == 4 && memcmp(sp.ptr, "a:81", 4) == 0);
        strcpy(u.text, "coap");
        CHECK(cri_scheme_number(u.text, 4, &u.number) == CRI_ERR_ARGUMENT);
        CHECK(strcmp(u.text, "coap") == 0);
        CHECK(cri_scheme_number(u.text, 4, &num) == CRI_OK);
    }

    /* Recompose: the spans are the inputs. */
    CHECK(split("s://h/p", 0, &p, &off) == CRI_OK);
    {
        static char text[32];
        strcpy(text, "s://h/p");
        CHECK(split(text, 0, &p, &off) == CRI_OK);
        CHECK(uri_recompose(&p, text, sizeof text, &n) == CRI_ERR_ARGUMENT);
        CHECK(strcmp(text, "s://h/p") == 0);
    }

    /* CRI and option functions: CBOR in, CBOR or options out. */
    {
        uint8_t cbor[128];
        struct cri_coap_option opts[8];
        size_t nopts = 0, nval = 0, used = 0;
        CHECK(cri_from_uri("coap://h/a", 10, cbor, sizeof cbor, &n, &e) == CRI_OK);
        size_t clen = n;
        CHECK(cri_to_uri(cbor, clen, 0, (char *)cbor, sizeof cbor, &n, &e) == CRI_ERR_ARGUMENT);
        CHECK(cri_to_edn(cbor, clen, (char *)cbor + 1, 64, &n, &e) == CRI_ERR_ARGUMENT);
        CHECK(cri_resolve(cbor, clen, cbor, clen, cbor, sizeof cbor, &n, &e) ==
              CRI_ERR_ARGUMENT);
        /* The value buffer over the CRI. */
        CHECK(cri_to_coap_options(cbor, clen, NULL, CRI_COAP_MODE_DIRECT, opts, 8, &nopts, cbor,
                                  sizeof cbor, &nval, &e) == CRI_ERR_ARGUMENT);
        /* The option array over the value buffer. */
        CHECK(cri_to_coap_options(cbor, clen, NULL, CRI_COAP_MODE_DIRECT, opts, 8, &nopts,
                                  (uint8_t *)opts, sizeof opts, &nval, &e) == CRI_ERR_ARGUMENT);
        uint8_t values[64];
        CHECK(cri_to_coap_options(cbor, clen, NULL, CRI_COAP_MODE_DIRECT, opts, 8, &nopts, values,
                                  sizeof values, &nval, &e) == CRI_OK);
        /* Wire bytes written over the option values they encode. */
        CHECK(cri_coap_options_to_wire(opts, nopts, values, sizeof values, &n, &e) ==
              CRI_ERR_ARGUMENT);
        uint8_t wire[64];
        CHECK(cri_coap_options_to_wire(opts, nopts, wire, sizeof wire, &n, &e) == CRI_OK);
        size_t wlen = n;
        CHECK(cri_coap_options_from_wire(wire, wlen, (struct cri_coap_option *)(void *)wire, 2,
                                         &nopts, &used, &e) == CRI_ERR_ARGUMENT);
        struct cri_coap_destination d = {(const uint8_t *)"\xC0\x00\x02\x01", 4, NULL, 0, 5683};
        CHECK(cri_coap_options_from_wire(wire, wlen, opts, 8, &nopts, &used, &e) == CRI_OK);
        CHECK(uri_from_coap_options("coap", 4, &d, opts, nopts, (char *)wire, sizeof wire, &n,
                                    &e) == CRI_ERR_ARGUMENT);
        CHECK(cri_from_coap_options(0, &d, opts, nopts, (uint8_t *)opts, sizeof opts, &n, &e) ==
              CRI_ERR_ARGUMENT);
    }
}

/* An output that overlaps an input is CRI_ERR_ARGUMENT whatever the input holds: the overlap
 * is a fault of the call, told before the input is read, so a bad input under an
 * overlapping output gives the same answer as a good one (the overlap contract, cri.h). */
static void test_overlap_before_input(void)
{
    union {
        char text[256];
        uint8_t bytes[256];
        struct uri_parts parts;
        struct uri_span span;
        struct cri_coap_option opts[8];
        int32_t eq;
        uint64_t number;
    } u;
    static const char bad_uri[] = "coap://h/%zz";                   /* CRI_ERR_PERCENT */
    static const uint8_t bad_cri[] = {0x83, 0x20, 0x81, 0x7f, 0x7f}; /* not CBOR: cut */
    const size_t ul = sizeof bad_uri - 1, cl = sizeof bad_cri;
    struct cri_coap_option opts[8];
    struct cri_error_info e;
    uint8_t scratch[64];
    size_t n = 0, off = 0, on = 0, sn = 0, used = 0;
    int32_t form = 0;

#define URI_IN() memcpy(u.text, bad_uri, ul)
#define CRI_IN() memcpy(u.bytes, bad_cri, cl)
    URI_IN();
    CHECK(uri_split(u.text, ul, 0, &u.parts, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_split_request_target(u.text, ul, 0, &u.parts, &form, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_host_specific(u.text, ul, &u.span, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_percent_decode(u.text + 9, 3, 0, u.text, 64, &n, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_resolve(u.text, ul, "g", 1, u.text, 64, &n, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_resolve("coap://h/", 9, u.text, ul, u.text + 4, 64, &n, &off) ==
          CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_normalize(u.text, ul, u.text, 64, &n, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_equivalent(u.text, ul, "coap://h/", 9, &u.eq, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(iri_to_uri(u.text, ul, u.text, 64, &n, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_to_iri(u.text, ul, u.text, 64, &n, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(iri_resolve(u.text, ul, "g", 1, 0, u.text, 64, &n, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_preprocess(u.text, ul, u.text, 64, &n, &off) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(cri_from_uri(u.text, ul, u.bytes, 64, &n, &e) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(cri_from_iri(u.text, ul, u.bytes, 64, &n, &e) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_to_coap_options(u.text, ul, NULL, CRI_COAP_MODE_DIRECT, u.opts, 8, &on,
                              scratch, sizeof scratch, &sn, &e) == CRI_ERR_ARGUMENT);
    URI_IN();
    CHECK(uri_to_coap_options(u.text, ul, NULL, CRI_COAP_MODE_DIRECT, opts, 8, &on, u.bytes,
                              64, &sn, &e) == CRI_ERR_ARGUMENT);
    memcpy(u.text, "A b", 3);
    CHECK(cri_scheme_number(u.text, 3, &u.number) == CRI_ERR_ARGUMENT);

    CRI_IN();
    CHECK(cri_to_uri(u.bytes, cl, 0, u.text, 64, &n, &e) == CRI_ERR_ARGUMENT);
    CRI_IN();
    CHECK(cri_to_iri(u.bytes, cl, 0, u.text, 64, &n, &e) == CRI_ERR_ARGUMENT);
    CRI_IN();
    CHECK(cri_to_edn(u.bytes, cl, u.text, 64, &n, &e) == CRI_ERR_ARGUMENT);
    CRI_IN();
    CHECK(cri_resolve(u.bytes, cl, bad_cri, cl, u.bytes, 64, &n, &e) == CRI_ERR_ARGUMENT);
    CRI_IN();
    CHECK(cri_resolve(bad_cri, cl, u.bytes, cl, u.bytes, 64, &n, &e) == CRI_ERR_ARGUMENT);
    CRI_IN();
    CHECK(cri_to_coap_options(u.bytes, cl, NULL, CRI_COAP_MODE_DIRECT, u.opts, 8, &on, scratch,
                              sizeof scratch, &sn, &e) == CRI_ERR_ARGUMENT);
    CRI_IN();
    CHECK(cri_to_coap_options(u.bytes, cl, NULL, CRI_COAP_MODE_DIRECT, opts, 8, &on, u.bytes,
                              64, &sn, &e) == CRI_ERR_ARGUMENT);

    /* Wire bytes with a reserved delta nibble (RFC 7252 §3.1), and an option list out of
     * order, under their own outputs. */
    u.bytes[0] = 0xf1;
    u.bytes[1] = 'x';
    CHECK(cri_coap_options_from_wire(u.bytes, 2, u.opts, 2, &on, &used, &e) ==
          CRI_ERR_ARGUMENT);
    {
        static uint8_t value[8] = "a";
        struct cri_coap_option out_of_order[2] = {{CRI_COAP_OPTION_URI_PATH, value, 1},
                                                  {CRI_COAP_OPTION_URI_HOST, value, 1}};
        CHECK(cri_coap_options_to_wire(out_of_order, 2, value, sizeof value, &n, &e) ==
              CRI_ERR_ARGUMENT);
        struct cri_coap_destination d = {(const uint8_t *)"\xC0\x00\x02\x01", 4, NULL, 0,
                                         5683};
        CHECK(uri_from_coap_options("coap", 4, &d, out_of_order, 2, (char *)value,
                                    sizeof value, &n, &e) == CRI_ERR_ARGUMENT);
        CHECK(cri_from_coap_options(0, &d, out_of_order, 2, value, sizeof value, &n, &e) ==
              CRI_ERR_ARGUMENT);
    }
#undef URI_IN
#undef CRI_IN
}

/* The lengths an output reports (`*out_len`, `*opts_len`, `*scratch_len`, `*used`) are
 * written with CRI_OK and CRI_ERR_BUFFER only: a call refused for its input, its
 * arguments or an overlap leaves them as they were (cri.h, the output convention). */
static void test_lengths_kept_on_error(void)
{
    static const char bad_uri[] = "coap://h/%zz";                   /* CRI_ERR_PERCENT */
    static const uint8_t bad_cri[] = {0x83, 0x20, 0x81, 0x7f, 0x7f}; /* not CBOR: cut */
    static const uint8_t bad_wire[] = {0xf1, 'x'};                   /* reserved delta */
    static const struct cri_coap_option unordered[2] = {
        {CRI_COAP_OPTION_URI_PATH, (const uint8_t *)"a", 1},
        {CRI_COAP_OPTION_URI_HOST, (const uint8_t *)"h", 1}};
    const size_t ul = sizeof bad_uri - 1, cl = sizeof bad_cri;
    const size_t kept = 4242;
    const struct cri_coap_destination here = {(const uint8_t *)"\xC0\x00\x02\x01", 4, NULL, 0,
                                              5683};
    struct uri_parts bad_parts = parts_of("1x", NULL, NULL, NULL, "", NULL, NULL);
    char text[128];
    uint8_t bytes[128];
    struct cri_coap_option opts[8];
    struct cri_error_info e;
    size_t n, on, sn, off;

#define KEPT(status, call)                                                                \
    do {                                                                                  \
        n = on = sn = kept;                                                               \
        int32_t rc_ = (call);                                                             \
        note("%s: %s", #call, cri_status_name(rc_));                                      \
        CHECK(rc_ == (status) && n == kept && on == kept && sn == kept);                  \
    } while (0)
    /* Refused for the input. */
    KEPT(CRI_ERR_PERCENT, uri_percent_decode("%z", 2, 0, text, sizeof text, &n, &off));
    KEPT(CRI_ERR_BASE, uri_resolve(bad_uri, ul, "g", 1, text, sizeof text, &n, &off));
    KEPT(CRI_ERR_PARTS, uri_recompose(&bad_parts, text, sizeof text, &n));
    KEPT(CRI_ERR_PERCENT, uri_normalize(bad_uri, ul, text, sizeof text, &n, &off));
    KEPT(CRI_ERR_PERCENT, iri_to_uri(bad_uri, ul, text, sizeof text, &n, &off));
    KEPT(CRI_ERR_PERCENT, uri_to_iri(bad_uri, ul, text, sizeof text, &n, &off));
    KEPT(CRI_ERR_BASE, iri_resolve(bad_uri, ul, "g", 1, 0, text, sizeof text, &n, &off));
    KEPT(CRI_ERR_PERCENT, cri_from_uri(bad_uri, ul, bytes, sizeof bytes, &n, &e));
    KEPT(CRI_ERR_PERCENT, cri_from_iri(bad_uri, ul, bytes, sizeof bytes, &n, &e));
    KEPT(CRI_ERR_UNPROCESSABLE, cri_to_uri(bad_cri, cl, 0, text, sizeof text, &n, &e));
    KEPT(CRI_ERR_UNPROCESSABLE, cri_to_iri(bad_cri, cl, 0, text, sizeof text, &n, &e));
    KEPT(CRI_ERR_UNPROCESSABLE, cri_to_edn(bad_cri, cl, text, sizeof text, &n, &e));
    KEPT(CRI_ERR_BASE, cri_resolve(bad_cri, cl, bad_cri, cl, bytes, sizeof bytes, &n, &e));
    KEPT(CRI_ERR_COAP, cri_coap_options_to_wire(unordered, 2, bytes, sizeof bytes, &n, &e));
    KEPT(CRI_ERR_COAP, uri_from_coap_options("coap", 4, &here, unordered, 2, text,
                                             sizeof text, &n, &e));
    KEPT(CRI_ERR_COAP, cri_from_coap_options(0, &here, unordered, 2, bytes, sizeof bytes, &n,
                                             &e));
    KEPT(CRI_ERR_COAP, cri_coap_options_from_wire(bad_wire, 2, opts, 8, &on, &n, &e));
    KEPT(CRI_ERR_PERCENT, uri_to_coap_options(bad_uri, ul, NULL, CRI_COAP_MODE_DIRECT, opts, 8,
                                              &on, bytes, sizeof bytes, &sn, &e));
    KEPT(CRI_ERR_UNPROCESSABLE, cri_to_coap_options(bad_cri, cl, NULL, CRI_COAP_MODE_DIRECT,
                                                    opts, 8, &on, bytes, sizeof bytes, &sn, &e));
    /* Refused for an argument: an output NULL with room, an unknown flag or mode. */
    KEPT(CRI_ERR_NULL, uri_normalize("a", 1, NULL, 8, &n, &off));
    KEPT(CRI_ERR_NULL, cri_from_uri("a", 1, NULL, 8, &n, &e));
    KEPT(CRI_ERR_ARGUMENT, uri_percent_encode("a", 1, 99, text, sizeof text, &n));
    KEPT(CRI_ERR_ARGUMENT, uri_to_coap_options("coap://h/", 9, NULL, 99, opts, 8, &on, bytes,
                                               sizeof bytes, &sn, &e));
    /* Refused for an overlap. */
    memcpy(text, "/a/..", 5);
    KEPT(CRI_ERR_ARGUMENT, uri_remove_dot_segments(text, 5, text + 2, 32, &n));
#undef KEPT
}

/* A NULL `out_len`, or an `out` NULL with room, is CRI_ERR_NULL whatever the input holds:
 * the output's refusals come before the input is read, as the overlap's do. */
static void test_null_output_before_input(void)
{
    static const char bad_uri[] = "coap://h/%zz";                   /* CRI_ERR_PERCENT */
    static const uint8_t bad_cri[] = {0x83, 0x20, 0x81, 0x7f, 0x7f}; /* not CBOR: cut */
    const size_t ul = sizeof bad_uri - 1, cl = sizeof bad_cri;
    char text[64];
    uint8_t bytes[64];
    struct cri_error_info e;
    size_t n, off;

    for (int null_out = 0; null_out < 2; null_out++) {
        /* Either `out_len` is NULL, or `out` is NULL with a capacity of 8. */
        char *t = null_out ? NULL : text;
        uint8_t *b = null_out ? NULL : bytes;
        size_t *len = null_out ? &n : NULL;
        const size_t tc = null_out ? 8 : sizeof text, bc = null_out ? 8 : sizeof bytes;
        note("null_out %d", null_out);
        CHECK(uri_percent_decode("%z", 2, 0, t, tc, len, &off) == CRI_ERR_NULL);
        CHECK(uri_resolve(bad_uri, ul, "g", 1, t, tc, len, &off) == CRI_ERR_NULL);
        CHECK(uri_normalize(bad_uri, ul, t, tc, len, &off) == CRI_ERR_NULL);
        CHECK(iri_to_uri(bad_uri, ul, t, tc, len, &off) == CRI_ERR_NULL);
        CHECK(uri_to_iri(bad_uri, ul, t, tc, len, &off) == CRI_ERR_NULL);
        CHECK(iri_resolve(bad_uri, ul, "g", 1, 0, t, tc, len, &off) == CRI_ERR_NULL);
        CHECK(cri_from_uri(bad_uri, ul, b, bc, len, &e) == CRI_ERR_NULL);
        CHECK(cri_from_iri(bad_uri, ul, b, bc, len, &e) == CRI_ERR_NULL);
        CHECK(cri_to_uri(bad_cri, cl, 0, t, tc, len, &e) == CRI_ERR_NULL);
        CHECK(cri_to_iri(bad_cri, cl, 0, t, tc, len, &e) == CRI_ERR_NULL);
        CHECK(cri_to_edn(bad_cri, cl, t, tc, len, &e) == CRI_ERR_NULL);
        CHECK(cri_resolve(bad_cri, cl, bad_cri, cl, b, bc, len, &e) == CRI_ERR_NULL);
    }
    /* Both at once with an overlap: NULL first, as `buffer_out` orders them. */
    memcpy(text, bad_uri, ul);
    CHECK(cri_from_uri(text, ul, (uint8_t *)text + 1, 20, NULL, &e) == CRI_ERR_NULL);
}

/* --- CoAP errors point into the URI (err->offset is the piece the error is about) --- */

static void test_coap_error_offsets(void)
{
    static const struct {
        const char *uri;
        int32_t reason;
        size_t offset; /* of the offending component, per RFC 3986 §3 */
    } cases[] = {
        {"coap://h/a#frag", CRI_COAP_ERR_FRAGMENT, 10},   /* the '#' */
        {"coap://u@h/a", CRI_COAP_ERR_USERINFO, 7},        /* the userinfo */
        {"coap://h/a/%FF/b", CRI_COAP_ERR_NOT_UTF8, 11},   /* the segment */
        {"coap://h/a?x=1&%C3", CRI_COAP_ERR_NOT_UTF8, 15}, /* the query item */
        {"coap://%FF/a", CRI_COAP_ERR_NOT_UTF8, 7},        /* the host */
        {"http://h/", CRI_COAP_ERR_NOT_COAP_SCHEME, 0},    /* the scheme */
    };
    struct cri_coap_option opts[8];
    uint8_t values[64];
    size_t nopts, nval;
    struct cri_error_info e;

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int32_t rc = uri_to_coap_options(cases[i].uri, strlen(cases[i].uri), NULL,
                                         CRI_COAP_MODE_DIRECT, opts, 8, &nopts, values,
                                         sizeof values, &nval, &e);
        note("%s: %s reason %ld offset %lu", cases[i].uri, cri_status_name(rc), (long)e.reason,
             (unsigned long)e.offset);
        CHECK(rc == CRI_ERR_COAP && e.reason == cases[i].reason && e.offset == cases[i].offset);
    }
}

int main(void)
{
    test_status_names();
    test_version();
    test_reason_names();
    test_overlap();
    test_overlap_before_input();
    test_null_output_before_input();
    test_null_output_any_capacity();
    test_coap_error_offsets();
    test_lengths_kept_on_error();
    test_split_null_and_empty();
    test_split_unterminated();
    test_split_errors();
    test_split_ports();
    test_split_lenient();
    test_split_hosts();
    test_request_target();
    test_encode();
    test_decode();
    test_dot_segments();
    test_resolve();
    test_recompose();
    test_normalize();
    test_equivalent();
    test_query_next();

    return summary();
}
