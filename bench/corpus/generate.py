#!/usr/bin/env python3
"""Builds the benchmark corpora in bench/corpus/ from files kept in the repository.

    python3 bench/corpus/generate.py            # rewrites the files below
    python3 bench/corpus/generate.py --check    # exits 1 if a file would change

Outputs (one item per line, LF, UTF-8; deterministic: the same bytes on every machine):

- urls-shapes.txt: corpus/urls.txt de-duplicated by shape. The shape of a URL is the URL
  with every run of 7 or more hex digits that holds a digit (commit ids) replaced by "H"
  and then every digit by "0"; the first URL (in the sorted corpus) of each shape is
  kept. This takes the ~74,000 near-identical github.com/nodejs/node/{pull,commit}/N links
  down to a handful while keeping every other URL.
- coap.txt: the CoAP URIs (coap, coaps, coap+tcp, coaps+tcp, coap+ws, coaps+ws) of
  tests/data/coap_options.jsonl, then GENERATED URIs from a fixed-seed xorshift generator
  (no dependence on Python's `random`): IPv4, IPv6 (some with an RFC 6874 zone id) and
  reg-name hosts, optional ports, 0-8 path segments, 0-4 query items, some
  percent-encoding and a few dot-segments.
- refs.tsv: reference-resolution pairs "base<TAB>reference": the RFC 3986 §5.4 table
  (base http://a/b/c/d;p?q, §5.4.1 and §5.4.2), then the base/ref pairs of
  tests/data/resolve.jsonl with mode "strict", exact duplicates dropped.
"""

import json
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "bench", "corpus")
GENERATED = 6000

COAP_SCHEME = re.compile(r"^(?i:coaps?(\+tcp|\+ws)?)://")


# --- (a) real URLs, de-duplicated by shape -------------------------------------------

def shape(url):
    s = re.sub(r"[0-9a-fA-F]{7,}", lambda m: "H" if re.search(r"[0-9]", m.group(0)) else m.group(0), url)
    return re.sub(r"[0-9]", "0", s)


def urls_by_shape():
    seen = set()
    out = []
    with open(os.path.join(ROOT, "corpus", "urls.txt"), encoding="utf-8") as f:
        for line in f:
            url = line.rstrip("\n")
            if not url:
                continue
            k = shape(url)
            if k not in seen:
                seen.add(k)
                out.append(url)
    return out


# --- (b) CoAP URIs ---------------------------------------------------------------------

class XorShift:
    """xorshift64*: the same sequence everywhere."""

    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFFFFFFFFFF or 1

    def next(self):
        x = self.s
        x ^= (x >> 12)
        x ^= (x << 25) & 0xFFFFFFFFFFFFFFFF
        x ^= (x >> 27)
        self.s = x
        return ((x * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF) >> 32

    def below(self, n):
        return self.next() % n

    def chance(self, percent):
        return self.below(100) < percent

    def pick(self, seq):
        return seq[self.below(len(seq))]


SCHEMES = ["coap"] * 14 + ["coaps"] * 4 + ["coap+tcp", "coaps+tcp", "coap+ws", "coaps+ws"]
LABELS = ["sensor", "node", "gw", "rd", "lamp", "thermostat", "example", "iot", "home",
          "plant", "floor1", "building-7", "meter", "dev", "lab", "coap", "local", "eu",
          "xn--bcher-kva", "z", "a1", "core"]
TLDS = ["com", "org", "net", "local", "example", "arpa", "io", "de"]
SEGMENTS = [".well-known", "core", "sensors", "temp", "humidity", "3303", "0", "5700", "1",
            "rd", "rd-lookup", "ep", "res", "light", "switch", "fw", "v1", "api", "status",
            "config", "a", "b", "data.json", "obs", "s", "7", "led", "battery", "~admin",
            "room:12", "x@y", "r;v=2"]
PCT_SEGMENTS = ["caf%C3%A9", "a%20b", "a%2Fb", "%7Euser", "100%25", "%E2%82%AC", "na%C3%AFve",
                "%5Bx%5D", "sp%20ace", "%F0%9F%92%A1"]
QUERY_KEYS = ["rt", "if", "ep", "lt", "d", "con", "et", "href", "anchor", "page", "count",
              "b", "sig", "obs", "min", "max", "n"]
QUERY_VALUES = ["oic.r.temp", "sensor", "node42", "86400", "core.s", "core.a",
                "coap://%5B2001:db8::1%5D", "1", "0", "true", "a%20b", "%C3%A9t%C3%A9", "x/y",
                "3303%2F0", "temperature-c", "", "50", "urn:dev:mac:0024befffe804ff1"]


def hex16(r):
    return format(r.below(0x10000), "x")


def ipv6(r):
    words = [hex16(r) if r.chance(70) else "0" for _ in range(8)]
    form = r.below(5)
    if form == 0:                                   # full form
        text = ":".join(words)
    elif form == 1:                                 # 2001:db8::N
        text = "2001:db8::" + hex16(r)
    elif form == 2:                                 # fe80::…
        text = "fe80::" + ":".join(words[4:])
    elif form == 3:                                 # a run of zeros in the middle
        k = 1 + r.below(5)
        text = ":".join(words[:k]) + "::" + ":".join(words[k + 2:])
    else:                                           # IPv4-embedded
        text = "::ffff:%d.%d.%d.%d" % tuple(r.below(256) for _ in range(4))
    if text.startswith("fe80") and r.chance(30):
        text += "%25" + r.pick(["eth0", "wlan0", "lowpan0", "1"])
    return "[" + text + "]"


def host(r):
    kind = r.below(10)
    if kind < 3:
        return "%d.%d.%d.%d" % tuple(r.below(256) for _ in range(4))
    if kind < 5:
        return ipv6(r)
    labels = [r.pick(LABELS) for _ in range(1 + r.below(3))]
    if r.chance(15):
        labels[0] = labels[0].upper()
    if r.chance(5):
        labels[0] = labels[0] + "%2D" + str(r.below(100))
    return ".".join(labels) + "." + r.pick(TLDS)


def port(r, scheme):
    x = r.below(10)
    if x < 5:
        return ""
    if x < 6:
        return ":" + ("5684" if scheme.startswith("coaps") else "5683")
    return ":" + str(r.pick([5683, 5684, 61616, 8080, 1234, 80, 443]) if r.chance(50) else r.below(65536))


def segment(r):
    x = r.below(100)
    if x < 12:
        return r.pick(PCT_SEGMENTS)
    if x < 14:
        return r.pick([".", ".."])
    if x < 20:
        return str(r.below(100000))
    return r.pick(SEGMENTS)


def query_item(r):
    key = r.pick(QUERY_KEYS)
    if r.chance(15):
        return key
    return key + "=" + r.pick(QUERY_VALUES)


def generated_coap(n):
    r = XorShift(0x6C696263726921)  # "libcri!"
    out = []
    for _ in range(n):
        scheme = r.pick(SCHEMES)
        uri = scheme + "://" + host(r) + port(r, scheme)
        nseg = r.below(9)                          # 0..8 path segments
        if nseg == 0:
            uri += r.pick(["", "", "/"])
        else:
            uri += "".join("/" + segment(r) for _ in range(nseg))
            if r.chance(8):
                uri += "/"
        nq = r.below(5)                            # 0..4 query items
        if nq:
            uri += "?" + "&".join(query_item(r) for _ in range(nq))
        out.append(uri)
    return out


def vector_coap():
    out = []
    with open(os.path.join(ROOT, "tests", "data", "coap_options.jsonl"), encoding="utf-8") as f:
        for line in f:
            uri = json.loads(line).get("uri")
            if isinstance(uri, str) and COAP_SCHEME.match(uri) and "\n" not in uri:
                out.append(uri)
    return out


# --- (c) reference pairs ---------------------------------------------------------------

RFC_BASE = "http://a/b/c/d;p?q"
RFC_REFS = [
    # §5.4.1 normal examples
    "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
    "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
    # §5.4.2 abnormal examples
    "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g",
    "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x",
    "g#s/../x", "http:g",
]


def ref_pairs():
    pairs = [(RFC_BASE, r) for r in RFC_REFS]
    seen = set(pairs)
    with open(os.path.join(ROOT, "tests", "data", "resolve.jsonl"), encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if row.get("mode") != "strict":
                continue
            p = (row["base"], row["ref"])
            if any(c in "\t\n" for c in p[0] + p[1]) or p in seen:
                continue
            seen.add(p)
            pairs.append(p)
    return pairs


def main():
    files = {
        "urls-shapes.txt": "".join(u + "\n" for u in urls_by_shape()),
        "coap.txt": "".join(u + "\n" for u in vector_coap() + generated_coap(GENERATED)),
        "refs.tsv": "".join(b + "\t" + r + "\n" for b, r in ref_pairs()),
    }
    check = "--check" in sys.argv[1:]
    stale = False
    for name, text in files.items():
        path = os.path.join(OUT, name)
        data = text.encode("utf-8")
        if check:
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except FileNotFoundError:
                same = False
            if not same:
                print("stale: " + path, file=sys.stderr)
                stale = True
            continue
        with open(path, "wb") as f:
            f.write(data)
        print("%s: %d lines, %d bytes" % (name, text.count("\n"), len(data)), file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
