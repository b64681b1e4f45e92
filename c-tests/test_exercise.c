/*
 * test_exercise.c: the self-test of the URI exercise (seeds/003, an Italian C exercise on
 * RFC 3986) redone through the libcri C API, one check per assert of its main, plus one
 * test per "typical mistake" (Errori tipici) and one per "variant" (Varianti).
 *
 * Every expected value is taken from the exercise or from RFC 3986, never from running
 * the library.
 */
#include <stdio.h>
#include <string.h>

#include "cri.h"

#include "check.h"
#include "span.h"

/* Roomy enough for every result below; a too-small buffer is test_api's business. */
#define OUT_CAP 512

/* Strict split of a NUL-terminated URI reference. */
static int split(const char *s, struct uri_parts *p)
{
    size_t off = 0;
    int32_t rc = uri_split(s, strlen(s), 0, p, &off);
    if (rc != CRI_OK)
        snprintf(context, sizeof context, "uri_split(\"%s\") = %s at offset %zu", s,
                 cri_status_name(rc), off);
    return rc == CRI_OK;
}

/* Compares the text a function wrote (status rc, length n) from (input, in_len) with the
 * NUL-terminated `expected`, recording what came out in the context. */
static int produced(const char *what, const char *input, size_t in_len, int32_t rc,
                    const char *out, size_t n, const char *expected)
{
    size_t len = strlen(expected);

    if (rc != CRI_OK) {
        snprintf(context, sizeof context, "%s(\"%.*s\") = %s", what, (int)in_len, input,
                 cri_status_name(rc));
        return 0;
    }
    snprintf(context, sizeof context, "%s(\"%.*s\") gave \"%.*s\", expected \"%s\"", what,
             (int)in_len, input, (int)n, out, expected);
    return n == len && memcmp(out, expected, len) == 0 && out[n] == '\0';
}

static int encodes_to(const char *in, size_t len, const char *expected)
{
    char out[OUT_CAP];
    size_t n = 0;
    int32_t rc = uri_percent_encode(in, len, URI_ENCODE_UNRESERVED, out, sizeof out, &n);
    return produced("uri_percent_encode", in, len, rc, out, n, expected);
}

static int decodes_span_to(const char *in, size_t in_len, uint32_t flags, const char *expected)
{
    char out[OUT_CAP];
    size_t n = 0, off = 0;
    int32_t rc = uri_percent_decode(in, in_len, flags, out, sizeof out, &n, &off);
    return produced("uri_percent_decode", in, in_len, rc, out, n, expected);
}

static int decodes_to(const char *in, uint32_t flags, const char *expected)
{
    return decodes_span_to(in, strlen(in), flags, expected);
}

static int dots_to(const char *path, const char *expected)
{
    char out[OUT_CAP];
    size_t n = 0;
    int32_t rc = uri_remove_dot_segments(path, strlen(path), out, sizeof out, &n);
    return produced("uri_remove_dot_segments", path, strlen(path), rc, out, n, expected);
}

/* Resolves (ref, ref_len), which need not be NUL-terminated (links cut out of a page). */
static int resolves_span_to(const char *base, const char *ref, size_t ref_len,
                            const char *expected)
{
    char out[OUT_CAP];
    size_t n = 0, off = 0;
    int32_t rc = uri_resolve(base, strlen(base), ref, ref_len, out, sizeof out, &n, &off);
    return produced("uri_resolve", ref, ref_len, rc, out, n, expected);
}

static int resolves_to(const char *base, const char *ref, const char *expected)
{
    return resolves_span_to(base, ref, strlen(ref), expected);
}

static int recomposes_to(const struct uri_parts *p, const char *expected)
{
    char out[OUT_CAP];
    size_t n = 0;
    int32_t rc = uri_recompose(p, out, sizeof out, &n);
    /* Labelled by the text the parts should give back. */
    return produced("uri_recompose", expected, strlen(expected), rc, out, n, expected);
}

/* The exercise's point about absent versus empty: split then recompose gives `s` back. */
static int round_trips(const char *s)
{
    struct uri_parts p;
    return split(s, &p) && recomposes_to(&p, s);
}

static int normalizes_to(const char *s, const char *expected)
{
    char out[OUT_CAP];
    size_t n = 0, off = 0;
    int32_t rc = uri_normalize(s, strlen(s), out, sizeof out, &n, &off);
    return produced("uri_normalize", s, strlen(s), rc, out, n, expected);
}

/* 1 or 0 as uri_equivalent says, -1 if it fails. */
static int equivalent(const char *a, const char *b)
{
    int32_t eq = -1;
    size_t off = 0;
    if (uri_equivalent(a, strlen(a), b, strlen(b), &eq, &off) != CRI_OK)
        return -1;
    return eq;
}

/* --- main of the exercise ------------------------------------------------------------ */

/* 1) scomposizione */
static void test_split(void)
{
    struct uri_parts u;

    CHECK(split("http://mario:pwd@www.example.com:8080/a/b/../c.html?x=1&y=2#sezione", &u));
    CHECK(span_is(u.scheme, "http") && span_is(u.userinfo, "mario:pwd") &&
          span_is(u.host, "www.example.com"));
    CHECK(span_is(u.port, "8080") && span_is(u.path, "/a/b/../c.html") &&
          span_is(u.query, "x=1&y=2") && span_is(u.fragment, "sezione"));

    CHECK(split("http://[::1]:8080/x", &u) && span_is(u.host, "[::1]") && span_is(u.port, "8080"));

    CHECK(split("mailto:mario@example.com", &u) && span_is(u.scheme, "mailto") &&
          absent(u.host) && span_is(u.path, "mario@example.com"));

    CHECK(split("/solo/percorso?q", &u) && absent(u.scheme) && absent(u.host) &&
          !absent(u.query));

    /* "host:porta" without "//" is ambiguous: RFC 3986 reads it as a scheme. */
    CHECK(split("www.example.com:80", &u) && span_is(u.scheme, "www.example.com"));
}

/* 2) percent-encoding */
static void test_percent(void)
{
    size_t n = 0, off = 0;
    char out[OUT_CAP];

    CHECK(encodes_to("caff\xC3\xA8 & latte", strlen("caff\xC3\xA8 & latte"),
                     "caff%C3%A8%20%26%20latte"));
    CHECK(decodes_to("caff%C3%A8%20%26%20latte", 0, "caff\xC3\xA8 & latte"));
    /* The exercise returns -1; the library names the error and points at the "%". */
    CHECK(uri_percent_decode("100%", 4, 0, out, sizeof out, &n, &off) == CRI_ERR_PERCENT &&
          off == 3);
}

/* 3) rimozione dei segmenti . e .. */
static void test_dot_segments(void)
{
    CHECK(dots_to("/a/b/c/./../../g", "/a/g"));
    CHECK(dots_to("mid/content=5/../6", "mid/6"));
    CHECK(dots_to("/../../etc/passwd", "/etc/passwd"));
}

/* 4) risoluzione: RFC 3986 §5.4.1 (normali) and §5.4.2 (anomali), base http://a/b/c/d;p?q */
static void test_rfc_resolutions(void)
{
    static const char *table[][2] = {
        {"g:h", "g:h"}, {"g", "http://a/b/c/g"}, {"./g", "http://a/b/c/g"}, {"g/", "http://a/b/c/g/"},
        {"/g", "http://a/g"}, {"//g", "http://g"}, {"?y", "http://a/b/c/d;p?y"}, {"g?y", "http://a/b/c/g?y"},
        {"#s", "http://a/b/c/d;p?q#s"}, {"g#s", "http://a/b/c/g#s"}, {"g?y#s", "http://a/b/c/g?y#s"},
        {";x", "http://a/b/c/;x"}, {"g;x", "http://a/b/c/g;x"}, {"g;x?y#s", "http://a/b/c/g;x?y#s"},
        {"", "http://a/b/c/d;p?q"}, {".", "http://a/b/c/"}, {"./", "http://a/b/c/"}, {"..", "http://a/b/"},
        {"../", "http://a/b/"}, {"../g", "http://a/b/g"}, {"../..", "http://a/"}, {"../../", "http://a/"},
        {"../../g", "http://a/g"}, {"../../../g", "http://a/g"}, {"../../../../g", "http://a/g"},
        {"/./g", "http://a/g"}, {"/../g", "http://a/g"}, {"g.", "http://a/b/c/g."}, {".g", "http://a/b/c/.g"},
        {"g..", "http://a/b/c/g.."}, {"..g", "http://a/b/c/..g"}, {"./../g", "http://a/b/g"},
        {"./g/.", "http://a/b/c/g/"}, {"g/./h", "http://a/b/c/g/h"}, {"g/../h", "http://a/b/c/h"},
        {"g;x=1/./y", "http://a/b/c/g;x=1/y"}, {"g;x=1/../y", "http://a/b/c/y"},
        {"g?y/./x", "http://a/b/c/g?y/./x"}, {"g?y/../x", "http://a/b/c/g?y/../x"},
        {"g#s/./x", "http://a/b/c/g#s/./x"}, {"g#s/../x", "http://a/b/c/g#s/../x"},
    };
    size_t count = sizeof table / sizeof table[0];

    CHECK(count == 41); /* the exercise announces 41 resolutions */
    for (size_t i = 0; i < count; i++)
        CHECK(resolves_to("http://a/b/c/d;p?q", table[i][0], table[i][1]));
}

/* --- Errori tipici ------------------------------------------------------------------- */

/* Absent and empty are different components: "http://a/b?" is not "http://a/b". */
static void test_absent_vs_empty(void)
{
    struct uri_parts u;

    CHECK(split("http://a/b?", &u) && u.query.ptr != NULL && u.query.len == 0);
    CHECK(split("http://a/b", &u) && absent(u.query));
    CHECK(round_trips("http://a/b?"));
    CHECK(round_trips("http://a/b"));
}

/* A ":" after the first "/" does not end a scheme. */
static void test_colon_in_path(void)
{
    struct uri_parts u;

    CHECK(split("/a:b", &u) && absent(u.scheme) && span_is(u.path, "/a:b"));
}

/* The port follows the last ":" outside the brackets of an IP-literal. */
static void test_port_after_brackets(void)
{
    struct uri_parts u;

    CHECK(split("http://[::1]:80/", &u) && span_is(u.host, "[::1]") && span_is(u.port, "80") &&
          u.port_number == 80);
    CHECK(split("http://[::1]/", &u) && span_is(u.host, "[::1]") && absent(u.port) &&
          u.port_number == -1 && u.host_kind == URI_HOST_IPV6);
}

/* Bytes 0x80..0xFF are one %HH each: a sign-extended char would print %FFFFFFC3. */
static void test_high_bytes(void)
{
    char in[128], expected[128 * 3 + 1];

    for (int b = 0x80; b <= 0xFF; b++) {
        in[b - 0x80] = (char)b;
        snprintf(expected + 3 * (b - 0x80), 4, "%%%02X", (unsigned)b);
    }
    CHECK(encodes_to("\xC3", 1, "%C3"));
    CHECK(encodes_to(in, sizeof in, expected));
}

/* "+" is a space only in form data, and decoding happens exactly once. */
static void test_plus_and_double_decoding(void)
{
    CHECK(decodes_to("/a+b", 0, "/a+b"));
    CHECK(decodes_to("a+b", URI_DECODE_FORM, "a b"));
    CHECK(decodes_to("%252e", 0, "%2e"));
}

/* Dot-segments go before the path is used, so ".." cannot climb above the root. */
static void test_dots_before_use(void)
{
    CHECK(resolves_to("http://a/pub/docs/", "../../../etc/passwd", "http://a/etc/passwd"));
}

/* Merge (RFC 3986 §5.2.3) keeps the base path up to its last "/", not its last segment. */
static void test_merge(void)
{
    CHECK(resolves_to("http://a/b/c/d;p?q", "g", "http://a/b/c/g"));
    CHECK(resolves_to("http://a", "g", "http://a/g")); /* authority and empty path */
}

/* The fragment stays with the client: it is resolved and split off, but a request
 * target is built from path and query only. */
static void test_fragment_not_sent(void)
{
    struct uri_parts u;
    struct uri_span none = {NULL, 0};

    CHECK(resolves_to("http://a/b/c/d;p?q", "#s", "http://a/b/c/d;p?q#s"));
    CHECK(split("http://a/b?q#s", &u) && span_is(u.fragment, "s") && span_is(u.path, "/b") &&
          span_is(u.query, "q"));
    u.scheme = u.userinfo = u.host = u.port = u.fragment = none;
    CHECK(recomposes_to(&u, "/b?q"));
}

/* --- Varianti ------------------------------------------------------------------------ */

static void test_normalize(void)
{
    CHECK(normalizes_to("HTTP://www.Example.COM:80/a/./b/../c/%7euser",
                        "http://www.example.com/a/c/~user"));
}

static void test_equivalence(void)
{
    CHECK(equivalent("http://example.com", "HTTP://EXAMPLE.com:80/") == 1);
    CHECK(equivalent("http://a/b", "http://a/c") == 0);
}

/* One form argument: the encoded key must be `key`, and the value decoded as form data
 * must be `value` (NULL: the argument has no "="). */
static int arg_is(const struct uri_query_arg *a, const char *key, const char *value)
{
    if (!span_is(a->key, key))
        return 0;
    if (value == NULL)
        return absent(a->value);
    return a->value.ptr != NULL &&
           decodes_span_to(a->value.ptr, a->value.len, URI_DECODE_FORM, value);
}

static void test_query_pairs(void)
{
    static const char query[] = "x=1&y=caff%C3%A8+latte&flag";
    size_t pos = 0;
    struct uri_query_arg a;

    CHECK(uri_query_next(query, strlen(query), &pos, &a) == CRI_OK && arg_is(&a, "x", "1"));
    CHECK(uri_query_next(query, strlen(query), &pos, &a) == CRI_OK &&
          arg_is(&a, "y", "caff\xC3\xA8 latte"));
    CHECK(uri_query_next(query, strlen(query), &pos, &a) == CRI_OK && arg_is(&a, "flag", NULL));
    CHECK(uri_query_next(query, strlen(query), &pos, &a) == CRI_DONE);
}

/* Finds the next href="..." at or after *cursor; the link is (*link, *len), not
 * NUL-terminated, and *cursor moves past it. */
static int next_href(const char **cursor, const char **link, size_t *len)
{
    static const char attr[] = "href=\"";
    const char *start = strstr(*cursor, attr);
    const char *end;

    if (start == NULL)
        return 0;
    start += strlen(attr);
    end = strchr(start, '"');
    if (end == NULL)
        return 0;
    *link = start;
    *len = (size_t)(end - start);
    *cursor = end + 1;
    return 1;
}

/* The crawler variant: the links of a page resolved against the page's URL. */
static void test_page_links(void)
{
    static const char page_url[] = "http://example.com/dir/page.html";
    static const char page[] =
        "<html><body>\n"
        "<a href=\"other.html\">sibling</a>\n"
        "<a href=\"../up.html\">parent</a>\n"
        "<a href=\"/root.html?x=1\">absolute path</a>\n"
        "<a href=\"//cdn.example.net/lib.js\">network path</a>\n"
        "<a href=\"#top\">same page</a>\n"
        "<a href=\"?q=2\">other query</a>\n"
        "<a href=\"https://other.org/\">elsewhere</a>\n"
        "</body></html>\n";
    static const char *expected[] = {
        "http://example.com/dir/other.html",
        "http://example.com/up.html",
        "http://example.com/root.html?x=1",
        "http://cdn.example.net/lib.js",
        "http://example.com/dir/page.html#top",
        "http://example.com/dir/page.html?q=2",
        "https://other.org/",
    };
    size_t count = sizeof expected / sizeof expected[0];
    const char *cursor = page, *link;
    size_t len, found = 0;

    while (next_href(&cursor, &link, &len)) {
        if (found < count)
            CHECK(resolves_span_to(page_url, link, len, expected[found]));
        found++;
    }
    CHECK(found == count);
}

int main(void)
{
    test_split();
    test_percent();
    test_dot_segments();
    test_rfc_resolutions();

    test_absent_vs_empty();
    test_colon_in_path();
    test_port_after_brackets();
    test_high_bytes();
    test_plus_and_double_decoding();
    test_dots_before_use();
    test_merge();
    test_fragment_not_sent();

    test_normalize();
    test_equivalence();
    test_query_pairs();
    test_page_links();

    return summary();
}
