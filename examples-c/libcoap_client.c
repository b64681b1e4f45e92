/*
 * libcoap_client: a CoAP GET whose Uri-* options come from libcri, sent with libcoap.
 *
 *   libcoap_client URI [--cri] [--timeout MS]
 *
 * URI is a coap:// URI (UDP, no DTLS). Its host is the destination: an IPv4 or IPv6
 * literal as written, a reg-name resolved with getaddrinfo; its port (default 5683) the
 * destination port. libcri computes the options for a request to that destination
 * (RFC 7252 §6.4):
 *
 *   default   uri_to_coap_options(URI)
 *   --cri     cri_from_uri(URI), then cri_to_coap_options(CRI) (draft-ietf-core-href-27
 *             §8.1.1)
 *
 * so an IP-literal host that is the destination gives no Uri-Host and the destination
 * port no Uri-Port. The options (already sorted by number) go into a confirmable GET built
 * with libcoap's PDU API, one coap_add_option per option. The program prints the options,
 * their wire form (cri_coap_options_to_wire), then "response: C.DD" and the payload.
 *
 * Exit status: 0 if a response came (whatever its code), 1 if none came within the
 * timeout (default 5000 ms), 2 for a usage error or a URI libcri or libcoap refuses.
 */
#define _POSIX_C_SOURCE 200809L

#include <coap3/coap.h>

#include <arpa/inet.h>
#include <net/if.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "cri.h"

#define MAX_OPTS 32

struct state {
  int done;
  unsigned code;
};

static coap_response_t on_response(coap_session_t *session, const coap_pdu_t *sent,
                                   const coap_pdu_t *received, const coap_mid_t mid) {
  struct state *st = coap_get_app_data(coap_session_get_context(session));
  coap_pdu_code_t code = coap_pdu_get_code(received);
  const uint8_t *data;
  size_t len;
  (void)sent;
  (void)mid;
  st->code = (unsigned)code;
  st->done = 1;
  printf("response: %u.%02u\n", COAP_RESPONSE_CLASS(code), (unsigned)(code & 0x1f));
  if (coap_get_data(received, &len, &data) && len) {
    printf("payload (%zu bytes): ", len);
    fwrite(data, 1, len, stdout);
    printf("\n");
  }
  return COAP_RESPONSE_OK;
}

static void print_options(const struct cri_coap_option *opts, size_t n) {
  uint8_t wire[1024];
  size_t i, j, wire_len = 0;
  for (i = 0; i < n; i++) {
    int text = 1;
    printf("option %u:", (unsigned)opts[i].number);
    for (j = 0; j < opts[i].len; j++)
      if (opts[i].value[j] < 0x20 || opts[i].value[j] > 0x7e)
        text = 0;
    if (text) {
      printf(" \"%.*s\"\n", (int)opts[i].len, (const char *)opts[i].value);
    } else {
      printf(" hex:");
      for (j = 0; j < opts[i].len; j++)
        printf("%02x", opts[i].value[j]);
      printf("\n");
    }
  }
  if (cri_coap_options_to_wire(opts, n, wire, sizeof wire, &wire_len, NULL) == CRI_OK) {
    printf("wire:");
    for (i = 0; i < wire_len; i++)
      printf(" %02x", wire[i]);
    printf("\n");
  }
}

/* Fills *dst (for libcoap) and *dest (for libcri) from the URI's host and port. */
static int destination(const char *uri, coap_address_t *dst, struct cri_coap_destination *dest,
                       uint8_t addr[16], char *zone, size_t zone_cap) {
  struct uri_parts parts;
  char host[256];
  size_t host_len = 0, err_off = 0;
  uint16_t port;

  if (uri_split(uri, strlen(uri), 0, &parts, &err_off) != CRI_OK) {
    fprintf(stderr, "libcoap_client: not a valid URI (byte %zu)\n", err_off);
    return -1;
  }
  /* uri_split gives the scheme as written; schemes compare case-insensitively. */
  if (!parts.scheme.ptr || parts.scheme.len != 4 || (parts.scheme.ptr[0] | 0x20) != 'c' ||
      (parts.scheme.ptr[1] | 0x20) != 'o' || (parts.scheme.ptr[2] | 0x20) != 'a' ||
      (parts.scheme.ptr[3] | 0x20) != 'p') {
    fprintf(stderr, "libcoap_client: only coap:// (UDP without DTLS) is supported\n");
    return -1;
  }
  if (!parts.host.ptr || parts.host.len == 0) {
    fprintf(stderr, "libcoap_client: the URI has no host\n");
    return -1;
  }
  port = parts.port_number >= 0 ? (uint16_t)parts.port_number : COAP_DEFAULT_PORT;

  coap_address_init(dst);
  memset(dest, 0, sizeof *dest);
  dest->port = port;
  zone[0] = 0;

  if (parts.host_kind == URI_HOST_IPV4) {
    memcpy(host, parts.host.ptr, parts.host.len);
    host[parts.host.len] = 0;
    if (inet_pton(AF_INET, host, &dst->addr.sin.sin_addr) != 1)
      return -1;
    dst->size = sizeof dst->addr.sin;
    dst->addr.sin.sin_family = AF_INET;
    dst->addr.sin.sin_port = htons(port);
    memcpy(addr, &dst->addr.sin.sin_addr, 4);
    dest->addr = addr;
    dest->addr_len = 4;
    return 0;
  }
  if (parts.host_kind == URI_HOST_IPV6) {
    /* "[addr]" or "[addr%25zone]": the address without brackets and zone. */
    size_t addr_len = parts.host.len - 2;
    if (parts.zone_id.ptr)
      addr_len = (size_t)(parts.zone_id.ptr - (parts.host.ptr + 1)) - 3;
    if (addr_len >= sizeof host)
      return -1;
    memcpy(host, parts.host.ptr + 1, addr_len);
    host[addr_len] = 0;
    if (inet_pton(AF_INET6, host, &dst->addr.sin6.sin6_addr) != 1)
      return -1;
    dst->size = sizeof dst->addr.sin6;
    dst->addr.sin6.sin6_family = AF_INET6;
    dst->addr.sin6.sin6_port = htons(port);
    if (parts.zone_id.ptr) {
      size_t zl = 0;
      if (uri_percent_decode(parts.zone_id.ptr, parts.zone_id.len, 0, zone, zone_cap, &zl,
                             NULL) != CRI_OK)
        return -1;
      dst->addr.sin6.sin6_scope_id = if_nametoindex(zone);
      dest->zone = zone;
      dest->zone_len = zl;
    }
    memcpy(addr, &dst->addr.sin6.sin6_addr, 16);
    dest->addr = addr;
    dest->addr_len = 16;
    return 0;
  }
  if (parts.host_kind == URI_HOST_REG_NAME) {
    struct addrinfo hints, *res = NULL;
    int rc;
    if (uri_percent_decode(parts.host.ptr, parts.host.len, 0, host, sizeof host, &host_len,
                           NULL) != CRI_OK)
      return -1;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_DGRAM;
    rc = getaddrinfo(host, NULL, &hints, &res);
    if (rc != 0 || !res) {
      fprintf(stderr, "libcoap_client: cannot resolve %s: %s\n", host, gai_strerror(rc));
      return -1;
    }
    if (res->ai_family == AF_INET) {
      dst->size = sizeof dst->addr.sin;
      memcpy(&dst->addr.sin, res->ai_addr, sizeof dst->addr.sin);
      dst->addr.sin.sin_port = htons(port);
      memcpy(addr, &dst->addr.sin.sin_addr, 4);
      dest->addr_len = 4;
    } else {
      dst->size = sizeof dst->addr.sin6;
      memcpy(&dst->addr.sin6, res->ai_addr, sizeof dst->addr.sin6);
      dst->addr.sin6.sin6_port = htons(port);
      memcpy(addr, &dst->addr.sin6.sin6_addr, 16);
      dest->addr_len = 16;
    }
    dest->addr = addr;
    freeaddrinfo(res);
    return 0;
  }
  fprintf(stderr, "libcoap_client: unsupported host\n");
  return -1;
}

static int usage(void) {
  fprintf(stderr, "usage: libcoap_client URI [--cri] [--timeout MS]\n");
  return 2;
}

int main(int argc, char **argv) {
  const char *uri = NULL;
  int use_cri = 0, i;
  long timeout_ms = 5000, left;
  coap_address_t dst;
  struct cri_coap_destination dest;
  uint8_t addr[16];
  char zone[64];
  struct cri_coap_option opts[MAX_OPTS];
  uint8_t scratch[2048], cbor[1024];
  size_t n = 0, used = 0, cbor_len = 0, k;
  struct cri_error_info err;
  cri_status st;
  coap_context_t *ctx = NULL;
  coap_session_t *session = NULL;
  coap_pdu_t *pdu = NULL;
  uint8_t token[8];
  size_t token_len = 0;
  struct state state = {0, 0};
  int status = 2;

  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--cri") == 0)
      use_cri = 1;
    else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc)
      timeout_ms = strtol(argv[++i], NULL, 10);
    else if (argv[i][0] != '-' && !uri)
      uri = argv[i];
    else
      return usage();
  }
  if (!uri || timeout_ms <= 0)
    return usage();

  if (destination(uri, &dst, &dest, addr, zone, sizeof zone) < 0)
    return 2;

  if (use_cri) {
    st = cri_from_uri(uri, strlen(uri), cbor, sizeof cbor, &cbor_len, &err);
    if (st != CRI_OK) {
      fprintf(stderr, "libcoap_client: cri_from_uri: %s (reason %d, offset %zu)\n",
              cri_status_name(st), (int)err.reason, err.offset);
      return 2;
    }
    printf("cri (%zu bytes):", cbor_len);
    for (k = 0; k < cbor_len; k++)
      printf(" %02x", cbor[k]);
    printf("\n");
    st = cri_to_coap_options(cbor, cbor_len, &dest, CRI_COAP_MODE_DIRECT, opts, MAX_OPTS, &n,
                             scratch, sizeof scratch, &used, &err);
  } else {
    st = uri_to_coap_options(uri, strlen(uri), &dest, CRI_COAP_MODE_DIRECT, opts, MAX_OPTS,
                             &n, scratch, sizeof scratch, &used, &err);
  }
  if (st != CRI_OK) {
    fprintf(stderr, "libcoap_client: %s: %s (reason %d, offset %zu)\n",
            use_cri ? "cri_to_coap_options" : "uri_to_coap_options", cri_status_name(st),
            (int)err.reason, err.offset);
    return 2;
  }
  print_options(opts, n);

  coap_startup();
  coap_set_log_level(LOG_WARNING);
  ctx = coap_new_context(NULL);
  if (!ctx)
    goto out;
  coap_set_app_data(ctx, &state);
  coap_register_response_handler(ctx, on_response);
  session = coap_new_client_session(ctx, NULL, &dst, COAP_PROTO_UDP);
  if (!session) {
    fprintf(stderr, "libcoap_client: cannot create a session\n");
    goto out;
  }
  pdu = coap_new_pdu(COAP_MESSAGE_CON, COAP_REQUEST_CODE_GET, session);
  if (!pdu)
    goto out;
  coap_session_new_token(session, &token_len, token);
  if (!coap_add_token(pdu, token_len, token))
    goto out;
  for (k = 0; k < n; k++) {
    if (coap_add_option(pdu, opts[k].number, opts[k].len, opts[k].value) == 0) {
      fprintf(stderr, "libcoap_client: coap_add_option %u failed\n",
              (unsigned)opts[k].number);
      goto out;
    }
  }
  if (coap_send(session, pdu) == COAP_INVALID_MID) {
    pdu = NULL; /* coap_send releases it */
    fprintf(stderr, "libcoap_client: coap_send failed\n");
    goto out;
  }
  pdu = NULL;

  for (left = timeout_ms; !state.done && left > 0;) {
    int spent = coap_io_process(ctx, (uint32_t)left);
    if (spent < 0)
      break;
    left -= spent > 0 ? spent : 1;
  }
  if (state.done) {
    status = 0;
  } else {
    printf("no response within %ld ms\n", timeout_ms);
    status = 1;
  }

out:
  if (pdu)
    coap_delete_pdu(pdu);
  if (session)
    coap_session_release(session);
  if (ctx)
    coap_free_context(ctx);
  coap_cleanup();
  return status;
}
