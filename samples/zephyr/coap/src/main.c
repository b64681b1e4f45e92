/*
 * libcri on Zephyr: URIs and CRIs to CoAP options in a struct coap_packet and back, a CoAP
 * server and client over the loopback interface, and RFC 3986 §5.4 resolution.
 *
 * Every check prints "PASS name" or "FAIL name ..."; the last line is
 * "libcri sample: PASS (n checks)" or "libcri sample: FAIL (k of n checks failed)", and the
 * exit status QEMU returns (semihosting) is 0 or 1.
 */

#include <string.h>

#include <zephyr/kernel.h>
#include <zephyr/net/coap.h>
#include <zephyr/net/socket.h>
#include <zephyr/sys/printk.h>

#include <cri.h>
#include <cri_zephyr.h>

#define PORT 5683

static int checks;
static int failures;

static bool check(bool ok, const char *name)
{
	checks++;
	if (ok) {
		printk("PASS %s\n", name);
	} else {
		failures++;
		printk("FAIL %s\n", name);
	}
	return ok;
}

/* A status check that says which status came back. */
static bool check_rc(int32_t rc, int32_t want, const char *name)
{
	if (rc != want) {
		printk("  %s: got %s, want %s\n", name, cri_status_name(rc), cri_status_name(want));
	}
	return check(rc == want, name);
}

static bool bytes_eq(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	return alen == blen && memcmp(a, b, alen) == 0;
}

static bool text_eq(const char *got, size_t len, const char *want)
{
	bool ok = len == strlen(want) && memcmp(got, want, len) == 0;

	if (!ok) {
		printk("  got  \"%.*s\"\n  want \"%s\"\n", (int)len, got, want);
	}
	return ok;
}

/*
 * The value of the first option `number` in the packet, or NULL. libcri decodes the option
 * bytes: Zephyr's coap_find_options() copies every option it passes into a struct
 * coap_option and fails on the first one over 12 bytes.
 */
static const uint8_t *find_option(const struct coap_packet *p, uint16_t number, size_t *len)
{
	struct cri_coap_option opts[12];
	size_t n, used;
	struct cri_error_info e;

	if (cri_coap_options_from_wire(p->data + p->hdr_len, p->opt_len, opts, 12, &n, &used,
				       &e) != CRI_OK) {
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		if (opts[i].number == number) {
			*len = opts[i].len;
			return opts[i].value;
		}
	}
	return NULL;
}

/* ---------------------------------------------------------------------------------------
 * 1. A URI to a struct coap_packet GET and back (RFC 7252 §6.4, §6.5), and as a CRI.
 */

static const uint8_t loopback6[16] = {[15] = 1};
/* A request to [::1]:5683: no Uri-Host for [::1], no Uri-Port for 5683 (RFC 7252 §6.4). */
static const struct cri_coap_destination to_loopback6 = {loopback6, 16, NULL, 0, PORT};

static void packet_round_trip(void)
{
	/* Uri-Path "temperature-outdoor" is 19 bytes: longer than Zephyr's 12-byte slots. */
	static const char uri[] =
		"coap://Sensor.Example:61616/sensors/a%2Fb/../temperature-outdoor?unit=celsius&x";
	static const char want_uri[] =
		"coap://sensor.example:61616/sensors/temperature-outdoor?unit=celsius&x";
	const struct cri_coap_destination dest = {loopback6, 16, NULL, 0, PORT};
	struct cri_error_info e;
	uint8_t buf[128];
	struct coap_packet pkt;
	uint8_t scratch[160];
	size_t used;
	int32_t rc;

	coap_packet_init(&pkt, buf, sizeof(buf), COAP_VERSION_1, COAP_TYPE_CON, 0, NULL,
			 COAP_METHOD_GET, 0x1234);
	rc = cri_zephyr_append_uri_options(&pkt, uri, strlen(uri), &dest, CRI_COAP_MODE_DIRECT,
					   scratch, sizeof(scratch), &used, &e);
	check_rc(rc, CRI_OK, "URI -> options -> coap_packet (cri_zephyr_append_uri_options)");

	/* Zephyr's option bytes against libcri's own encoding of the same list (RFC 7252 §3.1). */
	struct cri_coap_option opts[8];
	uint8_t values[96];
	uint8_t wire[128];
	size_t n, nv, wlen;

	rc = uri_to_coap_options(uri, strlen(uri), &dest, CRI_COAP_MODE_DIRECT, opts, 8, &n,
				 values, sizeof(values), &nv, &e);
	if (rc == CRI_OK) {
		rc = cri_coap_options_to_wire(opts, n, wire, sizeof(wire), &wlen, &e);
	}
	check(rc == CRI_OK && n == 6 && bytes_eq(pkt.data + pkt.hdr_len, pkt.opt_len, wire, wlen),
	      "Zephyr's option bytes == cri_coap_options_to_wire (6 options)");
	check(opts[0].number == COAP_OPTION_URI_HOST && opts[1].number == COAP_OPTION_URI_PORT &&
		      opts[2].number == COAP_OPTION_URI_PATH &&
		      opts[4].number == COAP_OPTION_URI_QUERY,
	      "options in number order: Uri-Host, Uri-Port, Uri-Path x2, Uri-Query x2");

	/* Too small a packet: CRI_ERR_BUFFER, and the packet is left as it was. */
	uint8_t small[16];
	struct coap_packet tiny;

	coap_packet_init(&tiny, small, sizeof(small), COAP_VERSION_1, COAP_TYPE_CON, 0, NULL,
			 COAP_METHOD_GET, 1);
	rc = cri_zephyr_append_uri_options(&tiny, uri, strlen(uri), &dest, CRI_COAP_MODE_DIRECT,
					   scratch, sizeof(scratch), NULL, &e);
	check(rc == CRI_ERR_BUFFER && e.reason == CRI_ZEPHYR_ERR_PACKET_FULL && tiny.offset == 4 &&
		      tiny.opt_len == 0,
	      "packet too small: CRI_ERR_BUFFER (PACKET_FULL), packet unchanged");
	rc = cri_zephyr_append_uri_options(&pkt, uri, strlen(uri), &dest, CRI_COAP_MODE_DIRECT,
					   scratch, 8, &used, &e);
	check(rc == CRI_ERR_BUFFER && e.reason == 0 && used > 8,
	      "scratch too small: CRI_ERR_BUFFER with the size needed");

	/* Parse it back as a server would. */
	struct coap_packet rx;
	uint16_t len = pkt.offset;

	check(coap_packet_parse(&rx, buf, len, NULL, 0) == 0 &&
		      coap_header_get_code(&rx) == COAP_METHOD_GET,
	      "coap_packet_parse (no option copies)");
#if !defined(CONFIG_COAP_EXTENDED_OPTIONS_LEN)
	/* Zephyr copies option values into 12-byte slots and rejects the whole packet when a
	 * value is longer: why the helper reads the option bytes instead. */
	struct coap_option zopts[8];

	check(coap_packet_parse(&rx, buf, len, zopts, 8) < 0 &&
		      coap_packet_parse(&rx, buf, len, NULL, 0) == 0,
	      "Zephyr: coap_packet_parse with struct coap_option copies rejects the packet");
#endif

	char out[128];
	size_t out_len;

	rc = cri_zephyr_uri_from_packet(&rx, "coap", 4, &dest, out, sizeof(out), &out_len,
					scratch, sizeof(scratch), &used, &e);
	check(rc == CRI_OK && text_eq(out, out_len, want_uri),
	      "coap_packet -> URI (RFC 7252 §6.5, cri_zephyr_uri_from_packet)");
	rc = cri_zephyr_uri_from_packet(&rx, "coap", 4, &dest, out, 10, &out_len, scratch,
					sizeof(scratch), NULL, &e);
	check(rc == CRI_ERR_BUFFER && out_len == strlen(want_uri),
	      "URI buffer too small: CRI_ERR_BUFFER with the length needed");

	/* The CRI of the request, from the packet and from the URI, must be the same CBOR. */
	uint8_t cri_pkt[96], cri_uri[96];
	size_t cri_pkt_len, cri_uri_len;

	rc = cri_zephyr_cri_from_packet(&rx, 0 /* coap */, &dest, cri_pkt, sizeof(cri_pkt),
					&cri_pkt_len, NULL, 0, NULL, &e);
	check_rc(rc, CRI_OK, "coap_packet -> CRI (draft §8.1.2, shared static scratch)");
	rc = cri_from_uri(want_uri, strlen(want_uri), cri_uri, sizeof(cri_uri), &cri_uri_len,
			  &e);
	check(rc == CRI_OK && bytes_eq(cri_pkt, cri_pkt_len, cri_uri, cri_uri_len),
	      "CRI from the packet == cri_from_uri(URI)");

	/* And the CRI back into a packet gives the same option bytes. */
	uint8_t buf2[128];
	struct coap_packet pkt2;

	coap_packet_init(&pkt2, buf2, sizeof(buf2), COAP_VERSION_1, COAP_TYPE_CON, 0, NULL,
			 COAP_METHOD_GET, 0x1234);
	rc = cri_zephyr_append_cri_options(&pkt2, cri_uri, cri_uri_len, &dest,
					   CRI_COAP_MODE_DIRECT, scratch, sizeof(scratch), NULL, &e);
	check(rc == CRI_OK && bytes_eq(pkt2.data, pkt2.offset, pkt.data, pkt.offset),
	      "CRI -> options -> coap_packet == the URI's packet");

	/* An option already in the packet (Observe, 6): Zephyr inserts the URI's around it. */
	coap_packet_init(&pkt2, buf2, sizeof(buf2), COAP_VERSION_1, COAP_TYPE_CON, 0, NULL,
			 COAP_METHOD_GET, 0x1234);
	coap_append_option_int(&pkt2, COAP_OPTION_OBSERVE, 0);
	rc = cri_zephyr_append_uri_options(&pkt2, uri, strlen(uri), &dest, CRI_COAP_MODE_DIRECT,
					   scratch, sizeof(scratch), NULL, &e);
	if (rc == CRI_OK) {
		rc = cri_zephyr_uri_from_packet(&pkt2, "coap", 4, &dest, out, sizeof(out),
						&out_len, scratch, sizeof(scratch), NULL, &e);
	}
	size_t observe_len = 1;
	struct cri_coap_option listed[12];
	size_t nlisted = 0, consumed;

	/* The first option on the wire is now Uri-Host (3), and Observe (6) is still there. */
	if (cri_coap_options_from_wire(pkt2.data + pkt2.hdr_len, pkt2.opt_len, listed, 12,
				       &nlisted, &consumed, &e) != CRI_OK) {
		nlisted = 0;
	}
	check(rc == CRI_OK && text_eq(out, out_len, want_uri) &&
		      find_option(&pkt2, COAP_OPTION_OBSERVE, &observe_len) != NULL &&
		      observe_len == 0 && nlisted == 7 &&
		      listed[0].number == COAP_OPTION_URI_HOST &&
		      listed[1].number == COAP_OPTION_OBSERVE,
	      "URI options inserted around Observe (6), order kept");
#if !defined(CONFIG_COAP_EXTENDED_OPTIONS_LEN)
	/* Zephyr's own lookup stops at the 14-byte Uri-Host that comes before Observe. */
	check(coap_get_option_int(&pkt2, COAP_OPTION_OBSERVE) < 0,
	      "Zephyr: coap_get_option_int fails past a Uri-Host over 12 bytes");
#endif

	/* Errors come back as libcri statuses. */
	rc = cri_zephyr_append_uri_options(&pkt2, "coap://h/#frag", 14, &dest,
					   CRI_COAP_MODE_DIRECT, scratch, sizeof(scratch), NULL,
					   &e);
	check(rc == CRI_ERR_COAP && e.reason == CRI_COAP_ERR_FRAGMENT,
	      "a fragment: CRI_ERR_COAP (RFC 7252 §6.4 step 4)");
	rc = cri_zephyr_append_uri_options(&pkt2, "http://h/", 9, &dest, CRI_COAP_MODE_DIRECT,
					   scratch, sizeof(scratch), NULL, &e);
	check(rc == CRI_ERR_COAP && e.reason == CRI_COAP_ERR_NOT_COAP_SCHEME,
	      "http in direct mode: CRI_ERR_COAP (NOT_COAP_SCHEME)");
}

/* ---------------------------------------------------------------------------------------
 * 1b. Where Zephyr's own helpers and libcri give different options. Each check asserts both
 * sides, so it says what a Zephyr user gets from either; the RFC section that decides is
 * in the name. (docs/ZEPHYR.md lists them.)
 */

/* The options of a packet, decoded by libcri; returns how many (0 on error). */
static size_t options_of(const struct coap_packet *p, struct cri_coap_option *opts, size_t cap)
{
	size_t n = 0, used;
	struct cri_error_info e;

	if (cri_coap_options_from_wire(p->data + p->hdr_len, p->opt_len, opts, cap, &n, &used,
				       &e) != CRI_OK) {
		return 0;
	}
	return n;
}

static bool value_is(const struct cri_coap_option *o, uint16_t number, const char *v)
{
	return o->number == number && o->len == strlen(v) && memcmp(o->value, v, o->len) == 0;
}

/* Zephyr's coap_packet_set_path(path) and libcri's uri_to_coap_options(uri). */
static void both_paths(const char *path, const char *uri, struct coap_packet *z, uint8_t *zbuf,
		       struct coap_packet *c, uint8_t *cbuf, size_t cap)
{
	coap_packet_init(z, zbuf, cap, COAP_VERSION_1, COAP_TYPE_CON, 0, NULL, COAP_METHOD_GET,
			 1);
	coap_packet_init(c, cbuf, cap, COAP_VERSION_1, COAP_TYPE_CON, 0, NULL, COAP_METHOD_GET,
			 1);
	coap_packet_set_path(z, path);
	cri_zephyr_append_uri_options(c, uri, strlen(uri), &to_loopback6, CRI_COAP_MODE_DIRECT,
				      NULL, 0, NULL, NULL);
}

static void zephyr_differences(void)
{
	uint8_t zbuf[64], cbuf[64];
	struct coap_packet z, c;
	struct cri_coap_option zo[8], co[8];
	size_t zn, cn;

	/* A trailing "/" is an empty last Uri-Path (RFC 7252 §6.4 step 8; §6.5 step 6 turns it
	 * back into "/a/b/"): Zephyr skips empty segments, so /a/b/ and /a/b become one. */
	both_paths("/a/b/", "coap://[::1]/a/b/", &z, zbuf, &c, cbuf, sizeof(zbuf));
	zn = options_of(&z, zo, 8);
	cn = options_of(&c, co, 8);
	check(zn == 2 && cn == 3 && value_is(&co[2], COAP_OPTION_URI_PATH, ""),
	      "Zephyr vs libcri: /a/b/ gives 2 Uri-Path vs 3 (last empty; RFC 7252 §6.4 step 8)");

	/* Uri-Path values are percent-decoded (RFC 7252 §6.4 step 8, RFC 3986 §2.1). */
	both_paths("/a%20b", "coap://[::1]/a%20b", &z, zbuf, &c, cbuf, sizeof(zbuf));
	zn = options_of(&z, zo, 8);
	cn = options_of(&c, co, 8);
	check(zn == 1 && value_is(&zo[0], COAP_OPTION_URI_PATH, "a%20b") && cn == 1 &&
		      value_is(&co[0], COAP_OPTION_URI_PATH, "a b"),
	      "Zephyr vs libcri: /a%20b gives Uri-Path \"a%20b\" vs \"a b\" (RFC 7252 §6.4 step 8)");

	/* Dot-segments: Zephyr sends ".." to the server; libcri removes them first (RFC 3986
	 * §5.2.4, §6.2.2.3; a CRI cannot even hold them, draft §5.2.1). */
	both_paths("/a/../b", "coap://[::1]/a/../b", &z, zbuf, &c, cbuf, sizeof(zbuf));
	zn = options_of(&z, zo, 8);
	cn = options_of(&c, co, 8);
	check(zn == 3 && value_is(&zo[1], COAP_OPTION_URI_PATH, "..") && cn == 1 &&
		      value_is(&co[0], COAP_OPTION_URI_PATH, "b"),
	      "Zephyr vs libcri: /a/../b gives a, .., b vs b (RFC 3986 §5.2.4)");

	/* uint options use as few bytes as possible (RFC 7252 §3.2): Zephyr's
	 * coap_append_option_int writes 255 in 2 bytes (and 65535 in 3); libcri in 1 and reads
	 * both. */
	both_paths("", "coap://h:255/", &z, zbuf, &c, cbuf, sizeof(zbuf));
	cn = options_of(&c, co, 8);
	coap_packet_init(&z, zbuf, sizeof(zbuf), COAP_VERSION_1, COAP_TYPE_CON, 0, NULL,
			 COAP_METHOD_GET, 1);
	coap_packet_append_option(&z, COAP_OPTION_URI_HOST, (const uint8_t *)"h", 1);
	coap_append_option_int(&z, COAP_OPTION_URI_PORT, 255);
	zn = options_of(&z, zo, 8);

	char uri[32];
	size_t uri_len = 0;
	int32_t rc = uri_from_coap_options("coap", 4, &to_loopback6, zo, zn, uri, sizeof(uri), &uri_len,
					   NULL);

	check(zn == 2 && zo[1].len == 2 && cn == 2 && co[1].number == COAP_OPTION_URI_PORT &&
		      co[1].len == 1 && rc == CRI_OK && text_eq(uri, uri_len, "coap://h:255/"),
	      "Zephyr vs libcri: Uri-Port 255 in 2 bytes vs 1 (RFC 7252 §3.2); both read back");

	/* Uri-Path is 0-255 bytes (RFC 7252 §5.10): Zephyr appends 300, libcri refuses. */
	static uint8_t big[320];
	static char long_uri[320];
	struct coap_packet bp;
	struct cri_error_info e;

	coap_packet_init(&bp, big, sizeof(big), COAP_VERSION_1, COAP_TYPE_CON, 0, NULL,
			 COAP_METHOD_GET, 1);
	memcpy(long_uri, "coap://[::1]/", 13);
	memset(long_uri + 13, 'a', 300);
	int zrc = coap_packet_append_option(&bp, COAP_OPTION_URI_PATH,
					    (const uint8_t *)long_uri + 13, 300);

	coap_packet_init(&c, cbuf, sizeof(cbuf), COAP_VERSION_1, COAP_TYPE_CON, 0, NULL,
			 COAP_METHOD_GET, 1);
	rc = cri_zephyr_append_uri_options(&c, long_uri, 313, &to_loopback6,
					   CRI_COAP_MODE_DIRECT, NULL, 0, NULL, &e);
	check(zrc == 0 && rc == CRI_ERR_COAP && e.reason == CRI_COAP_ERR_OPTION_LENGTH,
	      "Zephyr vs libcri: a 300-byte Uri-Path appended vs CRI_COAP_ERR_OPTION_LENGTH (RFC 7252 §5.10)");

	/* Out of room: Zephyr leaves the option header in the buffer (offset moves, opt_len
	 * does not), so the packet no longer follows RFC 7252 §3.1; the helper checks first. */
	uint8_t tiny_buf[8];
	struct coap_packet tp;

	coap_packet_init(&tp, tiny_buf, sizeof(tiny_buf), COAP_VERSION_1, COAP_TYPE_CON, 0, NULL,
			 COAP_METHOD_GET, 1);
	zrc = coap_packet_append_option(&tp, COAP_OPTION_URI_PATH, (const uint8_t *)"abcdefgh",
					8);
	check(zrc < 0 && tp.offset > 4 && tp.opt_len == 0,
	      "Zephyr: a failed coap_packet_append_option leaves bytes behind (RFC 7252 §3.1)");

#if !defined(CONFIG_COAP_EXTENDED_OPTIONS_LEN)
	/* Inserting out of order re-reads the next option into a 12-byte slot. */
	coap_packet_init(&tp, zbuf, sizeof(zbuf), COAP_VERSION_1, COAP_TYPE_CON, 0, NULL,
			 COAP_METHOD_GET, 1);
	coap_packet_append_option(&tp, COAP_OPTION_URI_PATH,
				  (const uint8_t *)"temperature-outdoor", 19);
	zrc = coap_packet_append_option(&tp, COAP_OPTION_URI_HOST, (const uint8_t *)"h", 1);
	check(zrc < 0, "Zephyr: inserting Uri-Host before a 19-byte Uri-Path fails");
#endif
}

/* ---------------------------------------------------------------------------------------
 * 2. A CoAP server and client over loopback, IPv6 and IPv4.
 */

/* The server's resources, by path (the path and query of the URI libcri composes). */
struct resource {
	const char *path;
	const char *payload;
};

static const struct resource resources[] = {
	{"/sensors/temperature", "21.5 C"},
	{"/.well-known/core", "</sensors/temperature>"},
};

static int server_checks_failed;

/*
 * The target of a request as libcri composes it: the URI from the Uri-* options (RFC 7252
 * §6.5), from Proxy-Uri, or from Proxy-Cri (draft §8.2.1), and the CRI alike; both must
 * name the same resource. Returns the response code.
 */
static uint8_t route(const struct coap_packet *req, const struct cri_coap_destination *local,
		     const char **payload)
{
	char uri[160];
	uint8_t cri[128];
	size_t uri_len, cri_len, len;
	struct cri_error_info e;
	const uint8_t *v;
	int32_t rc;

	if ((v = find_option(req, CRI_COAP_OPTION_PROXY_CRI, &len)) != NULL) {
		/* A forward-proxy request with a CRI (this server proxies to itself only). */
		if (len > sizeof(cri)) {
			return COAP_RESPONSE_CODE_BAD_REQUEST;
		}
		memcpy(cri, v, len);
		cri_len = len;
		rc = cri_validate(cri, cri_len, CRI_VALIDATE_FULL, &e);
		if (rc == CRI_OK) {
			rc = cri_to_uri(cri, cri_len, 0, uri, sizeof(uri), &uri_len, &e);
		}
	} else if ((v = find_option(req, COAP_OPTION_PROXY_URI, &len)) != NULL) {
		if (len >= sizeof(uri)) {
			return COAP_RESPONSE_CODE_BAD_REQUEST;
		}
		rc = uri_normalize((const char *)v, len, uri, sizeof(uri), &uri_len, NULL);
		if (rc == CRI_OK) {
			rc = cri_from_uri(uri, uri_len, cri, sizeof(cri), &cri_len, &e);
		}
	} else {
		rc = cri_zephyr_uri_from_packet(req, "coap", 4, local, uri, sizeof(uri), &uri_len,
						NULL, 0, NULL, &e);
		if (rc == CRI_OK) {
			rc = cri_zephyr_cri_from_packet(req, 0, local, cri, sizeof(cri), &cri_len,
							NULL, 0, NULL, &e);
		}
	}
	if (rc != CRI_OK) {
		printk("  server: %s (reason %d)\n", cri_status_name(rc), (int)e.reason);
		return COAP_RESPONSE_CODE_BAD_REQUEST;
	}

	/*
	 * The URI and the CRI must name the same resource: the CRI written as a URI is
	 * equivalent to the URI (RFC 3986 §6.2.2, §6.2.3). Not always equal as text: with no
	 * Uri-Path, RFC 7252 §6.5 gives the path "/", while the CRI has an empty path array
	 * (draft §8.1.2 step 4), which reads back as no path: coap://[::1] (RFC 7252 §6.3:
	 * the same resource).
	 */
	char back[160];
	size_t back_len = 0, bad;
	int32_t same = 0;

	if (cri_to_uri(cri, cri_len, 0, back, sizeof(back), &back_len, &e) != CRI_OK ||
	    uri_equivalent(back, back_len, uri, uri_len, &same, &bad) != CRI_OK || !same) {
		printk("  server: CRI says %.*s, URI %.*s\n", (int)back_len, back, (int)uri_len,
		       uri);
		server_checks_failed++;
	}
	printk("  server: %.*s\n", (int)uri_len, uri);

	struct uri_parts parts;

	if (uri_split(uri, uri_len, 0, &parts, &bad) != CRI_OK) {
		return COAP_RESPONSE_CODE_BAD_REQUEST;
	}
	/* A proxy request for another origin: not ours to serve (RFC 7252 §5.7.2). */
	static const char *const hosts[] = {"[::1]", "127.0.0.1", "localhost"};
	bool ours = false;

	for (size_t i = 0; i < ARRAY_SIZE(hosts); i++) {
		ours |= parts.host.len == strlen(hosts[i]) &&
			memcmp(parts.host.ptr, hosts[i], parts.host.len) == 0;
	}
	if (!ours || parts.port_number > 0) {
		return COAP_RESPONSE_CODE_PROXYING_NOT_SUPPORTED;
	}
	for (size_t i = 0; i < ARRAY_SIZE(resources); i++) {
		if (parts.query.ptr == NULL && parts.path.len == strlen(resources[i].path) &&
		    memcmp(parts.path.ptr, resources[i].path, parts.path.len) == 0) {
			*payload = resources[i].payload;
			return COAP_RESPONSE_CODE_CONTENT;
		}
	}
	return COAP_RESPONSE_CODE_NOT_FOUND;
}

static void serve_one(int sock, const struct sockaddr *local_addr)
{
	uint8_t buf[256];
	uint8_t resp_buf[128];
	struct sockaddr from;
	socklen_t from_len = sizeof(from);
	struct coap_packet req, resp;
	struct cri_coap_destination local;
	const char *payload = NULL;
	ssize_t got;
	uint8_t code;

	got = zsock_recvfrom(sock, buf, sizeof(buf), 0, &from, &from_len);
	/* No struct coap_option copies: the helper reads the option bytes (any length). */
	if (got <= 0 || coap_packet_parse(&req, buf, (uint16_t)got, NULL, 0) < 0) {
		return;
	}
	cri_zephyr_destination(local_addr, &local);
	code = route(&req, &local, &payload);
	if (coap_ack_init(&resp, &req, resp_buf, sizeof(resp_buf), code) < 0) {
		return;
	}
	if (payload != NULL) {
		coap_packet_append_payload_marker(&resp);
		coap_packet_append_payload(&resp, (const uint8_t *)payload, strlen(payload));
	}
	zsock_sendto(sock, resp.data, resp.offset, 0, &from, from_len);
}

static struct sockaddr_in6 server6 = {
	.sin6_family = AF_INET6, .sin6_port = htons(PORT), .sin6_addr = IN6ADDR_LOOPBACK_INIT};
static struct sockaddr_in server4 = {
	.sin_family = AF_INET, .sin_port = htons(PORT), .sin_addr = {{{127, 0, 0, 1}}}};
static K_SEM_DEFINE(server_ready, 0, 1);
static volatile bool server_bound;

static void server(void *a, void *b, void *c)
{
	ARG_UNUSED(a);
	ARG_UNUSED(b);
	ARG_UNUSED(c);
	int s6 = zsock_socket(AF_INET6, SOCK_DGRAM, IPPROTO_UDP);
	int s4 = zsock_socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP);

	server_bound = s6 >= 0 && s4 >= 0 &&
		       zsock_bind(s6, (struct sockaddr *)&server6, sizeof(server6)) == 0 &&
		       zsock_bind(s4, (struct sockaddr *)&server4, sizeof(server4)) == 0;
	k_sem_give(&server_ready);
	if (!server_bound) {
		return;
	}
	for (;;) {
		struct zsock_pollfd fds[2] = {{.fd = s6, .events = ZSOCK_POLLIN},
					      {.fd = s4, .events = ZSOCK_POLLIN}};

		if (zsock_poll(fds, 2, -1) <= 0) {
			continue;
		}
		if (fds[0].revents & ZSOCK_POLLIN) {
			serve_one(s6, (struct sockaddr *)&server6);
		}
		if (fds[1].revents & ZSOCK_POLLIN) {
			serve_one(s4, (struct sockaddr *)&server4);
		}
	}
}

#define SERVER_STACK_SIZE 4096
K_THREAD_DEFINE(server_tid, SERVER_STACK_SIZE, server, NULL, NULL, NULL, 5, 0, 0);

/* A request: a URI, or a CRI made from it, sent one way. */
enum how { BY_URI, BY_URI_PROXY, BY_CRI, BY_CRI_PROXY };

struct request {
	const char *uri;
	enum how how;
	uint8_t want_code;
	const char *want_payload;
};

/* Sends one GET built from `r` over `sock` to `to`, checks the response code and payload. */
static void exchange(int sock, const struct sockaddr *to, socklen_t to_len,
		     const struct request *r, const char *family)
{
	static const char *const how_names[] = {"URI", "Proxy-Uri", "CRI", "Proxy-Cri"};
	struct cri_coap_destination dest;
	struct cri_error_info e;
	uint8_t buf[192];
	uint8_t cri[96];
	size_t cri_len;
	struct coap_packet pkt;
	uint16_t id = coap_next_id();
	uint8_t token[4] = {0xc0, 0xa1, (uint8_t)(id >> 8), (uint8_t)id};
	int32_t rc;
	char name[128];

	snprintk(name, sizeof(name), "%s %s %s -> %d.%02d", family, how_names[r->how], r->uri,
		 r->want_code >> 5, r->want_code & 0x1f);
	cri_zephyr_destination(to, &dest);
	coap_packet_init(&pkt, buf, sizeof(buf), COAP_VERSION_1, COAP_TYPE_CON, sizeof(token),
			 token, COAP_METHOD_GET, id);
	switch (r->how) {
	case BY_URI:
	case BY_URI_PROXY:
		rc = cri_zephyr_append_uri_options(
			&pkt, r->uri, strlen(r->uri), &dest,
			r->how == BY_URI ? CRI_COAP_MODE_DIRECT : CRI_COAP_MODE_PROXY, NULL, 0,
			NULL, &e);
		break;
	default:
		rc = cri_from_uri(r->uri, strlen(r->uri), cri, sizeof(cri), &cri_len, &e);
		if (rc == CRI_OK) {
			rc = cri_zephyr_append_cri_options(
				&pkt, cri, cri_len, &dest,
				r->how == BY_CRI ? CRI_COAP_MODE_DIRECT : CRI_COAP_MODE_PROXY,
				NULL, 0, NULL, &e);
		}
		break;
	}
	if (rc != CRI_OK) {
		printk("  client: %s (reason %d)\n", cri_status_name(rc), (int)e.reason);
		check(false, name);
		return;
	}

	uint8_t rbuf[128];
	struct coap_packet resp;
	uint8_t rtoken[8];
	ssize_t got = -1;

	if (zsock_sendto(sock, pkt.data, pkt.offset, 0, to, to_len) == pkt.offset) {
		got = zsock_recvfrom(sock, rbuf, sizeof(rbuf), 0, NULL, NULL);
	}
	if (got <= 0 || coap_packet_parse(&resp, rbuf, (uint16_t)got, NULL, 0) < 0) {
		printk("  client: no response (%d)\n", (int)got);
		check(false, name);
		return;
	}

	uint16_t plen = 0;
	const uint8_t *p = coap_packet_get_payload(&resp, &plen);
	bool payload_ok = r->want_payload == NULL
				  ? plen == 0
				  : p != NULL && plen == strlen(r->want_payload) &&
					    memcmp(p, r->want_payload, plen) == 0;
	uint8_t code = coap_header_get_code(&resp);

	if (code != r->want_code) {
		printk("  client: got %d.%02d\n", code >> 5, code & 0x1f);
	}
	check(code == r->want_code && coap_header_get_type(&resp) == COAP_TYPE_ACK &&
		      coap_header_get_id(&resp) == id &&
		      coap_header_get_token(&resp, rtoken) == sizeof(token) &&
		      memcmp(rtoken, token, sizeof(token)) == 0 && payload_ok,
	      name);
}

static void loopback(void)
{
	static const struct request v6[] = {
		{"coap://[::1]/sensors/temperature", BY_URI, COAP_RESPONSE_CODE_CONTENT,
		 "21.5 C"},
		{"coap://[::1]/sensors/humidity", BY_URI, COAP_RESPONSE_CODE_NOT_FOUND, NULL},
		/* No options at all: the server composes coap://[::1]/ from its address. */
		{"coap://[::1]", BY_URI, COAP_RESPONSE_CODE_NOT_FOUND, NULL},
		/* Dot-segments are removed before anything is sent (RFC 3986 §5.2.4). */
		{"coap://[::1]/x/../sensors/./temperature", BY_URI, COAP_RESPONSE_CODE_CONTENT,
		 "21.5 C"},
		{"coap://localhost/.well-known/core", BY_URI, COAP_RESPONSE_CODE_CONTENT,
		 "</sensors/temperature>"},
		{"coap://[::1]/sensors/temperature?unit=K", BY_URI, COAP_RESPONSE_CODE_NOT_FOUND,
		 NULL},
		{"coap://[::1]/sensors/temperature", BY_CRI, COAP_RESPONSE_CODE_CONTENT,
		 "21.5 C"},
		{"coap://[::1]/sensors", BY_CRI, COAP_RESPONSE_CODE_NOT_FOUND, NULL},
		{"coap://[::1]/sensors/temperature", BY_CRI_PROXY, COAP_RESPONSE_CODE_CONTENT,
		 "21.5 C"},
		{"coap://[::1]/nothing/here", BY_CRI_PROXY, COAP_RESPONSE_CODE_NOT_FOUND, NULL},
		{"coap://[::1]/sensors/temperature", BY_URI_PROXY, COAP_RESPONSE_CODE_CONTENT,
		 "21.5 C"},
		{"coap://elsewhere.example/sensors/temperature", BY_CRI_PROXY,
		 COAP_RESPONSE_CODE_PROXYING_NOT_SUPPORTED, NULL},
	};
	static const struct request v4[] = {
		{"coap://127.0.0.1/sensors/temperature", BY_URI, COAP_RESPONSE_CODE_CONTENT,
		 "21.5 C"},
		{"coap://127.0.0.1/nope", BY_URI, COAP_RESPONSE_CODE_NOT_FOUND, NULL},
		{"coap://127.0.0.1/sensors/temperature", BY_CRI, COAP_RESPONSE_CODE_CONTENT,
		 "21.5 C"},
		{"coap://127.0.0.1/sensors/temperature", BY_CRI_PROXY,
		 COAP_RESPONSE_CODE_CONTENT, "21.5 C"},
		{"coap://127.0.0.1/.well-known/core?rt=x", BY_CRI_PROXY,
		 COAP_RESPONSE_CODE_NOT_FOUND, NULL},
		{"coap://127.0.0.1/.well-known/core", BY_URI_PROXY, COAP_RESPONSE_CODE_CONTENT,
		 "</sensors/temperature>"},
	};
	struct zsock_timeval tv = {.tv_sec = 2};

	k_sem_take(&server_ready, K_FOREVER);
	if (!check(server_bound, "server bound to [::1]:5683 and 127.0.0.1:5683")) {
		return;
	}

	int c6 = zsock_socket(AF_INET6, SOCK_DGRAM, IPPROTO_UDP);
	int c4 = zsock_socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP);

	check(c6 >= 0 && c4 >= 0 &&
		      zsock_setsockopt(c6, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) == 0 &&
		      zsock_setsockopt(c4, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) == 0,
	      "client sockets with a 2 s receive timeout");
	for (size_t i = 0; i < ARRAY_SIZE(v6); i++) {
		exchange(c6, (struct sockaddr *)&server6, sizeof(server6), &v6[i], "IPv6");
	}
	for (size_t i = 0; i < ARRAY_SIZE(v4); i++) {
		exchange(c4, (struct sockaddr *)&server4, sizeof(server4), &v4[i], "IPv4");
	}
	zsock_close(c6);
	zsock_close(c4);
	check(server_checks_failed == 0,
	      "server: every request's CRI names the same resource as its URI");
}

/* ---------------------------------------------------------------------------------------
 * 3. RFC 3986 §5.4 on target, and a CRI resolution (draft §5.3).
 */

static void resolution(void)
{
	static const char base[] = "http://a/b/c/d;p?q";
	static const char *const examples[][2] = {
		/* §5.4.1 Normal Examples */
		{"g:h", "g:h"}, {"g", "http://a/b/c/g"}, {"./g", "http://a/b/c/g"},
		{"g/", "http://a/b/c/g/"}, {"/g", "http://a/g"}, {"//g", "http://g"},
		{"?y", "http://a/b/c/d;p?y"}, {"g?y", "http://a/b/c/g?y"},
		{"#s", "http://a/b/c/d;p?q#s"}, {"g#s", "http://a/b/c/g#s"},
		{"g?y#s", "http://a/b/c/g?y#s"}, {";x", "http://a/b/c/;x"},
		{"g;x", "http://a/b/c/g;x"}, {"g;x?y#s", "http://a/b/c/g;x?y#s"},
		{"", "http://a/b/c/d;p?q"}, {".", "http://a/b/c/"}, {"./", "http://a/b/c/"},
		{"..", "http://a/b/"}, {"../", "http://a/b/"}, {"../g", "http://a/b/g"},
		{"../..", "http://a/"}, {"../../", "http://a/"}, {"../../g", "http://a/g"},
		/* §5.4.2 Abnormal Examples */
		{"../../../g", "http://a/g"}, {"../../../../g", "http://a/g"},
		{"/./g", "http://a/g"}, {"/../g", "http://a/g"}, {"g.", "http://a/b/c/g."},
		{".g", "http://a/b/c/.g"}, {"g..", "http://a/b/c/g.."},
		{"..g", "http://a/b/c/..g"}, {"./../g", "http://a/b/g"},
		{"./g/.", "http://a/b/c/g/"}, {"g/./h", "http://a/b/c/g/h"},
		{"g/../h", "http://a/b/c/h"}, {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
		{"g;x=1/../y", "http://a/b/c/y"}, {"g?y/./x", "http://a/b/c/g?y/./x"},
		{"g?y/../x", "http://a/b/c/g?y/../x"}, {"g#s/./x", "http://a/b/c/g#s/./x"},
		{"g#s/../x", "http://a/b/c/g#s/../x"}, {"http:g", "http:g"},
	};
	int ok = 0;

	for (size_t i = 0; i < ARRAY_SIZE(examples); i++) {
		char out[64];
		size_t len, bad;
		int32_t rc = uri_resolve(base, strlen(base), examples[i][0], strlen(examples[i][0]),
					 out, sizeof(out), &len, &bad);

		if (rc == CRI_OK && text_eq(out, len, examples[i][1])) {
			ok++;
		} else {
			printk("  uri_resolve(\"%s\") failed: %s\n", examples[i][0],
			       cri_status_name(rc));
		}
	}
	char name[64];

	snprintk(name, sizeof(name), "RFC 3986 §5.4: %d of %d resolutions", ok,
		 (int)ARRAY_SIZE(examples));
	check(ok == (int)ARRAY_SIZE(examples) && ok == 42, name);

	/* CRI references resolved against a CRI, compared as URIs. */
	static const char cri_base[] = "coap://example.com/a/b?q";
	static const char *const cri_examples[][2] = {
		{"../c", "coap://example.com/c"},
		{"g", "coap://example.com/a/g"},
		{"/x?y", "coap://example.com/x?y"},
		{"?y", "coap://example.com/a/b?y"},
		{"//other.example/z", "coap://other.example/z"},
	};
	int cri_ok = 0;

	for (size_t i = 0; i < ARRAY_SIZE(cri_examples); i++) {
		uint8_t b[48], r[48], t[64];
		size_t blen, rlen, tlen, ulen;
		char u[64];
		struct cri_error_info e;
		int32_t rc = cri_from_uri(cri_base, strlen(cri_base), b, sizeof(b), &blen, &e);

		if (rc == CRI_OK) {
			rc = cri_from_uri(cri_examples[i][0], strlen(cri_examples[i][0]), r,
					  sizeof(r), &rlen, &e);
		}
		if (rc == CRI_OK) {
			rc = cri_resolve(b, blen, r, rlen, t, sizeof(t), &tlen, &e);
		}
		if (rc == CRI_OK) {
			rc = cri_to_uri(t, tlen, 0, u, sizeof(u), &ulen, &e);
		}
		if (rc == CRI_OK && text_eq(u, ulen, cri_examples[i][1])) {
			cri_ok++;
		} else {
			printk("  cri_resolve(\"%s\"): %s\n", cri_examples[i][0],
			       cri_status_name(rc));
		}
	}
	snprintk(name, sizeof(name), "CRI resolution (draft §5.3): %d of %d", cri_ok,
		 (int)ARRAY_SIZE(cri_examples));
	check(cri_ok == (int)ARRAY_SIZE(cri_examples), name);
}

/* ---------------------------------------------------------------------------------------
 * The end: QEMU's exit status through semihosting SYS_EXIT_EXTENDED (0x20), whose argument
 * block is {ADP_Stopped_ApplicationExit, status}. QEMU must run with
 * -semihosting-config enable=on; on real hardware without a debugger the BKPT would fault,
 * so the sample only does it on QEMU boards.
 */
static void exit_qemu(int status)
{
#if defined(CONFIG_QEMU_TARGET) || defined(CONFIG_BOARD_MPS2)
	uint32_t block[2] = {0x20026, (uint32_t)status};
	register uint32_t r0 __asm__("r0") = 0x20;
	register uint32_t *r1 __asm__("r1") = block;

	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
#else
	ARG_UNUSED(status);
#endif
}

/* How much of a thread's stack was used (the kernel paints stacks with CONFIG_INIT_STACKS);
 * a check fails when less than 512 bytes were left. */
static void stack_check(k_tid_t thread, size_t size, const char *what)
{
	size_t unused = 0;
	char name[80];

	if (k_thread_stack_space_get(thread, &unused) != 0) {
		unused = 0;
	}
	snprintk(name, sizeof(name), "%s stack: %u of %u bytes used", what,
		 (unsigned int)(size - unused), (unsigned int)size);
	check(unused >= 512, name);
}

static void null_arguments(void)
{
	struct coap_packet p = {0};
	struct cri_coap_destination d;
	size_t n;

	check(cri_zephyr_append_uri_options(NULL, "coap://h/", 9, NULL, CRI_COAP_MODE_DIRECT,
					    NULL, 0, NULL, NULL) == CRI_ERR_NULL &&
		      cri_zephyr_append_cri_options(&p, NULL, 3, NULL, CRI_COAP_MODE_DIRECT, NULL,
						    0, NULL, NULL) == CRI_ERR_NULL &&
		      cri_zephyr_uri_from_packet(&p, "coap", 4, &to_loopback6, NULL, 0, &n, NULL,
						 0, NULL, NULL) == CRI_ERR_NULL &&
		      cri_zephyr_destination(NULL, &d) == CRI_ERR_NULL,
	      "NULL arguments: CRI_ERR_NULL");
}

int main(void)
{
	printk("libcri sample on %s\n", CONFIG_BOARD_TARGET);
	packet_round_trip();
	zephyr_differences();
	loopback();
	resolution();
	null_arguments();
	stack_check(k_current_get(), CONFIG_MAIN_STACK_SIZE, "main");
	stack_check(server_tid, SERVER_STACK_SIZE, "server thread");
	if (failures == 0) {
		printk("libcri sample: PASS (%d checks)\n", checks);
	} else {
		printk("libcri sample: FAIL (%d of %d checks failed)\n", failures, checks);
	}
	exit_qemu(failures == 0 ? 0 : 1);
	return 0;
}
