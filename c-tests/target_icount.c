/*
 * target_icount.c: instructions per call on an emulated Cortex-M4F (QEMU mps2-an386 with
 * -icount shift=0: one instruction per nanosecond of virtual time), counted with SysTick
 * on the 25 MHz processor clock (one tick per 40 instructions), over REPS calls each, less
 * the same loop around an empty call. scripts/icount.sh builds and runs it.
 *
 * Inputs: RFC 3986 §5.4's base and a reference of §5.4.1, and a CoAP URI with a path and
 * a query; every operation works on the same ones (see BENCHMARKS.md).
 * Built with -DCRI_ICOUNT_URIPARSER (scripts/icount-peers.sh, against uriparser built from
 * source for the same core with -Os) it counts uriparser's parse, resolve + recompose and
 * normalize (+ recompose) on the same inputs too, each with the uriFreeUriMembersA its
 * result needs (uriparser allocates with malloc).
 * With -DCRI_ICOUNT_LIBCOAP it counts libcoap's coap_split_uri + coap_split_path +
 * coap_split_query on the CoAP URI (functions taken out of libcoap's sources by
 * scripts/icount-peers.sh; coap_peer.h declares them).
 * Prints "icount OPERATION INSTRUCTIONS" per operation; exit 1 if a call fails.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cri.h"

#ifndef REPS
#define REPS 200
#endif

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
/* Virtual nanoseconds (= instructions under -icount shift=0) per SysTick tick at 25 MHz. */
#define NS_PER_TICK 40

#define LIT(s) (s), (sizeof(s) - 1)

static const char BASE[] = "http://a/b/c/d;p?q";
static const char REF[] = "../../g;x?y#s";
static const char DIRTY[] = "HTTP://Example.COM:80/%7euser/a/./b/../c?q=%41";
static const char COAP[] = "coap://sensor.example/temp/c/%2Fx?unit=C&n=1";

static char out[512];
static uint8_t cri[256], base_cri[256], ref_cri[256];
static size_t cri_len, base_cri_len, ref_cri_len;
static struct cri_coap_option opts[16];
static uint8_t scratch[256];
static int failed;

typedef int32_t (*op_fn)(void);

static int32_t op_empty(void) { return CRI_OK; }
/* Calibration: the empty call plus exactly 1,000 instructions. */
static int32_t op_thousand(void)
{
    __asm__ volatile(".rept 1000\n\tnop\n\t.endr");
    return CRI_OK;
}
static int32_t op_split(void)
{
    struct uri_parts p;
    size_t off;
    return uri_split(LIT(COAP), 0, &p, &off);
}
static int32_t op_resolve(void)
{
    size_t n, off;
    return uri_resolve(LIT(BASE), LIT(REF), out, sizeof out, &n, &off);
}
static int32_t op_normalize(void)
{
    size_t n, off;
    return uri_normalize(LIT(DIRTY), out, sizeof out, &n, &off);
}
static int32_t op_coap(void)
{
    size_t n, s;
    struct cri_error_info e;
    return uri_to_coap_options(LIT(COAP), NULL, CRI_COAP_MODE_DIRECT, opts, 16, &n, scratch,
                               sizeof scratch, &s, &e);
}
static int32_t op_cri_from_uri(void)
{
    struct cri_error_info e;
    return cri_from_uri(LIT(COAP), cri, sizeof cri, &cri_len, &e);
}
static int32_t op_cri_to_uri(void)
{
    size_t n;
    struct cri_error_info e;
    return cri_to_uri(cri, cri_len, 0, out, sizeof out, &n, &e);
}
static int32_t op_cri_resolve(void)
{
    size_t n;
    struct cri_error_info e;
    return cri_resolve(base_cri, base_cri_len, ref_cri, ref_cri_len, cri, sizeof cri, &n, &e);
}

#ifdef CRI_ICOUNT_URIPARSER
#include <uriparser/Uri.h>

static int32_t up_parse(void)
{
    UriUriA u;
    const char *err;
    if (uriParseSingleUriExA(&u, COAP, COAP + sizeof COAP - 1, &err) != URI_SUCCESS)
        return CRI_ERR_SYNTAX;
    uriFreeUriMembersA(&u);
    return CRI_OK;
}
static int32_t up_resolve(void)
{
    UriUriA base, ref, abs;
    const char *err;
    int written = 0, rc = CRI_ERR_SYNTAX;
    if (uriParseSingleUriExA(&base, BASE, BASE + sizeof BASE - 1, &err) != URI_SUCCESS)
        return rc;
    if (uriParseSingleUriExA(&ref, REF, REF + sizeof REF - 1, &err) == URI_SUCCESS) {
        if (uriAddBaseUriA(&abs, &ref, &base) == URI_SUCCESS) {
            if (uriToStringA(out, &abs, sizeof out, &written) == URI_SUCCESS)
                rc = CRI_OK;
            uriFreeUriMembersA(&abs);
        }
        uriFreeUriMembersA(&ref);
    }
    uriFreeUriMembersA(&base);
    return rc;
}
static int32_t up_normalize(void)
{
    UriUriA u;
    const char *err;
    int written = 0, rc = CRI_ERR_SYNTAX;
    if (uriParseSingleUriExA(&u, DIRTY, DIRTY + sizeof DIRTY - 1, &err) != URI_SUCCESS)
        return rc;
    if (uriNormalizeSyntaxA(&u) == URI_SUCCESS &&
        uriToStringA(out, &u, sizeof out, &written) == URI_SUCCESS)
        rc = CRI_OK;
    uriFreeUriMembersA(&u);
    return rc;
}
#endif

#ifdef CRI_ICOUNT_LIBCOAP
#include "coap_peer.h"

static int32_t lc_split(void)
{
    coap_uri_t u;
    unsigned char buf[256];
    size_t len = sizeof buf;
    if (coap_split_uri((const uint8_t *)COAP, sizeof COAP - 1, &u) != 0)
        return CRI_ERR_SYNTAX;
    int segments = coap_split_path(u.path.s, u.path.length, buf, &len);
    len = sizeof buf;
    int args = coap_split_query(u.query.s, u.query.length, buf, &len);
    return segments == 3 && args == 2 ? CRI_OK : CRI_ERR_SYNTAX;
}
#endif

/* Ticks for REPS calls of f (SysTick counts down from its reload value). */
static uint32_t ticks(op_fn f)
{
    SYST_CSR = 0;
    SYST_RVR = 0xFFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 5; /* enable, processor clock, no interrupt */
    uint32_t start = SYST_CVR;
    for (int i = 0; i < REPS; i++) {
        if (f() != CRI_OK)
            failed = 1;
    }
    uint32_t end = SYST_CVR;
    SYST_CSR = 0;
    return (start - end) & 0xFFFFFFu;
}

int main(void)
{
    static const struct {
        const char *name;
        op_fn f;
    } ops[] = {{"uri_split", op_split},
               {"uri_resolve", op_resolve},
               {"uri_normalize", op_normalize},
               {"uri_to_coap_options", op_coap},
               {"cri_from_uri", op_cri_from_uri},
               {"cri_to_uri", op_cri_to_uri},
               {"cri_resolve", op_cri_resolve},
#ifdef CRI_ICOUNT_URIPARSER
               {"uriparser_parse", up_parse},
               {"uriparser_resolve_recompose", up_resolve},
               {"uriparser_normalize_recompose", up_normalize},
#endif
#ifdef CRI_ICOUNT_LIBCOAP
               {"libcoap_split_uri_path_query", lc_split},
#endif
    };
    struct cri_error_info e;
    if (cri_from_uri(LIT(BASE), base_cri, sizeof base_cri, &base_cri_len, &e) != CRI_OK ||
        cri_from_uri(LIT(REF), ref_cri, sizeof ref_cri, &ref_cri_len, &e) != CRI_OK ||
        cri_from_uri(LIT(COAP), cri, sizeof cri, &cri_len, &e) != CRI_OK) {
        printf("setup failed\n");
        return 1;
    }
    uint32_t empty = ticks(op_empty);
    /* -icount shift=0 and the 25 MHz SysTick give 1,000 here, or the figures are wrong. */
    uint32_t thousand =
        (uint32_t)((uint64_t)(ticks(op_thousand) - empty) * NS_PER_TICK / REPS);
    printf("calibration %lu (1000 expected)\n", (unsigned long)thousand);
    if (thousand < 990 || thousand > 1010)
        failed = 1;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        uint32_t t = ticks(ops[i].f);
        printf("icount %s %lu\n", ops[i].name,
               (unsigned long)((uint64_t)(t - empty) * NS_PER_TICK / REPS));
    }
    if (failed)
        printf("a call failed\n");
    return failed;
}
