/*
 * Differential test: libcri's Uri-Path / Uri-Query options against libcoap's.
 *
 * For every CoAP URI in tests/data/coap_options.jsonl (records of kind "uri->options" whose
 * scheme is coap, coaps, coap+tcp or coaps+tcp; the path of the file is argv[1]) and for the
 * built-in EXTRA cases below, it compares
 *
 *   libcri:  uri_to_coap_options(uri, NULL destination, CRI_COAP_MODE_DIRECT), options 11
 *            (Uri-Path) and 15 (Uri-Query) only;
 *   libcoap: coap_split_uri, then coap_split_path on uri.path if uri.path.length > 0 and
 *            coap_split_query on uri.query if uri.query.length > 0 -- exactly as libcoap
 *            4.3.1's own coap-client builds a request (examples/coap-client.c).
 *
 * Both sides either fail, or give the same list of (number, value) pairs, or the URI is in
 * EXPECTED with the exact result of each side and the spec reason why libcri's result is
 * the one RFC 7252 §6.4 asks for. Any other disagreement fails the test, and so does an
 * EXPECTED entry that no longer matches (a stale entry hides nothing). The last line is
 * "N passed, M failed" with N + M the number of URIs compared.
 *
 * The JSONL reader is deliberately minimal: per line it reads the string values of the
 * first "kind" and "uri" keys (JSON escapes \" \\ \/ \b \f \n \r \t \uXXXX handled).
 */
#include <coap3/coap.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cri.h"

#define MAX_OPTS 64
#define MAX_VALUES 4096
#define MAX_RENDER 8192
#define MAX_URI 2048

/* One side's result: ok with options, or an error. */
struct result {
  int ok;
  char error[64];
  size_t n;
  uint16_t number[MAX_OPTS];
  const uint8_t *value[MAX_OPTS];
  size_t len[MAX_OPTS];
  uint8_t storage[MAX_VALUES];
};

struct expected {
  const char *uri;
  const char *libcri;  /* render() of libcri's result */
  const char *libcoap; /* render() of libcoap 4.3.1's result */
  const char *reason;  /* why libcri's result is the specified one */
};

/*
 * The known disagreements with libcoap 4.3.1. libcri follows RFC 7252 §6.4 (which runs RFC
 * 3986 §5.2 reference resolution, hence §5.2.4 remove_dot_segments, in its step 2) and
 * docs/DECISIONS.md Decisions 4 and 6; libcoap 4.3.1 drops "." and ".." segments without removing
 * the segment before them, does not treat %2E as a dot, validates almost nothing, and its
 * coap-client sends no Uri-Query for an empty query.
 */
static const struct expected EXPECTED[] = {
    /* --- from tests/data/coap_options.jsonl --- */
    {"coap://198.51.100.1:61616//%2E//%2E%2E/./../a?%2e%2F&?%26",
     "11:\"a\" 15:\"./\" 15:\"?&\"",
     "11:\"\" 11:\".\" 11:\"\" 11:\"..\" 11:\"a\" 15:\"./\" 15:\"?&\"",
     "RFC 3986 §5.2.4 via RFC 7252 §6.4 step 2, docs/DECISIONS.md Decision 4: %2E is the unreserved '.' "
     "(RFC 3986 §2.3, §6.2.2.2), so the path is //.//.././../a and remove_dot_segments gives "
     "/a; libcoap 4.3.1 only skips literal '.'/'..' segments, keeps the empty ones between "
     "them and sends '.' and '..' decoded from %2E"},
    {"coap://example.com/a/./b/../c", "11:\"a\" 11:\"c\"", "11:\"a\" 11:\"b\" 11:\"c\"",
     "RFC 3986 §5.2.4 via RFC 7252 §6.4 step 2: 'b/..' removes 'b'; libcoap 4.3.1 drops the "
     "'..' segment but does not remove the segment before it"},
    {"coap://example.com/a/%2E/b/%2E%2E/c", "11:\"a\" 11:\"c\"",
     "11:\"a\" 11:\".\" 11:\"b\" 11:\"..\" 11:\"c\"",
     "docs/DECISIONS.md Decision 4 (RFC 3986 §2.3/§6.2.2.2: %2E is '.', then §5.2.4): libcri removes "
     "'%2E' and 'b/%2E%2E'; libcoap 4.3.1 treats %2E as data and sends '.' and '..' Uri-Path "
     "options (a server must never receive '..')"},
    {"coap://example.com/#frag", "error CRI_ERR_COAP/FRAGMENT", "11:\"\"",
     "RFC 7252 §6.4 step 4: a URI with a fragment fails; libcoap 4.3.1 does not look for '#' "
     "in coap_split_uri, puts '#frag' in the path, and coap_split_path stops at '#', giving "
     "one empty Uri-Path"},
    {"coap://host/bl\xc3\xa5" "b\xc3\xa6" "rsyltet\xc3\xb8" "y", "error CRI_ERR_SYNTAX",
     "11:hex:626cc3a562c3a67273796c746574c3b879",
     "RFC 3986 §2 / RFC 7252 §6.4 step 1: a URI is ASCII, this is an IRI (RFC 3987), so "
     "uri_to_coap_options rejects it; libcoap 4.3.1 sends the raw UTF-8 bytes. libcri's IRI "
     "path (cri_from_iri + cri_to_coap_options, RFC 3987 §3.1 mapping) gives the same bytes "
     "as libcoap"},
    /* --- built-in extra cases --- */
    {"coap://h/a/..", "(none)", "11:\"a\"",
     "RFC 3986 §5.2.4 via RFC 7252 §6.4 step 2: /a/.. is /, and RFC 7252 §6.4 step 8 gives "
     "no Uri-Path for /; libcoap 4.3.1 does not remove dot-segments"},
    {"coap://h/a/.", "11:\"a\" 11:\"\"", "11:\"a\"",
     "RFC 3986 §5.2.4: /a/. is /a/ (a trailing empty segment, docs/DECISIONS.md Decision 6); libcoap "
     "4.3.1 drops the '.' segment and with it the trailing slash"},
    {"coap://h/a/../", "(none)", "11:\"a\" 11:\"\"",
     "RFC 3986 §5.2.4: /a/../ is /, RFC 7252 §6.4 step 8: no Uri-Path; libcoap 4.3.1 keeps "
     "'a' and adds an empty Uri-Path"},
    {"coap://h/a/b/../../c", "11:\"c\"", "11:\"a\" 11:\"b\" 11:\"c\"",
     "RFC 3986 §5.2.4: each '..' removes the segment before it; libcoap 4.3.1 does not"},
    {"coap://h/./", "(none)", "11:\"\"",
     "RFC 3986 §5.2.4: /./ is /, RFC 7252 §6.4 step 8: no Uri-Path; libcoap 4.3.1 drops "
     "'.' and sends the empty segment after it"},
    {"coap://h/%2E", "(none)", "11:\".\"",
     "docs/DECISIONS.md Decision 4 (RFC 3986 §6.2.2.2 then §5.2.4): /%2E is /., which is /; libcoap "
     "4.3.1 treats %2E as data and sends a '.' Uri-Path"},
    {"coap://h/%2e%2e/a", "11:\"a\"", "11:\"..\" 11:\"a\"",
     "docs/DECISIONS.md Decision 4: %2e%2e is '..' (RFC 3986 §6.2.2.2, hex is case-insensitive §2.1), "
     "removed by §5.2.4; libcoap 4.3.1 sends a '..' Uri-Path"},
    {"coap://h/a/%2E%2E", "(none)", "11:\"a\" 11:\"..\"",
     "docs/DECISIONS.md Decision 4: /a/%2E%2E is /a/.. which is / (RFC 3986 §5.2.4), no Uri-Path "
     "(RFC 7252 §6.4 step 8); libcoap 4.3.1 sends 'a' and '..'"},
    {"coap://h/.%2E/a", "11:\"a\"", "11:\"..\" 11:\"a\"",
     "docs/DECISIONS.md Decision 4: .%2E is '..' after decoding the unreserved %2E (RFC 3986 §6.2.2.2); "
     "libcoap 4.3.1 compares the encoded text with '..' and sends '..'"},
    {"coap://h/a?", "11:\"a\" 15:\"\"", "11:\"a\"",
     "RFC 7252 §6.4 step 9 (\"if |url| has a <query> component\", RFC 3986 §3.4: 'a?' has "
     "an empty one) and docs/DECISIONS.md Decision 6: one empty Uri-Query; libcoap 4.3.1's coap-client "
     "calls coap_split_query only when uri.query.length > 0"},
    {"coap://h?x", "15:\"x\"", "error rc -1",
     "RFC 7252 §6.1: coap-URI = \"coap:\" \"//\" host [\":\" port] path-abempty [\"?\" "
     "query], and path-abempty may be empty; libcoap 4.3.1 coap_split_uri fails (-1) on a "
     "query right after a host without a port"},
    {"coap://h/a#f", "error CRI_ERR_COAP/FRAGMENT", "11:\"a\"",
     "RFC 7252 §6.4 step 4: a fragment fails the algorithm; libcoap 4.3.1 silently drops "
     "it"},
    {"coap://h/a?q#f", "error CRI_ERR_COAP/FRAGMENT", "11:\"a\" 15:\"q\"",
     "RFC 7252 §6.4 step 4: a fragment fails the algorithm; libcoap 4.3.1 coap_split_query "
     "stops at '#' and drops it"},
    {"COAPS://h/a", "11:\"a\"", "error rc -2",
     "RFC 3986 §3.1 and RFC 7252 §6.4 step 3 (scheme compared after ASCII lowercasing): "
     "COAPS is coaps; libcoap 4.3.1 matches 'coap' case-insensitively but the 's' "
     "case-sensitively, then fails on the missing '://'"},
    {"Coap+Tcp://h/a", "11:\"a\"", "error rc -2",
     "RFC 3986 §3.1 (schemes are case-insensitive), RFC 8323 §8.1 coap+tcp; libcoap 4.3.1 "
     "matches '+tcp' case-sensitively"},
    {"coap://user@h/a", "error CRI_ERR_COAP/USERINFO", "11:\"a\"",
     "RFC 7252 §6.1: the coap-URI grammar has no userinfo (and CoAP has no option for it); "
     "libcoap 4.3.1 takes 'user@h' as the host"},
    {"coap://h/%zz/a", "error CRI_ERR_PERCENT", "11:\"a\"",
     "RFC 3986 §2.1: '%' must be followed by two hex digits, the URI is invalid; libcoap "
     "4.3.1 silently drops the bad segment and sends the rest"},
    {"coap://h/x%2/y", "error CRI_ERR_PERCENT", "11:\"y\"",
     "RFC 3986 §2.1: a truncated percent-encoding makes the URI invalid; libcoap 4.3.1 "
     "silently drops the segment"},
    {"coap://example.com/%C3%A9?%FF", "error CRI_ERR_COAP/NOT_UTF8",
     "11:hex:c3a9 15:hex:ff",
     "RFC 7252 §3.2/§5.10.1: Uri-Query is a string option, UTF-8 (docs/DECISIONS.md Decision 13); "
     "libcoap 4.3.1 sends the byte 0xFF"},
    {"coap://h/%FF", "error CRI_ERR_COAP/NOT_UTF8", "11:hex:ff",
     "RFC 7252 §3.2/§5.10.1: Uri-Path is a string option, UTF-8 (docs/DECISIONS.md Decision 13); "
     "libcoap 4.3.1 sends the byte 0xFF"},
    {"coap://h/a b", "error CRI_ERR_SYNTAX", "11:\"a b\"",
     "RFC 3986 §3.3: a space is not a pchar (it must be %20), the URI is invalid; libcoap "
     "4.3.1 does not validate and sends 'a b'"},
    {"coap://h/a?b c", "error CRI_ERR_SYNTAX", "11:\"a\" 15:\"b c\"",
     "RFC 3986 §3.4: a space is not allowed in a query; libcoap 4.3.1 sends 'b c'"},
    {"coap://h/<300 x p>", "error CRI_ERR_COAP/OPTION_LENGTH", "11:<300 bytes>",
     "RFC 7252 §5.10: a Uri-Path value is 0-255 bytes; libcoap 4.3.1 encodes a 300-byte "
     "option"},
    {"coap://h/a?<300 x q>", "error CRI_ERR_COAP/OPTION_LENGTH", "11:\"a\" 15:<300 bytes>",
     "RFC 7252 §5.10: a Uri-Query value is 0-255 bytes; libcoap 4.3.1 encodes a 300-byte "
     "option"},
};

/* Extra URIs, beyond the JSONL file: dot-segments, %2E, empty segments, trailing slash,
 * queries, percent-encoding, IPv6, scheme case, invalid input. "coap://h/<300 x p>" and
 * "coap://h/a?<300 x q>" are placeholders for generated URIs with a 300-byte segment. */
static const char *const EXTRA[] = {
    /* dot-segments */
    "coap://h/.", "coap://h/..", "coap://h/a/..", "coap://h/a/.", "coap://h/a/../",
    "coap://h/a/b/../../c", "coap://h/./a", "coap://h/./", "coap://h/a/./", "coap://h/.//a",
    "coap://h/../../a", "coap://h/...", "coap://h/.a", "coap://h/a..", "coap://h/a/.b/..c",
    /* percent-encoded dots */
    "coap://h/%2E", "coap://h/%2e%2e/a", "coap://h/a/%2E%2E", "coap://h/.%2E/a",
    "coap://h/%2E%2E%2E", "coap://h/a%2E", "coap://h/a?%2E%2E",
    /* empty segments and trailing slash */
    "coap://h", "coap://h/", "coap://h//", "coap://h//a//", "coap://h/a/b/", "coap://h/a//b",
    "coap://h:61616", "coap://h:61616/",
    /* queries */
    "coap://h/a?", "coap://h?x", "coap://h:61616?x", "coap://h/?x", "coap://h/a?x&y",
    "coap://h/a?&", "coap://h/a?x&", "coap://h/a?&x", "coap://h/a?x&&y", "coap://h/a?x?y",
    "coap://h/a?x=1%26y=2", "coap://h/a?%3F", "coap://h/a?b/c", "coap://h/a?..",
    "coap://h/a?b+c", "coap://h/a?%2B", "coap://h/a?=", "coap://h/a?x=&=y",
    /* percent-encoded bytes */
    "coap://h/%41", "coap://h/%7e", "coap://h/%FF", "coap://h/%00", "coap://h/%e2%82%ac",
    "coap://h/a%2Fb", "coap://h/a%3Fb", "coap://h/a%26b?c%2Fd", "coap://h/%25", "coap://h/%20",
    "coap://h/%zz/a", "coap://h/x%2/y",
    /* other path characters */
    "coap://h/a;b=c", "coap://h/a:b@c", "coap://h/~", "coap://h/a+b", "coap://h/!$'()*,",
    /* hosts and ports */
    "coap://[::1]/a", "coap://[2001:db8::1]:5684/a?b", "coap://[fe80::1%25eth0]:61616/x",
    "coap://[::ffff:192.0.2.1]/v4mapped", "coap://127.0.0.1:5683/a", "coap://h:08/a",
    "coap://h:65535/a", "coap://h:65536/a", "coap://[::1", "coap://[]/", "coap://:1/a",
    "coap://[v1.x]/a", "coap://user@h/a",
    /* scheme case */
    "COAP://h/a", "CoAp://h/a", "COAPS://h/a", "coaps://h/a", "coaps+tcp://h/a",
    "Coap+Tcp://h/a",
    /* fragments and invalid text */
    "coap://h/a#f", "coap://h/a?q#f", "coap://h/a b", "coap://h/a?b c",
    /* long values */
    "coap://h/<300 x p>", "coap://h/a?<300 x q>",
};

static char long_path[400];
static char long_query[400];

static const char *expand(const char *uri) {
  if (strcmp(uri, "coap://h/<300 x p>") == 0) {
    if (!long_path[0]) {
      strcpy(long_path, "coap://h/");
      memset(long_path + strlen(long_path), 'p', 300);
    }
    return long_path;
  }
  if (strcmp(uri, "coap://h/a?<300 x q>") == 0) {
    if (!long_query[0]) {
      strcpy(long_query, "coap://h/a?");
      memset(long_query + strlen(long_query), 'q', 300);
    }
    return long_query;
  }
  return uri;
}

static const char *coap_reason_name(int32_t reason) {
  static const char *const names[] = {
      "0",           "NOT_ABSOLUTE", "NOT_COAP_SCHEME", "FRAGMENT", "NO_HOST",
      "OPTION_LENGTH", "PET",        "BAD_URI_HOST",    "NOT_UTF8", "DOT_SEGMENT",
      "ORDER",       "WIRE",         "CONFLICT",        "BAD_VALUE", "USERINFO",
      "PROXY"};
  if (reason >= 0 && reason < (int32_t)(sizeof names / sizeof names[0]))
    return names[reason];
  return "?";
}

/* libcri: uri_to_coap_options, keeping Uri-Path and Uri-Query. */
static void run_libcri(const char *uri, struct result *r) {
  struct cri_coap_option opts[MAX_OPTS];
  size_t n = 0, used = 0, i;
  struct cri_error_info err;
  cri_status st = uri_to_coap_options(uri, strlen(uri), NULL, CRI_COAP_MODE_DIRECT, opts,
                                      MAX_OPTS, &n, r->storage, sizeof r->storage, &used,
                                      &err);
  memset(r->error, 0, sizeof r->error);
  r->n = 0;
  if (st != CRI_OK) {
    r->ok = 0;
    if (st == CRI_ERR_COAP)
      snprintf(r->error, sizeof r->error, "CRI_ERR_COAP/%s", coap_reason_name(err.reason));
    else
      snprintf(r->error, sizeof r->error, "%s", cri_status_name(st));
    return;
  }
  r->ok = 1;
  for (i = 0; i < n; i++) {
    if (opts[i].number != CRI_COAP_OPTION_URI_PATH &&
        opts[i].number != CRI_COAP_OPTION_URI_QUERY)
      continue;
    r->number[r->n] = opts[i].number;
    r->value[r->n] = opts[i].value;
    r->len[r->n] = opts[i].len;
    r->n++;
  }
}

/* Decodes the delta-0 options coap_split_path/coap_split_query wrote into buf. */
static int decode_split(const uint8_t *buf, size_t buflen, int count, uint16_t number,
                        struct result *r) {
  const uint8_t *p = buf;
  int k;
  for (k = 0; k < count; k++) {
    size_t size;
    if (p >= buf + buflen || r->n >= MAX_OPTS)
      return -1;
    size = coap_opt_size((const coap_opt_t *)p);
    if (size == 0 || p + size > buf + buflen)
      return -1;
    r->number[r->n] = number;
    r->value[r->n] = coap_opt_value((const coap_opt_t *)p);
    r->len[r->n] = coap_opt_length((const coap_opt_t *)p);
    r->n++;
    p += size;
  }
  return p == buf + buflen ? 0 : -1;
}

/* libcoap 4.3.1, as its coap-client uses it. */
static void run_libcoap(const char *uri, struct result *r) {
  coap_uri_t u;
  size_t half = sizeof r->storage / 2, buflen;
  int rc, count;
  memset(r->error, 0, sizeof r->error);
  r->n = 0;
  r->ok = 0;
  rc = coap_split_uri((const uint8_t *)uri, strlen(uri), &u);
  if (rc < 0) {
    snprintf(r->error, sizeof r->error, "rc %d", rc);
    return;
  }
  if (u.path.length) {
    buflen = half;
    count = coap_split_path(u.path.s, u.path.length, r->storage, &buflen);
    if (count < 0 || decode_split(r->storage, buflen, count, COAP_OPTION_URI_PATH, r) < 0) {
      snprintf(r->error, sizeof r->error, "coap_split_path %d", count);
      return;
    }
  }
  if (u.query.length) {
    buflen = half;
    count = coap_split_query(u.query.s, u.query.length, r->storage + half, &buflen);
    if (count < 0 ||
        decode_split(r->storage + half, buflen, count, COAP_OPTION_URI_QUERY, r) < 0) {
      snprintf(r->error, sizeof r->error, "coap_split_query %d", count);
      return;
    }
  }
  r->ok = 1;
}

/* "11:\"a\" 15:\"b\"", "(none)", "error X"; a value that is not printable ASCII as hex,
 * one longer than 64 bytes as <N bytes>. */
static void render(const struct result *r, char *out, size_t cap) {
  size_t i, j, o = 0;
  out[0] = 0;
  if (!r->ok) {
    snprintf(out, cap, "error %s", r->error);
    return;
  }
  if (r->n == 0) {
    snprintf(out, cap, "(none)");
    return;
  }
  for (i = 0; i < r->n && o + 16 < cap; i++) {
    int printable = 1;
    for (j = 0; j < r->len[i]; j++)
      if (r->value[i][j] < 0x20 || r->value[i][j] > 0x7e)
        printable = 0;
    o += (size_t)snprintf(out + o, cap - o, "%s%u:", i ? " " : "", (unsigned)r->number[i]);
    if (r->len[i] > 64) {
      o += (size_t)snprintf(out + o, cap - o, "<%zu bytes>", r->len[i]);
    } else if (printable) {
      out[o++] = '"';
      for (j = 0; j < r->len[i] && o + 4 < cap; j++) {
        if (r->value[i][j] == '"' || r->value[i][j] == '\\')
          out[o++] = '\\';
        out[o++] = (char)r->value[i][j];
      }
      out[o++] = '"';
      out[o] = 0;
    } else {
      o += (size_t)snprintf(out + o, cap - o, "hex:");
      for (j = 0; j < r->len[i] && o + 3 < cap; j++)
        o += (size_t)snprintf(out + o, cap - o, "%02x", r->value[i][j]);
    }
  }
}

static int same(const struct result *a, const struct result *b) {
  size_t i;
  if (!a->ok || !b->ok)
    return !a->ok && !b->ok;
  if (a->n != b->n)
    return 0;
  for (i = 0; i < a->n; i++)
    if (a->number[i] != b->number[i] || a->len[i] != b->len[i] ||
        (a->len[i] && memcmp(a->value[i], b->value[i], a->len[i]) != 0))
      return 0;
  return 1;
}

#define N_EXPECTED (sizeof EXPECTED / sizeof EXPECTED[0])

static unsigned compared, passed, failed, agreed, differed;
static int seen[N_EXPECTED];

static const struct expected *find_expected(const char *label) {
  size_t i;
  for (i = 0; i < N_EXPECTED; i++)
    if (strcmp(EXPECTED[i].uri, label) == 0) {
      seen[i] = 1;
      return &EXPECTED[i];
    }
  return NULL;
}

static void compare(const char *label) {
  static struct result a, b;
  static char ra[MAX_RENDER], rb[MAX_RENDER];
  const char *uri = expand(label);
  const struct expected *e = find_expected(label);

  run_libcri(uri, &a);
  run_libcoap(uri, &b);
  render(&a, ra, sizeof ra);
  render(&b, rb, sizeof rb);
  compared++;

  if (same(&a, &b)) {
    if (e) {
      failed++;
      printf("FAIL  %s\n      listed in EXPECTED but both give: libcri %s | libcoap %s\n",
             label, ra, rb);
    } else {
      passed++;
      agreed++;
      printf("ok    %s\n      %s\n", label, ra);
    }
    return;
  }
  if (e && strcmp(e->libcri, ra) == 0 && strcmp(e->libcoap, rb) == 0) {
    passed++;
    differed++;
    printf("DIFF  %s (expected)\n      libcri:  %s\n      libcoap: %s\n      reason:  %s\n",
           label, ra, rb, e->reason);
    return;
  }
  failed++;
  printf("FAIL  %s (unexpected difference)\n      libcri:  %s\n      libcoap: %s\n", label,
         ra, rb);
  if (e)
    printf("      EXPECTED lists: libcri %s | libcoap %s\n", e->libcri, e->libcoap);
}

/* Reads the JSON string starting at s (just after the opening quote) into out; returns 0 or
 * -1 on a malformed or too long string. */
static int json_string(const char *s, char *out, size_t cap) {
  size_t o = 0;
  while (*s && *s != '"') {
    unsigned long c = (unsigned char)*s++;
    int from_escape = 0;
    if (c == '\\') {
      char esc = *s++;
      switch (esc) {
      case '"':
      case '\\':
      case '/':
        c = (unsigned char)esc;
        break;
      case 'b':
        c = '\b';
        break;
      case 'f':
        c = '\f';
        break;
      case 'n':
        c = '\n';
        break;
      case 'r':
        c = '\r';
        break;
      case 't':
        c = '\t';
        break;
      case 'u': {
        char hex[5] = {0};
        int k;
        for (k = 0; k < 4; k++) {
          if (!isxdigit((unsigned char)s[k]))
            return -1;
          hex[k] = s[k];
        }
        s += 4;
        c = strtoul(hex, NULL, 16);
        from_escape = 1;
        if (c == 0 || (c >= 0xd800 && c < 0xe000))
          return -1; /* NUL, surrogates: not needed for the test data */
        break;
      }
      default:
        return -1;
      }
    }
    /* A raw byte of the file (its UTF-8 included) is copied; a \uXXXX escape is encoded
     * as UTF-8. */
    if (!from_escape || c < 0x80) {
      if (o + 1 >= cap)
        return -1;
      out[o++] = (char)c;
      continue;
    }
    if (c < 0x800) {
      if (o + 2 >= cap)
        return -1;
      out[o++] = (char)(0xc0 | (c >> 6));
      out[o++] = (char)(0x80 | (c & 0x3f));
    } else {
      if (o + 3 >= cap)
        return -1;
      out[o++] = (char)(0xe0 | (c >> 12));
      out[o++] = (char)(0x80 | ((c >> 6) & 0x3f));
      out[o++] = (char)(0x80 | (c & 0x3f));
    }
  }
  if (*s != '"')
    return -1;
  out[o] = 0;
  return 0;
}

/* The string value of the first "key" in line, or -1. */
static int json_field(const char *line, const char *key, char *out, size_t cap) {
  char pattern[32];
  const char *p;
  snprintf(pattern, sizeof pattern, "\"%s\"", key);
  p = strstr(line, pattern);
  if (!p)
    return -1;
  p += strlen(pattern);
  while (*p == ' ' || *p == '\t')
    p++;
  if (*p++ != ':')
    return -1;
  while (*p == ' ' || *p == '\t')
    p++;
  if (*p++ != '"')
    return -1;
  return json_string(p, out, cap);
}

static int coap_scheme(const char *uri) {
  static const char *const schemes[] = {"coap:", "coaps:", "coap+tcp:", "coaps+tcp:"};
  size_t i, k;
  for (i = 0; i < sizeof schemes / sizeof schemes[0]; i++) {
    for (k = 0; schemes[i][k]; k++)
      if (tolower((unsigned char)uri[k]) != schemes[i][k])
        break;
    if (!schemes[i][k])
      return 1;
  }
  return 0;
}

static int read_jsonl(const char *path) {
  static char line[1 << 16];
  char kind[64], uri[MAX_URI];
  unsigned lines = 0, used = 0;
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    return -1;
  }
  while (fgets(line, sizeof line, f)) {
    lines++;
    if (json_field(line, "kind", kind, sizeof kind) < 0 || strcmp(kind, "uri->options") != 0)
      continue;
    if (json_field(line, "uri", uri, sizeof uri) < 0) {
      fprintf(stderr, "%s:%u: no readable \"uri\"\n", path, lines);
      fclose(f);
      return -1;
    }
    if (!coap_scheme(uri))
      continue;
    used++;
    compare(uri);
  }
  fclose(f);
  printf("# %s: %u lines, %u CoAP URIs of kind uri->options\n", path, lines, used);
  return used ? 0 : -1;
}

int main(int argc, char **argv) {
  size_t i;
  int bad_input = 0;

  coap_startup();
  coap_set_log_level(LOG_EMERG);
  printf("# libcri vs %s: Uri-Path (11) and Uri-Query (15)\n", coap_package_version());

  if (argc > 1 && read_jsonl(argv[1]) < 0)
    bad_input = 1;
  for (i = 0; i < sizeof EXTRA / sizeof EXTRA[0]; i++)
    compare(EXTRA[i]);

  for (i = 0; i < N_EXPECTED; i++)
    if (!seen[i])
      printf("note  EXPECTED entry not compared (not in the data): %s\n", EXPECTED[i].uri);

  printf("# %u agree, %u expected differences, %u unexpected\n", agreed, differed, failed);
  printf("%u passed, %u failed\n", passed, failed);
  coap_cleanup();
  return (failed || bad_input) ? 1 : 0;
}
