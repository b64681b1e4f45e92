/*
 * quickstart.c: the four things most programs do with libcri, with error handling.
 * Build: see README.md ("Linking it"); run: ./quickstart (exit status 0 on success).
 */
#include <stdio.h>
#include <string.h>

#include "cri.h"

static int fail(const char *what, cri_status st, size_t offset)
{
    fprintf(stderr, "%s: %s at byte %zu\n", what, cri_status_name(st), offset);
    return 1;
}

int main(void)
{
    const char *uri = "coap://sensor.example/temp/../status?unit=C";
    size_t len = strlen(uri), n, bad;

    /* 1. Split: NULL pointer = absent component, length 0 = empty (RFC 3986 §3). */
    struct uri_parts p;
    cri_status st = uri_split(uri, len, 0, &p, &bad);
    if (st != CRI_OK)
        return fail("uri_split", st, bad);
    printf("host %.*s, path %.*s, query %s\n", (int)p.host.len, p.host.ptr, (int)p.path.len,
           p.path.ptr, p.query.ptr ? "present" : "absent");

    /* 2. Resolve a reference against it (RFC 3986 §5.2). */
    char target[128];
    st = uri_resolve(uri, len, "../config", 9, target, sizeof target, &n, &bad);
    if (st != CRI_OK)
        return fail("uri_resolve", st, bad);
    printf("resolved: %s\n", target);

    /* 3. URI -> CoAP options (RFC 7252 §6.4); values point into `values`. */
    struct cri_coap_option opts[8];
    uint8_t values[128];
    size_t nopts, nvalues;
    struct cri_error_info e;
    st = uri_to_coap_options(uri, len, NULL, CRI_COAP_MODE_DIRECT, opts, 8, &nopts, values,
                             sizeof values, &nvalues, &e);
    if (st != CRI_OK)
        return fail("uri_to_coap_options", st, e.offset);
    for (size_t k = 0; k < nopts; k++)
        printf("option %u: %.*s\n", (unsigned)opts[k].number, (int)opts[k].len,
               (const char *)opts[k].value);

    /* 4. URI -> CRI (draft-ietf-core-href-27), then as EDN for people. A too-small buffer
     * gives CRI_ERR_BUFFER and the size needed in n. */
    uint8_t cbor[64];
    st = cri_from_uri(uri, len, cbor, sizeof cbor, &n, &e);
    if (st != CRI_OK)
        return fail("cri_from_uri", st, e.offset);
    char edn[128];
    st = cri_to_edn(cbor, n, edn, sizeof edn, &n, &e);
    if (st != CRI_OK)
        return fail("cri_to_edn", st, e.offset);
    printf("CRI: %s\n", edn);
    return 0;
}
