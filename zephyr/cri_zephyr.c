/*
 * cri_zephyr.c: libcri's CoAP option lists to and from Zephyr's struct coap_packet.
 * The contract of each function is in include/cri_zephyr.h.
 */

#include <string.h>

#include <zephyr/kernel.h>
#include <zephyr/net/coap.h>
#include <zephyr/net/socket.h>

#include "cri_zephyr.h"

/* Alignment of the option list carved out of byte scratch. */
#define OPT_ALIGN __alignof__(struct cri_coap_option)

#if CONFIG_LIBCRI_ZEPHYR_SCRATCH_SIZE > 0
/* The shared scratch of callers that pass none: one at a time, so a mutex (threads only). */
static uint8_t shared_scratch[CONFIG_LIBCRI_ZEPHYR_SCRATCH_SIZE] __aligned(OPT_ALIGN);
static K_MUTEX_DEFINE(shared_scratch_lock);
#endif

/* The scratch a call works in: the caller's, or the shared buffer (locked until put_scratch). */
struct scratch {
	uint8_t *p;
	size_t cap;
	bool shared;
};

static int32_t get_scratch(struct scratch *s, void *scratch, size_t cap)
{
	s->shared = false;
	if (scratch != NULL) {
		s->p = scratch;
		s->cap = cap;
		return CRI_OK;
	}
	if (cap != 0) {
		return CRI_ERR_NULL;
	}
#if CONFIG_LIBCRI_ZEPHYR_SCRATCH_SIZE > 0
	(void)k_mutex_lock(&shared_scratch_lock, K_FOREVER);
	s->p = shared_scratch;
	s->cap = sizeof(shared_scratch);
	s->shared = true;
#else
	s->p = NULL;
	s->cap = 0;
#endif
	return CRI_OK;
}

static void put_scratch(struct scratch *s)
{
#if CONFIG_LIBCRI_ZEPHYR_SCRATCH_SIZE > 0
	if (s->shared) {
		(void)k_mutex_unlock(&shared_scratch_lock);
	}
#endif
	s->shared = false;
}

/*
 * Splits scratch into an aligned list of `n` options and `v` value bytes after it. Returns
 * false when it does not fit; *need is then what would (with the worst-case padding, so the
 * answer does not depend on where the caller's buffer happens to sit).
 */
static bool carve(const struct scratch *s, size_t n, size_t v, struct cri_coap_option **opts,
		  uint8_t **values, size_t *need)
{
	uintptr_t start = (uintptr_t)s->p;
	size_t pad = (size_t)((OPT_ALIGN - (start % OPT_ALIGN)) % OPT_ALIGN);
	size_t list = n * sizeof(struct cri_coap_option);

	if (list + v == 0) {
		/* Nothing to hold (a request to "/" has no options): no scratch needed. */
		*opts = NULL;
		*values = NULL;
		*need = 0;
		return true;
	}
	*need = (OPT_ALIGN - 1) + list + v;
	if (s->p == NULL || s->cap < pad || s->cap - pad < list || s->cap - pad - list < v) {
		return false;
	}
	*opts = (struct cri_coap_option *)(void *)(s->p + pad);
	*values = s->p + pad + list;
	*need = pad + list + v;
	return true;
}

static void set_err(struct cri_error_info *err, int32_t reason, size_t offset)
{
	if (err != NULL) {
		err->reason = reason;
		err->offset = offset;
	}
}

static void set_len(size_t *p, size_t v)
{
	if (p != NULL) {
		*p = v;
	}
}

/* Bytes of an option's extended delta or length field (RFC 7252 §3.1: 13 -> 1, 269 -> 2). */
static size_t ext_len(uint32_t x)
{
	return x < 13 ? 0 : (x < 269 ? 1 : 2);
}

/*
 * Bytes the options take once Zephyr has added them to `*cpkt`. When they all come after
 * the packet's last option (the usual case) that is exact; otherwise Zephyr inserts them
 * between existing options, and each option's delta is at most its number, so sizing the
 * deltas by the numbers is an upper bound (the existing option after an inserted one gets a
 * smaller delta, never a longer header).
 */
static size_t wire_size(const struct coap_packet *cpkt, const struct cri_coap_option *opts,
			size_t n)
{
	bool appending = n == 0 || opts[0].number >= cpkt->delta;
	uint32_t prev = cpkt->opt_len != 0 ? cpkt->delta : 0;
	size_t total = 0;

	for (size_t i = 0; i < n; i++) {
		uint32_t delta = appending ? opts[i].number - prev : opts[i].number;

		total += 1 + ext_len(delta) + ext_len((uint32_t)opts[i].len) + opts[i].len;
		prev = opts[i].number;
	}
	return total;
}

/* What the two append functions share: the conversion, `uri_to_coap_options` or
 * `cri_to_coap_options` (same signature). */
typedef cri_status (*to_options_fn)(const void *in, size_t len,
				    const struct cri_coap_destination *dest, int32_t mode,
				    struct cri_coap_option *opts, size_t opts_cap,
				    size_t *opts_len, uint8_t *scratch, size_t scratch_cap,
				    size_t *scratch_len, struct cri_error_info *err);

static cri_status uri_to_options(const void *in, size_t len,
				 const struct cri_coap_destination *dest, int32_t mode,
				 struct cri_coap_option *opts, size_t opts_cap, size_t *opts_len,
				 uint8_t *scratch, size_t scratch_cap, size_t *scratch_len,
				 struct cri_error_info *err)
{
	return uri_to_coap_options(in, len, dest, mode, opts, opts_cap, opts_len, scratch,
				   scratch_cap, scratch_len, err);
}

static cri_status cri_to_options(const void *in, size_t len,
				 const struct cri_coap_destination *dest, int32_t mode,
				 struct cri_coap_option *opts, size_t opts_cap, size_t *opts_len,
				 uint8_t *scratch, size_t scratch_cap, size_t *scratch_len,
				 struct cri_error_info *err)
{
	return cri_to_coap_options(in, len, dest, mode, opts, opts_cap, opts_len, scratch,
				   scratch_cap, scratch_len, err);
}

static int32_t append(to_options_fn convert, struct coap_packet *cpkt, const void *in,
		      size_t len, const struct cri_coap_destination *dest, int32_t mode,
		      void *scratch, size_t scratch_cap, size_t *scratch_len,
		      struct cri_error_info *err)
{
	struct scratch s;
	struct cri_coap_option *opts = NULL;
	uint8_t *values = NULL;
	size_t n = 0;
	size_t v = 0;
	size_t need;
	size_t room;
	size_t wire;
	int32_t rc;

	set_err(err, 0, 0);
	set_len(scratch_len, 0);
	if (cpkt == NULL || cpkt->data == NULL || (in == NULL && len != 0)) {
		return CRI_ERR_NULL;
	}
	/* Size query first, so scratch is split exactly between the list and the values. */
	rc = convert(in, len, dest, mode, NULL, 0, &n, NULL, 0, &v, err);
	if (rc != CRI_OK && rc != CRI_ERR_BUFFER) {
		return rc;
	}
	rc = get_scratch(&s, scratch, scratch_cap);
	if (rc != CRI_OK) {
		return rc;
	}
	if (!carve(&s, n, v, &opts, &values, &need)) {
		set_len(scratch_len, need);
		put_scratch(&s);
		return CRI_ERR_BUFFER;
	}
	set_len(scratch_len, need);
	rc = convert(in, len, dest, mode, opts, n, &n, values, v, &v, err);
	if (rc != CRI_OK) {
		goto out;
	}

	/*
	 * Zephyr writes an option piece by piece and leaves the pieces that fitted when it runs
	 * out of room, so the room is checked before the first append.
	 */
	room = (size_t)(cpkt->max_len - cpkt->offset);
	wire = wire_size(cpkt, opts, n);

	if (wire > room) {
		set_err(err, CRI_ZEPHYR_ERR_PACKET_FULL, wire - room);
		rc = CRI_ERR_BUFFER;
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		/* Zephyr copies the value into the packet here, so scratch may be reused after. */
		if (coap_packet_append_option(cpkt, opts[i].number, opts[i].value,
					      (uint16_t)opts[i].len) < 0) {
			set_err(err, CRI_ZEPHYR_ERR_APPEND, i);
			rc = CRI_ERR_COAP;
			goto out;
		}
	}
out:
	put_scratch(&s);
	return rc;
}

int32_t cri_zephyr_append_uri_options(struct coap_packet *cpkt, const char *uri, size_t len,
				      const struct cri_coap_destination *dest, int32_t mode,
				      void *scratch, size_t scratch_cap, size_t *scratch_len,
				      struct cri_error_info *err)
{
	return append(uri_to_options, cpkt, uri, len, dest, mode, scratch, scratch_cap,
		      scratch_len, err);
}

int32_t cri_zephyr_append_cri_options(struct coap_packet *cpkt, const uint8_t *cri, size_t len,
				      const struct cri_coap_destination *dest, int32_t mode,
				      void *scratch, size_t scratch_cap, size_t *scratch_len,
				      struct cri_error_info *err)
{
	return append(cri_to_options, cpkt, cri, len, dest, mode, scratch, scratch_cap,
		      scratch_len, err);
}

/*
 * The packet's options as a libcri list in scratch. They are decoded from the packet bytes
 * (cpkt->data from hdr_len, opt_len bytes: the same for a parsed and a built packet), not
 * taken from coap_packet_parse()'s struct coap_option copies, which hold 12 value bytes
 * unless CONFIG_COAP_EXTENDED_OPTIONS_LEN is set.
 */
static int32_t packet_options(const struct coap_packet *cpkt, struct scratch *s,
			      const struct cri_coap_option **opts, size_t *n, size_t *scratch_len,
			      struct cri_error_info *err)
{
	const uint8_t *wire = cpkt->data + cpkt->hdr_len;
	struct cri_coap_option *list = NULL;
	uint8_t *unused;
	size_t consumed = 0;
	size_t need;
	int32_t rc;

	*n = 0;
	rc = cri_coap_options_from_wire(wire, cpkt->opt_len, NULL, 0, n, &consumed, err);
	if (rc != CRI_OK && rc != CRI_ERR_BUFFER) {
		return rc;
	}
	if (!carve(s, *n, 0, &list, &unused, &need)) {
		set_len(scratch_len, need);
		return CRI_ERR_BUFFER;
	}
	set_len(scratch_len, need);
	rc = cri_coap_options_from_wire(wire, cpkt->opt_len, list, *n, n, &consumed, err);
	if (rc == CRI_OK && consumed != cpkt->opt_len) {
		/* A payload marker inside the option bytes Zephyr counted: not a valid packet. */
		set_err(err, CRI_COAP_ERR_WIRE, consumed);
		rc = CRI_ERR_COAP;
	}
	/* libcri takes a list pointer even for no options (a GET of "/" has none). */
	static const struct cri_coap_option none;

	*opts = *n != 0 ? list : &none;
	return rc;
}

int32_t cri_zephyr_uri_from_packet(const struct coap_packet *cpkt, const char *scheme,
				   size_t scheme_len, const struct cri_coap_destination *dest,
				   char *out, size_t cap, size_t *out_len, void *scratch,
				   size_t scratch_cap, size_t *scratch_len,
				   struct cri_error_info *err)
{
	const struct cri_coap_option *opts = NULL;
	struct scratch s;
	size_t n;
	int32_t rc;

	set_err(err, 0, 0);
	set_len(scratch_len, 0);
	if (cpkt == NULL || cpkt->data == NULL || scheme == NULL || dest == NULL ||
	    out_len == NULL) {
		return CRI_ERR_NULL;
	}
	*out_len = 0;
	rc = get_scratch(&s, scratch, scratch_cap);
	if (rc != CRI_OK) {
		return rc;
	}
	rc = packet_options(cpkt, &s, &opts, &n, scratch_len, err);
	if (rc == CRI_OK) {
		rc = uri_from_coap_options(scheme, scheme_len, dest, opts, n, out, cap, out_len,
					   err);
	}
	put_scratch(&s);
	return rc;
}

int32_t cri_zephyr_cri_from_packet(const struct coap_packet *cpkt, uint64_t scheme_number,
				   const struct cri_coap_destination *dest, uint8_t *out,
				   size_t cap, size_t *out_len, void *scratch, size_t scratch_cap,
				   size_t *scratch_len, struct cri_error_info *err)
{
	const struct cri_coap_option *opts = NULL;
	struct scratch s;
	size_t n;
	int32_t rc;

	set_err(err, 0, 0);
	set_len(scratch_len, 0);
	if (cpkt == NULL || cpkt->data == NULL || dest == NULL || out_len == NULL) {
		return CRI_ERR_NULL;
	}
	*out_len = 0;
	rc = get_scratch(&s, scratch, scratch_cap);
	if (rc != CRI_OK) {
		return rc;
	}
	rc = packet_options(cpkt, &s, &opts, &n, scratch_len, err);
	if (rc == CRI_OK) {
		rc = cri_from_coap_options(scheme_number, dest, opts, n, out, cap, out_len, err);
	}
	put_scratch(&s);
	return rc;
}

int32_t cri_zephyr_destination(const struct sockaddr *addr, struct cri_coap_destination *dest)
{
	if (addr == NULL || dest == NULL) {
		return CRI_ERR_NULL;
	}
	memset(dest, 0, sizeof(*dest));
	if (addr->sa_family == AF_INET6) {
		const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)(const void *)addr;

		dest->addr = a->sin6_addr.s6_addr;
		dest->addr_len = 16;
		dest->port = ntohs(a->sin6_port);
	} else if (addr->sa_family == AF_INET) {
		const struct sockaddr_in *a = (const struct sockaddr_in *)(const void *)addr;

		dest->addr = (const uint8_t *)&a->sin_addr.s_addr;
		dest->addr_len = 4;
		dest->port = ntohs(a->sin_port);
	} else {
		return CRI_ERR_ARGUMENT;
	}
	return CRI_OK;
}
