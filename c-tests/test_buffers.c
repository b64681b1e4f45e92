/*
 * test_buffers.c: the buffer contract of every cri.h function with an output buffer, for
 * every input in the test data (the .jsonl files of tests/data, tests/data/href-tests.csv
 * and optionally a sample of corpus/urls.txt). An IRI or an arbitrary text goes through
 * the IRI functions and uri_preprocess as well.
 *
 *   test_buffers DATA_DIR [URLS_FILE [STRIDE]]
 *
 * For each call the needed size comes from a size query (out NULL, cap 0); then every
 * capacity from 0 to the needed size is tried with guard bytes after `cap`: the call must
 * return CRI_ERR_BUFFER with the exact needed size and leave every byte at or past `cap`
 * untouched; the full capacity (needed + 1 for text, for the NUL) must succeed with the
 * same length, and a larger buffer must give the same bytes. An error other than
 * CRI_ERR_BUFFER must be the same for every capacity. Inputs are copied into buffers of
 * exactly their length (no NUL: reading past `len` is caught by ASan and valgrind), and
 * each call is repeated with junk bytes after `len`, which must not change the result.
 * Option arrays (CoAP) get the same treatment, with guard entries after their capacity.
 *
 * The rules are those of docs/DESIGN.md ("C ABI conventions") and the doc comments of cri.h.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cri.h"

enum { GUARD = 16, PATTERN = 0xA5 };
/* The "large" buffer an error must not depend on: larger than any output of the test
 * data (a board with little RAM lowers it, scripts/target-test.sh). */
#ifndef ERROR_CAP
#define ERROR_CAP (1 << 16)
#endif
/* The most CoAP options in one list (a longer list in the data is not read). */
#ifndef OPTS_MAX
#define OPTS_MAX 64
#endif

static long calls, checks, failures;
/* uri_preprocess writes its output (and NUL) and then may still report CRI_ERR_SYNTAX or
 * CRI_ERR_PORT_RANGE: with this set, those count as success for the buffer contract. */
static int written_error_ok;
static char current[256]; /* what is being tested, for messages */

static void fail(const char *fmt, ...)
{
    va_list ap;
    failures++;
    if (failures > 60) {
        return;
    }
    fprintf(stderr, "FAIL %s: ", current);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

#define EXPECT(cond, ...)                                                                  \
    do {                                                                                   \
        checks++;                                                                          \
        if (!(cond)) {                                                                     \
            fail(__VA_ARGS__);                                                             \
        }                                                                                  \
    } while (0)

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes, %s)\n", n, current);
        exit(2);
    }
    return p;
}

/* A buffer of `cap` bytes followed by GUARD pattern bytes. */
static unsigned char *guarded(size_t cap)
{
    unsigned char *b = xmalloc(cap + GUARD);
    memset(b, PATTERN, cap + GUARD);
    return b;
}

static int intact(const unsigned char *b, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        if (b[i] != PATTERN) {
            return 0;
        }
    }
    return 1;
}

static void describe(const char *fn, const unsigned char *in, size_t len, const char *extra)
{
    int n = snprintf(current, sizeof current, "%s(", fn);
    for (size_t i = 0; i < len && n < 200; i++) {
        unsigned char c = in[i];
        n += snprintf(current + n, sizeof current - (size_t)n, (c >= 0x20 && c < 0x7f && c != '\\') ? "%c" : "\\x%02X", c);
    }
    snprintf(current + n, sizeof current - (size_t)n, ")%s", extra ? extra : "");
}

/* ---- inputs: exact copies (no NUL after them) and copies with junk after `len` ------- */

typedef struct {
    unsigned char *p;
    size_t len;
} bytes;

static const unsigned char JUNK[GUARD] = "/?#%[]@:.&=\xff\x7f" "a";

static bytes exact_copy(const void *src, size_t len)
{
    bytes b = {xmalloc(len), len};
    if (len) {
        memcpy(b.p, src, len);
    }
    return b;
}

static bytes junk_copy(const void *src, size_t len)
{
    bytes b = {xmalloc(len + GUARD), len};
    if (len) {
        memcpy(b.p, src, len);
    }
    memcpy(b.p + len, JUNK, GUARD);
    return b;
}

/* ---- the generic check of a (out, cap, out_len) function ----------------------------- */

/* One call of the function under test; `junk` selects the input copy with junk after it. */
typedef int32_t (*out_fn)(const void *ctx, int junk, unsigned char *out, size_t cap, size_t *out_len);

static void check_out(out_fn f, const void *ctx, int text)
{
    size_t need = (size_t)-1;
    int32_t st0 = f(ctx, 0, NULL, 0, &need);
    calls++;
    if (st0 != CRI_OK && st0 != CRI_ERR_BUFFER && !(written_error_ok && text)) {
        /* An error: the same for every buffer, and for the input with junk after it. */
        enum { BIG = ERROR_CAP };
        unsigned char *big = guarded(BIG);
        size_t len = 0;
        int32_t st = f(ctx, 0, big, BIG, &len);
        EXPECT(st == st0, "error %s with cap 0 but %s with a large buffer", cri_status_name(st0),
               cri_status_name(st));
        st = f(ctx, 1, big, BIG, &len);
        EXPECT(st == st0, "junk after len changes the status: %s vs %s", cri_status_name(st0),
               cri_status_name(st));
        for (size_t cap = 0; cap < 8; cap++) {
            unsigned char *b = guarded(cap);
            st = f(ctx, 0, b, cap, &len);
            EXPECT(st == st0, "error %s with cap 0 but %s with cap %zu", cri_status_name(st0),
                   cri_status_name(st), cap);
            EXPECT(intact(b, cap, cap + GUARD), "error %s: wrote past cap %zu", cri_status_name(st0), cap);
            free(b);
        }
        calls += 10;
        free(big);
        return;
    }
    if (st0 == CRI_OK) {
        EXPECT(!text, "a text output succeeded with cap 0 (no room for the NUL)");
        EXPECT(need == 0, "size query succeeded but out_len = %zu", need);
    } else {
        EXPECT(text ? 1 : need > 0, "CRI_ERR_BUFFER with needed 0 for byte output");
    }
    size_t full = need + (text ? 1 : 0);
    unsigned char *ref = guarded(full);
    size_t len = (size_t)-1;
    int32_t st = f(ctx, 0, ref, full, &len);
    calls++;
    /* The status with room: CRI_OK, or (uri_preprocess) an error after the output. */
    int32_t final = st;
    int written_error = written_error_ok && (st == CRI_ERR_SYNTAX || st == CRI_ERR_PORT_RANGE);
    EXPECT(st == CRI_OK || written_error, "cap = needed%s = %zu gives %s", text ? " + 1" : "", full,
           cri_status_name(st));
    EXPECT(len == need, "size query said %zu, the call wrote %zu", need, len);
    if (text && len == need) {
        EXPECT(ref[need] == 0, "no NUL after the text");
    }
    EXPECT(intact(ref, full, full + GUARD), "wrote past cap %zu (full size)", full);

    /* The same input with junk after `len`: the same output. */
    unsigned char *j = guarded(full);
    size_t jlen = (size_t)-1;
    st = f(ctx, 1, j, full, &jlen);
    calls++;
    EXPECT(st == final && jlen == need && memcmp(j, ref, need) == 0,
           "junk after the input changes the output (%s, %zu bytes)", cri_status_name(st), jlen);
    free(j);

    /* A larger buffer: the same bytes, nothing written after the output (and its NUL). */
    unsigned char *big = guarded(full + 7);
    st = f(ctx, 0, big, full + 7, &jlen);
    calls++;
    EXPECT(st == final && jlen == need && memcmp(big, ref, full) == 0, "a larger buffer gives other bytes");
    EXPECT(intact(big, full, full + 7 + GUARD), "a larger buffer: wrote past the output");
    free(big);

    /* Every short capacity. */
    for (size_t cap = 0; cap < full; cap++) {
        unsigned char *b = guarded(cap);
        size_t l = (size_t)-1;
        st = f(ctx, 0, b, cap, &l);
        calls++;
        EXPECT(st == CRI_ERR_BUFFER, "cap %zu of %zu gives %s", cap, full, cri_status_name(st));
        EXPECT(l == need, "cap %zu: out_len %zu, needed %zu", cap, l, need);
        EXPECT(intact(b, cap, cap + GUARD), "cap %zu: wrote past cap", cap);
        free(b);
    }
    free(ref);
}

/* ---- wrappers: one per function, with their inputs in a context --------------------- */

typedef struct {
    bytes a, aj;  /* first input, exact and with junk */
    bytes b, bj;  /* second input (resolve) */
    int32_t arg;  /* set, flags, mode */
    const struct uri_parts *parts, *parts_j;
    const struct cri_coap_destination *dest;
    const struct cri_coap_option *opts, *opts_j;
    size_t n;
} ctx_t;

#define A(c, junk) ((const char *)((junk) ? (c)->aj.p : (c)->a.p))
#define B(c, junk) ((const char *)((junk) ? (c)->bj.p : (c)->b.p))

static int32_t w_encode(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    return uri_percent_encode(A(c, junk), c->a.len, c->arg, (char *)out, cap, len);
}

static int32_t w_decode(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    size_t off;
    return uri_percent_decode(A(c, junk), c->a.len, (uint32_t)c->arg, (char *)out, cap, len, &off);
}

static int32_t w_dots(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    return uri_remove_dot_segments(A(c, junk), c->a.len, (char *)out, cap, len);
}

static int32_t w_resolve(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    size_t off;
    return uri_resolve(A(c, junk), c->a.len, B(c, junk), c->b.len, (char *)out, cap, len, &off);
}

static int32_t w_recompose(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    return uri_recompose(junk ? c->parts_j : c->parts, (char *)out, cap, len);
}

static int32_t w_normalize(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    size_t off;
    return uri_normalize(A(c, junk), c->a.len, (char *)out, cap, len, &off);
}

static int32_t w_from_uri(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    struct cri_error_info e;
    return cri_from_uri(A(c, junk), c->a.len, out, cap, len, &e);
}

static int32_t w_to_uri(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    struct cri_error_info e;
    return cri_to_uri((const uint8_t *)A(c, junk), c->a.len, (uint32_t)c->arg, (char *)out, cap, len, &e);
}

static int32_t w_cri_resolve(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    struct cri_error_info e;
    return cri_resolve((const uint8_t *)A(c, junk), c->a.len, (const uint8_t *)B(c, junk), c->b.len, out, cap,
                       len, &e);
}

static int32_t w_edn(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    struct cri_error_info e;
    return cri_to_edn((const uint8_t *)A(c, junk), c->a.len, (char *)out, cap, len, &e);
}

static int32_t w_uri_from_options(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    struct cri_error_info e;
    return uri_from_coap_options(A(c, junk), c->a.len, c->dest, junk ? c->opts_j : c->opts, c->n, (char *)out,
                                 cap, len, &e);
}

static int32_t w_cri_from_options(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    struct cri_error_info e;
    return cri_from_coap_options((uint64_t)c->arg, c->dest, junk ? c->opts_j : c->opts, c->n, out, cap, len, &e);
}

static int32_t w_to_wire(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    struct cri_error_info e;
    return cri_coap_options_to_wire(junk ? c->opts_j : c->opts, c->n, out, cap, len, &e);
}

static int32_t w_from_iri(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    struct cri_error_info e;
    return cri_from_iri(A(c, junk), c->a.len, out, cap, len, &e);
}

static int32_t w_to_iri(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    struct cri_error_info e;
    return cri_to_iri((const uint8_t *)A(c, junk), c->a.len, (uint32_t)c->arg, (char *)out, cap, len, &e);
}

static int32_t w_iri_to_uri(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    size_t off;
    return iri_to_uri(A(c, junk), c->a.len, (char *)out, cap, len, &off);
}

static int32_t w_uri_to_iri(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    size_t off;
    return uri_to_iri(A(c, junk), c->a.len, (char *)out, cap, len, &off);
}

static int32_t w_iri_resolve(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    size_t off;
    return iri_resolve(A(c, junk), c->a.len, B(c, junk), c->b.len, (uint32_t)c->arg, (char *)out, cap, len, &off);
}

static int32_t w_preprocess(const void *v, int junk, unsigned char *out, size_t cap, size_t *len)
{
    const ctx_t *c = v;
    size_t off;
    return uri_preprocess(A(c, junk), c->a.len, (char *)out, cap, len, &off);
}

/* ---- option lists: (opts, opts_cap, opts_len, scratch, scratch_cap, scratch_len) ----- */

typedef int32_t (*opt_fn)(const ctx_t *c, int junk, struct cri_coap_option *opts, size_t ocap, size_t *olen,
                          uint8_t *scratch, size_t scap, size_t *slen);

static int32_t w_uri_to_options(const ctx_t *c, int junk, struct cri_coap_option *o, size_t ocap, size_t *olen,
                                uint8_t *s, size_t scap, size_t *slen)
{
    struct cri_error_info e;
    return uri_to_coap_options(A(c, junk), c->a.len, c->dest, c->arg, o, ocap, olen, s, scap, slen, &e);
}

static int32_t w_cri_to_options(const ctx_t *c, int junk, struct cri_coap_option *o, size_t ocap, size_t *olen,
                                uint8_t *s, size_t scap, size_t *slen)
{
    struct cri_error_info e;
    return cri_to_coap_options((const uint8_t *)A(c, junk), c->a.len, c->dest, c->arg, o, ocap, olen, s, scap,
                               slen, &e);
}

static struct cri_coap_option *guarded_opts(size_t cap)
{
    struct cri_coap_option *o = xmalloc((cap + 2) * sizeof *o);
    memset(o, PATTERN, (cap + 2) * sizeof *o);
    return o;
}

static int opts_intact(const struct cri_coap_option *o, size_t from, size_t to)
{
    return intact((const unsigned char *)o, from * sizeof *o, to * sizeof *o);
}

static void check_opt_call(opt_fn f, const ctx_t *c, size_t ocap, size_t scap, size_t on, size_t sn)
{
    struct cri_coap_option *o = guarded_opts(ocap);
    unsigned char *s = guarded(scap);
    size_t olen = (size_t)-1, slen = (size_t)-1;
    int32_t st = f(c, 0, o, ocap, &olen, s, scap, &slen);
    calls++;
    EXPECT(st == CRI_ERR_BUFFER, "opts %zu/%zu, scratch %zu/%zu gives %s", ocap, on, scap, sn, cri_status_name(st));
    EXPECT(olen == on && slen == sn, "opts %zu/%zu, scratch %zu/%zu: needs reported as %zu, %zu", ocap, on, scap,
           sn, olen, slen);
    EXPECT(opts_intact(o, ocap, ocap + 2), "opts cap %zu: wrote past it", ocap);
    EXPECT(intact(s, scap, scap + GUARD), "scratch cap %zu: wrote past it", scap);
    free(o);
    free(s);
}

static void check_opts(opt_fn f, const ctx_t *c)
{
    size_t on = (size_t)-1, sn = (size_t)-1;
    int32_t st0 = f(c, 0, NULL, 0, &on, NULL, 0, &sn);
    calls++;
    if (st0 != CRI_OK && st0 != CRI_ERR_BUFFER) {
        struct cri_coap_option *o = guarded_opts(OPTS_MAX);
        unsigned char *s = guarded(ERROR_CAP);
        size_t a, b;
        int32_t st = f(c, 0, o, OPTS_MAX, &a, s, ERROR_CAP, &b);
        EXPECT(st == st0, "error %s with cap 0 but %s with large arrays", cri_status_name(st0), cri_status_name(st));
        st = f(c, 1, o, OPTS_MAX, &a, s, ERROR_CAP, &b);
        EXPECT(st == st0, "junk after len changes the status");
        calls += 2;
        free(o);
        free(s);
        return;
    }
    if (st0 == CRI_OK) {
        EXPECT(on == 0 && sn == 0, "size query succeeded but needs %zu options, %zu bytes", on, sn);
    }
    struct cri_coap_option *o = guarded_opts(on);
    unsigned char *s = guarded(sn);
    size_t olen = (size_t)-1, slen = (size_t)-1;
    int32_t st = f(c, 0, o, on, &olen, s, sn, &slen);
    calls++;
    EXPECT(st == CRI_OK && olen == on && slen == sn, "exact room (%zu, %zu) gives %s (%zu, %zu)", on, sn,
           cri_status_name(st), olen, slen);
    EXPECT(opts_intact(o, on, on + 2) && intact(s, sn, sn + GUARD), "exact room: wrote past it");
    if (st == CRI_OK) {
        for (size_t i = 0; i < olen; i++) {
            const uint8_t *v = o[i].value;
            EXPECT(o[i].len == 0 || (v >= s && v + o[i].len <= s + slen), "option %zu value outside scratch", i);
        }
        /* Junk after the input: the same options. */
        struct cri_coap_option *oj = guarded_opts(on);
        unsigned char *sj = guarded(sn);
        size_t ol2, sl2;
        int32_t st2 = f(c, 1, oj, on, &ol2, sj, sn, &sl2);
        calls++;
        int same = st2 == CRI_OK && ol2 == olen && sl2 == slen && (slen == 0 || memcmp(s, sj, slen) == 0);
        for (size_t i = 0; same && i < olen; i++) {
            same = oj[i].number == o[i].number && oj[i].len == o[i].len &&
                   (oj[i].len == 0 || oj[i].value - sj == o[i].value - s);
        }
        EXPECT(same, "junk after the input changes the options");
        free(oj);
        free(sj);
    }
    free(o);
    free(s);
    if (on == 0 && sn == 0) {
        return;
    }
    for (size_t oc = 0; oc < on; oc++) {
        check_opt_call(f, c, oc, sn, on, sn);
    }
    for (size_t sc = 0; sc < sn; sc++) {
        check_opt_call(f, c, on, sc, on, sn);
    }
    check_opt_call(f, c, 0, 0, on, sn);
}

/* ---- cri_coap_options_from_wire: an option array ---------------------------------- */

static void check_from_wire(const bytes *w, const bytes *wj)
{
    size_t n = (size_t)-1, used = (size_t)-1;
    struct cri_error_info e;
    int32_t st0 = cri_coap_options_from_wire(w->p, w->len, NULL, 0, &n, &used, &e);
    calls++;
    if (st0 != CRI_OK && st0 != CRI_ERR_BUFFER) {
        struct cri_coap_option *o = guarded_opts(256);
        int32_t st = cri_coap_options_from_wire(w->p, w->len, o, 256, &n, &used, &e);
        EXPECT(st == st0, "error %s with cap 0, %s with cap 256", cri_status_name(st0), cri_status_name(st));
        calls++;
        free(o);
        return;
    }
    size_t need = n;
    struct cri_coap_option *o = guarded_opts(need);
    int32_t st = cri_coap_options_from_wire(w->p, w->len, o, need, &n, &used, &e);
    calls++;
    EXPECT(st == CRI_OK && n == need, "cap = needed %zu gives %s, n %zu", need, cri_status_name(st), n);
    EXPECT(opts_intact(o, need, need + 2), "wrote past cap %zu", need);
    EXPECT(used <= w->len, "consumed %zu of %zu bytes", used, w->len);
    for (size_t i = 0; st == CRI_OK && i < n; i++) {
        EXPECT(o[i].value >= w->p && o[i].value + o[i].len <= w->p + w->len, "option %zu outside the input", i);
    }
    /* With junk after `len` the options are the same (the junk is never read). */
    struct cri_coap_option *oj = guarded_opts(need);
    size_t nj, uj;
    st = cri_coap_options_from_wire(wj->p, wj->len, oj, need, &nj, &uj, &e);
    calls++;
    int same = st == CRI_OK && nj == n && uj == used;
    for (size_t i = 0; same && i < n; i++) {
        same = oj[i].number == o[i].number && oj[i].len == o[i].len && oj[i].value - wj->p == o[i].value - w->p;
    }
    EXPECT(same, "junk after the wire bytes changes the options");
    free(oj);
    free(o);
    for (size_t cap = 0; cap < need; cap++) {
        struct cri_coap_option *g = guarded_opts(cap);
        size_t k = (size_t)-1;
        st = cri_coap_options_from_wire(w->p, w->len, g, cap, &k, &used, &e);
        calls++;
        EXPECT(st == CRI_ERR_BUFFER && k == need, "cap %zu of %zu gives %s, n %zu", cap, need, cri_status_name(st), k);
        EXPECT(opts_intact(g, cap, cap + 2), "cap %zu: wrote past it", cap);
        free(g);
    }
}

/* ---- test data ------------------------------------------------------------------- */

typedef struct {
    bytes *v;
    size_t n, cap;
} list;

static void push(list *l, const void *p, size_t len)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v) {
            fprintf(stderr, "out of memory (a list of %zu inputs)\n", l->cap);
            exit(2);
        }
    }
    bytes b = {xmalloc(len + 1), len};
    if (len) {
        memcpy(b.p, p, len);
    }
    b.p[len] = 0;
    l->v[l->n++] = b;
}

static void put_utf8(unsigned char *out, size_t *n, unsigned long cp)
{
    if (cp < 0x80) {
        out[(*n)++] = (unsigned char)cp;
    } else if (cp < 0x800) {
        out[(*n)++] = (unsigned char)(0xC0 | cp >> 6);
        out[(*n)++] = (unsigned char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out[(*n)++] = (unsigned char)(0xE0 | cp >> 12);
        out[(*n)++] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        out[(*n)++] = (unsigned char)(0x80 | (cp & 0x3F));
    } else {
        out[(*n)++] = (unsigned char)(0xF0 | cp >> 18);
        out[(*n)++] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
        out[(*n)++] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        out[(*n)++] = (unsigned char)(0x80 | (cp & 0x3F));
    }
}

static unsigned long hex4(const char *p)
{
    char tmp[5] = {p[0], p[1], p[2], p[3], 0};
    return strtoul(tmp, NULL, 16);
}

/* Parses the JSON string at *p (at its opening quote) into out (len <= strlen(*p)). */
static int json_string(const char **p, unsigned char *out, size_t *n)
{
    const char *s = *p;
    *n = 0;
    if (*s != '"') {
        return 0;
    }
    for (s++; *s && *s != '"'; s++) {
        if (*s != '\\') {
            out[(*n)++] = (unsigned char)*s;
            continue;
        }
        s++;
        switch (*s) {
        case 'n': out[(*n)++] = '\n'; break;
        case 't': out[(*n)++] = '\t'; break;
        case 'r': out[(*n)++] = '\r'; break;
        case 'b': out[(*n)++] = '\b'; break;
        case 'f': out[(*n)++] = '\f'; break;
        case 'u': {
            if (strlen(s) < 5) {
                return 0;
            }
            unsigned long cp = hex4(s + 1);
            s += 4;
            if (cp >= 0xD800 && cp < 0xDC00 && s[1] == '\\' && s[2] == 'u') {
                unsigned long lo = hex4(s + 3);
                if (lo >= 0xDC00 && lo < 0xE000) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    s += 6;
                }
            }
            put_utf8(out, n, cp);
            break;
        }
        case 0: return 0;
        default: out[(*n)++] = (unsigned char)*s; break;
        }
    }
    if (*s != '"') {
        return 0;
    }
    *p = s + 1;
    return 1;
}

/* The value after `"key":` at or after `from`, or NULL. */
static const char *json_key(const char *from, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(from, pat);
    if (!p) {
        return NULL;
    }
    p += strlen(pat);
    while (*p == ' ') {
        p++;
    }
    return p;
}

/* Every string value of `key` in the line (top level and nested). */
static void json_strings(const char *line, const char *key, list *out, unsigned char *tmp)
{
    for (const char *p = json_key(line, key); p; p = json_key(p, key)) {
        size_t n;
        const char *q = p;
        if (*q == '"' && json_string(&q, tmp, &n)) {
            push(out, tmp, n);
        }
    }
}

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int unhex(const unsigned char *s, size_t n, unsigned char *out, size_t *len)
{
    if (n % 2) {
        return 0;
    }
    for (size_t i = 0; i < n; i += 2) {
        int h = hexval(s[i]), l = hexval(s[i + 1]);
        if (h < 0 || l < 0) {
            return 0;
        }
        out[i / 2] = (unsigned char)(h << 4 | l);
    }
    *len = n / 2;
    return 1;
}

static void json_hex(const char *line, const char *key, list *out, unsigned char *tmp, unsigned char *tmp2)
{
    for (const char *p = json_key(line, key); p; p = json_key(p, key)) {
        size_t n, m;
        const char *q = p;
        if (*q == '"' && json_string(&q, tmp, &n) && unhex(tmp, n, tmp2, &m)) {
            push(out, tmp2, m);
        }
    }
}

/* An option list: numbers and values (a value "hex:…" is bytes, an integer a uint). */
typedef struct {
    uint16_t num[OPTS_MAX];
    bytes val[OPTS_MAX];
    size_t n;
} optlist;

static optlist *optlists;
static size_t n_optlists, cap_optlists;

static void json_options(const char *line, const char *key, unsigned char *tmp)
{
    for (const char *p = json_key(line, key); p; p = json_key(p, key)) {
        if (*p != '[') {
            continue;
        }
        optlist L = {{0}, {{0}}, 0};
        const char *s = p + 1;
        int ok = 1;
        while (ok) {
            while (*s == ' ' || *s == ',') {
                s++;
            }
            if (*s == ']') {
                break;
            }
            if (*s != '[' || L.n == OPTS_MAX) {
                ok = 0;
                break;
            }
            char *end;
            unsigned long num = strtoul(s + 1, &end, 10);
            s = end;
            while (*s == ' ' || *s == ',') {
                s++;
            }
            size_t n = 0;
            if (*s == '"') {
                if (!json_string(&s, tmp, &n)) {
                    ok = 0;
                    break;
                }
                if (n >= 4 && memcmp(tmp, "hex:", 4) == 0) {
                    size_t m;
                    if (!unhex(tmp + 4, n - 4, tmp, &m)) {
                        ok = 0;
                        break;
                    }
                    n = m;
                }
            } else if (*s >= '0' && *s <= '9') {
                unsigned long v = strtoul(s, &end, 10);
                s = end;
                while (v) {
                    memmove(tmp + 1, tmp, n);
                    tmp[0] = (unsigned char)(v & 0xFF);
                    n++;
                    v >>= 8;
                }
            } else {
                ok = 0;
                break;
            }
            while (*s == ' ') {
                s++;
            }
            if (*s != ']' || num > 65535) {
                ok = 0;
                break;
            }
            s++;
            L.num[L.n] = (uint16_t)num;
            L.val[L.n].p = xmalloc(n);
            if (n) {
                memcpy(L.val[L.n].p, tmp, n);
            }
            L.val[L.n].len = n;
            L.n++;
        }
        if (!ok) {
            for (size_t i = 0; i < L.n; i++) {
                free(L.val[i].p);
            }
            continue;
        }
        if (n_optlists == cap_optlists) {
            cap_optlists = cap_optlists ? 2 * cap_optlists : 4;
            optlists = realloc(optlists, cap_optlists * sizeof *optlists);
            if (!optlists) {
                fprintf(stderr, "out of memory (%zu option lists)\n", cap_optlists);
                exit(2);
            }
        }
        optlists[n_optlists++] = L;
    }
}

/* Lines up to LINE_MAX_LEN - 2 bytes are checked (the longest of the test data and the
 * corpus is about 2 KB); a board with little RAM sets it lower, and longer lines are
 * skipped, counted and reported. */
#ifndef LINE_MAX_LEN
#define LINE_MAX_LEN 8192
#endif
static long skipped_lines;

/* Calls `each(line)` for every line of the file (without its newline) and then `done()`,
 * so the inputs of one line are checked and freed before the next is read: the program
 * needs memory for one line, not for the whole data (a Cortex-M0 board has 16 KiB).
 * 0 if the file cannot be read. */
static int for_lines(const char *path, void (*each)(char *line), void (*done)(void))
{
    static char line[LINE_MAX_LEN];
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot read %s\n", path);
        return 0;
    }
    while (fgets(line, sizeof line, f)) {
        size_t len = strlen(line);
        if (len + 1 == sizeof line && line[len - 1] != '\n') {
            int c;
            while ((c = fgetc(f)) != EOF && c != '\n') {
            }
            skipped_lines++;
            continue;
        }
        if (len && line[len - 1] == '\n') {
            line[--len] = 0;
        }
        each(line);
        done();
    }
    fclose(f);
    return 1;
}

static list uris, bases, refs, cris, cri_bases, cri_refs, texts;
static unsigned char *tmp, *tmp2;

static void each_split(char *l) { json_strings(l, "uri", &uris, tmp); }
static void each_normalize(char *l)
{
    json_strings(l, "uri", &uris, tmp);
    json_strings(l, "normalized", &uris, tmp);
}
static void each_resolve(char *l)
{
    const char *b = json_key(l, "base"), *r = json_key(l, "ref");
    size_t nb, nr;
    if (b && r && *b == '"' && *r == '"' && json_string(&b, tmp, &nb) && json_string(&r, tmp2, &nr)) {
        push(&bases, tmp, nb);
        push(&refs, tmp2, nr);
        push(&uris, tmp2, nr);
    }
}
static void each_percent(char *l)
{
    json_strings(l, "input", &texts, tmp);
    json_strings(l, "output", &texts, tmp);
}
static void each_cri(char *l)
{
    json_strings(l, "uri", &uris, tmp);
    json_hex(l, "cri_hex", &cris, tmp, tmp2);
    json_hex(l, "result_cri_hex", &cris, tmp, tmp2);
    const char *b = json_key(l, "base_cri_hex"), *r = json_key(l, "cri_hex");
    size_t nb, nr, mb, mr;
    if (b && r && *b == '"' && *r == '"' && json_string(&b, tmp, &nb) && unhex(tmp, nb, tmp2, &mb)) {
        push(&cri_bases, tmp2, mb);
        if (json_string(&r, tmp, &nr) && unhex(tmp, nr, tmp2, &mr)) {
            push(&cri_refs, tmp2, mr);
        } else {
            cri_bases.n--;
        }
    }
    const char *base = json_key(l, "base"), *uri = json_key(l, "uri");
    if (base && uri && *base == '"' && *uri == '"' && json_string(&base, tmp, &nb) && json_string(&uri, tmp2, &nr)) {
        push(&bases, tmp, nb);
        push(&refs, tmp2, nr);
    }
}
static void each_coap(char *l)
{
    json_strings(l, "uri", &uris, tmp);
    json_hex(l, "cri_hex", &cris, tmp, tmp2);
    json_hex(l, "result_cri_hex", &cris, tmp, tmp2);
    json_options(l, "options", tmp);
    json_options(l, "rfc7252_model", tmp);
    json_options(l, "result", tmp);
}
static void each_csv(char *l)
{
    /* type;uri;cri;red;resolved_uri;resolved_cri;cri_hex;resolved_cri_hex;comment;... */
    char *f[10] = {0};
    size_t k = 0;
    for (char *p = l; k < 10; k++) {
        f[k] = p;
        char *semi = strchr(p, ';');
        if (!semi) {
            break;
        }
        *semi = 0;
        p = semi + 1;
    }
    if (k < 7 || strcmp(f[0], "type") == 0) {
        return;
    }
    push(&uris, f[1], strlen(f[1]));
    push(&uris, f[4], strlen(f[4]));
    size_t m;
    for (int i = 6; i <= 7 && f[i]; i++) {
        if (unhex((const unsigned char *)f[i], strlen(f[i]), tmp2, &m)) {
            push(&cris, tmp2, m);
        }
    }
}

/* ---- the checks per input --------------------------------------------------------- */

static const uint8_t V4[4] = {192, 0, 2, 1};
static const uint8_t V6[16] = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
static const uint8_t LL[16] = {0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
static const struct cri_coap_destination DESTS[3] = {
    {V4, 4, NULL, 0, 5683},
    {V6, 16, NULL, 0, 61616},
    {LL, 16, "eth0", 4, -1},
};

static void with_input(ctx_t *c, const bytes *in)
{
    c->a = exact_copy(in->p, in->len);
    c->aj = junk_copy(in->p, in->len);
}

static void drop_input(ctx_t *c)
{
    free(c->a.p);
    free(c->aj.p);
}

static void check_text_input(const bytes *in)
{
    ctx_t c = {0};
    with_input(&c, in);
    for (int set = 0; set <= 5; set++) {
        c.arg = set;
        describe("uri_percent_encode", in->p, in->len, NULL);
        check_out(w_encode, &c, 1);
    }
    for (int flags = 0; flags <= 3; flags++) {
        c.arg = flags;
        describe("uri_percent_decode", in->p, in->len, NULL);
        check_out(w_decode, &c, 1);
    }
    describe("uri_remove_dot_segments", in->p, in->len, NULL);
    check_out(w_dots, &c, 1);
    describe("uri_preprocess", in->p, in->len, NULL);
    written_error_ok = 1;
    check_out(w_preprocess, &c, 1);
    written_error_ok = 0;
    describe("iri_to_uri", in->p, in->len, NULL);
    check_out(w_iri_to_uri, &c, 1);
    describe("uri_to_iri", in->p, in->len, NULL);
    check_out(w_uri_to_iri, &c, 1);
    drop_input(&c);
}

static void check_uri(const bytes *in)
{
    ctx_t c = {0};
    check_text_input(in);
    with_input(&c, in);
    describe("uri_normalize", in->p, in->len, NULL);
    check_out(w_normalize, &c, 1);
    describe("cri_from_uri", in->p, in->len, NULL);
    check_out(w_from_uri, &c, 0);
    describe("cri_from_iri", in->p, in->len, NULL);
    check_out(w_from_iri, &c, 0);

    /* uri_recompose of the strict and the lenient split (spans into exact/junk copies). */
    for (uint32_t flags = 0; flags <= 1; flags++) {
        struct uri_parts p, pj;
        size_t off;
        int32_t s1 = uri_split((const char *)c.a.p, c.a.len, flags, &p, &off);
        int32_t s2 = uri_split((const char *)c.aj.p, c.aj.len, flags, &pj, &off);
        calls += 2;
        EXPECT(s1 == s2, "uri_split: junk after len changes the status");
        if (s1 == CRI_OK && s2 == CRI_OK) {
            c.parts = &p;
            c.parts_j = &pj;
            describe("uri_recompose", in->p, in->len, flags ? " (lenient split)" : NULL);
            check_out(w_recompose, &c, 1);
        }
    }

    /* As a reference against a base, and as a base for a reference. */
    static const char base[] = "http://a/b/c/d;p?q", ref[] = "../g?y#s";
    c.b = exact_copy(base, strlen(base));
    c.bj = junk_copy(base, strlen(base));
    bytes save_a = c.a, save_aj = c.aj;
    c.a = c.b;
    c.aj = c.bj;
    c.b = save_a;
    c.bj = save_aj;
    describe("uri_resolve(http://a/b/c/d;p?q, …)", in->p, in->len, NULL);
    check_out(w_resolve, &c, 1);
    free(c.a.p);
    free(c.aj.p);
    c.a = save_a;
    c.aj = save_aj;
    c.b = exact_copy(ref, strlen(ref));
    c.bj = junk_copy(ref, strlen(ref));
    describe("uri_resolve(…, ../g?y#s)", in->p, in->len, NULL);
    check_out(w_resolve, &c, 1);
    free(c.b.p);
    free(c.bj.p);

    for (int mode = 0; mode <= 3; mode++) {
        c.arg = mode;
        for (int d = -1; d < 3; d++) {
            c.dest = d < 0 ? NULL : &DESTS[d];
            describe("uri_to_coap_options", in->p, in->len, NULL);
            check_opts(w_uri_to_options, &c);
        }
    }
    drop_input(&c);
}

static void check_cri(const bytes *in)
{
    ctx_t c = {0};
    with_input(&c, in);
    for (int flags = 0; flags <= 1; flags++) {
        c.arg = flags;
        describe("cri_to_uri", in->p, in->len, NULL);
        check_out(w_to_uri, &c, 1);
        describe("cri_to_iri", in->p, in->len, NULL);
        check_out(w_to_iri, &c, 1);
    }
    describe("cri_to_edn", in->p, in->len, NULL);
    check_out(w_edn, &c, 1);
    for (int mode = 0; mode <= 3; mode++) {
        c.arg = mode;
        for (int d = -1; d < 3; d++) {
            c.dest = d < 0 ? NULL : &DESTS[d];
            describe("cri_to_coap_options", in->p, in->len, NULL);
            check_opts(w_cri_to_options, &c);
        }
    }
    /* The CRI bytes read as CoAP option bytes. */
    describe("cri_coap_options_from_wire", in->p, in->len, NULL);
    check_from_wire(&c.a, &c.aj);
    drop_input(&c);
}

static void check_pair(const bytes *b, const bytes *r, int cri)
{
    ctx_t c = {0};
    with_input(&c, b);
    c.b = exact_copy(r->p, r->len);
    c.bj = junk_copy(r->p, r->len);
    describe(cri ? "cri_resolve" : "uri_resolve", r->p, r->len, NULL);
    check_out(cri ? w_cri_resolve : w_resolve, &c, !cri);
    for (int flags = 0; !cri && flags <= 1; flags++) {
        c.arg = flags;
        describe("iri_resolve", r->p, r->len, flags ? " (keep IRI)" : NULL);
        check_out(w_iri_resolve, &c, 1);
    }
    drop_input(&c);
    free(c.b.p);
    free(c.bj.p);
}

static void check_optlist(const optlist *L)
{
    struct cri_coap_option opts[OPTS_MAX], opts_j[OPTS_MAX];
    bytes ex[OPTS_MAX], jk[OPTS_MAX];
    for (size_t i = 0; i < L->n; i++) {
        ex[i] = exact_copy(L->val[i].p, L->val[i].len);
        jk[i] = junk_copy(L->val[i].p, L->val[i].len);
        opts[i].number = opts_j[i].number = L->num[i];
        opts[i].value = ex[i].p;
        opts_j[i].value = jk[i].p;
        opts[i].len = opts_j[i].len = L->val[i].len;
    }
    char what[32];
    snprintf(what, sizeof what, " (%zu options)", L->n);
    ctx_t c = {0};
    c.opts = opts;
    c.opts_j = opts_j;
    c.n = L->n;
    describe("cri_coap_options_to_wire", (const unsigned char *)"", 0, what);
    check_out(w_to_wire, &c, 0);
    static const char *schemes[] = {"coap", "coaps+ws", "http"};
    for (int s = 0; s < 3; s++) {
        bytes sc = {(unsigned char *)(uintptr_t)schemes[s], strlen(schemes[s])};
        with_input(&c, &sc);
        for (int d = 0; d < 3; d++) {
            c.dest = &DESTS[d];
            describe("uri_from_coap_options", sc.p, sc.len, what);
            check_out(w_uri_from_options, &c, 1);
        }
        drop_input(&c);
    }
    static const int32_t numbers[] = {0, 25, 5};
    for (int s = 0; s < 3; s++) {
        c.arg = numbers[s];
        for (int d = 0; d < 3; d++) {
            c.dest = &DESTS[d];
            describe("cri_from_coap_options", (const unsigned char *)"", 0, what);
            check_out(w_cri_from_options, &c, 0);
        }
    }
    /* Their wire form back through the decoder. */
    size_t need = 0;
    struct cri_error_info e;
    if (cri_coap_options_to_wire(opts, L->n, NULL, 0, &need, &e) == CRI_ERR_BUFFER) {
        unsigned char *w = xmalloc(need);
        size_t len;
        if (cri_coap_options_to_wire(opts, L->n, w, need, &len, &e) == CRI_OK) {
            bytes we = exact_copy(w, len), wj = junk_copy(w, len);
            describe("cri_coap_options_from_wire", (const unsigned char *)"", 0, what);
            check_from_wire(&we, &wj);
            free(we.p);
            free(wj.p);
        }
        free(w);
    }
    for (size_t i = 0; i < L->n; i++) {
        free(ex[i].p);
        free(jk[i].p);
    }
}

/* Totals over every drained line, for the summary and the "too few inputs" check. */
static size_t n_uris, n_texts, n_pairs, n_cris, n_cri_pairs, n_opts;
static long stride = 1, corpus_line;

static void free_list(list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].p);
    }
    l->n = 0;
}

/* Checks the inputs read so far and frees them. */
static void drain(void)
{
    for (size_t i = 0; i < uris.n; i++) {
        check_uri(&uris.v[i]);
    }
    for (size_t i = 0; i < texts.n; i++) {
        check_text_input(&texts.v[i]);
    }
    for (size_t i = 0; i < bases.n; i++) {
        check_pair(&bases.v[i], &refs.v[i], 0);
    }
    for (size_t i = 0; i < cris.n; i++) {
        check_cri(&cris.v[i]);
    }
    for (size_t i = 0; i < cri_bases.n; i++) {
        check_pair(&cri_bases.v[i], &cri_refs.v[i], 1);
    }
    for (size_t i = 0; i < n_optlists; i++) {
        check_optlist(&optlists[i]);
        for (size_t k = 0; k < optlists[i].n; k++) {
            free(optlists[i].val[k].p);
        }
    }
    n_uris += uris.n;
    n_texts += texts.n;
    n_pairs += bases.n;
    n_cris += cris.n;
    n_cri_pairs += cri_bases.n;
    n_opts += n_optlists;
    n_optlists = 0;
    list *all[] = {&uris, &bases, &refs, &cris, &cri_bases, &cri_refs, &texts};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        free_list(all[i]);
    }
}

/* A line of the URL corpus: every STRIDE-th is a URI to check. */
static void each_corpus_line(char *l)
{
    if (stride <= 1 || corpus_line % stride == 0) {
        push(&uris, l, strlen(l));
    }
    corpus_line++;
}

/* Scratch space for one decoded JSON value (at most a line). */
#ifndef TMP_SIZE
#define TMP_SIZE (1 << 20)
#endif

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s DATA_DIR [URLS_FILE [STRIDE]]\n", argc ? argv[0] : "test_buffers");
        return 2;
    }
    const char *dir = argv[1];
    tmp = xmalloc(TMP_SIZE);
    tmp2 = xmalloc(TMP_SIZE);
    static const struct {
        const char *name;
        void (*each)(char *line);
    } files[] = {{"split.jsonl", each_split},           {"normalize.jsonl", each_normalize},
                 {"resolve.jsonl", each_resolve},       {"percent.jsonl", each_percent},
                 {"cri-vectors.jsonl", each_cri},       {"coap_options.jsonl", each_coap},
                 {"coap-options-derived.jsonl", each_coap}, {"href-tests.csv", each_csv}};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, files[i].name);
        if (!for_lines(path, files[i].each, drain)) {
            return 1;
        }
    }
    if (argc >= 3) {
        stride = argc >= 4 ? strtol(argv[3], NULL, 10) : 1;
        if (!for_lines(argv[2], each_corpus_line, drain)) {
            return 1;
        }
    }
    if (n_uris < 500 || n_cris < 100 || n_opts < 20 || n_pairs < 300) {
        fprintf(stderr, "too few inputs read: %zu URIs, %zu CRIs, %zu option lists, %zu pairs\n", n_uris, n_cris,
                n_opts, n_pairs);
        return 1;
    }
    printf("test_buffers: %zu URIs, %zu texts, %zu URI pairs, %zu CRIs, %zu CRI pairs, %zu option lists: "
           "%ld calls, %ld checks, %ld failed\n",
           n_uris, n_texts, n_pairs, n_cris, n_cri_pairs, n_opts, calls, checks, failures);
    if (skipped_lines) {
        printf("test_buffers: %ld lines longer than %d bytes skipped (LINE_MAX_LEN)\n", skipped_lines,
               LINE_MAX_LEN - 2);
    }
    return failures ? 1 : 0;
}
