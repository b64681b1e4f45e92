#!/usr/bin/env python3
"""Builds the seed corpora fuzz/corpus/<target>/ from tests/data/*.jsonl,
tests/data/href-tests.csv and a sample of corpus/urls.txt.

    python3 fuzz/make_corpus.py [--urls N] [--out DIR]

The seeds are generated, not committed (fuzz/.gitignore): each is one file named by the
SHA-1 of its bytes, in the input format of its target (see the doc comment at the top of
each fuzz_targets/*.rs). Existing files (corpus entries libFuzzer added) are kept.
"""
import argparse
import csv
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data")
OUT = os.path.join(ROOT, "fuzz", "corpus")


def jsonl(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line:
                yield json.loads(line)


def b(s):
    return s.encode("utf-8", "surrogatepass") if isinstance(s, str) else bytes(s)


def hexbytes(h):
    try:
        return bytes.fromhex(h) if isinstance(h, str) and h else None
    except ValueError:
        return None


def wire(options):
    """RFC 7252 §3.1 option encoding of [[number, value], ...] (values text or ints)."""
    out = bytearray()
    prev = 0
    for number, value in sorted(options, key=lambda o: o[0]):
        if isinstance(value, int):
            value = value.to_bytes((value.bit_length() + 7) // 8, "big")
        else:
            value = b(value)
        parts = []
        for v in (number - prev, len(value)):
            if v < 13:
                parts.append((v, b""))
            elif v < 269:
                parts.append((13, bytes([v - 13])))
            else:
                parts.append((14, (v - 269).to_bytes(2, "big")))
        out.append(parts[0][0] << 4 | parts[1][0])
        out += parts[0][1] + parts[1][1] + value
        prev = number
    return bytes(out)


NUMBER_SELECTOR = {3: 0, 7: 1, 11: 2, 15: 5, 1: 8, 4: 9, 12: 10, 17: 11, 60: 12, 258: 13, 2049: 14, 65000: 15}


def option_records(options):
    """The coap target's mode-1 records: selector, length, value."""
    out = bytearray()
    for number, value in options:
        if number not in NUMBER_SELECTOR:
            continue
        if isinstance(value, int):
            value = value.to_bytes((value.bit_length() + 7) // 8, "big")
        value = b(value)[:255]
        out += bytes([NUMBER_SELECTOR[number], len(value)]) + value
    return bytes(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--urls", type=int, default=400, help="lines sampled from corpus/urls.txt")
    ap.add_argument("--out", default=OUT, help="where the corpora go (default fuzz/corpus)")
    args = ap.parse_args()

    seeds = {t: set() for t in ["split", "percent", "resolve", "normalize", "cri", "cri_from_uri", "coap"]}
    uris, pairs, cris, option_lists = set(), set(), set(), []

    for r in jsonl("split.jsonl"):
        uris.add(b(r["uri"]))
    for r in jsonl("normalize.jsonl"):
        uris.add(b(r["uri"]))
        if isinstance(r.get("normalized"), str):
            seeds["normalize"].add(b(r["uri"]) + b"\n" + b(r["normalized"]))
    for r in jsonl("resolve.jsonl"):
        pairs.add(b(r["base"]) + b"\n" + b(r["ref"]))
        uris.add(b(r["ref"]))
    for r in jsonl("percent.jsonl"):
        x = b(r["input"])
        for sel in (0, 1, 2, 5, 0x40, 0x80, 0xC5):
            seeds["percent"].add(bytes([sel]) + x)
    for r in jsonl("cri-vectors.jsonl"):
        for k in ("cri_hex", "base_cri_hex", "result_cri_hex", "result_cri_hex_27"):
            h = hexbytes(r.get(k))
            if h is not None:
                cris.add(h)
        if isinstance(r.get("uri"), str):
            uris.add(b(r["uri"]))
            if isinstance(r.get("base"), str):
                pairs.add(b(r["base"]) + b"\n" + b(r["uri"]))
    for r in jsonl("coap-options-derived.jsonl"):
        for k in ("cri_hex", "result_cri_hex"):
            h = hexbytes(r.get(k))
            if h is not None:
                cris.add(h)
        if isinstance(r.get("options"), list):
            option_lists.append(r["options"])
        if isinstance(r.get("result"), list):
            option_lists.append(r["result"])
    for r in jsonl("coap_options.jsonl"):
        if isinstance(r.get("uri"), str):
            uris.add(b(r["uri"]))
            seeds["coap"].add(b"\x02" + b(r["uri"]))
        for k in ("options", "rfc7252_model"):
            if isinstance(r.get(k), list):
                option_lists.append(r[k])
    with open(os.path.join(DATA, "href-tests.csv"), encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f, delimiter=";"))
    header = rows[0]
    base = None
    for row in rows[1:]:
        rec = dict(zip(header, row))
        for k in ("cri_hex", "resolved_cri_hex"):
            h = hexbytes(rec.get(k))
            if h is not None:
                cris.add(h)
        if rec.get("type") == "base":
            base = rec.get("uri")
        uri = rec.get("uri")
        if uri is not None:
            uris.add(b(uri))
            if base:
                pairs.add(b(base) + b"\n" + b(uri))

    urls_path = os.path.join(ROOT, "corpus", "urls.txt")
    if os.path.exists(urls_path) and args.urls > 0:
        with open(urls_path, "rb") as f:
            lines = [l.rstrip(b"\r\n") for l in f]
        step = max(1, len(lines) // args.urls)
        for l in lines[::step][: args.urls]:
            uris.add(l)

    for u in uris:
        seeds["split"].add(u)
        seeds["normalize"].add(u)
        seeds["cri_from_uri"].add(u)
        if b":" in u[:12]:
            seeds["coap"].add(b"\x02" + u)
    for p in pairs:
        seeds["resolve"].add(p)
        seeds["cri_from_uri"].add(p)
    for c in cris:
        seeds["cri"].add(c)
        seeds["coap"].add(b"\x03" + c)
    for opts in option_lists:
        try:
            seeds["coap"].add(b"\x00" + wire(opts))
            for sel in (1, 0x21, 0x45, 0x65):
                seeds["coap"].add(bytes([sel]) + option_records(opts))
        except (TypeError, ValueError, OverflowError):
            pass

    for target, items in seeds.items():
        d = os.path.join(args.out, target)
        os.makedirs(d, exist_ok=True)
        for s in items:
            name = hashlib.sha1(s).hexdigest()
            path = os.path.join(d, name)
            if not os.path.exists(path):
                with open(path, "wb") as f:
                    f.write(s)
        print(f"{target}: {len(items)} seeds", file=sys.stderr)


if __name__ == "__main__":
    main()
