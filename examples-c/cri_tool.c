/*
 * cri-tool: libcri on the command line, for people (plain output) and for scripts
 * (--json): URI and IRI references (RFC 3986, RFC 3987), CRI references
 * (draft-ietf-core-href-27) and the CoAP options of a request (RFC 7252 sec. 6.4). C99 on
 * the public API (include/cri.h), plus POSIX inet_pton for coap --dest.
 *
 *   cri-tool split --json 'http://a/b?'          one JSON object per URI
 *   cri-tool normalize < urls.txt                 batch mode: one input per line
 *   cri-tool to-cri coap://h/a                    CBOR in hex, and its EDN
 *   cri-tool iri to-iri http://a/D%C3%BCrst       the IRI (RFC 3987 sec. 3.2)
 *   cri-tool coap coap://h/a --dest 192.0.2.1     CoAP options and their wire bytes
 *
 * `cri-tool --help` gives the full usage; every library call follows the C ABI
 * conventions of docs/DESIGN.md (inputs are pointer + length, outputs use the size query).
 */
#define _POSIX_C_SOURCE 200112L /* inet_pton */

#include <arpa/inet.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cri.h"
#include "tool_util.h"

enum { EXIT_USAGE = 2 };

/* In parts: C99 compilers need only take string literals of 4095 characters. */
static const char *const usage_text[] = {
    "usage: cri-tool [OPTIONS] COMMAND [BASE] [INPUT...]\n"
    "\n"
    "URI commands (RFC 3986):\n"
    "  split URI...             split URI references into components (sec. 3)\n"
    "  resolve BASE REF...      resolve references against the base URI BASE\n"
    "                           (sec. 5.2)\n"
    "  normalize URI...         normalize URI references (sec. 6.2.2, 6.2.3)\n"
    "  equivalent URI OTHER...  whether each OTHER is equivalent to URI (sec. 6.2);\n"
    "                           URI is checked first and reported as \"base\"\n"
    "  encode TEXT...           percent-encode text (sec. 2.1)\n"
    "  decode TEXT...           percent-decode text (sec. 2.1)\n"
    "  preprocess TEXT...       pasted or scraped links to URI references: trim\n"
    "                           whitespace, drop tabs and line breaks, percent-encode\n"
    "                           what cannot stand in a URI (draft-duerst-iri-bis\n"
    "                           sec. 7.2)\n"
    "IRI commands (RFC 3987):\n"
    "  iri to-uri IRI...        map IRI references to URI references (sec. 3.1)\n"
    "  iri to-iri URI...        map URI references to IRI references (sec. 3.2)\n"
    "  (and --iri for split, resolve, to-cri, from-cri)\n"
    "CRI commands (draft-ietf-core-href-27):\n"
    "  to-cri URI...            convert URI references to CRI references\n"
    "  from-cri CRI...          convert CRI references to URI references (sec. 6.1)\n"
    "  cri-resolve BASE REF...  resolve CRI references against the full CRI BASE\n"
    "                           (sec. 5.3)\n"
    "  edn CRI...               CBOR diagnostic notation of CRI references\n"
    "CoAP command (RFC 7252 sec. 6.4, draft sec. 8):\n"
    "  coap TARGET...           the CoAP options of a request to a URI or a full CRI\n"
    "  from-coap OPTIONS...     a request's URI and CRI from its options (RFC 7252\n"
    "                           sec. 6.5, draft sec. 8.1.2), checked first\n"
    "                           (cri_coap_options_check): OPTIONS is \"hex:\" and the\n"
    "                           option bytes (sec. 3.1), or NUMBER:VALUE items in\n"
    "                           ascending order separated by spaces, VALUE\n"
    "                           percent-decoded (decimal for\n"
    "                           Uri-Port), e.g. \"3:example.com 7:61616 11:a%20b\"\n"
    "\n"
    "Without INPUT arguments the inputs are read from standard input, one per line\n"
    "(a trailing LF or CR LF is removed); BASE stays an argument.\n"
    "\n",
    "A CRI is given as its CBOR in hex digits (either case), optionally after \"hex:\":\n"
    "  from-cri, edn  every INPUT is hex\n"
    "  cri-resolve    BASE and REF are CRIs in hex only after \"hex:\"; anything else\n"
    "                 is a URI reference, converted as by to-cri (so 8100 is a path)\n"
    "  coap           TARGET is a CRI if it starts with \"hex:\", else a URI\n"
    "\n"
    "options (anywhere on the command line; after \"--\" every argument is the\n"
    "COMMAND, BASE or an INPUT, for inputs that start with \"-\"):\n"
    "  --json          print one JSON object per input, failed inputs included\n"
    "  --lenient       split: split by RFC 3986 Appendix B and never fail;\n"
    "                  \"valid\" and \"error\" still give the strict verdict\n"
    "                  decode: pass broken % sequences through\n"
    "  --form          encode/decode application/x-www-form-urlencoded (space <-> +)\n"
    "  --set NAME      encode: the characters kept literally: unreserved (default),\n"
    "                  path-segment, query, fragment, userinfo, form\n"
    "  --iri           IRIs (RFC 3987, UTF-8) instead of URIs. split: validate an\n"
    "                  IRI-reference; resolve: BASE and REF may be IRIs, the target\n"
    "                  is mapped to a URI (sec. 3.1); to-cri: INPUT is an IRI;\n"
    "                  from-cri: write IRIs (sec. 3.2)\n"
    "  --keep-iri      resolve: as --iri, but the target stays an IRI\n"
    "  --zone-id       from-cri, cri-resolve: write a zone-id in the RFC 6874 form\n"
    "                  [fe80::1%25eth0] instead of failing (CRI_TO_URI_ZONE_ID)\n"
    "  --dest ADDR     coap: the request's destination IPv4 or IPv6 address (IPv6\n"
    "                  maybe with %ZONE); a host equal to it is not sent as Uri-Host\n"
    "  --port N        coap: the request's destination UDP port; a port equal to it\n"
    "                  is not sent as Uri-Port. Without --dest and --port the\n"
    "                  request goes to the address and port the target names;\n"
    "                  --port alone leaves the address unknown, so a host that is\n"
    "                  an IP address is sent as Uri-Host. from-coap: where the\n"
    "                  request was received, standing in for a missing Uri-Host\n"
    "                  and Uri-Port (--dest ADDR%ZONE keeps the zone)\n"
    "  --scheme NAME   from-coap: the request's CoAP scheme (default coap)\n"
    "  --proxy         coap: to a forward-proxy, the whole target in Proxy-Uri (URI)\n"
    "                  or Proxy-Cri (CRI)\n"
    "  --proxy-scheme  coap: to a forward-proxy, Proxy-Scheme (URI) or\n"
    "                  Proxy-Scheme-Number (CRI) with the Uri-* options\n"
    "  --auto          coap: as without a mode for a CoAP scheme, else as --proxy\n"
    "                  (without a mode: Uri-Host, Uri-Port, Uri-Path, Uri-Query,\n"
    "                  and a CoAP scheme is required)\n"
    "  -h, --help      print this help\n"
    "\n",
    "output (stdout):\n"
    "  split        the components present, as key=value separated by tabs, in the\n"
    "               order scheme userinfo host port path query fragment. An absent\n"
    "               component has no key, an empty one is \"key=\": http://a/b?\n"
    "               gives \"scheme=http<TAB>host=a<TAB>path=/b<TAB>query=\",\n"
    "               http://a/b the same without query. path is always there.\n"
    "               Values are escaped as stderr writes an INPUT (below), so a TAB\n"
    "               in a --lenient component is \\x09.\n"
    "  to-cri       HEX<TAB>EDN: the CRI reference as CBOR in lowercase hex, and in\n"
    "               CBOR diagnostic notation\n"
    "  cri-resolve  HEX<TAB>URI: the resolved CRI in lowercase hex, and as a URI\n"
    "  coap         a line NUMBER<TAB>NAME<TAB>VALUE per option, then a line\n"
    "               wire<TAB>HEX: the options in the message format (RFC 7252\n"
    "               sec. 3.1). VALUE is decimal for Uri-Port and\n"
    "               Proxy-Scheme-Number, hex for Proxy-Cri, else text with control\n"
    "               bytes, \"\\\" and bytes that are not part of a UTF-8 character as\n"
    "               \\xHH.\n"
    "  others       the resulting string as is (decode: the raw bytes, which may\n"
    "               hold a newline or a NUL; --json escapes them).\n"
    "  Without --json a failed input prints nothing on stdout; with --json every\n"
    "  input gives one object, so output line N belongs to input N:\n"
    "    split        {input, valid, scheme, userinfo, host, port, path, query,\n"
    "                  fragment, error}: components as written, null when absent\n"
    "    resolve      {base, ref, target, error}\n"
    "    normalize    {input, normalized, error}\n"
    "    equivalent   {base, other, equivalent, error}: base is URI, equivalent\n"
    "                 true or false (plain: true or false)\n"
    "    encode, decode, preprocess, iri to-uri, iri to-iri\n"
    "                 {input, output, error}\n"
    "    to-cri       {input, cri_hex, cri_edn, error}\n"
    "    from-cri     {input, uri, error} (uri: the IRI with --iri)\n"
    "    cri-resolve  {base, ref, cri_hex, uri, error}\n"
    "    edn          {input, edn, error}\n"
    "    from-coap    {input, uri, cri_hex, error}; plain: URI<TAB>CRI_HEX\n"
    "    coap         {input, options, wire, error}: options is\n"
    "                  [[NUMBER, VALUE], ...] with VALUE an integer for Uri-Port and\n"
    "                  Proxy-Scheme-Number, \"hex:...\" for Proxy-Cri and for text\n"
    "                  that is not UTF-8, else a string\n"
    "  Strings are JSON text: UTF-8 characters as themselves, and a byte that is not\n"
    "  part of one as U+FFFD; such a field KEY then has KEY_hex beside it with its\n"
    "  exact bytes in lowercase hex (e.g. decode of %C3 gives \"output\": \"\\ufffd\",\n"
    "  \"output_hex\": \"c3\"; decode of %C3%83 gives the character U+00C3).\n"
    "  With a BASE that is not valid every input fails with BASE's error (reported\n"
    "  once on stderr); --json still prints an object per input, with that error.\n"
    "  Results are null from the step that failed on (to-cri and cri-resolve still\n"
    "  give cri_hex when only the second step failed; preprocess gives the processed\n"
    "  text the offset of its error points into).\n"
    "  error is null or {\"code\": \"CRI_ERR_...\", \"offset\": N}; the CRI and CoAP\n"
    "  commands give {\"code\", \"reason\", \"offset\"} with reason the name of\n"
    "  the library's err.reason, as stderr gives it (a CRI_REASON_*,\n"
    "  CRI_UNCONVERTIBLE_* or CRI_COAP_ERR_* name; null for none). offset is null\n"
    "  where the status has none (CRI_ERR_COAP has one for a URI target: the byte\n"
    "  of the URI the error is about; so has to-cri's CRI_ERR_UNCONVERTIBLE, the\n"
    "  URI component no CRI can carry, and from-coap's CRI_COAP_ERR_ORDER, the\n"
    "  item out of order). The code BAD_HEX\n"
    "  (reason null) is an INPUT that should be hex and is not: offset is the first\n"
    "  character that is no hex digit, or the input length for an odd number of\n"
    "  digits.\n"
    "\n",
    "A failed input is reported on stderr and the rest are still processed:\n"
    "  cri-tool: line N: CODE (REASON) at offset K: INPUT\n"
    "(\"argument N\" for the Nth INPUT argument, not counting BASE; \"base\" for BASE.\n"
    "CODE is the status name (CRI_ERR_...) or BAD_HEX; \"(REASON)\" names a nonzero\n"
    "err.reason (e.g. CRI_UNCONVERTIBLE_DISCARD_ZERO) and \"at offset K\" is there\n"
    "where the status has an offset; K counts bytes of the URI, or of the CBOR for a\n"
    "CRI in hex, or characters of the INPUT for BAD_HEX; for preprocess bytes of the\n"
    "processed text, which is not printed. INPUT is written as plain output writes\n"
    "text: control bytes, \"\\\" and bytes that are not part of a UTF-8 character\n"
    "as \\xHH.) Where there is an offset (not for preprocess) two more lines follow:\n"
    "the INPUT again, and a caret under the offending byte (under its two hex digits\n"
    "for a CRI in hex) with one line on what CODE means.\n"
    "\n"
    "exit status: 0 every input succeeded, 1 an input (or BASE) failed, 2 usage\n"
    "error.\n",
};

/* ---- errors ------------------------------------------------------------------------ */

/* Not a library status: an INPUT that should be hex digits is not (cri.h's statuses run
 * from 1 down to -12). */
#define TOOL_ERR_BAD_HEX ((cri_status)-1000)
/* Not a library status: an item of a from-coap INPUT is not NUMBER:VALUE. */
#define TOOL_ERR_BAD_OPTION ((cri_status)-1001)

/* The outcome of one input: the status, and the library's details (reason, offset). */
struct outcome {
    cri_status st;
    struct cri_error_info err;
    int tolerated; /* split --lenient: failed, but not a failure of the run */
    int reported;  /* BASE's failure, already on stderr */
    int text_at;   /* err.offset is a byte of the INPUT text, for a status that has no
                    * offset of its own: a CoAP error of a URI target (the library's),
                    * to-cri's CRI_ERR_UNCONVERTIBLE and from-coap's CRI_COAP_ERR_ORDER
                    * (found by cri-tool) */
};

static const char *status_name(cri_status st)
{
    return st == TOOL_ERR_BAD_HEX      ? "BAD_HEX"
           : st == TOOL_ERR_BAD_OPTION ? "BAD_OPTION"
                                       : cri_status_name(st);
}

/* Outcomes with an offset: the statuses whose offset the library sets (see cri.h and
 * struct cri_error_info), and those that text_at marks. */
static int has_offset(const struct outcome *o)
{
    cri_status st = o->st;

    return st == CRI_ERR_SYNTAX || st == CRI_ERR_PERCENT || st == CRI_ERR_PORT_RANGE ||
           st == CRI_ERR_BASE || st == CRI_ERR_UNPROCESSABLE || st == TOOL_ERR_BAD_HEX ||
           st == TOOL_ERR_BAD_OPTION ||
           o->text_at;
}

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* One line on what a failure with an offset means, for the caret line on stderr. */
static const char *status_meaning(const struct outcome *o)
{
    if (o->st == CRI_ERR_COAP && o->err.reason == CRI_COAP_ERR_ORDER)
        return "options go in ascending number order (RFC 7252 sec. 3.1)";
    switch (o->st) {
    case CRI_ERR_SYNTAX: return "not allowed here by RFC 3986 (or RFC 3987 with --iri)";
    case CRI_ERR_PERCENT: return "a % not followed by two hex digits (RFC 3986 sec. 2.1)";
    case CRI_ERR_PORT_RANGE: return "a port over 65535 (libcri's Decision 10)";
    case CRI_ERR_BASE: return "BASE is not an absolute URI or full CRI (RFC 3986 sec. 5.1)";
    case CRI_ERR_UNPROCESSABLE: return "this CBOR item breaks a rule of draft-ietf-core-href";
    case CRI_ERR_COAP: return "no CoAP request target can hold this (RFC 7252 sec. 6.4)";
    case CRI_ERR_UNCONVERTIBLE: return "no CRI carries this as written (draft-ietf-core-href sec. 6)";
    case TOOL_ERR_BAD_OPTION: return "not NUMBER:VALUE (a decimal number, a colon, a value)";
    default: return "not hex digits, or an odd number of them";
    }
}

/* The name of err.reason, which status says the kind of (cri.h); NULL if it has none. */
static const char *reason_name(cri_status st, int32_t reason)
{
    const char *name = cri_reason_name(st, reason);

    return strcmp(name, "CRI_UNKNOWN") == 0 ? NULL : name;
}

/* {"code", "offset"}, and "reason" in between for the CRI and CoAP commands. */
static void json_error(int *count, const struct outcome *o, int with_reason)
{
    json_key(count, "error");
    if (o->st == CRI_OK) {
        fputs("null", stdout);
        return;
    }
    printf("{\"code\": \"%s\", ", status_name(o->st));
    if (with_reason && (o->st == TOOL_ERR_BAD_HEX || o->st == TOOL_ERR_BAD_OPTION))
        fputs("\"reason\": null, ", stdout);
    else if (with_reason && reason_name(o->st, o->err.reason) != NULL)
        printf("\"reason\": \"%s\", ", reason_name(o->st, o->err.reason));
    else if (with_reason && o->err.reason != 0) /* a reason cri.h has no name for */
        printf("\"reason\": %ld, ", (long)o->err.reason);
    else if (with_reason)
        fputs("\"reason\": null, ", stdout);
    fputs("\"offset\": ", stdout);
    if (has_offset(o))
        printf("%lu}", (unsigned long)o->err.offset);
    else
        fputs("null}", stdout);
}

/* ---- CoAP options ------------------------------------------------------------------ */

enum option_format { FORMAT_TEXT, FORMAT_UINT, FORMAT_OPAQUE };

static const struct {
    uint16_t number;
    const char *name;
    enum option_format format;
} option_names[] = {
    {CRI_COAP_OPTION_URI_HOST, "Uri-Host", FORMAT_TEXT},
    {CRI_COAP_OPTION_URI_PORT, "Uri-Port", FORMAT_UINT},
    {CRI_COAP_OPTION_URI_PATH, "Uri-Path", FORMAT_TEXT},
    {CRI_COAP_OPTION_URI_QUERY, "Uri-Query", FORMAT_TEXT},
    {CRI_COAP_OPTION_PROXY_URI, "Proxy-Uri", FORMAT_TEXT},
    {CRI_COAP_OPTION_PROXY_SCHEME, "Proxy-Scheme", FORMAT_TEXT},
    {CRI_COAP_OPTION_PROXY_CRI, "Proxy-Cri", FORMAT_OPAQUE},
    {CRI_COAP_OPTION_PROXY_SCHEME_NUMBER, "Proxy-Scheme-Number", FORMAT_UINT},
};

/* The name and format of option `number` ("Unknown" and opaque if not in the table). */
static const char *option_info(uint16_t number, enum option_format *format)
{
    size_t i;

    for (i = 0; i < N_OF(option_names); i++) {
        if (option_names[i].number == number) {
            *format = option_names[i].format;
            return option_names[i].name;
        }
    }
    *format = FORMAT_OPAQUE;
    return "Unknown";
}

/* An option's value as its format says; a uint too long to print, and in JSON text that
 * is not UTF-8, as opaque (hex, in JSON after "hex:"). */
static void put_option_value(const struct cri_coap_option *o, int json)
{
    enum option_format f;
    unsigned long long v = 0;
    size_t i;

    option_info(o->number, &f);
    if ((f == FORMAT_UINT && o->len > sizeof v) ||
        (f == FORMAT_TEXT && json && !utf8_valid(o->value, o->len)))
        f = FORMAT_OPAQUE;
    switch (f) {
    case FORMAT_UINT: /* network byte order, RFC 7252 sec. 3.2 */
        for (i = 0; i < o->len; i++)
            v = v << 8 | o->value[i];
        printf("%llu", v);
        break;
    case FORMAT_TEXT:
        if (json)
            json_string((const char *)o->value, o->len);
        else
            put_escaped(stdout, (const char *)o->value, o->len, 0);
        break;
    case FORMAT_OPAQUE:
        if (json)
            fputs("\"" HEX_PREFIX, stdout);
        put_hex(o->value, o->len);
        if (json)
            putchar('"');
        break;
    }
}

/* ---- output ------------------------------------------------------------------------ */

/* The result of one input as named fields: one output path for every command. */
enum value_kind {
    V_NULL,    /* JSON null; nothing in plain output */
    V_TEXT,    /* bytes: a JSON string; plain, the bytes as they are */
    V_HEX,     /* bytes: lowercase hex (a JSON string) */
    V_BOOL,    /* n is 0 or 1 */
    V_OPTIONS, /* n CoAP options at p: a JSON array of [number, value] */
};

enum plain_style {
    P_NONE,  /* JSON only */
    P_VALUE, /* the value, after a TAB unless first on its line */
    P_KEYED, /* key=value (split), left out when null */
    P_LABEL, /* key<TAB>value (coap's wire line) */
    P_LINES, /* lines of their own (coap options: NUMBER<TAB>NAME<TAB>VALUE) */
};

struct field {
    const char *key; /* JSON member name */
    enum value_kind kind;
    enum plain_style plain;
    const void *p;
    size_t n; /* bytes, or options */
};

enum { MAX_FIELDS = 10 };

struct record {
    struct field f[MAX_FIELDS];
    int n;
};

static void add_field(struct record *r, const char *key, enum value_kind kind,
                      enum plain_style plain, const void *p, size_t n)
{
    struct field *f = &r->f[r->n++]; /* MAX_FIELDS covers split's 9, the most */

    f->key = key;
    f->kind = kind;
    f->plain = plain;
    f->p = p;
    f->n = n;
}

static void put_value(const struct field *f, int json)
{
    const struct cri_coap_option *opts = f->p;
    size_t i;

    switch (f->kind) {
    case V_NULL:
        fputs(json ? "null" : "", stdout);
        break;
    case V_TEXT:
        if (json)
            json_string(f->p, f->n);
        else if (f->plain == P_KEYED) /* split: a lenient component may hold a TAB */
            put_escaped(stdout, f->p, f->n, 0);
        else if (f->n > 0)
            fwrite(f->p, 1, f->n, stdout);
        break;
    case V_HEX:
        fputs(json ? "\"" : "", stdout);
        put_hex(f->p, f->n);
        fputs(json ? "\"" : "", stdout);
        break;
    case V_BOOL:
        fputs(f->n ? "true" : "false", stdout);
        break;
    case V_OPTIONS:
        for (i = 0; i < f->n; i++) {
            enum option_format unused;

            if (json)
                printf("%s[%u, ", i == 0 ? "[" : ", ", (unsigned)opts[i].number);
            else
                printf("%u\t%s\t", (unsigned)opts[i].number,
                       option_info(opts[i].number, &unused));
            put_option_value(&opts[i], json);
            fputs(json ? "]" : "\n", stdout);
        }
        if (json)
            fputs(f->n == 0 ? "[]" : "]", stdout);
        break;
    }
}

static void print_plain(const struct record *r)
{
    const char *sep = "";
    int i;

    for (i = 0; i < r->n; i++) {
        const struct field *f = &r->f[i];

        switch (f->plain) {
        case P_NONE:
            continue;
        case P_KEYED:
            if (f->kind == V_NULL)
                continue;
            printf("%s%s=", sep, f->key);
            break;
        case P_LABEL:
            printf("%s%s\t", sep, f->key);
            break;
        case P_VALUE:
            fputs(sep, stdout);
            break;
        case P_LINES:
            if (*sep != '\0')
                putchar('\n');
            put_value(f, 0);
            sep = "";
            continue;
        }
        put_value(f, 0);
        sep = "\t";
    }
    putchar('\n');
}

static void print_json(const struct record *r, const struct outcome *o, int with_reason)
{
    int count = 0, i;

    for (i = 0; i < r->n; i++) {
        const struct field *f = &r->f[i];

        json_key(&count, f->key);
        put_value(f, 1);
        /* Text that is not UTF-8 has its exact bytes beside it: KEY_hex. */
        if (f->kind == V_TEXT && !utf8_valid(f->p, f->n)) {
            printf(", \"%s_hex\": \"", f->key);
            put_hex(f->p, f->n);
            putchar('"');
        }
    }
    json_error(&count, o, with_reason);
    fputs("}\n", stdout);
}

/* ---- commands -------------------------------------------------------------------- */

/* Options a command accepts, besides --json and --help: bit positions. */
enum {
    OPT_LENIENT,
    OPT_FORM,
    OPT_SET,
    OPT_ZONE_ID,
    OPT_DEST,
    OPT_PORT,
    OPT_PROXY,
    OPT_PROXY_SCHEME,
    OPT_AUTO,
    OPT_IRI,
    OPT_KEEP_IRI,
    OPT_SCHEME,
    N_OPTS
};
#define BIT(opt) (1u << (opt))
#define MODE_OPTS (BIT(OPT_PROXY) | BIT(OPT_PROXY_SCHEME) | BIT(OPT_AUTO))

/* How a command reads an INPUT (and its BASE). */
enum input_kind {
    IN_TEXT,   /* as it is */
    IN_HEX,    /* CBOR as hex digits, "hex:" optional */
    IN_CRI,    /* cri-resolve: CBOR after "hex:", else a URI reference to convert */
    IN_TARGET, /* coap: "hex:" and CBOR as hex, else a URI */
};

struct job;

/* One library call with the output convention (out, cap, out_len) and error details;
 * `in` is the input, or the output of the stage before. */
typedef cri_status (*stage_fn)(const struct job *job, const void *in, size_t len, void *out,
                               size_t cap, size_t *out_len, struct cri_error_info *err);

struct stage {
    stage_fn fn;
    const char *key; /* JSON member name of its result */
    enum value_kind kind;
    enum plain_style plain;
};

enum { N_STAGES = 2 };

struct origin;
typedef void (*run_fn)(struct job *job, const char *in, size_t len, struct origin at);

struct command {
    const char *name;
    unsigned opts;          /* BIT(OPT_*) it accepts */
    int needs_base;         /* resolve, cri-resolve: the first argument is BASE */
    enum input_kind input;  /* how INPUT and BASE are read */
    run_fn run;             /* run_stages, or split's and coap's own */
    const char *in_key;     /* JSON member name of the input */
    int cri_errors;         /* JSON errors carry "reason" */
    struct stage stages[N_STAGES]; /* each on the output of the one before */
};

/* An input as the library takes it: text, or CBOR (decoded from hex or converted). */
struct data {
    const void *p;
    size_t len;
    int is_cbor;
};

/* Everything one run needs, set up once from the command line. */
struct job {
    const struct command *cmd;
    int json;
    int lenient;           /* split: fall back to Appendix B */
    uint32_t decode_flags; /* URI_DECODE_* */
    int32_t encode_set;    /* URI_ENCODE_* */
    uint32_t to_uri_flags; /* CRI_TO_URI_* */
    int iri;               /* --iri: IRIs in (split, resolve, to-cri), out (from-cri) */
    uint32_t iri_flags;    /* resolve --keep-iri: IRI_RESOLVE_KEEP_IRI */
    uint32_t split_flags;  /* URI_SPLIT_IRI or 0 */
    const char *base;      /* resolve, cri-resolve: as given */
    size_t base_len;
    struct data base_data; /* as the stages take it */
    struct outcome base_outcome; /* BASE's failure (--json: every input's error) */
    int32_t coap_mode;     /* CRI_COAP_MODE_* */
    const char *scheme;    /* from-coap: --scheme, default "coap" */
    uint64_t scheme_number; /* its CRI scheme number, UINT64_MAX if it has none */
    const struct cri_coap_destination *dest; /* NULL: what the target names */
    struct cri_coap_destination dest_storage;
    uint8_t dest_addr[16];
    /* Buffers reused across inputs: BASE's and an input's CBOR, each stage's result,
     * coap's option array and option values. */
    struct buf base_buf, in_buf, stage_buf[N_STAGES], opts, scratch;
    int failed; /* some input failed: exit 1 */
};

/* Where an input came from, for messages: "argument 3", "line 12", or "base" (n 0). */
struct origin {
    const char *what;
    unsigned long n;
};

static cri_status do_preprocess(const struct job *job, const void *in, size_t len,
                                void *out, size_t cap, size_t *out_len,
                                struct cri_error_info *err);

static void report_failure(struct job *job, struct origin at, const struct outcome *o,
                           const char *in, size_t len)
{
    const char *reason = reason_name(o->st, o->err.reason);

    job->failed = 1;
    fprintf(stderr, "cri-tool: %s", at.what);
    if (at.n > 0)
        fprintf(stderr, " %lu", at.n);
    fprintf(stderr, ": %s", status_name(o->st));
    if (reason != NULL)
        fprintf(stderr, " (%s)", reason);
    else if (o->err.reason != 0)
        fprintf(stderr, " (reason %ld)", (long)o->err.reason);
    if (has_offset(o))
        fprintf(stderr, " at offset %lu", (unsigned long)o->err.offset);
    fputs(": ", stderr);
    put_escaped(stderr, in, len, 0);
    fputc('\n', stderr);
    /* The input again with a caret under the offending byte, and what the status means.
     * The offset of a CRI given in hex counts CBOR bytes: two digits each. preprocess's
     * offset is in the processed text, which --json prints. */
    if (has_offset(o) && job->cmd->stages[0].fn != do_preprocess) {
        size_t col;
        int cbor = (o->st == CRI_ERR_UNPROCESSABLE ||
                    (o->st == CRI_ERR_BASE && o->err.reason != 0));
        if (cbor)
            col = (has_hex_prefix(in, len) ? HEX_PREFIX_LEN : 0) + 2 * o->err.offset;
        else
            col = escaped_column(in, len, o->err.offset);
        fputs("  ", stderr);
        put_escaped(stderr, in, len, 0);
        fprintf(stderr, "\n  %*s^ %s\n", (int)col, "", status_meaning(o));
    }
}

/* The one way out for an input: stderr for a failure, then stdout. */
static void emit(struct job *job, struct origin at, const char *in, size_t len,
                 const struct record *r, const struct outcome *o)
{
    if (o->st != CRI_OK && !o->tolerated && !o->reported)
        report_failure(job, at, o, in, len);
    if (job->json)
        print_json(r, o, job->cmd->cri_errors);
    else if (o->st == CRI_OK || o->tolerated)
        print_plain(r);
}

/* Runs `fn` into `b`: first into the buffer as it is (empty at the start, which makes the
 * call a size query), then once more with the room the library asked for (+1 for the NUL
 * of text output). */
static cri_status fill(const struct job *job, stage_fn fn, const void *in, size_t len,
                       struct buf *b, size_t *out_len, struct cri_error_info *err)
{
    cri_status st = fn(job, in, len, b->p, b->cap, out_len, err);

    if (st == CRI_ERR_BUFFER) {
        buf_reserve(b, *out_len + 1);
        st = fn(job, in, len, b->p, b->cap, out_len, err);
    }
    return st;
}

/* -- stages: URI functions (their error offset goes to err->offset) -- */

/* resolve: uri_resolve, or with --iri iri_resolve (base and reference may be IRIs). */
static cri_status do_resolve(const struct job *job, const void *in, size_t len, void *out,
                             size_t cap, size_t *out_len, struct cri_error_info *err)
{
    if (job->iri)
        return iri_resolve(job->base_data.p, job->base_data.len, in, len,
                           job->iri_flags, out, cap, out_len, &err->offset);
    return uri_resolve(job->base_data.p, job->base_data.len, in, len, out, cap, out_len,
                       &err->offset);
}

/* equivalent: uri_equivalent of BASE (the first URI) and the input; *out_len gets 1 or 0.
 * BASE is checked alone first (base_is_valid), so an error here is in the input. */
static cri_status do_equivalent(const struct job *job, const void *in, size_t len, void *out,
                                size_t cap, size_t *out_len, struct cri_error_info *err)
{
    int32_t eq = 0;
    cri_status st = uri_equivalent(job->base_data.p, job->base_data.len, in, len, &eq,
                                   &err->offset);

    (void)out;
    (void)cap;
    *out_len = eq != 0;
    return st;
}

static cri_status do_normalize(const struct job *job, const void *in, size_t len, void *out,
                               size_t cap, size_t *out_len, struct cri_error_info *err)
{
    (void)job;
    return uri_normalize(in, len, out, cap, out_len, &err->offset);
}

static cri_status do_encode(const struct job *job, const void *in, size_t len, void *out,
                            size_t cap, size_t *out_len, struct cri_error_info *err)
{
    (void)err; /* encoding cannot fail on the input */
    return uri_percent_encode(in, len, job->encode_set, out, cap, out_len);
}

static cri_status do_decode(const struct job *job, const void *in, size_t len, void *out,
                            size_t cap, size_t *out_len, struct cri_error_info *err)
{
    return uri_percent_decode(in, len, job->decode_flags, out, cap, out_len, &err->offset);
}

static cri_status do_iri_to_uri(const struct job *job, const void *in, size_t len,
                                void *out, size_t cap, size_t *out_len,
                                struct cri_error_info *err)
{
    (void)job;
    return iri_to_uri(in, len, out, cap, out_len, &err->offset);
}

static cri_status do_uri_to_iri(const struct job *job, const void *in, size_t len,
                                void *out, size_t cap, size_t *out_len,
                                struct cri_error_info *err)
{
    (void)job;
    return uri_to_iri(in, len, out, cap, out_len, &err->offset);
}

/* A failed check leaves err->offset in the processed text, not in the input. */
static cri_status do_preprocess(const struct job *job, const void *in, size_t len,
                                void *out, size_t cap, size_t *out_len,
                                struct cri_error_info *err)
{
    (void)job;
    return uri_preprocess(in, len, out, cap, out_len, &err->offset);
}

/* -- stages: CRI functions -- */

/* cri_from_uri, or with --iri cri_from_iri. */
static cri_status do_from_uri(const struct job *job, const void *in, size_t len, void *out,
                              size_t cap, size_t *out_len, struct cri_error_info *err)
{
    if (job->iri)
        return cri_from_iri(in, len, out, cap, out_len, err);
    return cri_from_uri(in, len, out, cap, out_len, err);
}

/* cri_to_uri, or with --iri cri_to_iri. */
static cri_status do_to_uri(const struct job *job, const void *in, size_t len, void *out,
                            size_t cap, size_t *out_len, struct cri_error_info *err)
{
    if (job->iri)
        return cri_to_iri(in, len, job->to_uri_flags, out, cap, out_len, err);
    return cri_to_uri(in, len, job->to_uri_flags, out, cap, out_len, err);
}

static cri_status do_to_edn(const struct job *job, const void *in, size_t len, void *out,
                            size_t cap, size_t *out_len, struct cri_error_info *err)
{
    (void)job;
    return cri_to_edn(in, len, out, cap, out_len, err);
}

static cri_status do_cri_resolve(const struct job *job, const void *in, size_t len,
                                 void *out, size_t cap, size_t *out_len,
                                 struct cri_error_info *err)
{
    return cri_resolve(job->base_data.p, job->base_data.len, in, len, out, cap, out_len,
                       err);
}

/* coap's second stage: `in` is the option array, `len` the number of options. */
static cri_status do_wire(const struct job *job, const void *in, size_t len, void *out,
                          size_t cap, size_t *out_len, struct cri_error_info *err)
{
    (void)job;
    return cri_coap_options_to_wire(in, len, out, cap, out_len, err);
}

/* -- reading inputs -- */

/* Hex digits after an optional "hex:" (`prefixed`: the prefix is there) into b. */
static cri_status read_hex(const char *in, size_t len, int prefixed, struct buf *b,
                           struct data *d, struct cri_error_info *err)
{
    size_t skip = prefixed ? HEX_PREFIX_LEN : 0;

    if (!hex_decode(in + skip, len - skip, b, &err->offset)) {
        err->offset += skip;
        return TOOL_ERR_BAD_HEX;
    }
    d->p = b->p;
    d->len = (len - skip) / 2;
    d->is_cbor = 1;
    return CRI_OK;
}

/* Reads the INPUT or BASE (in, len) as the command takes it into *d (CBOR into b). */
static cri_status read_input(const struct job *job, const char *in, size_t len,
                             struct buf *b, struct data *d, struct cri_error_info *err)
{
    int prefixed = has_hex_prefix(in, len);
    cri_status st;

    d->p = in;
    d->len = len;
    d->is_cbor = 0;
    switch (job->cmd->input) {
    case IN_TEXT:
        break;
    case IN_HEX:
        return read_hex(in, len, prefixed, b, d, err);
    case IN_TARGET:
        if (prefixed)
            return read_hex(in, len, prefixed, b, d, err);
        break;
    case IN_CRI:
        /* A CRI only with "hex:": guessing took "80" for a CRI, and a mistyped CRI for a
         * URI path that "succeeded". */
        if (prefixed)
            return read_hex(in, len, prefixed, b, d, err);
        st = fill(job, do_from_uri, in, len, b, &d->len, err);
        d->p = b->p;
        d->is_cbor = 1;
        return st;
    }
    return CRI_OK;
}

/* Runs the command's stages from `d` on, adding a field for each (null from the one
 * that fails, and after it). */
static void run_stages_on(struct job *job, struct data d, struct record *r,
                          struct outcome *o)
{
    int i;

    for (i = 0; i < N_STAGES && job->cmd->stages[i].fn != NULL; i++) {
        const struct stage *s = &job->cmd->stages[i];
        struct buf *b = &job->stage_buf[i];
        size_t out_len = 0;

        int written;

        if (o->st == CRI_OK)
            o->st = fill(job, s->fn, d.p, d.len, b, &out_len, &o->err);
        /* uri_preprocess writes its output before checking it (cri.h): a syntax error
         * there still has the processed text, which err->offset points into. */
        written = o->st == CRI_OK || (s->fn == do_preprocess && (o->st == CRI_ERR_SYNTAX ||
                                                                 o->st == CRI_ERR_PORT_RANGE));
        add_field(r, s->key, written ? s->kind : V_NULL, s->plain, b->p, out_len);
        d.p = b->p;
        d.len = out_len;
    }
}

/* to-cri: CRI_ERR_UNCONVERTIBLE has no offset (cri.h), but its reason names the URI
 * component no CRI can carry; the split URI gives where that is, for the caret. */
static void locate_unconvertible(const struct job *job, const char *in, size_t len,
                                 struct outcome *o)
{
    struct uri_parts p;
    struct uri_span s;

    if (o->st != CRI_ERR_UNCONVERTIBLE || job->cmd->stages[0].fn != do_from_uri)
        return;
    memset(&p, 0, sizeof p);
    if (uri_split(in, len, job->iri ? URI_SPLIT_IRI : 0, &p, NULL) != CRI_OK)
        return;
    switch (o->err.reason) {
    case CRI_UNCONVERTIBLE_IPVFUTURE:
    case CRI_UNCONVERTIBLE_ZONE_ID: s = p.host; break;
    case CRI_UNCONVERTIBLE_EMPTY_PORT:
    case CRI_UNCONVERTIBLE_PORT_LEADING_ZERO: s = p.port; break;
    case CRI_UNCONVERTIBLE_LEADING_EMPTY_SEGMENT:
    case CRI_UNCONVERTIBLE_DISCARD_RANGE: s = p.path; break;
    default: return;
    }
    if (s.ptr == NULL)
        return;
    /* An empty port is the ':' before it. */
    o->err.offset = (size_t)(s.ptr - in) - (s.len == 0 && s.ptr > in);
    o->text_at = 1;
}

/* The commands made only of stages: resolve, normalize, encode, decode, iri to-uri,
 * iri to-iri, preprocess, to-cri, from-cri, cri-resolve, edn. */
static void run_stages(struct job *job, const char *in, size_t len, struct origin at)
{
    struct record r = {{{0}}, 0};
    struct outcome o = {CRI_OK, {0, 0}, 0, 0, 0};
    struct data d;

    if (job->cmd->needs_base)
        add_field(&r, "base", V_TEXT, P_NONE, job->base, job->base_len);
    add_field(&r, job->cmd->in_key, V_TEXT, P_NONE, in, len);
    if (job->base_outcome.st != CRI_OK)
        o = job->base_outcome; /* --json with a bad BASE: its error, null results */
    else
        o.st = read_input(job, in, len, &job->in_buf, &d, &o.err);
    run_stages_on(job, d, &r, &o);
    locate_unconvertible(job, in, len, &o);
    emit(job, at, in, len, &r, &o);
}

enum { N_PARTS = 7 };
static const char *const part_names[N_PARTS] = {"scheme", "userinfo", "host", "port",
                                                "path", "query", "fragment"};

static void run_split(struct job *job, const char *in, size_t len, struct origin at)
{
    struct record r = {{{0}}, 0};
    struct outcome o = {CRI_OK, {0, 0}, 0, 0, 0};
    struct uri_parts p;
    struct uri_span s[N_PARTS];
    int i, have_parts;

    memset(&p, 0, sizeof p); /* a failed split leaves it untouched */
    o.st = uri_split(in, len, job->split_flags, &p, &o.err.offset);
    /* The library fills the parts for an out-of-range port too (cri.h). */
    have_parts = o.st == CRI_OK || o.st == CRI_ERR_PORT_RANGE;
    if (o.st != CRI_OK && job->lenient) {
        /* Strict first so that "valid" and "error" stay meaningful for log analysis;
         * the Appendix B split never fails, so the input does not count as failed. */
        uri_split(in, len, URI_SPLIT_LENIENT, &p, NULL);
        have_parts = o.tolerated = 1;
    }
    s[0] = p.scheme, s[1] = p.userinfo, s[2] = p.host, s[3] = p.port;
    s[4] = p.path, s[5] = p.query, s[6] = p.fragment;
    add_field(&r, "input", V_TEXT, P_NONE, in, len);
    add_field(&r, "valid", V_BOOL, P_NONE, NULL, o.st == CRI_OK);
    for (i = 0; i < N_PARTS; i++)
        add_field(&r, part_names[i], have_parts && s[i].ptr != NULL ? V_TEXT : V_NULL,
                  P_KEYED, s[i].ptr, s[i].len);
    emit(job, at, in, len, &r, &o);
}

/* The options of a request to the target `d` into job->opts and job->scratch, with the
 * size query first; *n gets their number. */
static cri_status coap_options(struct job *job, const struct data *d, size_t *n,
                               struct cri_error_info *err)
{
    const size_t size = sizeof(struct cri_coap_option);
    size_t n_scratch = 0;
    int round;
    cri_status st = CRI_ERR_BUFFER;

    for (round = 0; round < 2 && st == CRI_ERR_BUFFER; round++) {
        if (round > 0) {
            buf_reserve(&job->opts, (*n + 1) * size);
            buf_reserve(&job->scratch, n_scratch + 1);
        }
        if (d->is_cbor)
            st = cri_to_coap_options(d->p, d->len, job->dest, job->coap_mode,
                                     (struct cri_coap_option *)job->opts.p,
                                     job->opts.cap / size, n, (uint8_t *)job->scratch.p,
                                     job->scratch.cap, &n_scratch, err);
        else
            st = uri_to_coap_options(d->p, d->len, job->dest, job->coap_mode,
                                     (struct cri_coap_option *)job->opts.p,
                                     job->opts.cap / size, n, (uint8_t *)job->scratch.p,
                                     job->scratch.cap, &n_scratch, err);
    }
    return st;
}

/* from-coap: `in` is the option array, `len` the number of options. */
static cri_status do_uri_from_options(const struct job *job, const void *in, size_t len,
                                      void *out, size_t cap, size_t *out_len,
                                      struct cri_error_info *err)
{
    static const struct cri_coap_destination unknown = {NULL, 0, NULL, 0, -1};

    return uri_from_coap_options(job->scheme, strlen(job->scheme),
                                 job->dest != NULL ? job->dest : &unknown, in, len, out, cap,
                                 out_len, err);
}

static cri_status do_cri_from_options(const struct job *job, const void *in, size_t len,
                                      void *out, size_t cap, size_t *out_len,
                                      struct cri_error_info *err)
{
    static const struct cri_coap_destination unknown = {NULL, 0, NULL, 0, -1};

    return cri_from_coap_options(job->scheme_number, job->dest != NULL ? job->dest : &unknown,
                                 in, len, out, cap, out_len, err);
}

/* One NUMBER:VALUE item (s, len) of a from-coap INPUT as option `o`, its value written at
 * `val` (NULL: only measured); returns the value length, or (size_t)-1 if the item is no
 * NUMBER:VALUE. VALUE is percent-decoded, or decimal for a uint option (Uri-Port). */
static size_t option_item(const char *s, size_t len, struct cri_coap_option *o, uint8_t *val)
{
    const char *colon = memchr(s, ':', len);
    size_t i, vlen, need = 0, off = 0;
    unsigned long number = 0;
    enum option_format format;

    if (colon == NULL || colon == s || colon - s > 5)
        return (size_t)-1;
    for (i = 0; s + i < colon; i++) {
        if (s[i] < '0' || s[i] > '9')
            return (size_t)-1;
        number = number * 10 + (unsigned long)(s[i] - '0');
    }
    if (number > 65535)
        return (size_t)-1;
    o->number = (uint16_t)number;
    vlen = len - (size_t)(colon + 1 - s);
    option_info(o->number, &format);
    if (format == FORMAT_UINT) {
        uint64_t v = 0;
        uint8_t be[8];
        for (i = 0; i < vlen; i++) {
            char c = colon[1 + i];
            if (c < '0' || c > '9' || vlen > 19)
                return (size_t)-1;
            v = v * 10 + (uint64_t)(c - '0');
        }
        for (need = 0; v != 0; v >>= 8) /* big-endian, no leading zero bytes (sec. 3.2) */
            be[need++] = (uint8_t)v;
        for (i = 0; val != NULL && i < need; i++)
            val[i] = be[need - 1 - i];
        return need;
    }
    if (uri_percent_decode(colon + 1, vlen, 0, NULL, 0, &need, &off) != CRI_ERR_BUFFER ||
        (val != NULL && uri_percent_decode(colon + 1, vlen, 0, (char *)val, need + 1, &need,
                                           &off) != CRI_OK))
        return (size_t)-1;
    return need;
}

/* A from-coap INPUT into job->opts: "hex:" and option bytes (RFC 7252 sec. 3.1; a payload
 * after 0xFF is left alone), or NUMBER:VALUE items separated by spaces. *n gets the count;
 * a bad item is TOOL_ERR_BAD_OPTION at its first character. */
static cri_status read_option_list(struct job *job, const char *in, size_t len, size_t *n,
                                   struct cri_error_info *err)
{
    const size_t size = sizeof(struct cri_coap_option);
    struct cri_coap_option *opts;
    size_t pass, i, start, total = 0, used = 0;

    if (has_hex_prefix(in, len)) {
        struct data d;
        cri_status st = read_hex(in, len, 1, &job->in_buf, &d, err);

        if (st == CRI_OK)
            st = cri_coap_options_from_wire(d.p, d.len, NULL, 0, n, &used, err);
        if (st == CRI_ERR_BUFFER) {
            buf_reserve(&job->opts, (*n + 1) * size);
            st = cri_coap_options_from_wire(d.p, d.len, (struct cri_coap_option *)job->opts.p,
                                            *n, n, &used, err);
        }
        return st;
    }
    /* Two passes: the first counts items and value bytes, the second writes them. */
    for (pass = 0; pass < 2; pass++) {
        uint8_t *val = pass ? (uint8_t *)job->scratch.p : NULL;
        *n = 0;
        opts = (struct cri_coap_option *)job->opts.p;
        for (i = 0; i <= len; i++) {
            struct cri_coap_option o = {0, NULL, 0};
            size_t vlen;

            if (i < len && in[i] != ' ')
                continue;
            for (start = i; start > 0 && in[start - 1] != ' '; start--)
                ;
            if (start == i)
                continue;
            vlen = option_item(in + start, i - start, &o, val);
            if (vlen == (size_t)-1) {
                err->offset = start;
                return TOOL_ERR_BAD_OPTION;
            }
            if (pass) {
                o.value = val;
                o.len = vlen;
                opts[*n] = o;
                val += vlen;
            } else {
                total += vlen;
            }
            ++*n;
        }
        if (!pass) {
            buf_reserve(&job->opts, (*n + 1) * size);
            buf_reserve(&job->scratch, total + 1);
        }
    }
    return CRI_OK;
}

/* from-coap: CRI_COAP_ERR_ORDER does not say which option (cri.h); the first
 * NUMBER:VALUE item whose number is below the one before it, as an offset into INPUT.
 * The items were read already (read_option_list), so each starts with a number. */
static int locate_order(const char *in, size_t len, size_t *at)
{
    size_t i = 0, start;
    unsigned long num, prev = 0;

    if (has_hex_prefix(in, len))
        return 0;
    for (;;) {
        while (i < len && in[i] == ' ')
            i++;
        if (i == len)
            return 0;
        start = i;
        for (num = 0; i < len && in[i] >= '0' && in[i] <= '9' && num <= 65535; i++)
            num = num * 10 + (unsigned long)(in[i] - '0');
        if (num < prev) {
            *at = start;
            return 1;
        }
        prev = num;
        while (i < len && in[i] != ' ')
            i++;
    }
}

/* from-coap: the options checked (cri_coap_options_check), then as a URI and as a CRI. */
static void run_from_coap(struct job *job, const char *in, size_t len, struct origin at)
{
    struct record r = {{{0}}, 0};
    struct outcome o = {CRI_OK, {0, 0}, 0, 0, 0};
    size_t n = 0, ulen = 0, clen = 0;
    const struct cri_coap_option *opts;

    add_field(&r, "input", V_TEXT, P_NONE, in, len);
    o.st = read_option_list(job, in, len, &n, &o.err);
    opts = (const struct cri_coap_option *)job->opts.p;
    if (o.st == CRI_OK)
        o.st = cri_coap_options_check(opts, n, &o.err);
    if (o.st == CRI_ERR_COAP && o.err.reason == CRI_COAP_ERR_ORDER)
        o.text_at = locate_order(in, len, &o.err.offset);
    if (o.st == CRI_OK)
        o.st = fill(job, do_uri_from_options, opts, n, &job->stage_buf[0], &ulen, &o.err);
    add_field(&r, "uri", o.st == CRI_OK ? V_TEXT : V_NULL, P_VALUE, job->stage_buf[0].p, ulen);
    if (o.st == CRI_OK)
        o.st = fill(job, do_cri_from_options, opts, n, &job->stage_buf[1], &clen, &o.err);
    add_field(&r, "cri_hex", o.st == CRI_OK ? V_HEX : V_NULL, P_VALUE, job->stage_buf[1].p,
              clen);
    emit(job, at, in, len, &r, &o);
}

/* coap: the options, then the stages (the wire format) on them. */
static void run_coap(struct job *job, const char *in, size_t len, struct origin at)
{
    struct record r = {{{0}}, 0};
    struct outcome o = {CRI_OK, {0, 0}, 0, 0, 0};
    struct data d;
    size_t n = 0;

    add_field(&r, "input", V_TEXT, P_NONE, in, len);
    o.st = read_input(job, in, len, &job->in_buf, &d, &o.err);
    if (o.st == CRI_OK) {
        o.st = coap_options(job, &d, &n, &o.err);
        o.text_at = o.st == CRI_ERR_COAP && !d.is_cbor;
    }
    add_field(&r, "options", o.st == CRI_OK ? V_OPTIONS : V_NULL, P_LINES, job->opts.p, n);
    d.p = job->opts.p;
    d.len = n;
    run_stages_on(job, d, &r, &o);
    emit(job, at, in, len, &r, &o);
}

/* A name of two words ("iri to-uri") is a command in a group: COMMAND is then two
 * arguments. */
static const struct command commands[] = {
    {"split", BIT(OPT_LENIENT) | BIT(OPT_IRI), 0, IN_TEXT, run_split, "input", 0, {{0}}},
    {"resolve", BIT(OPT_IRI) | BIT(OPT_KEEP_IRI), 1, IN_TEXT, run_stages, "ref", 0,
     {{do_resolve, "target", V_TEXT, P_VALUE}}},
    {"normalize", 0, 0, IN_TEXT, run_stages, "input", 0,
     {{do_normalize, "normalized", V_TEXT, P_VALUE}}},
    {"equivalent", 0, 1, IN_TEXT, run_stages, "other", 0,
     {{do_equivalent, "equivalent", V_BOOL, P_VALUE}}},
    {"encode", BIT(OPT_FORM) | BIT(OPT_SET), 0, IN_TEXT, run_stages, "input", 0,
     {{do_encode, "output", V_TEXT, P_VALUE}}},
    {"decode", BIT(OPT_LENIENT) | BIT(OPT_FORM), 0, IN_TEXT, run_stages, "input", 0,
     {{do_decode, "output", V_TEXT, P_VALUE}}},
    {"iri to-uri", 0, 0, IN_TEXT, run_stages, "input", 0,
     {{do_iri_to_uri, "output", V_TEXT, P_VALUE}}},
    {"iri to-iri", 0, 0, IN_TEXT, run_stages, "input", 0,
     {{do_uri_to_iri, "output", V_TEXT, P_VALUE}}},
    {"preprocess", 0, 0, IN_TEXT, run_stages, "input", 0,
     {{do_preprocess, "output", V_TEXT, P_VALUE}}},
    {"to-cri", BIT(OPT_IRI), 0, IN_TEXT, run_stages, "input", 1,
     {{do_from_uri, "cri_hex", V_HEX, P_VALUE}, {do_to_edn, "cri_edn", V_TEXT, P_VALUE}}},
    {"from-cri", BIT(OPT_ZONE_ID) | BIT(OPT_IRI), 0, IN_HEX, run_stages, "input", 1,
     {{do_to_uri, "uri", V_TEXT, P_VALUE}}},
    {"cri-resolve", BIT(OPT_ZONE_ID), 1, IN_CRI, run_stages, "ref", 1,
     {{do_cri_resolve, "cri_hex", V_HEX, P_VALUE}, {do_to_uri, "uri", V_TEXT, P_VALUE}}},
    {"edn", 0, 0, IN_HEX, run_stages, "input", 1, {{do_to_edn, "edn", V_TEXT, P_VALUE}}},
    {"coap", BIT(OPT_DEST) | BIT(OPT_PORT) | MODE_OPTS, 0, IN_TARGET, run_coap, "input", 1,
     {{do_wire, "wire", V_HEX, P_LABEL}}},
    {"from-coap", BIT(OPT_DEST) | BIT(OPT_PORT) | BIT(OPT_SCHEME), 0, IN_TEXT, run_from_coap,
     "input", 1, {{0}}},
};

/* Whether the command `name` is in `group` ("iri" for "iri to-uri"; NULL: in none), and
 * then the word that names it there. */
static const char *name_in_group(const char *name, const char *group)
{
    const char *space = strchr(name, ' ');

    if (group == NULL)
        return space == NULL ? name : NULL;
    if (space == NULL || strncmp(name, group, (size_t)(space - name)) != 0 ||
        group[space - name] != '\0')
        return NULL;
    return space + 1;
}

/* The command named `word` in `group`, or NULL. */
static const struct command *find_command(const char *group, const char *word)
{
    size_t i;

    for (i = 0; i < N_OF(commands); i++) {
        const char *name = name_in_group(commands[i].name, group);

        if (name != NULL && strcmp(name, word) == 0)
            return &commands[i];
    }
    return NULL;
}

static int is_group(const char *word)
{
    size_t i;

    for (i = 0; i < N_OF(commands); i++)
        if (name_in_group(commands[i].name, word) != NULL)
            return 1;
    return 0;
}

static void run_arguments(struct job *job, char **inputs, int n)
{
    int i;

    for (i = 0; i < n; i++) {
        struct origin at = {"argument", (unsigned long)i + 1};
        job->cmd->run(job, inputs[i], strlen(inputs[i]), at);
    }
}

static void run_stdin(struct job *job)
{
    struct buf line = {NULL, 0};
    struct origin at = {"line", 0};
    size_t len;

    while (read_line(stdin, &line, &len)) {
        at.n++;
        job->cmd->run(job, line.p, len, at);
    }
    if (ferror(stdin)) {
        fputs("cri-tool: error reading standard input\n", stderr);
        job->failed = 1;
    }
    free(line.p);
}

/* ---- command line ---------------------------------------------------------------- */

/* The options of enum OPT_*, in its order; `value` names the argument of those with one. */
static const struct {
    const char *name;
    const char *value;
} option_specs[N_OPTS] = {
    {"--lenient", NULL}, {"--form", NULL},  {"--set", "NAME"},
    {"--zone-id", NULL}, {"--dest", "ADDR"}, {"--port", "N"},
    {"--proxy", NULL},   {"--proxy-scheme", NULL}, {"--auto", NULL},
    {"--iri", NULL},     {"--keep-iri", NULL}, {"--scheme", "NAME"},
};

struct cli {
    const struct command *cmd;
    int help, json;
    unsigned given;              /* BIT(OPT_*) seen */
    const char *value[N_OPTS];   /* the argument of --set, --dest, --port */
    const char *base;
    char **inputs;
    int n_inputs;
};

static int usage_error(const char *fmt, ...)
{
    va_list ap;

    fputs("cri-tool: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\nTry 'cri-tool --help'.\n", stderr);
    return -1;
}

static const struct {
    const char *name;
    int32_t set;
} encode_sets[] = {
    {"unreserved", URI_ENCODE_UNRESERVED}, {"path-segment", URI_ENCODE_PATH_SEGMENT},
    {"query", URI_ENCODE_QUERY},           {"fragment", URI_ENCODE_FRAGMENT},
    {"userinfo", URI_ENCODE_USERINFO},     {"form", URI_ENCODE_FORM},
};

static int find_encode_set(const char *name, int32_t *set)
{
    size_t i;

    for (i = 0; i < N_OF(encode_sets); i++) {
        if (strcmp(encode_sets[i].name, name) == 0) {
            *set = encode_sets[i].set;
            return 1;
        }
    }
    return 0;
}

/* Parses the option argv[*i], consuming the value of "--set NAME" (or "--set=NAME") and
 * the like too. */
static int parse_option(int argc, char **argv, int *i, struct cli *cli)
{
    const char *a = argv[*i];
    int o;

    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
        cli->help = 1;
        return 0;
    }
    if (strcmp(a, "--json") == 0) {
        cli->json = 1;
        return 0;
    }
    for (o = 0; o < N_OPTS; o++) {
        const char *name = option_specs[o].name;
        size_t n = strlen(name);

        if (strncmp(a, name, n) != 0 || (a[n] != '\0' && a[n] != '='))
            continue;
        if (option_specs[o].value == NULL && a[n] == '=')
            return usage_error("%s takes no value", name);
        if (option_specs[o].value != NULL && a[n] == '=') {
            cli->value[o] = a + n + 1;
        } else if (option_specs[o].value != NULL) {
            if (*i + 1 >= argc)
                return usage_error("%s needs a %s", name, option_specs[o].value);
            cli->value[o] = argv[++*i];
        }
        cli->given |= BIT(o);
        return 0;
    }
    return usage_error("unknown option '%s'", a);
}

static int check_options(const struct cli *cli)
{
    unsigned extra = cli->given & ~cli->cmd->opts, modes = cli->given & MODE_OPTS;
    int o;

    for (o = 0; o < N_OPTS; o++)
        if (extra & BIT(o))
            return usage_error("%s does not apply to %s", option_specs[o].name,
                               cli->cmd->name);
    if ((modes & (modes - 1)) != 0)
        return usage_error("give at most one of --proxy, --proxy-scheme, --auto");
    return 0;
}

/* Options may come anywhere, before "--". The other arguments are COMMAND, BASE and the
 * inputs, which are gathered at the front of argv (as getopt permutes it): the slot an
 * input moves to has always been read already. */
static int parse_cli(int argc, char **argv, struct cli *cli)
{
    const char *group = NULL; /* "iri", waiting for the command's second word */
    int i, options_done = 0;

    memset(cli, 0, sizeof *cli);
    cli->inputs = argv + 1;
    for (i = 1; i < argc; i++) {
        char *a = argv[i];

        if (!options_done && a[0] == '-' && a[1] != '\0') {
            if (strcmp(a, "--") == 0)
                options_done = 1;
            else if (parse_option(argc, argv, &i, cli) != 0)
                return -1;
        } else if (cli->cmd == NULL && group == NULL && is_group(a)) {
            group = a;
        } else if (cli->cmd == NULL) {
            cli->cmd = find_command(group, a);
            if (cli->cmd == NULL && group != NULL)
                return usage_error("unknown command '%s %s'", group, a);
            if (cli->cmd == NULL)
                return usage_error("unknown command '%s'", a);
        } else if (cli->cmd->needs_base && cli->base == NULL) {
            cli->base = a;
        } else {
            cli->inputs[cli->n_inputs++] = a;
        }
    }
    if (cli->help)
        return 0;
    if (cli->cmd == NULL && group != NULL)
        return usage_error("'%s' is only the first word of a command", group);
    if (cli->cmd == NULL)
        return usage_error("no command given");
    if (cli->cmd->needs_base && cli->base == NULL)
        return usage_error("%s needs a BASE", cli->cmd->name);
    return check_options(cli);
}

static int setup_encode_set(const struct cli *cli, struct job *job)
{
    int form = (cli->given & BIT(OPT_FORM)) != 0;
    const char *name = cli->value[OPT_SET];

    job->encode_set = form ? URI_ENCODE_FORM : URI_ENCODE_UNRESERVED;
    if (name == NULL)
        return 0;
    if (!find_encode_set(name, &job->encode_set))
        return usage_error("unknown --set '%s' (unreserved, path-segment, query, fragment, "
                           "userinfo, form)",
                           name);
    if (form && job->encode_set != URI_ENCODE_FORM)
        return usage_error("--form contradicts --set %s", name);
    return 0;
}

/* coap: --dest ADDR (IPv4, or IPv6 with an optional %zone), --port N and the mode. */
static int setup_coap(const struct cli *cli, struct job *job)
{
    struct cri_coap_destination *d = &job->dest_storage;
    const char *addr = cli->value[OPT_DEST], *port = cli->value[OPT_PORT];

    d->port = -1;
    if (port != NULL) {
        char *end;
        unsigned long p = strtoul(port, &end, 10);

        if (port[0] < '0' || port[0] > '9' || *end != '\0' || p > 65535 || end - port > 5)
            return usage_error("--port '%s' is no port number 0..65535", port);
        d->port = (int32_t)p;
    }
    if (addr != NULL) {
        const char *pct = strchr(addr, '%');
        char text[64];
        size_t n = pct != NULL ? (size_t)(pct - addr) : strlen(addr);
        int v6 = memchr(addr, ':', n) != NULL;

        if (n >= sizeof text || (pct != NULL && (!v6 || pct[1] == '\0')))
            return usage_error("--dest '%s' is no IPv4 or IPv6 address", addr);
        memcpy(text, addr, n);
        text[n] = '\0';
        if (inet_pton(v6 ? AF_INET6 : AF_INET, text, job->dest_addr) != 1)
            return usage_error("--dest '%s' is no IPv4 or IPv6 address", addr);
        d->addr = job->dest_addr;
        d->addr_len = v6 ? 16 : 4;
        if (pct != NULL) {
            d->zone = pct + 1;
            d->zone_len = strlen(pct + 1);
        }
    }
    job->dest = addr != NULL || port != NULL ? d : NULL;
    job->scheme = cli->value[OPT_SCHEME] != NULL ? cli->value[OPT_SCHEME] : "coap";
    if (cri_scheme_number(job->scheme, strlen(job->scheme), &job->scheme_number) != CRI_OK)
        job->scheme_number = UINT64_MAX;
    job->coap_mode = (cli->given & BIT(OPT_PROXY))          ? CRI_COAP_MODE_PROXY
                     : (cli->given & BIT(OPT_PROXY_SCHEME)) ? CRI_COAP_MODE_PROXY_SCHEME
                     : (cli->given & BIT(OPT_AUTO))         ? CRI_COAP_MODE_AUTO
                                                            : CRI_COAP_MODE_DIRECT;
    return 0;
}

/* Reads BASE and tries the first stage on the empty reference ("" or the CRI reference
 * [], 0x80): a bad BASE would fail every reference the same way, so say so once and
 * read nothing. */
static int base_is_valid(struct job *job)
{
    static const char empty_cri[] = "\x80";
    struct outcome o = {CRI_OK, {0, 0}, 0, 0, 0};
    struct origin at = {"base", 0};
    size_t need = 0;

    o.st = read_input(job, job->base, job->base_len, &job->base_buf, &job->base_data,
                      &o.err);
    if (o.st == CRI_OK) {
        int cbor = job->base_data.is_cbor;
        o.st = job->cmd->stages[0].fn(job, cbor ? empty_cri : "", cbor ? 1 : 0, NULL, 0,
                                      &need, &o.err);
    }
    if (o.st == CRI_OK || o.st == CRI_ERR_BUFFER)
        return 1;
    report_failure(job, at, &o, job->base, job->base_len);
    o.reported = 1;
    job->base_outcome = o;
    return 0;
}

static int finish(struct job *job)
{
    struct buf *all[] = {&job->base_buf,     &job->in_buf, &job->stage_buf[0],
                         &job->stage_buf[1], &job->opts,   &job->scratch};
    size_t i;

    for (i = 0; i < N_OF(all); i++)
        free(all[i]->p);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs("cri-tool: error writing standard output\n", stderr);
        return EXIT_FAILED;
    }
    return job->failed ? EXIT_FAILED : EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    struct cli cli;
    struct job job;

    if (parse_cli(argc, argv, &cli) != 0)
        return EXIT_USAGE;
    if (cli.help) {
        size_t i;

        for (i = 0; i < N_OF(usage_text); i++)
            fputs(usage_text[i], stdout);
        return EXIT_SUCCESS;
    }
    /* stderr is unbuffered: every putc of a message was a write(2) (5 s for the corpus).
     * Line buffering writes each message at once and still keeps it ahead of the next
     * stdout record. */
    static char err_buf[1 << 16];
    setvbuf(stderr, err_buf, _IOLBF, sizeof err_buf);
    memset(&job, 0, sizeof job);
    job.cmd = cli.cmd;
    job.json = cli.json;
    job.lenient = (cli.given & BIT(OPT_LENIENT)) != 0;
    job.decode_flags = (job.lenient ? URI_DECODE_LENIENT : 0u) |
                       ((cli.given & BIT(OPT_FORM)) ? URI_DECODE_FORM : 0u);
    job.to_uri_flags = (cli.given & BIT(OPT_ZONE_ID)) ? CRI_TO_URI_ZONE_ID : 0u;
    job.iri = (cli.given & (BIT(OPT_IRI) | BIT(OPT_KEEP_IRI))) != 0; /* keep implies */
    job.iri_flags = (cli.given & BIT(OPT_KEEP_IRI)) ? IRI_RESOLVE_KEEP_IRI : 0u;
    job.split_flags = job.iri ? URI_SPLIT_IRI : 0u;
    if (setup_encode_set(&cli, &job) != 0 || setup_coap(&cli, &job) != 0)
        return EXIT_USAGE;
    if (cli.base != NULL) {
        job.base = cli.base;
        job.base_len = strlen(cli.base);
        /* A bad BASE fails every input: without --json nothing is printed for them,
         * with --json each still gets its object (one per input, as --help says). */
        if (!base_is_valid(&job) && !job.json)
            return finish(&job);
    }
    if (cli.n_inputs > 0)
        run_arguments(&job, cli.inputs, cli.n_inputs);
    else
        run_stdin(&job);
    return finish(&job);
}
