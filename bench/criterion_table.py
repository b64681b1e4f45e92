#!/usr/bin/env python3
"""Markdown tables from the criterion results of benches/peers.rs.

    python3 bench/criterion_table.py [--baseline NAME] [--dir target/criterion]

Reads <dir>/<group>/<implementation>/<baseline>/estimates.json (the median time of one
pass over the corpus) and benchmark.json (the corpus bytes), and <dir>/cri-accepted.tsv
(written by the benchmark: operations per corpus and how many each implementation
accepted). Prints ns per operation, MB/s (10^6 input bytes per second), the time relative
to libcri (above 1: libcri is faster) and, for libcri, its time over the byte scan.
"""

import argparse
import json
import os
import sys

ORDER = ["libcri", "fluent-uri", "iri-string", "oxiri", "byte-scan"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", default="new", help="criterion baseline (default: new)")
    ap.add_argument("--dir", default=os.path.join(os.path.dirname(__file__), "..", "target", "criterion"))
    args = ap.parse_args()
    root = os.path.normpath(args.dir)

    accepted, ops = {}, {}
    try:
        with open(os.path.join(root, "cri-accepted.tsv"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                group, impl, frac = line.rstrip("\n").split("\t")
                ok, n = frac.split("/")
                accepted[(group, impl)] = int(ok)
                ops[group] = int(n)
    except FileNotFoundError:
        sys.exit("no %s/cri-accepted.tsv: run `cargo bench --bench peers` first" % root)

    groups = sorted(g for g in os.listdir(root) if os.path.isdir(os.path.join(root, g)))
    summary = []
    for group in groups:
        rows = {}
        for impl in os.listdir(os.path.join(root, group)):
            d = os.path.join(root, group, impl, args.baseline)
            try:
                with open(os.path.join(d, "estimates.json")) as f:
                    median = json.load(f)["median"]["point_estimate"]
                with open(os.path.join(d, "benchmark.json")) as f:
                    nbytes = json.load(f)["throughput"]["Bytes"]
            except (FileNotFoundError, KeyError, TypeError):
                continue
            rows[impl] = (median, nbytes)
        if not rows or group not in ops:
            continue
        n = ops[group]
        names = sorted(rows, key=lambda k: ORDER.index(k) if k in ORDER else len(ORDER))
        lib = rows.get("libcri")
        print("\n### %s (%d operations, %.1f bytes each; criterion baseline `%s`)\n"
              % (group, n, next(iter(rows.values()))[1] / n, args.baseline))
        print("| implementation | ok | ns/op | MB/s | time vs libcri |")
        print("|---|---:|---:|---:|---:|")
        for name in names:
            median, nbytes = rows[name]
            ok = accepted.get((group, name))
            ratio = "%.2f×" % (median / lib[0]) if lib else "—"
            print("| %s | %s | %.1f | %.0f | %s |" % (
                name, "—" if ok is None else ok, median / n, nbytes / median * 1e3, ratio))
        if lib:
            scan = rows.get("byte-scan")
            peers = "; ".join("%s %.2f×" % (k, rows[k][0] / lib[0]) for k in names
                              if k not in ("libcri", "byte-scan"))
            summary.append("| %s | %.1f | %s | %s |" % (
                group, lib[0] / n, "%.2f×" % (lib[0] / scan[0]) if scan else "—", peers or "—"))
    print("\n### Headline (criterion, baseline `%s`)\n" % args.baseline)
    print("| group | libcri ns/op | libcri / byte scan | peer / libcri |")
    print("|---|---:|---:|---|")
    for line in summary:
        print(line)


if __name__ == "__main__":
    main()
