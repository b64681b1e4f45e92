/*
 * target_stack.c: the stack each function of cri.h uses, measured on an emulated Cortex-M
 * board (scripts/stack-measure.sh builds and runs it).
 *
 *   target_stack [FILE STRIDE]...
 *
 * Before each call the words below the stack pointer are painted with a pattern; after
 * it the lowest overwritten word gives the call's high-water mark. Every call of a cri.h
 * function in this file goes through the macro of that name in the generated header
 * cri_measure.h (one `#define f(...) CRI_MEASURE(f, ...)` per function of cri.h), so
 * nothing is measured by hand. The calls: examples-c/firmware/main.c (every function
 * once), worst cases written here (long paths, many segments, dot-segments, IPv6 with
 * zone ids, deep and long CRIs, long percent-encoded text), and every STRIDE-th line of
 * each FILE: a "uri" value of a .jsonl line of tests/data, or the whole line (the URL
 * corpus), through every function that takes a URI or a CRI made from it.
 *
 * Prints "stack NAME BYTES CALLS" per function, then "painted BYTES". Exit 1 if a call
 * reached the bottom of the painted area (the figure would be a lower bound only).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cri.h"

#ifndef PAINT_BYTES
#define PAINT_BYTES 4096
#endif
#ifndef OUT_CAP
#define OUT_CAP 4096
#endif
#ifndef LINE_CAP
#define LINE_CAP 2048
#endif
#ifndef OPTS_CAP
#define OPTS_CAP 128
#endif
#define PATTERN 0xC5A3E1F7u

struct usage {
    const char *name;
    size_t max;
    long calls;
};
static struct usage usages[64];
static size_t n_usages;
static int overflowed;

static inline uint32_t *stack_pointer(void)
{
    uint32_t *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    return sp;
}

static void stack_record(const char *name, size_t used)
{
    size_t i;
    if (used >= PAINT_BYTES)
        overflowed = 1;
    for (i = 0; i < n_usages && strcmp(usages[i].name, name) != 0; i++) {
    }
    if (i == n_usages) {
        if (n_usages == sizeof usages / sizeof usages[0])
            exit(2);
        usages[n_usages++].name = name;
    }
    if (used > usages[i].max)
        usages[i].max = used;
    usages[i].calls++;
}

/* One measured call: paint the PAINT_BYTES below the stack pointer, call, find the lowest
 * overwritten word, record; the value is the function's. Painting and scanning are inline
 * (the caller's registers and frame, all above the stack pointer), so no other frame
 * touches the painted words; stack_record runs after the scan. */
#define CRI_MEASURE(f, ...)                                                                \
    __extension__({                                                                        \
        uint32_t *top_ = stack_pointer();                                                  \
        volatile uint32_t *p_;                                                             \
        for (p_ = top_ - PAINT_BYTES / 4; p_ < top_; p_++)                                 \
            *p_ = PATTERN;                                                                 \
        __typeof__(f(__VA_ARGS__)) r_ = f(__VA_ARGS__);                                    \
        for (p_ = top_ - PAINT_BYTES / 4; p_ < top_ && *p_ == PATTERN; p_++) {             \
        }                                                                                  \
        stack_record(#f, (size_t)((uint32_t *)top_ - (uint32_t *)p_) * 4);                 \
        r_;                                                                                \
    })

#include "cri_measure.h"

/* Every function once, as the firmware example calls them. */
#define main firmware_main
#include "../examples-c/firmware/main.c"
#undef main

static char out[OUT_CAP];
static uint8_t cbor[OUT_CAP], cbor2[OUT_CAP], base_cri[256], wire_buf[OUT_CAP];
static uint8_t scratch_buf[OUT_CAP];
static struct cri_coap_option opt_buf[OPTS_CAP], opt_buf2[OPTS_CAP];
static size_t base_cri_len;

/* Every function that takes a URI reference (or a CRI made from it) on (s, n). */
static void all_uri_calls(const char *s, size_t n)
{
    static const char base[] = "coap://[fe80::1%25eth0]:5683/a/b/c/d;p?q#f";
    struct uri_parts parts, parts2;
    struct uri_span span;
    struct uri_query_arg arg;
    struct cri_error_info e;
    size_t len, len2, off, nopts, nscratch, consumed, pos = 0;
    int32_t form, eq;

    uri_split(s, n, 0, &parts, &off);
    uri_split(s, n, URI_SPLIT_LENIENT, &parts2, &off);
    uri_split(s, n, URI_SPLIT_IRI, &parts2, &off);
    uri_split_request_target(s, n, 0, &parts2, &form, &off);
    if (uri_split(s, n, 0, &parts, &off) == CRI_OK) {
        uri_recompose(&parts, out, sizeof out, &len);
        uri_hostport(&parts, &span);
        if (parts.query.ptr)
            while (pos <= parts.query.len &&
                   uri_query_next(parts.query.ptr, parts.query.len, &pos, &arg) == CRI_OK) {
            }
    }
    uri_host_specific(s, n, &span, &off);
    uri_normalize(s, n, out, sizeof out, &len, &off);
    uri_equivalent(s, n, s, n, &eq, &off);
    uri_resolve(LIT(base), s, n, out, sizeof out, &len, &off);
    uri_resolve(s, n, LIT("../../x/./y/.."), out, sizeof out, &len, &off);
    iri_resolve(LIT(base), s, n, IRI_RESOLVE_KEEP_IRI, out, sizeof out, &len, &off);
    uri_remove_dot_segments(s, n, out, sizeof out, &len);
    uri_percent_encode(s, n, URI_ENCODE_PATH_SEGMENT, out, sizeof out, &len);
    uri_percent_decode(s, n, 0, out, sizeof out, &len, &off);
    iri_to_uri(s, n, out, sizeof out, &len, &off);
    uri_to_iri(s, n, out, sizeof out, &len, &off);
    uri_preprocess(s, n, out, sizeof out, &len, &off);
    cri_from_iri(s, n, cbor, sizeof cbor, &len, &e);
    if (uri_to_coap_options(s, n, NULL, CRI_COAP_MODE_AUTO, opt_buf, OPTS_CAP, &nopts, scratch_buf,
                            sizeof scratch_buf, &nscratch, &e) == CRI_OK) {
        cri_coap_options_check(opt_buf, nopts, &e);
        if (cri_coap_options_to_wire(opt_buf, nopts, wire_buf, sizeof wire_buf, &len2, &e) ==
            CRI_OK)
            cri_coap_options_from_wire(wire_buf, len2, opt_buf2, OPTS_CAP, &nopts, &consumed, &e);
        uri_from_coap_options(LIT("coap"), NULL, opt_buf, nopts, out, sizeof out, &len, &e);
        cri_from_coap_options(0, NULL, opt_buf, nopts, cbor2, sizeof cbor2, &len, &e);
    }
    if (cri_from_uri(s, n, cbor, sizeof cbor, &len, &e) == CRI_OK) {
        cri_validate(cbor, len, 0, &e);
        cri_to_uri(cbor, len, CRI_TO_URI_ZONE_ID, out, sizeof out, &len2, &e);
        cri_to_iri(cbor, len, 0, out, sizeof out, &len2, &e);
        cri_to_edn(cbor, len, out, sizeof out, &len2, &e);
        cri_resolve(base_cri, base_cri_len, cbor, len, cbor2, sizeof cbor2, &len2, &e);
        cri_resolve(cbor, len, base_cri, base_cri_len, cbor2, sizeof cbor2, &len2, &e);
        cri_to_coap_options(cbor, len, NULL, CRI_COAP_MODE_AUTO, opt_buf, OPTS_CAP, &nopts,
                            scratch_buf, sizeof scratch_buf, &nscratch, &e);
    }
}

/* Paths with many segments and dot-segments, hosts with zone ids, long text. */
static void worst_cases(void)
{
    static char s[LINE_CAP];
    static const char *const heads[] = {
        "coap://[fe80::1%25eth0]:5683", "http://user:pw@[2001:db8:0:0:0:0:0:1%25en0]:80",
        "coaps+ws://[v7.future]:443", "http://a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.example", "",
        "urn:", "//h"};
    static const char *const segments[] = {"/a", "/..", "/.", "/%2E%2E", "/seg%20ment", "/",
                                           "/\xC3\xA9", "/b;p=1"};
    uint64_t number;
    const char *name;
    size_t name_len;
    for (size_t h = 0; h < sizeof heads / sizeof heads[0]; h++) {
        for (size_t k = 0; k < sizeof segments / sizeof segments[0]; k++) {
            for (size_t reps = 1; reps <= 120; reps = reps * 3 + 1) {
                size_t n = (size_t)snprintf(s, sizeof s, "%s", heads[h]);
                for (size_t r = 0; r < reps && n + 40 < sizeof s; r++)
                    n += (size_t)snprintf(s + n, sizeof s - n, "%s%s", segments[k],
                                          r % 5 == 4 ? "/../x" : "");
                n += (size_t)snprintf(s + n, sizeof s - n, "?a=1&b=%%41&c#frag%%20");
                all_uri_calls(s, n);
            }
        }
    }
    for (uint64_t i = 0; i < 40; i++) {
        if (cri_scheme_name(i, &name, &name_len) == CRI_OK)
            cri_scheme_number(name, name_len, &number);
    }
    cri_scheme_number(LIT("no-such-scheme"), &number);
    (void)cri_status_name(CRI_ERR_BUFFER);
}

/* The text of `"uri": "…"` in a JSON line (escapes left as they are), else the line. */
static const char *uri_of(const char *line, size_t *n)
{
    const char *p = strstr(line, "\"uri\": \"");
    if (!p) {
        *n = strlen(line);
        return line;
    }
    p += 8;
    const char *q = p;
    while (*q && !(*q == '"' && q[-1] != '\\'))
        q++;
    *n = (size_t)(q - p);
    return p;
}

int main(int argc, char **argv)
{
    static char line[LINE_CAP];
    struct cri_error_info e;
    long lines = 0;

    firmware_main();
    cri_from_uri(LIT("coaps://[2001:db8::1%25eth0]:61616/pa/th/x/y?query#frag"), base_cri,
                 sizeof base_cri, &base_cri_len, &e);
    worst_cases();
    for (int i = 1; i + 1 < argc; i += 2) {
        FILE *f = fopen(argv[i], "rb");
        long stride = strtol(argv[i + 1], NULL, 10), k = 0;
        if (!f) {
            fprintf(stderr, "cannot read %s\n", argv[i]);
            return 1;
        }
        while (fgets(line, sizeof line, f)) {
            size_t n = strlen(line);
            if (n && line[n - 1] == '\n')
                line[--n] = 0;
            if (stride > 1 && k++ % stride != 0)
                continue;
            const char *u = uri_of(line, &n);
            all_uri_calls(u, n);
            lines++;
        }
        fclose(f);
    }
    for (size_t i = 0; i < n_usages; i++)
        printf("stack %s %zu %ld\n", usages[i].name, usages[i].max, usages[i].calls);
    printf("painted %d bytes, %ld input lines\n", PAINT_BYTES, lines);
    if (overflowed) {
        printf("a call reached the bottom of the painted area: raise PAINT_BYTES\n");
        return 1;
    }
    return 0;
}
