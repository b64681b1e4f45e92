/*
 * cri_bench: libcri against uriparser, curl and libcoap, side by side in one process.
 * See BENCHMARKS.md for the method and the results.
 *
 *   cri_bench [--data DIR] [--runs N] [--min-ms MS] [--passes N] [--group TEXT]
 *             [--only TEXT] [--list]
 *
 * --data    repository root holding corpus/urls.txt and bench/corpus/ (default: the
 *           source directory the program was configured from)
 * --runs    samples per implementation (default 7; scripts/bench.sh uses 15)
 * --min-ms  a sample repeats the whole corpus until it lasts this long (default 40)
 * --passes  fixed passes per sample instead of --min-ms (for callgrind / perf record)
 * --group   run only the group named TEXT ("split/urls") or the operation ("split")
 * --only    run only the implementations whose name contains TEXT (e.g. "libcri");
 *           the byte-scan limit always runs
 *
 * Within a group the implementations are measured in turn, one sample each, round
 * after round (the starting implementation rotates), so drifts in clock speed or
 * cache state hit them all alike. A sample is a whole number of passes over the
 * corpus; a result is the median sample per operation, with the fastest one beside it.
 * Every pass folds its results into a volatile sink, so no call is optimized away.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <coap3/coap.h>
#include <curl/curl.h>
#include <uriparser/Uri.h>

#include "cri.h"

#ifndef CRI_BENCH_DATA_DIR
#define CRI_BENCH_DATA_DIR "."
#endif

#define MAX_IMPLS 8
#define MAX_RUNS 101
#define OUT_CAP 65536

/* ------------------------------------------------------------------ corpora */

/* One operation's input: a string, or a pair (base and reference). Both are
 * NUL-terminated in place (curl needs it; the others get the length). */
typedef struct {
  const char *a;
  size_t alen;
  const char *b;
  size_t blen;
} item;

typedef struct {
  const char *name; /* shown in the tables */
  const char *file;
  item *v;
  size_t n;
  size_t bytes; /* input bytes of all operations */
  char *buf;
} corpus;

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "cri_bench: cannot open %s (use --data DIR)\n", path);
    exit(2);
  }
  size_t cap = 1 << 20, n = 0;
  char *buf = malloc(cap + 1);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      cap *= 2;
      buf = realloc(buf, cap + 1);
    }
  }
  fclose(f);
  if (!buf) {
    fprintf(stderr, "cri_bench: out of memory\n");
    exit(2);
  }
  buf[n] = 0;
  *len = n;
  return buf;
}

/* Lines of a file; with `pairs`, each line is "base<TAB>reference". */
static void load(corpus *c, const char *dir, const char *rel, const char *name, int pairs) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  size_t len;
  c->buf = read_file(path, &len);
  c->name = name;
  c->file = rel;
  size_t lines = 0;
  for (size_t i = 0; i < len; i++) lines += c->buf[i] == '\n';
  c->v = calloc(lines + 1, sizeof(item));
  c->n = 0;
  c->bytes = 0;
  char *p = c->buf, *end = c->buf + len;
  while (p < end) {
    char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) nl = end;
    *nl = 0;
    item it = {p, (size_t)(nl - p), NULL, 0};
    if (pairs) {
      char *tab = memchr(p, '\t', it.alen);
      if (!tab) {
        fprintf(stderr, "cri_bench: %s: a line without TAB\n", path);
        exit(2);
      }
      *tab = 0;
      it.alen = (size_t)(tab - p);
      it.b = tab + 1;
      it.blen = (size_t)(nl - tab - 1);
    }
    if (it.alen > 0 || pairs) {
      c->v[c->n++] = it;
      c->bytes += it.alen + it.blen;
    }
    p = nl + 1;
  }
}

/* ------------------------------------------------------------------ timing */

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Every pass folds its results in here, so no call can be optimized away. */
static volatile uint64_t g_sink;

typedef struct {
  uint64_t acc;
  size_t ok; /* operations that succeeded */
} pass_result;

typedef pass_result (*pass_fn)(const corpus *c);

typedef struct {
  const char *name;
  pass_fn fn;
  int is_limit;   /* the byte-scan line */
  int is_subject; /* a libcri row (ratios are against the first one) */
} impl;

typedef struct {
  const char *name;  /* e.g. "split/urls" */
  const char *title; /* what is measured */
  const corpus *c;
  impl impls[MAX_IMPLS];
  int n;
} group;

static int g_runs = 7;
static double g_min_ms = 40;
static long g_passes = 0;
static const char *g_group_filter = NULL;
static const char *g_only = NULL;

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

typedef struct {
  double median_ns; /* per operation */
  double min_ns, max_ns;
  size_t ok;
  int ran;
} result;

static double time_passes(const impl *im, const corpus *c, long passes) {
  uint64_t acc = 0;
  double t0 = now_ns();
  for (long k = 0; k < passes; k++) acc += im->fn(c).acc;
  double t = now_ns() - t0;
  g_sink += acc;
  return t;
}

/* ------------------------------------------------------------------ the limit line */

/* A 256-entry class table (RFC 3986 §2 classes, as a validator would use), OR-reduced
 * over every byte of the input: one load and one OR per byte, scalar. */
static uint8_t g_class[256];

static void init_class(void) {
  for (int c = 0; c < 256; c++) {
    uint8_t k = 0;
    int alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    int digit = c >= '0' && c <= '9';
    if (alpha || digit || strchr("-._~", c)) k |= 1;
    if (c && strchr("!$&'()*+,;=", c)) k |= 2;
    if (c == ':' || c == '@') k |= 4;
    if (c == '/' || c == '?') k |= 8;
    if (c == '%') k |= 16;
    if (c == '#' || c == '[' || c == ']') k |= 32;
    if (!k) k = 128; /* invalid anywhere */
    g_class[c] = k;
  }
}

__attribute__((noinline, optimize("no-tree-vectorize"))) static uint32_t
scan(const char *s, size_t n) {
  uint32_t m = 0;
  for (size_t i = 0; i < n; i++) m |= g_class[(uint8_t)s[i]];
  return m;
}

static pass_result pass_scan(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    uint32_t m = scan(c->v[i].a, c->v[i].alen);
    if (c->v[i].b) m |= scan(c->v[i].b, c->v[i].blen);
    r.acc += m;
    r.ok += !(m & 128);
  }
  return r;
}

/* ------------------------------------------------------------------ split */

static pass_result pass_cri_split(const corpus *c) {
  pass_result r = {0, 0};
  struct uri_parts parts;
  size_t off = 0;
  for (size_t i = 0; i < c->n; i++) {
    int st = uri_split(c->v[i].a, c->v[i].alen, 0, &parts, &off);
    r.ok += st == CRI_OK;
    r.acc += (uint64_t)st + parts.path.len + (uint64_t)parts.host_kind + off;
  }
  return r;
}

static pass_result pass_cri_split_lenient(const corpus *c) {
  pass_result r = {0, 0};
  struct uri_parts parts;
  for (size_t i = 0; i < c->n; i++) {
    int st = uri_split(c->v[i].a, c->v[i].alen, URI_SPLIT_LENIENT, &parts, NULL);
    r.ok += st == CRI_OK;
    r.acc += (uint64_t)st + parts.path.len + (uint64_t)parts.host_kind;
  }
  return r;
}

static pass_result pass_uriparser_split(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    UriUriA u;
    const char *err = NULL;
    const char *s = c->v[i].a;
    if (uriParseSingleUriExA(&u, s, s + c->v[i].alen, &err) == URI_SUCCESS) {
      r.ok++;
      r.acc += (uint64_t)(u.hostText.afterLast - u.hostText.first) + (u.pathHead != NULL);
      uriFreeUriMembersA(&u);
    } else {
      r.acc += (uint64_t)(err - s);
    }
  }
  return r;
}

static CURLU *g_curl;

static pass_result pass_curl_split(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    CURLUcode rc = curl_url_set(g_curl, CURLUPART_URL, c->v[i].a, CURLU_NON_SUPPORT_SCHEME);
    r.ok += rc == CURLUE_OK;
    r.acc += (uint64_t)rc;
  }
  return r;
}

static pass_result pass_coap_split(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    coap_uri_t u;
    int rc = coap_split_uri((const uint8_t *)c->v[i].a, c->v[i].alen, &u);
    r.ok += rc == 0;
    r.acc += (uint64_t)rc + u.path.length + u.port;
  }
  return r;
}

/* ------------------------------------------------------------------ resolve */

static char g_out[OUT_CAP];

static pass_result pass_cri_resolve(const corpus *c) {
  pass_result r = {0, 0};
  size_t len = 0, off = 0;
  for (size_t i = 0; i < c->n; i++) {
    const item *it = &c->v[i];
    int st = uri_resolve(it->a, it->alen, it->b, it->blen, g_out, OUT_CAP, &len, &off);
    r.ok += st == CRI_OK;
    r.acc += (uint64_t)st + len + (uint8_t)g_out[0];
  }
  return r;
}

static pass_result pass_uriparser_resolve(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    const item *it = &c->v[i];
    UriUriA base, ref, abs;
    const char *err;
    int written = 0;
    if (uriParseSingleUriExA(&base, it->a, it->a + it->alen, &err) != URI_SUCCESS) continue;
    if (uriParseSingleUriExA(&ref, it->b, it->b + it->blen, &err) != URI_SUCCESS) {
      uriFreeUriMembersA(&base);
      continue;
    }
    if (uriAddBaseUriA(&abs, &ref, &base) == URI_SUCCESS) {
      if (uriToStringA(g_out, &abs, OUT_CAP, &written) == URI_SUCCESS) r.ok++;
      uriFreeUriMembersA(&abs);
    }
    uriFreeUriMembersA(&ref);
    uriFreeUriMembersA(&base);
    r.acc += (uint64_t)written + (uint8_t)g_out[0];
  }
  return r;
}

/* ------------------------------------------------------------------ normalize */

static pass_result pass_cri_normalize(const corpus *c) {
  pass_result r = {0, 0};
  size_t len = 0, off = 0;
  for (size_t i = 0; i < c->n; i++) {
    int st = uri_normalize(c->v[i].a, c->v[i].alen, g_out, OUT_CAP, &len, &off);
    r.ok += st == CRI_OK;
    r.acc += (uint64_t)st + len + (uint8_t)g_out[0];
  }
  return r;
}

static pass_result pass_uriparser_normalize(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    UriUriA u;
    const char *err;
    int written = 0;
    const char *s = c->v[i].a;
    if (uriParseSingleUriExA(&u, s, s + c->v[i].alen, &err) != URI_SUCCESS) continue;
    if (uriNormalizeSyntaxA(&u) == URI_SUCCESS &&
        uriToStringA(g_out, &u, OUT_CAP, &written) == URI_SUCCESS)
      r.ok++;
    uriFreeUriMembersA(&u);
    r.acc += (uint64_t)written + (uint8_t)g_out[0];
  }
  return r;
}

/* ------------------------------------------------------------------ CoAP options */

#define OPT_CAP 64
static struct cri_coap_option g_opts[OPT_CAP];
static uint8_t g_scratch[OUT_CAP];
static uint8_t g_wire[OUT_CAP];

static pass_result pass_cri_coap(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    size_t nopts = 0, used = 0;
    struct cri_error_info err;
    int st = uri_to_coap_options(c->v[i].a, c->v[i].alen, NULL, CRI_COAP_MODE_DIRECT, g_opts,
                                 OPT_CAP, &nopts, g_scratch, OUT_CAP, &used, &err);
    r.ok += st == CRI_OK;
    r.acc += (uint64_t)st + nopts + used;
  }
  return r;
}

static pass_result pass_cri_coap_wire(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    size_t nopts = 0, used = 0, wlen = 0;
    struct cri_error_info err;
    int st = uri_to_coap_options(c->v[i].a, c->v[i].alen, NULL, CRI_COAP_MODE_DIRECT, g_opts,
                                 OPT_CAP, &nopts, g_scratch, OUT_CAP, &used, &err);
    if (st == CRI_OK) st = cri_coap_options_to_wire(g_opts, nopts, g_wire, OUT_CAP, &wlen, &err);
    r.ok += st == CRI_OK;
    r.acc += (uint64_t)st + wlen + g_wire[0];
  }
  return r;
}

static pass_result pass_coap_options(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    coap_uri_t u;
    if (coap_split_uri((const uint8_t *)c->v[i].a, c->v[i].alen, &u) != 0) continue;
    size_t plen = OUT_CAP, qlen = OUT_CAP;
    int np = 0, nq = 0;
    if (u.path.length) {
      np = coap_split_path(u.path.s, u.path.length, g_wire, &plen);
    } else {
      plen = 0;
    }
    if (np >= 0 && u.query.length) {
      nq = coap_split_query(u.query.s, u.query.length, g_scratch, &qlen);
    } else {
      qlen = 0;
    }
    r.ok += np >= 0 && nq >= 0;
    r.acc += (uint64_t)(np + nq) + plen + qlen + u.port;
  }
  return r;
}

/* ------------------------------------------------------------------ CRI */

static pass_result pass_cri_from_uri(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    size_t len = 0;
    struct cri_error_info err;
    int st = cri_from_uri(c->v[i].a, c->v[i].alen, g_scratch, OUT_CAP, &len, &err);
    r.ok += st == CRI_OK;
    r.acc += (uint64_t)st + len + g_scratch[0];
  }
  return r;
}

static pass_result pass_cri_to_uri(const corpus *c) {
  pass_result r = {0, 0};
  for (size_t i = 0; i < c->n; i++) {
    size_t len = 0;
    struct cri_error_info err;
    int st = cri_to_uri((const uint8_t *)c->v[i].a, c->v[i].alen, CRI_TO_URI_ZONE_ID, g_out,
                        OUT_CAP, &len, &err);
    r.ok += st == CRI_OK;
    r.acc += (uint64_t)st + len + (uint8_t)g_out[0];
  }
  return r;
}

/* The CRIs (CBOR) of the URIs of `src` that convert: the input of cri_to_uri. */
static void derive_cris(corpus *dst, const corpus *src, const char *name) {
  size_t total = 0;
  for (size_t i = 0; i < src->n; i++) {
    size_t len = 0;
    struct cri_error_info err;
    if (cri_from_uri(src->v[i].a, src->v[i].alen, g_scratch, OUT_CAP, &len, &err) == CRI_OK)
      total += len;
  }
  dst->buf = malloc(total + 1);
  dst->v = calloc(src->n + 1, sizeof(item));
  dst->n = 0;
  dst->bytes = 0;
  dst->name = name;
  dst->file = src->file;
  char *p = dst->buf;
  for (size_t i = 0; i < src->n; i++) {
    size_t len = 0;
    struct cri_error_info err;
    if (cri_from_uri(src->v[i].a, src->v[i].alen, (uint8_t *)p, OUT_CAP, &len, &err) != CRI_OK)
      continue;
    dst->v[dst->n++] = (item){p, len, NULL, 0};
    dst->bytes += len;
    p += len;
  }
}

/* ------------------------------------------------------------------ running */

static int matches(const char *name, const char *filter) {
  return !filter || strstr(name, filter) != NULL;
}

/* A group filter is a group name ("split/urls") or its operation ("split"). */
static int group_matches(const char *name, const char *filter) {
  if (!filter) return 1;
  size_t n = strlen(filter);
  return !strcmp(name, filter) || (!strncmp(name, filter, n) && name[n] == '/');
}

static void run_group(group *g, result *res) {
  const corpus *c = g->c;
  long passes[MAX_IMPLS];
  static double samples[MAX_IMPLS][MAX_RUNS];
  int active[MAX_IMPLS];
  int nact = 0;
  for (int k = 0; k < g->n; k++) {
    memset(&res[k], 0, sizeof res[k]);
    active[k] = g->impls[k].is_limit || matches(g->impls[k].name, g_only);
    if (!active[k]) continue;
    nact++;
    /* Warm-up and calibration: one pass (which also counts successes), then as many
     * passes as last at least --min-ms. */
    pass_result pr = g->impls[k].fn(c);
    g_sink += pr.acc;
    res[k].ok = pr.ok;
    if (g_passes > 0) {
      passes[k] = g_passes;
    } else {
      long p = 1;
      double t;
      while ((t = time_passes(&g->impls[k], c, p)) < g_min_ms * 1e6 / 4 && p < (1L << 30))
        p *= 2;
      double per = t / (double)p;
      passes[k] = (long)(g_min_ms * 1e6 / per) + 1;
    }
  }
  if (!nact) return;
  for (int run = 0; run < g_runs; run++) {
    for (int j = 0; j < g->n; j++) {
      int k = (j + run) % g->n;
      if (!active[k]) continue;
      double t = time_passes(&g->impls[k], c, passes[k]);
      samples[k][run] = t / (double)passes[k] / (double)c->n;
    }
  }
  for (int k = 0; k < g->n; k++) {
    if (!active[k]) continue;
    qsort(samples[k], (size_t)g_runs, sizeof(double), cmp_double);
    res[k].median_ns = g_runs % 2 ? samples[k][g_runs / 2]
                                  : (samples[k][g_runs / 2 - 1] + samples[k][g_runs / 2]) / 2;
    res[k].min_ns = samples[k][0];
    res[k].max_ns = samples[k][g_runs - 1];
    res[k].ran = 1;
  }
}

/* Headline rows, collected while the groups run. */
typedef struct {
  char text[512];
} line;
static line g_summary[64];
static int g_nsummary;

static void print_group(const group *g, const result *res) {
  const corpus *c = g->c;
  double avg = c->n ? (double)c->bytes / (double)c->n : 0;
  int subject = -1, limit = -1;
  for (int k = 0; k < g->n; k++) {
    if (!res[k].ran) continue;
    if (g->impls[k].is_subject && subject < 0) subject = k;
    if (g->impls[k].is_limit) limit = k;
  }
  printf("\n### %s — %s\n\n", g->name, g->title);
  printf("Corpus %s (`%s`): %zu operations, %.1f input bytes each.\n\n", c->name, c->file, c->n,
         avg);
  printf("| implementation | ok | ns/op | best ns/op | MB/s | spread | time vs libcri | "
         "(best) |\n");
  printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int k = 0; k < g->n; k++) {
    if (!res[k].ran) continue;
    const result *r = &res[k];
    double mbs = avg / r->median_ns * 1e3; /* bytes/ns = GB/s; ×1e3 = MB/s */
    double spread = (r->max_ns - r->min_ns) / r->median_ns * 100;
    char ok[32] = "—";
    if (!g->impls[k].is_limit) snprintf(ok, sizeof ok, "%zu", r->ok);
    printf("| %s | %s | %.1f | %.1f | %.0f | %.0f%% |", g->impls[k].name, ok, r->median_ns,
           r->min_ns, mbs, spread);
    if (subject >= 0)
      printf(" %.2f× | %.2f× |\n", r->median_ns / res[subject].median_ns,
             r->min_ns / res[subject].min_ns);
    else
      printf(" — | — |\n");
  }
  if (subject < 0) return;
  /* One headline line per group: libcri, its ratio to the limit, the peers (by their
   * first word), each as median (best). */
  const result *lib = &res[subject];
  line *l = &g_summary[g_nsummary++];
  int at = snprintf(l->text, sizeof l->text, "| %s | %.1f (%.1f) |", g->name, lib->median_ns,
                    lib->min_ns);
  if (limit >= 0)
    at += snprintf(l->text + at, sizeof l->text - (size_t)at, " %.2f× (%.2f×) |",
                   lib->median_ns / res[limit].median_ns, lib->min_ns / res[limit].min_ns);
  else
    at += snprintf(l->text + at, sizeof l->text - (size_t)at, " — |");
  int peers = 0;
  for (int k = 0; k < g->n && at < (int)sizeof l->text; k++) {
    if (!res[k].ran || g->impls[k].is_limit || g->impls[k].is_subject) continue;
    int w = (int)strcspn(g->impls[k].name, " ");
    at += snprintf(l->text + at, sizeof l->text - (size_t)at, "%s %.*s %.2f× (%.2f×)",
                   peers ? ";" : "", w, g->impls[k].name, res[k].median_ns / lib->median_ns,
                   res[k].min_ns / lib->min_ns);
    peers++;
  }
  if (at < (int)sizeof l->text)
    snprintf(l->text + at, sizeof l->text - (size_t)at, "%s |", peers ? "" : " —");
}

static void print_machine(void) {
  char model[256] = "unknown";
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (f) {
    char buf[512];
    while (fgets(buf, sizeof buf, f)) {
      if (!strncmp(buf, "model name", 10)) {
        char *colon = strchr(buf, ':');
        if (colon) {
          snprintf(model, sizeof model, "%s", colon + 2);
          model[strcspn(model, "\n")] = 0;
        }
        break;
      }
    }
    fclose(f);
  }
  printf("# cri_bench\n\n");
  printf("- CPU: %s\n", model);
  printf("- compiler: %s\n", __VERSION__);
  printf("- peers: uriparser %d.%d.%d, %s, libcoap %s\n", URI_VER_MAJOR, URI_VER_MINOR,
         URI_VER_RELEASE, curl_version(), LIBCOAP_PACKAGE_VERSION);
  printf("- method: median of %d samples per implementation, interleaved; a sample is ", g_runs);
  if (g_passes > 0)
    printf("%ld passes over the corpus\n", g_passes);
  else
    printf(">= %.0f ms of whole passes over the corpus\n", g_min_ms);
  printf("- ns/op: median sample; best: fastest sample; MB/s: input bytes (10^6) per second "
         "at the median; spread: (slowest - fastest) / median; time vs libcri: this row's "
         "ns/op over libcri's (above 1: libcri is faster), from the medians and (best) from "
         "the fastest samples\n");
}

static void usage(void) {
  fprintf(stderr, "usage: cri_bench [--data DIR] [--runs N] [--min-ms MS] [--passes N] "
                  "[--group TEXT] [--only TEXT] [--list]\n");
  exit(2);
}

int main(int argc, char **argv) {
  const char *dir = CRI_BENCH_DATA_DIR;
  int list = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--list")) {
      list = 1;
      continue;
    }
    if (!v) usage();
    if (!strcmp(a, "--data")) dir = v;
    else if (!strcmp(a, "--runs")) g_runs = atoi(v);
    else if (!strcmp(a, "--min-ms")) g_min_ms = atof(v);
    else if (!strcmp(a, "--passes")) g_passes = atol(v);
    else if (!strcmp(a, "--group")) g_group_filter = v;
    else if (!strcmp(a, "--only")) g_only = v;
    else usage();
    i++;
  }
  if (g_runs < 1 || g_runs > MAX_RUNS) usage();

  init_class();
  coap_startup();
  coap_set_log_level(LOG_EMERG);
  curl_global_init(CURL_GLOBAL_DEFAULT);
  g_curl = curl_url();

  static corpus urls, shapes, coap, refs, cri_urls, cris_coap;
  load(&urls, dir, "corpus/urls.txt", "real URLs", 0);
  load(&shapes, dir, "bench/corpus/urls-shapes.txt", "real URLs, one per shape", 0);
  load(&coap, dir, "bench/corpus/coap.txt", "CoAP URIs", 0);
  load(&refs, dir, "bench/corpus/refs.tsv", "reference pairs", 1);
  /* cri_to_uri's inputs, made only when needed (it costs a cri_from_uri per URI). */
  if (!list && group_matches("cri-to-uri/urls", g_group_filter))
    derive_cris(&cri_urls, &urls, "CRIs of the real URLs");
  if (!list && group_matches("cri-to-uri/coap", g_group_filter))
    derive_cris(&cris_coap, &coap, "CRIs of the CoAP URIs");

  const impl limit = {"byte-class scan (limit)", pass_scan, 1, 0};
  const impl cri_split = {"libcri uri_split (strict)", pass_cri_split, 0, 1};
  const impl cri_lenient = {"libcri uri_split (lenient)", pass_cri_split_lenient, 0, 1};
  const impl up_split = {"uriparser uriParseSingleUriExA", pass_uriparser_split, 0, 0};
  const impl curl_split = {"curl curl_url_set", pass_curl_split, 0, 0};
  const impl coap_split = {"libcoap coap_split_uri", pass_coap_split, 0, 0};
  const impl cri_resolve = {"libcri uri_resolve", pass_cri_resolve, 0, 1};
  const impl up_resolve = {"uriparser parse×2 + uriAddBaseUriA + uriToStringA",
                           pass_uriparser_resolve, 0, 0};
  const impl cri_norm = {"libcri uri_normalize", pass_cri_normalize, 0, 1};
  const impl up_norm = {"uriparser parse + uriNormalizeSyntaxA + uriToStringA",
                        pass_uriparser_normalize, 0, 0};
  const impl cri_coap = {"libcri uri_to_coap_options", pass_cri_coap, 0, 1};
  const impl cri_coap_wire = {"libcri uri_to_coap_options + cri_coap_options_to_wire",
                              pass_cri_coap_wire, 0, 1};
  const impl coap_opts = {"libcoap coap_split_uri + coap_split_path + coap_split_query",
                          pass_coap_options, 0, 0};
  const impl cri_from = {"libcri cri_from_uri", pass_cri_from_uri, 0, 1};
  const impl cri_to = {"libcri cri_to_uri", pass_cri_to_uri, 0, 1};

  group groups[] = {
      {"split/urls", "split + validate", &urls, {cri_split, up_split, curl_split, cri_lenient, limit}, 5},
      {"split/urls-shapes", "split + validate", &shapes, {cri_split, up_split, curl_split, cri_lenient, limit}, 5},
      {"split/coap", "split + validate", &coap, {cri_split, up_split, curl_split, coap_split, cri_lenient, limit}, 6},
      {"resolve/refs", "resolve + recompose", &refs, {cri_resolve, up_resolve, limit}, 3},
      {"normalize/urls", "normalize + recompose", &urls, {cri_norm, up_norm, limit}, 3},
      {"normalize/urls-shapes", "normalize + recompose", &shapes, {cri_norm, up_norm, limit}, 3},
      {"normalize/coap", "normalize + recompose", &coap, {cri_norm, up_norm, limit}, 3},
      {"coap-options/coap", "URI → Uri-Host/Port/Path/Query options", &coap, {cri_coap, coap_opts, cri_coap_wire, limit}, 4},
      {"cri-from-uri/urls", "URI → CRI (CBOR)", &urls, {cri_from, limit}, 2},
      {"cri-from-uri/coap", "URI → CRI (CBOR)", &coap, {cri_from, limit}, 2},
      {"cri-to-uri/urls", "CRI (CBOR) → URI", &cri_urls, {cri_to, limit}, 2},
      {"cri-to-uri/coap", "CRI (CBOR) → URI", &cris_coap, {cri_to, limit}, 2},
  };
  size_t ngroups = sizeof groups / sizeof groups[0];
  if (list) {
    for (size_t i = 0; i < ngroups; i++) {
      printf("%s:", groups[i].name);
      for (int k = 0; k < groups[i].n; k++) printf(" [%s]", groups[i].impls[k].name);
      printf("\n");
    }
    return 0;
  }

  print_machine();
  for (size_t i = 0; i < ngroups; i++) {
    if (!group_matches(groups[i].name, g_group_filter)) continue;
    result res[MAX_IMPLS];
    run_group(&groups[i], res);
    print_group(&groups[i], res);
    fflush(stdout);
  }
  printf("\n### Headline\n\n");
  printf("libcri ns/op, its time over the byte-scan limit, and each peer's time over libcri's "
         "(above 1: libcri is faster); median (best).\n\n");
  printf("| group | libcri ns/op | libcri / limit | peer / libcri |\n|---|---:|---:|---|\n");
  for (int i = 0; i < g_nsummary; i++) printf("%s\n", g_summary[i].text);
  printf("\n(sink %llu)\n", (unsigned long long)g_sink);

  curl_url_cleanup(g_curl);
  curl_global_cleanup();
  coap_cleanup();
  return 0;
}
