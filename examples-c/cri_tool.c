/*
 * cri-tool: libcri's RFC 3986 functions on the command line, for people (plain output)
 * and for scripts (--json). C99 on the public API (include/cri.h) only.
 *
 *   cri-tool split --json 'http://a/b?'          one JSON object per URI
 *   cri-tool normalize < urls.txt                 batch mode: one input per line
 *
 * `cri-tool --help` gives the full usage; every library call follows the C ABI
 * conventions of DESIGN.md (inputs are pointer + length, outputs use the size query).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cri.h"

enum { EXIT_FAILED = 1, EXIT_USAGE = 2 };

static const char usage_text[] =
    "usage: cri-tool [OPTIONS] COMMAND [OPTIONS] [INPUT...]\n"
    "\n"
    "commands:\n"
    "  split URI...         split URI references into components (RFC 3986 sec. 3)\n"
    "  resolve BASE REF...  resolve references against the base URI BASE (sec. 5.2)\n"
    "  normalize URI...     normalize URI references (sec. 6.2.2, 6.2.3)\n"
    "  encode TEXT...       percent-encode text (sec. 2.1)\n"
    "  decode TEXT...       percent-decode text (sec. 2.1)\n"
    "\n"
    "Without INPUT arguments the inputs are read from standard input, one per line\n"
    "(a trailing LF or CR LF is removed); for resolve, BASE stays an argument.\n"
    "\n"
    "options (anywhere before the first INPUT; \"--\" ends them):\n"
    "  --json       print one JSON object per input, failed inputs included\n"
    "  --lenient    split: split by RFC 3986 Appendix B and never fail; \"valid\" and\n"
    "               \"error\" still give the strict verdict\n"
    "               decode: pass broken % sequences through\n"
    "  --form       encode/decode application/x-www-form-urlencoded (space <-> +)\n"
    "  --set NAME   encode: the characters kept literally: unreserved (default),\n"
    "               path-segment, query, fragment, userinfo, form\n"
    "  -h, --help   print this help\n"
    "\n"
    "output (stdout):\n"
    "  split       the components present, as key=value separated by tabs, in the\n"
    "              order scheme userinfo host port path query fragment. An absent\n"
    "              component has no key, an empty one is \"key=\": http://a/b? gives\n"
    "              \"scheme=http<TAB>host=a<TAB>path=/b<TAB>query=\", http://a/b the same\n"
    "              without query. path is always there (maybe empty).\n"
    "  others      the resulting string as is (decode: the raw bytes, which may hold\n"
    "              a newline or a NUL; --json escapes them).\n"
    "  Without --json a failed input prints nothing on stdout; with --json every\n"
    "  input gives one object, so output line N belongs to input N:\n"
    "    split     {input, valid, scheme, userinfo, host, port, path, query, fragment,\n"
    "               error}: components as written, null when absent\n"
    "    resolve   {base, ref, target, error}\n"
    "    normalize {input, normalized, error}\n"
    "    encode, decode {input, output, error}\n"
    "  error is null or {\"code\": \"CRI_ERR_...\", \"offset\": N}.\n"
    "\n"
    "A failed input is reported on stderr and the rest are still processed:\n"
    "  cri-tool: line N: CRI_ERR_... at offset K: INPUT\n"
    "(\"argument N\" for the Nth INPUT argument, not counting BASE; K counts bytes).\n"
    "\n"
    "exit status: 0 every input succeeded, 1 an input (or BASE) failed, 2 usage error.\n";

/* ---- buffers --------------------------------------------------------------------- */

/* A growable buffer, reused for every input: batch mode only allocates when a line or
 * a result is longer than every one before it. */
struct buf {
    char *p;
    size_t cap;
};

static void die_out_of_memory(void)
{
    fputs("cri-tool: out of memory\n", stderr);
    exit(EXIT_FAILED);
}

static void buf_reserve(struct buf *b, size_t need)
{
    size_t cap = b->cap ? b->cap : 256;
    char *p;

    if (need <= b->cap)
        return;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    p = realloc(b->p, cap);
    if (p == NULL)
        die_out_of_memory();
    b->p = p;
    b->cap = cap;
}

/* Reads one line into `line` without its "\n" or "\r\n"; returns 0 at the end of the
 * input. getc rather than fgets because a NUL byte is data here (the library reports it
 * as a syntax error at its offset) and fgets would hide everything after it. */
static int read_line(FILE *f, struct buf *line, size_t *len)
{
    size_t n = 0;
    int c;

    buf_reserve(line, 1); /* never hand the library or fwrite a NULL pointer */
    while ((c = getc(f)) != EOF && c != '\n') {
        buf_reserve(line, n + 1);
        line->p[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return 0;
    if (c == '\n' && n > 0 && line->p[n - 1] == '\r')
        n--;
    *len = n;
    return 1;
}

/* ---- JSON ------------------------------------------------------------------------ */

/* Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF. */
static int utf8_valid(const unsigned char *s, size_t len)
{
    size_t i = 0;

    while (i < len) {
        unsigned c = s[i];
        size_t n, k;
        uint32_t cp, min;

        if (c < 0x80) {
            i++;
            continue;
        }
        if ((c & 0xE0) == 0xC0) {
            n = 1, cp = c & 0x1F, min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2, cp = c & 0x0F, min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3, cp = c & 0x07, min = 0x10000;
        } else {
            return 0;
        }
        if (len - i - 1 < n)
            return 0;
        for (k = 1; k <= n; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (s[i + k] & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        i += n + 1;
    }
    return 1;
}

/* Writes (s, len) as a JSON string. Lengths come from the library, never strlen: a
 * decoded %00 is a NUL byte inside the text. UTF-8 text passes through; a string that
 * is not UTF-8 (decode of %FF) gets each byte >= 0x80 as \u00XX so that the output is
 * still valid JSON. */
static void json_string(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    int pass_high = utf8_valid(u, len);
    size_t i;

    putchar('"');
    for (i = 0; i < len; i++) {
        unsigned c = u[i];
        switch (c) {
        case '"': fputs("\\\"", stdout); break;
        case '\\': fputs("\\\\", stdout); break;
        case '\b': fputs("\\b", stdout); break;
        case '\f': fputs("\\f", stdout); break;
        case '\n': fputs("\\n", stdout); break;
        case '\r': fputs("\\r", stdout); break;
        case '\t': fputs("\\t", stdout); break;
        default:
            if (c < 0x20 || (c >= 0x80 && !pass_high))
                printf("\\u%04x", c);
            else
                putchar((int)c);
        }
    }
    putchar('"');
}

/* Starts the next member of the object being printed; *count is its member count. */
static void json_key(int *count, const char *key)
{
    fputs(*count == 0 ? "{\"" : ", \"", stdout);
    fputs(key, stdout);
    fputs("\": ", stdout);
    ++*count;
}

static void json_span(struct uri_span s)
{
    if (s.ptr == NULL)
        fputs("null", stdout);
    else
        json_string(s.ptr, s.len);
}

/* Statuses whose error_offset the library sets (see cri.h). */
static int status_has_offset(cri_status st)
{
    return st == CRI_ERR_SYNTAX || st == CRI_ERR_PERCENT || st == CRI_ERR_PORT_RANGE ||
           st == CRI_ERR_BASE;
}

static void json_error(int *count, cri_status st, size_t offset)
{
    json_key(count, "error");
    if (st == CRI_OK) {
        fputs("null", stdout);
        return;
    }
    printf("{\"code\": \"%s\", \"offset\": ", cri_status_name(st));
    if (status_has_offset(st))
        printf("%lu}", (unsigned long)offset);
    else
        fputs("null}", stdout);
}

/* ---- commands -------------------------------------------------------------------- */

/* Options a command accepts, besides --json. */
enum { OPT_LENIENT = 1, OPT_FORM = 2, OPT_SET = 4 };

struct job;

/* A command that turns one input into one string, with the library's text-output
 * convention (out, cap, out_len) and error offset. */
typedef cri_status (*transform_fn)(const struct job *job, const char *in, size_t len,
                                   char *out, size_t cap, size_t *out_len, size_t *err);

struct command {
    const char *name;
    unsigned opts;          /* OPT_* it accepts */
    int needs_base;         /* resolve: the first argument is BASE, not an input */
    transform_fn transform; /* NULL for split, which prints components instead */
    const char *in_key;     /* JSON member names of the input and the result */
    const char *out_key;
};

/* Everything one run needs, set up once from the command line. */
struct job {
    const struct command *cmd;
    int json;
    int lenient;           /* split: fall back to Appendix B */
    uint32_t decode_flags; /* URI_DECODE_* */
    int32_t encode_set;    /* URI_ENCODE_* */
    const char *base;      /* resolve only */
    size_t base_len;
    struct buf out; /* result text, reused across inputs */
    int failed;     /* some input failed: exit 1 */
};

/* Where an input came from, for messages: "argument 3", "line 12", or "base" (n 0). */
struct origin {
    const char *what;
    unsigned long n;
};

static void report_failure(struct job *job, struct origin at, cri_status st, size_t offset,
                           const char *in, size_t len)
{
    job->failed = 1;
    fprintf(stderr, "cri-tool: %s", at.what);
    if (at.n > 0)
        fprintf(stderr, " %lu", at.n);
    fprintf(stderr, ": %s", cri_status_name(st));
    if (status_has_offset(st))
        fprintf(stderr, " at offset %lu", (unsigned long)offset);
    fputs(": ", stderr);
    fwrite(in, 1, len, stderr);
    fputc('\n', stderr);
}

static cri_status do_resolve(const struct job *job, const char *in, size_t len, char *out,
                             size_t cap, size_t *out_len, size_t *err)
{
    return uri_resolve(job->base, job->base_len, in, len, out, cap, out_len, err);
}

static cri_status do_normalize(const struct job *job, const char *in, size_t len, char *out,
                               size_t cap, size_t *out_len, size_t *err)
{
    (void)job;
    return uri_normalize(in, len, out, cap, out_len, err);
}

static cri_status do_encode(const struct job *job, const char *in, size_t len, char *out,
                            size_t cap, size_t *out_len, size_t *err)
{
    (void)err; /* encoding cannot fail on the input */
    return uri_percent_encode(in, len, job->encode_set, out, cap, out_len);
}

static cri_status do_decode(const struct job *job, const char *in, size_t len, char *out,
                            size_t cap, size_t *out_len, size_t *err)
{
    return uri_percent_decode(in, len, job->decode_flags, out, cap, out_len, err);
}

static const struct command commands[] = {
    {"split", OPT_LENIENT, 0, NULL, "input", NULL},
    {"resolve", 0, 1, do_resolve, "ref", "target"},
    {"normalize", 0, 0, do_normalize, "input", "normalized"},
    {"encode", OPT_FORM | OPT_SET, 0, do_encode, "input", "output"},
    {"decode", OPT_LENIENT | OPT_FORM, 0, do_decode, "input", "output"},
};

static const struct command *find_command(const char *name)
{
    size_t i;

    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

/* Runs the command's transform into job->out: first into the buffer as it is (empty
 * at the start, which makes the call a size query), then once more with the length
 * the library asked for. */
static cri_status transform_into_buffer(struct job *job, const char *in, size_t len,
                                        size_t *out_len, size_t *err)
{
    transform_fn f = job->cmd->transform;
    cri_status st = f(job, in, len, job->out.p, job->out.cap, out_len, err);

    if (st == CRI_ERR_BUFFER) {
        buf_reserve(&job->out, *out_len + 1);
        st = f(job, in, len, job->out.p, job->out.cap, out_len, err);
    }
    return st;
}

/* resolve, normalize, encode, decode: one string per input. */
static void run_transform(struct job *job, const char *in, size_t len, struct origin at)
{
    size_t out_len = 0, err = 0;
    cri_status st = transform_into_buffer(job, in, len, &out_len, &err);
    int count = 0;

    if (st != CRI_OK)
        report_failure(job, at, st, err, in, len);
    if (!job->json) {
        if (st == CRI_OK) {
            fwrite(job->out.p, 1, out_len, stdout);
            putchar('\n');
        }
        return;
    }
    if (job->cmd->needs_base) {
        json_key(&count, "base");
        json_string(job->base, job->base_len);
    }
    json_key(&count, job->cmd->in_key);
    json_string(in, len);
    json_key(&count, job->cmd->out_key);
    if (st == CRI_OK)
        json_string(job->out.p, out_len);
    else
        fputs("null", stdout);
    json_error(&count, st, err);
    fputs("}\n", stdout);
}

enum { N_PARTS = 7 };
static const char *const part_names[N_PARTS] = {"scheme", "userinfo", "host", "port",
                                                "path", "query", "fragment"};

static void part_spans(const struct uri_parts *p, struct uri_span s[N_PARTS])
{
    s[0] = p->scheme;
    s[1] = p->userinfo;
    s[2] = p->host;
    s[3] = p->port;
    s[4] = p->path;
    s[5] = p->query;
    s[6] = p->fragment;
}

static void print_parts_plain(const struct uri_parts *p)
{
    struct uri_span s[N_PARTS];
    const char *sep = "";
    int i;

    part_spans(p, s);
    for (i = 0; i < N_PARTS; i++) {
        if (s[i].ptr == NULL)
            continue;
        printf("%s%s=", sep, part_names[i]);
        fwrite(s[i].ptr, 1, s[i].len, stdout);
        sep = "\t";
    }
    putchar('\n');
}

/* parts is NULL when the split failed without giving components. */
static void print_parts_json(const char *in, size_t len, const struct uri_parts *parts,
                             cri_status st, size_t err)
{
    struct uri_span s[N_PARTS];
    int count = 0, i;

    if (parts != NULL)
        part_spans(parts, s);
    json_key(&count, "input");
    json_string(in, len);
    json_key(&count, "valid");
    fputs(st == CRI_OK ? "true" : "false", stdout);
    for (i = 0; i < N_PARTS; i++) {
        json_key(&count, part_names[i]);
        if (parts != NULL)
            json_span(s[i]);
        else
            fputs("null", stdout);
    }
    json_error(&count, st, err);
    fputs("}\n", stdout);
}

static void run_split(struct job *job, const char *in, size_t len, struct origin at)
{
    struct uri_parts parts;
    size_t err = 0;
    cri_status st = uri_split(in, len, 0, &parts, &err);
    /* The library fills the parts for an out-of-range port too (cri.h). */
    int have_parts = st == CRI_OK || st == CRI_ERR_PORT_RANGE;

    if (st != CRI_OK && job->lenient) {
        /* Strict first so that "valid" and "error" stay meaningful for log analysis;
         * the Appendix B split never fails, so the input does not count as failed. */
        uri_split(in, len, URI_SPLIT_LENIENT, &parts, NULL);
        have_parts = 1;
    } else if (st != CRI_OK) {
        report_failure(job, at, st, err, in, len);
    }
    if (job->json)
        print_parts_json(in, len, have_parts ? &parts : NULL, st, err);
    else if (st == CRI_OK || job->lenient)
        print_parts_plain(&parts);
}

static void run_one(struct job *job, const char *in, size_t len, struct origin at)
{
    if (job->cmd->transform == NULL)
        run_split(job, in, len, at);
    else
        run_transform(job, in, len, at);
}

static void run_arguments(struct job *job, char **inputs, int n)
{
    int i;

    for (i = 0; i < n; i++) {
        struct origin at = {"argument", (unsigned long)i + 1};
        run_one(job, inputs[i], strlen(inputs[i]), at);
    }
}

static void run_stdin(struct job *job)
{
    struct buf line = {NULL, 0};
    struct origin at = {"line", 0};
    size_t len;

    while (read_line(stdin, &line, &len)) {
        at.n++;
        run_one(job, line.p, len, at);
    }
    if (ferror(stdin)) {
        fputs("cri-tool: error reading standard input\n", stderr);
        job->failed = 1;
    }
    free(line.p);
}

/* ---- command line ---------------------------------------------------------------- */

struct cli {
    const struct command *cmd;
    int help, json;
    unsigned given; /* OPT_* seen */
    const char *set_name;
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

    for (i = 0; i < sizeof encode_sets / sizeof encode_sets[0]; i++) {
        if (strcmp(encode_sets[i].name, name) == 0) {
            *set = encode_sets[i].set;
            return 1;
        }
    }
    return 0;
}

/* Parses the option argv[*i], consuming the value of --set NAME too. */
static int parse_option(int argc, char **argv, int *i, struct cli *cli)
{
    const char *a = argv[*i];

    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
        cli->help = 1;
    } else if (strcmp(a, "--json") == 0) {
        cli->json = 1;
    } else if (strcmp(a, "--lenient") == 0) {
        cli->given |= OPT_LENIENT;
    } else if (strcmp(a, "--form") == 0) {
        cli->given |= OPT_FORM;
    } else if (strncmp(a, "--set=", 6) == 0) {
        cli->given |= OPT_SET;
        cli->set_name = a + 6;
    } else if (strcmp(a, "--set") == 0) {
        if (*i + 1 >= argc)
            return usage_error("--set needs a NAME");
        cli->given |= OPT_SET;
        cli->set_name = argv[++*i];
    } else {
        return usage_error("unknown option '%s'", a);
    }
    return 0;
}

static int check_options(const struct cli *cli)
{
    /* Indexed by the bit position of OPT_LENIENT, OPT_FORM, OPT_SET. */
    static const char *const names[] = {"--lenient", "--form", "--set"};
    unsigned extra = cli->given & ~cli->cmd->opts;
    size_t b;

    for (b = 0; b < sizeof names / sizeof names[0]; b++)
        if (extra & (1u << b))
            return usage_error("%s does not apply to %s", names[b], cli->cmd->name);
    return 0;
}

/* Options may come before or after COMMAND (and BASE), up to the first input. */
static int parse_cli(int argc, char **argv, struct cli *cli)
{
    int i, options_done = 0;

    memset(cli, 0, sizeof *cli);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];

        if (!options_done && a[0] == '-' && a[1] != '\0') {
            if (strcmp(a, "--") == 0)
                options_done = 1;
            else if (parse_option(argc, argv, &i, cli) != 0)
                return -1;
        } else if (cli->cmd == NULL) {
            cli->cmd = find_command(a);
            if (cli->cmd == NULL)
                return usage_error("unknown command '%s'", a);
        } else if (cli->cmd->needs_base && cli->base == NULL) {
            cli->base = a;
        } else {
            break; /* the first input: everything from here on is data */
        }
    }
    cli->inputs = argv + i;
    cli->n_inputs = argc - i;
    if (cli->help)
        return 0;
    if (cli->cmd == NULL)
        return usage_error("no command given");
    if (cli->cmd->needs_base && cli->base == NULL)
        return usage_error("%s needs a BASE URI", cli->cmd->name);
    return check_options(cli);
}

static int setup_encode_set(const struct cli *cli, struct job *job)
{
    int form = (cli->given & OPT_FORM) != 0;

    job->encode_set = form ? URI_ENCODE_FORM : URI_ENCODE_UNRESERVED;
    if (cli->set_name == NULL)
        return 0;
    if (!find_encode_set(cli->set_name, &job->encode_set))
        return usage_error("unknown --set '%s' (unreserved, path-segment, query, fragment, "
                           "userinfo, form)",
                           cli->set_name);
    if (form && job->encode_set != URI_ENCODE_FORM)
        return usage_error("--form contradicts --set %s", cli->set_name);
    return 0;
}

/* A bad BASE would fail every reference the same way: say so once, read nothing. */
static int base_is_valid(struct job *job)
{
    size_t need = 0, err = 0;
    cri_status st = uri_resolve(job->base, job->base_len, "", 0, NULL, 0, &need, &err);
    struct origin at = {"base", 0};

    if (st == CRI_OK || st == CRI_ERR_BUFFER)
        return 1;
    report_failure(job, at, st, err, job->base, job->base_len);
    return 0;
}

static int finish(struct job *job)
{
    free(job->out.p);
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
        fputs(usage_text, stdout);
        return EXIT_SUCCESS;
    }
    memset(&job, 0, sizeof job);
    job.cmd = cli.cmd;
    job.json = cli.json;
    job.lenient = (cli.given & OPT_LENIENT) != 0;
    job.decode_flags = (job.lenient ? URI_DECODE_LENIENT : 0u) |
                       ((cli.given & OPT_FORM) ? URI_DECODE_FORM : 0u);
    if (setup_encode_set(&cli, &job) != 0)
        return EXIT_USAGE;
    if (cli.base != NULL) {
        job.base = cli.base;
        job.base_len = strlen(cli.base);
        if (!base_is_valid(&job))
            return finish(&job);
    }
    if (cli.n_inputs > 0)
        run_arguments(&job, cli.inputs, cli.n_inputs);
    else
        run_stdin(&job);
    return finish(&job);
}
