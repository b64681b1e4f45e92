/*
 * cri_zephyr.h: libcri with Zephyr's CoAP library (struct coap_packet), one call each way.
 *
 * Compiled only in a Zephyr build with CONFIG_LIBCRI_ZEPHYR_HELPER=y (zephyr/cri_zephyr.c).
 * The conversions are libcri's (include/cri.h): RFC 7252 §6.4 (URI -> options), §6.5
 * (options -> URI), draft-ietf-core-href-27 §8.1.1 / §8.1.2 (CRI <-> options); this file only
 * moves options between libcri's `struct cri_coap_option` lists and a `struct coap_packet`.
 *
 * Conventions, as in cri.h: inputs are (pointer, length) without NUL; text output is
 * (char *out, size_t cap, size_t *out_len) with a NUL after the text, byte output the same
 * without NUL; with cap too small the call returns CRI_ERR_BUFFER and sets *out_len to the
 * length needed (no NUL); every function returns a cri_status (0 = CRI_OK, negative =
 * CRI_ERR_*), never a Zephyr errno.
 *
 * Scratch: the helpers need memory for the option list (one `struct cri_coap_option`, 12
 * bytes on 32-bit targets, per option) and, when appending, for the percent-decoded option
 * values. It is `(scratch, scratch_cap)` bytes from the caller (any alignment), or, with
 * scratch = NULL and scratch_cap = 0, the static buffer of CONFIG_LIBCRI_ZEPHYR_SCRATCH_SIZE
 * bytes, which one caller uses at a time (a k_mutex: not from an ISR). `*scratch_len` (when
 * not NULL) gets the bytes of scratch the call used, or needed when it returns
 * CRI_ERR_BUFFER for lack of scratch. Nothing comes from the heap. scratch = NULL with
 * scratch_cap > 0 is CRI_ERR_NULL; with CONFIG_LIBCRI_ZEPHYR_SCRATCH_SIZE=0 there is no
 * static buffer, and scratch = NULL is CRI_ERR_BUFFER unless the call needs no scratch.
 */

#ifndef CRI_ZEPHYR_H
#define CRI_ZEPHYR_H

#include <stddef.h>
#include <stdint.h>

#include <zephyr/net/coap.h>
#include <zephyr/net/socket.h>

#include "cri.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * `err->reason` with CRI_ERR_BUFFER: the packet's buffer (`cpkt->max_len`) has no room for
 * the options; `err->offset` is the number of bytes they need beyond what is free (an
 * upper bound when Zephyr has to insert them among options already there). (With
 * reason 0, CRI_ERR_BUFFER is about scratch or the output buffer.)
 */
#define CRI_ZEPHYR_ERR_PACKET_FULL 1001

/**
 * `err->reason` with CRI_ERR_COAP: Zephyr's coap_packet_append_option() refused an option
 * although there was room (`err->offset` is its index in the list libcri produced).
 */
#define CRI_ZEPHYR_ERR_APPEND 1002

/**
 * The destination transport address (RFC 7252 §6.4, §6.5) of `*addr`, an AF_INET or
 * AF_INET6 `struct sockaddr` (port in network byte order, as the socket API gives it), as a
 * `struct cri_coap_destination` for the calls below and for cri.h. `dest->addr` points into
 * `*addr`, which must outlive `*dest`; the port is always set (0..65535), the zone never.
 *
 * Returns CRI_OK; CRI_ERR_NULL; CRI_ERR_ARGUMENT for another address family.
 */
int32_t cri_zephyr_destination(const struct sockaddr *addr, struct cri_coap_destination *dest);

/**
 * Appends to the packet `*cpkt` (from coap_packet_init()) the options that the URI
 * `(uri, len)` gives a request to `*dest` (RFC 7252 §6.4, as uri_to_coap_options() with
 * `mode` CRI_COAP_MODE_DIRECT, _PROXY (Proxy-Uri), _PROXY_SCHEME or _AUTO; dest NULL: the
 * address and port the URI names), in option-number order through
 * coap_packet_append_option(). Options already in the packet stay; Zephyr inserts ours
 * among them by number (RFC 7252 §3.1 needs ascending numbers on the wire).
 *
 * Zephyr copies each value into the packet, so the values may live in scratch; scratch
 * needs 12 bytes per option plus the decoded values (at most `len` + 2 bytes), plus 3
 * for alignment.
 *
 * Returns CRI_OK; CRI_ERR_NULL (cpkt, uri with len > 0); every error of
 * uri_to_coap_options() with its `err` details (CRI_ERR_ARGUMENT, CRI_ERR_SYNTAX,
 * CRI_ERR_PERCENT, CRI_ERR_PORT_RANGE, CRI_ERR_COAP); CRI_ERR_BUFFER with reason 0 when
 * scratch is too small (`*scratch_len` = the bytes needed), or with reason
 * CRI_ZEPHYR_ERR_PACKET_FULL when the packet is (`err->offset` = bytes missing);
 * CRI_ERR_COAP with CRI_ZEPHYR_ERR_APPEND if Zephyr refuses an option. On every error
 * except CRI_ZEPHYR_ERR_APPEND the packet is unchanged.
 */
int32_t cri_zephyr_append_uri_options(struct coap_packet *cpkt, const char *uri, size_t len,
				      const struct cri_coap_destination *dest, int32_t mode,
				      void *scratch, size_t scratch_cap, size_t *scratch_len,
				      struct cri_error_info *err);

/**
 * As cri_zephyr_append_uri_options() for the full CRI `(cri, len)` (CBOR, draft-ietf-core-href-27
 * §8.1.1, as cri_to_coap_options(): CRI_COAP_MODE_PROXY gives Proxy-Cri (option 235),
 * CRI_COAP_MODE_PROXY_SCHEME Proxy-Scheme-Number (239)). Scratch: 12 bytes per option plus
 * the values (at most `len` + 8 bytes).
 *
 * Returns as cri_zephyr_append_uri_options(), with the errors of cri_to_coap_options()
 * (CRI_ERR_UNPROCESSABLE, CRI_ERR_COAP, ...).
 */
int32_t cri_zephyr_append_cri_options(struct coap_packet *cpkt, const uint8_t *cri, size_t len,
				      const struct cri_coap_destination *dest, int32_t mode,
				      void *scratch, size_t scratch_cap, size_t *scratch_len,
				      struct cri_error_info *err);

/**
 * Composes the URI of the request `*cpkt` (from coap_packet_parse() or coap_packet_init())
 * from its options (RFC 7252 §6.5, as uri_from_coap_options()), with the scheme
 * `(scheme, scheme_len)` (e.g. "coap" for UDP) and the request's destination `*dest`
 * (required: on a server, the local address the request came in on; its address stands in
 * for a missing Uri-Host, its port for a missing Uri-Port), into the text buffer
 * `(out, cap)`. The options are read from the packet bytes, not from Zephyr's
 * `struct coap_option` copies, so values longer than Zephyr's option slots (12 bytes
 * without CONFIG_COAP_EXTENDED_OPTIONS_LEN) are read whole. Scratch: 12 bytes per option.
 * A request with Proxy-Uri or Proxy-Cri has no such URI (CRI_ERR_COAP,
 * CRI_COAP_ERR_PROXY, answered 5.05 Proxying Not Supported by a server that is no
 * forward-proxy, RFC 7252 §5.10.2): its target is that option's value.
 *
 * Returns CRI_OK; CRI_ERR_NULL; CRI_ERR_COAP with CRI_COAP_ERR_WIRE when the packet's
 * option bytes are not well-formed (RFC 7252 §3.1), or with the reasons of
 * uri_from_coap_options() (BAD_URI_HOST, NO_HOST, BAD_VALUE, DOT_SEGMENT,
 * CONFLICT, PROXY, ORDER, ...); CRI_ERR_BUFFER with `*out_len` the length needed (output), or with
 * `*scratch_len` the bytes needed (scratch; then `*out_len` is 0).
 */
int32_t cri_zephyr_uri_from_packet(const struct coap_packet *cpkt, const char *scheme,
				   size_t scheme_len, const struct cri_coap_destination *dest,
				   char *out, size_t cap, size_t *out_len, void *scratch,
				   size_t scratch_cap, size_t *scratch_len,
				   struct cri_error_info *err);

/**
 * As cri_zephyr_uri_from_packet() for the full CRI of the request (draft-ietf-core-href-27
 * §8.1.2, as cri_from_coap_options()), with the CoAP scheme number `scheme_number` (0 coap,
 * 1 coaps, 6 coap+tcp, 7 coaps+tcp, 24 coap+ws, 25 coaps+ws), as CBOR into `(out, cap)`
 * (bytes, no NUL).
 *
 * Returns as cri_zephyr_uri_from_packet(), and the errors of cri_from_coap_options()
 * (CRI_COAP_ERR_NOT_COAP_SCHEME, CRI_COAP_ERR_NOT_UTF8, ...).
 */
int32_t cri_zephyr_cri_from_packet(const struct coap_packet *cpkt, uint64_t scheme_number,
				   const struct cri_coap_destination *dest, uint8_t *out,
				   size_t cap, size_t *out_len, void *scratch, size_t scratch_cap,
				   size_t *scratch_len, struct cri_error_info *err);

#ifdef __cplusplus
}
#endif

#endif /* CRI_ZEPHYR_H */
