/*
 * examples-c/firmware/main.c: a minimal bare-metal program that calls every function
 * exported by include/cri.h. It is linked for Cortex-M4F with arm-none-eabi-gcc (the
 * firmware link test, the panic-never link test and the size report), and built and run
 * on the host against the host archive (so the calls are known to be meaningful: main
 * returns the number of calls that did not return CRI_OK).
 *
 * CRI_FW_IMAGE selects what is called (the size report links image 0 and keeps each
 * profile's functions with --require-defined; 1 and 2 are for hand-made builds):
 *   0  nothing (an empty main: the baseline the size report subtracts)
 *   1  URI core only: the uri_* and iri_* functions (RFC 3986, RFC 3987)
 *   2  URI + CoAP options: 1, plus uri_to_coap_options, uri_from_coap_options and the
 *      option wire format (cri_coap_options_to_wire/_from_wire/_check)
 *   3  everything (the default): every function of cri.h
 *
 * c-tests/firmware_calls_all.sh fails if a function declared in cri.h is not called here.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cri.h"

#ifndef CRI_FW_IMAGE
#define CRI_FW_IMAGE 3
#endif

#if CRI_FW_IMAGE > 0

/* Calls that did not return CRI_OK (volatile: the firmware has nowhere to print it). */
static volatile int failures;

static void expect_ok(int32_t status)
{
    if (status != CRI_OK)
        failures++;
}

#define LIT(s) (s), (sizeof(s) - 1)

static char text[256];
static size_t text_len;
static size_t offset;

static void uri_core(void)
{
    struct uri_parts parts;
    struct uri_query_arg arg;
    struct uri_span span;
    int32_t form = 0, equivalent = 0;
    size_t pos = 0;

    expect_ok(uri_split(LIT("coap://[fe80::1%25eth0]:5683/a/./b/../c?x=1&y#f"), 0, &parts,
                        &offset));
    expect_ok(uri_split(LIT("http://a b/%zz"), URI_SPLIT_LENIENT, &parts, &offset));
    expect_ok(uri_split_request_target(LIT("/where?q=now"), 0, &parts, &form, &offset));
    expect_ok(uri_percent_encode(LIT("a b/c\xC3\xA9"), URI_ENCODE_PATH_SEGMENT, text,
                                 sizeof text, &text_len));
    expect_ok(uri_percent_decode(LIT("a%20b%2Fc"), 0, text, sizeof text, &text_len, &offset));
    expect_ok(uri_remove_dot_segments(LIT("/a/b/c/./../../g"), text, sizeof text, &text_len));
    expect_ok(uri_resolve(LIT("http://a/b/c/d;p?q"), LIT("../../g?y#s"), text, sizeof text,
                          &text_len, &offset));
    expect_ok(uri_split(LIT("HTTP://Example.COM:80/%7Euser/"), 0, &parts, &offset));
    expect_ok(uri_recompose(&parts, text, sizeof text, &text_len));
    expect_ok(uri_normalize(LIT("HTTP://Example.COM:80/%7Euser/a/../b"), text, sizeof text,
                            &text_len, &offset));
    expect_ok(uri_equivalent(LIT("http://example.com/"), LIT("HTTP://EXAMPLE.com:80"),
                             &equivalent, &offset));
    if (equivalent != 1)
        failures++;
    expect_ok(uri_query_next(LIT("x=1&y"), &pos, &arg));

    /* RFC 3987 IRIs and the HTML5 URL terms. */
    expect_ok(uri_split(LIT("http://example.com:8080/p"), 0, &parts, &offset));
    expect_ok(uri_hostport(&parts, &span));
    expect_ok(uri_host_specific(LIT("http://example.com/p?q"), &span, &offset));
    expect_ok(iri_to_uri(LIT("http://r\xC3\xA9sum\xC3\xA9.example/caf\xC3\xA9"), text,
                         sizeof text, &text_len, &offset));
    expect_ok(uri_to_iri(LIT("http://example.com/caf%C3%A9"), text, sizeof text, &text_len,
                         &offset));
    expect_ok(iri_resolve(LIT("http://example.com/a/b"), LIT("../caf\xC3\xA9"),
                          IRI_RESOLVE_KEEP_IRI, text, sizeof text, &text_len, &offset));
    expect_ok(uri_preprocess(LIT("  http://example.com/a b\t\n"), text, sizeof text,
                             &text_len, &offset));
}

#if CRI_FW_IMAGE >= 2
static struct cri_coap_option opts[16];
static size_t opts_len;
static uint8_t scratch[128];
static size_t scratch_len;
static uint8_t wire[128];
static size_t wire_len;
static struct cri_error_info err;

static const uint8_t dest_addr[4] = {192, 0, 2, 1};
static const struct cri_coap_destination dest = {dest_addr, 4, NULL, 0, 5683};

static void uri_coap(void)
{
    struct cri_coap_option decoded[16];
    size_t n = 0, consumed = 0;

    expect_ok(uri_to_coap_options(LIT("coap://sensor.example/temp/c?unit=C"), NULL,
                                  CRI_COAP_MODE_AUTO, opts, 16, &opts_len, scratch,
                                  sizeof scratch, &scratch_len, &err));
    expect_ok(cri_coap_options_check(opts, opts_len, &err));
    expect_ok(cri_coap_options_to_wire(opts, opts_len, wire, sizeof wire, &wire_len, &err));
    expect_ok(cri_coap_options_from_wire(wire, wire_len, decoded, 16, &n, &consumed, &err));
    expect_ok(uri_from_coap_options(LIT("coap"), &dest, decoded, n, text, sizeof text,
                                    &text_len, &err));
}
#endif

#if CRI_FW_IMAGE >= 3
static void cri_all(void)
{
    uint8_t cri[128], base[128], target[128];
    size_t cri_len = 0, base_len = 0, target_len = 0;
    uint64_t number = 0;
    const char *name = NULL;
    size_t name_len = 0;

    expect_ok(cri_from_uri(LIT("coap://sensor.example/temp/c?unit=C"), cri, sizeof cri,
                           &cri_len, &err));
    expect_ok(cri_validate(cri, cri_len, CRI_VALIDATE_FULL, &err));
    expect_ok(cri_to_uri(cri, cri_len, 0, text, sizeof text, &text_len, &err));
    expect_ok(cri_to_edn(cri, cri_len, text, sizeof text, &text_len, &err));
    expect_ok(cri_to_iri(cri, cri_len, 0, text, sizeof text, &text_len, &err));
    expect_ok(cri_from_iri(LIT("coap://sensor.example/caf\xC3\xA9"), cri, sizeof cri,
                           &cri_len, &err));
    expect_ok(cri_from_uri(LIT("http://a/b/c/d;p?q"), base, sizeof base, &base_len, &err));
    expect_ok(cri_from_uri(LIT("../g"), target, sizeof target, &target_len, &err));
    expect_ok(cri_resolve(base, base_len, target, target_len, cri, sizeof cri, &cri_len,
                          &err));
    expect_ok(cri_from_uri(LIT("coaps://[2001:db8::1]:61616/x"), cri, sizeof cri, &cri_len,
                           &err));
    expect_ok(cri_to_coap_options(cri, cri_len, NULL, CRI_COAP_MODE_DIRECT, opts, 16,
                                  &opts_len, scratch, sizeof scratch, &scratch_len, &err));
    expect_ok(cri_from_coap_options(1, &dest, opts, opts_len, cri, sizeof cri, &cri_len,
                                    &err));
    expect_ok(cri_scheme_number(LIT("coaps"), &number));
    expect_ok(cri_scheme_name(number, &name, &name_len));
    if (name == NULL || cri_status_name(CRI_ERR_SYNTAX)[0] != 'C' ||
        cri_reason_name(CRI_ERR_COAP, CRI_COAP_ERR_NOT_UTF8)[0] != 'C')
        failures++;
    if (cri_version() >> 16 != CRI_VERSION_MAJOR)
        failures++;
}
#endif

#endif /* CRI_FW_IMAGE > 0 */

int main(void)
{
#if CRI_FW_IMAGE > 0
    uri_core();
#if CRI_FW_IMAGE >= 2
    uri_coap();
#endif
#if CRI_FW_IMAGE >= 3
    cri_all();
#endif
    return failures;
#else
    return 0;
#endif
}
