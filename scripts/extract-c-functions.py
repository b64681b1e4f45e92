#!/usr/bin/env python3
"""Prints the named top-level definitions of a C file, with its #defines and typedefs
(comments dropped): scripts/icount-peers.sh takes libcoap's URI splitting out of
coap_uri.c this way, as that file needs libcoap's whole internal build otherwise.

    scripts/extract-c-functions.py FILE NAME[,NAME...]
"""
import re
import sys


def chunks(text):
    """Top-level chunks: preprocessor lines (with continuations), and declarations or
    definitions up to a closing brace or semicolon at depth 0."""
    out, cur, depth, cont = [], [], 0, False
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    for line in text.splitlines(keepends=True):
        if cont:
            out[-1] += line
            cont = line.rstrip().endswith("\\")
            continue
        if depth == 0 and (line.startswith("#") or (not cur and not line.strip())):
            out.append(line)
            cont = line.rstrip().endswith("\\")
            continue
        cur.append(line)
        code = re.sub(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'', "", line)
        code = re.sub(r"//.*", "", code)
        depth += code.count("{") - code.count("}")
        if depth == 0 and code.rstrip().endswith(("}", ";")):
            out.append("".join(cur))
            cur = []
    if cur:
        out.append("".join(cur))
    return out


def name_of(chunk):
    head = chunk.split("{")[0].split("=")[0]
    m = re.findall(r"\b([A-Za-z_]\w*)\s*(?:\(|\[|$)", head.strip())
    return m[0] if m else None


def main():
    keep = set(sys.argv[2].split(","))
    for c in chunks(open(sys.argv[1], encoding="utf-8").read()):
        if c.startswith("#"):
            if re.match(r"#\s*(define|undef|if|ifdef|ifndef|else|elif|endif)\b", c):
                sys.stdout.write(c)
        elif c.strip() and (name_of(c) in keep or re.match(r"\s*(typedef|struct\s+\w+\s*\{)", c)):
            sys.stdout.write(c)


if __name__ == "__main__":
    main()
