#!/usr/bin/env python3
"""Instructions per operation of every implementation in cri_bench, under callgrind.

    python3 bench/callgrind_table.py BUILD/cri_bench [--out DIR] [--group G ...] [--top N]

Wall-clock ratios move with the machine's load; instruction counts do not. For each group
this runs `valgrind --tool=callgrind --toggle-collect='pass_*' cri_bench --group G
--passes 1 --runs 1` (one warm-up pass and one measured pass, so every implementation
runs the corpus twice), takes each pass function's inclusive instruction count (Ir,
including what the peers spend in malloc/free) and divides it by twice the corpus size.
With --top N it also lists, per group, the N libcri functions with the most self Ir (and
their inclusive Ir), from a second run that collects inside the libcri pass only
(function-level profile; symbol names survive in the LTO archive; callgrind's inclusive
figures can be off where LTO turned calls into tail jumps).

The callgrind files stay in --out (default build/callgrind) for callgrind_annotate or
kcachegrind.
"""

import argparse
import os
import re
import subprocess
import sys

DEFAULT_GROUPS = ["split/urls-shapes", "split/coap", "resolve/refs", "normalize/urls-shapes",
                  "normalize/coap", "coap-options/coap", "cri-from-uri/coap", "cri-to-uri/coap"]

PASS_NAMES = {
    "pass_scan": "byte-class scan (limit)",
    "pass_cri_split": "libcri uri_split (strict)",
    "pass_cri_split_lenient": "libcri uri_split (lenient)",
    "pass_uriparser_split": "uriparser uriParseSingleUriExA",
    "pass_curl_split": "curl curl_url_set",
    "pass_coap_split": "libcoap coap_split_uri",
    "pass_cri_resolve": "libcri uri_resolve",
    "pass_uriparser_resolve": "uriparser parse×2 + uriAddBaseUriA + uriToStringA",
    "pass_cri_normalize": "libcri uri_normalize",
    "pass_uriparser_normalize": "uriparser parse + uriNormalizeSyntaxA + uriToStringA",
    "pass_cri_coap": "libcri uri_to_coap_options",
    "pass_cri_coap_wire": "libcri uri_to_coap_options + cri_coap_options_to_wire",
    "pass_coap_options": "libcoap coap_split_uri + coap_split_path + coap_split_query",
    "pass_cri_from_uri": "libcri cri_from_uri",
    "pass_cri_to_uri": "libcri cri_to_uri",
}
SUBJECT = {"pass_cri_split", "pass_cri_resolve", "pass_cri_normalize", "pass_cri_coap",
           "pass_cri_from_uri", "pass_cri_to_uri"}

LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$")


def annotate(path, inclusive):
    out = subprocess.run(["callgrind_annotate", "--inclusive=" + ("yes" if inclusive else "no"),
                          "--threshold=100", path],
                         capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        m = LINE.match(line)
        if m:
            rows.append((int(m.group(1).replace(",", "")), m.group(2)))
    return rows


def short(fn):
    fn = re.sub(r"\s*\[[^\]]*\]\s*$", "", fn)          # [object file]
    fn = fn.split(":", 1)[1] if ":" in fn else fn       # file:
    return fn.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bench")
    ap.add_argument("--out", default=None)
    ap.add_argument("--group", action="append")
    ap.add_argument("--top", type=int, default=0)
    args = ap.parse_args()
    out_dir = args.out or os.path.join(os.path.dirname(os.path.abspath(args.bench)), "callgrind")
    os.makedirs(out_dir, exist_ok=True)
    groups = args.group or DEFAULT_GROUPS

    print("### Instructions per operation (callgrind)\n")
    print("| group | implementation | Ir/op | Ir/byte | Ir vs libcri |")
    print("|---|---|---:|---:|---:|")
    profiles = []
    for g in groups:
        cg = os.path.join(out_dir, g.replace("/", "_") + ".callgrind")
        run = subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=pass_*",
                              "--callgrind-out-file=" + cg, args.bench, "--group", g,
                              "--passes", "1", "--runs", "1"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("cri_bench under valgrind failed for %s:\n%s" % (g, run.stderr[-2000:]))
        m = re.search(r"(\d+) operations, ([\d.]+) input bytes each", run.stdout)
        if not m:
            sys.exit("no corpus size in the output for " + g)
        n, avg = int(m.group(1)), float(m.group(2))
        found = {}
        for ir, fn in annotate(cg, True):
            name = short(fn)
            if name in PASS_NAMES and name not in found:
                found[name] = ir
        subject = next((k for k in found if k in SUBJECT), None)
        for fn, ir in found.items():
            per = ir / (2 * n)
            ratio = "%.2f×" % (ir / found[subject]) if subject else "—"
            print("| %s | %s | %.0f | %.1f | %s |" % (g, PASS_NAMES[fn], per, per / avg, ratio))
        if args.top and subject:
            # A second run that collects inside the libcri pass only, so the profile
            # holds nothing of the other implementations (some share functions).
            cg = os.path.join(out_dir, g.replace("/", "_") + ".libcri.callgrind")
            subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=" + subject,
                            "--callgrind-out-file=" + cg, args.bench, "--group", g,
                            "--passes", "1", "--runs", "1"],
                           capture_output=True, text=True, check=True)
            total = next((ir for ir, fn in annotate(cg, True) if short(fn) == subject), 0)
            if not total:
                continue
            # libcri's functions: Rust paths, or its exported uri_*/cri_* symbols (the
            # peers are C; their unnamed or libc functions are left out).
            def ours(name):
                return "::" in name or re.match(r"^(uri|cri)_\w+$", name)
            incl, own = {}, {}
            for ir, fn in annotate(cg, True):
                name = short(fn)
                if ours(name) and ir <= total:
                    incl.setdefault(name, ir)
            for ir, fn in annotate(cg, False):
                name = short(fn)
                if ours(name):
                    own[name] = own.get(name, 0) + ir
            rows = sorted(own.items(), key=lambda kv: -kv[1])[: args.top]
            profiles.append((g, n, total, rows, incl))
    for g, n, total, rows, incl in profiles:
        print("\n#### %s: libcri's functions by self Ir (%.0f Ir/op in all)\n" % (g, total / (2 * n)))
        print("| self Ir/op | self share | inclusive Ir/op | function |")
        print("|---:|---:|---:|---|")
        for name, ir in rows:
            inc = incl.get(name)
            print("| %.0f | %.0f%% | %s | `%s` |" % (
                ir / (2 * n), 100 * ir / total, "%.0f" % (inc / (2 * n)) if inc else "—", name))


if __name__ == "__main__":
    main()
