#!/usr/bin/env python3
"""Extract a corpus of real-world URLs from text that ships on this machine.

Scans every file under /usr/share/doc and the Python standard library
(site-packages excluded), pulls out absolute URLs, mailto: and urn: URIs,
and writes them de-duplicated and sorted, one per line.

Usage: scripts/extract-urls.py [OUTPUT]   (default: corpus/urls.txt)
"""
import gzip
import os
import re
import sys
import sysconfig
import time

# Any scheme (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )) followed by
# "://", plus the two common authority-less forms people write in prose.
# The body stops at whitespace and at characters that are never valid in a URI
# and in practice delimit one in text: <> (as in <http://...>, which also strips
# the surrounding brackets), " (HTML attributes, Python strings), ` (reST/Markdown
# code) and \ (escape sequences like "\n" inside Python string literals).
BODY = r'[^\s<>"`\\]'
# The lookbehind keeps us from starting mid-word, and from "%s://" printf
# placeholders (which would otherwise yield the bogus scheme "s").
URL_RE = re.compile(
    r'(?<![A-Za-z0-9+.%-])(?:'
    r'[A-Za-z][A-Za-z0-9+.-]*://' + BODY + r'+'
    r'|(?i:mailto):' + BODY + r'+'
    r'|(?i:urn):[A-Za-z0-9][A-Za-z0-9-]*:' + BODY + r'+'
    r')'
)
# Sentence punctuation and closing quotes that follow a URL in prose.
TRAILING = ".,;:!?'\""
# Closers that are only part of the URL if it also contains the opener,
# e.g. "(see http://x/)" vs. "http://en.wikipedia.org/wiki/Foo_(bar)";
# "}" for LaTeX/Texinfo "\url{http://x/}" and Perl/shell "${...}" templates.
PAIRS = {")": "(", "]": "[", "}": "{"}
# Printable text only; the output format is one URL per line.
BAD_CHARS = re.compile(r"[\s\x00-\x1f\x7f-\x9f]")


def clean(url):
    """Strip trailing punctuation that belongs to the surrounding prose."""
    while url:
        last = url[-1]
        if last in TRAILING:
            url = url[:-1]
        elif last in PAIRS and url.count(last) > url.count(PAIRS[last]):
            url = url[:-1]
        else:
            break
    return url


def read_text(path):
    """Return the file's text, or None if unreadable or binary."""
    try:
        if path.endswith(".gz"):
            with gzip.open(path, "rb") as f:
                data = f.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except (OSError, EOFError, gzip.BadGzipFile):
        return None  # dangling symlink, permission, corrupt archive...
    if b"\0" in data[:8192]:
        return None  # NUL bytes: images, .so, .pyc, other binaries
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        # Old Debian changelogs and some stdlib test data are Latin-1;
        # that decoding never fails, so every text file contributes.
        return data.decode("latin-1")


def walk(root, prune=()):
    """Yield every file path under root, skipping directory names in prune."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in prune)
        for name in sorted(filenames):
            yield os.path.join(dirpath, name)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "corpus/urls.txt"
    start = time.monotonic()
    stdlib = sysconfig.get_paths()["stdlib"]
    files = list(walk("/usr/share/doc"))
    # site-packages lives inside the stdlib dir but holds third-party code
    # that varies per machine; __pycache__ holds only bytecode.
    files += list(walk(stdlib, prune={"site-packages", "dist-packages", "__pycache__"}))

    urls = set()
    scanned = 0
    for path in files:
        text = read_text(path)
        if text is None:
            continue
        scanned += 1
        for m in URL_RE.finditer(text):
            url = clean(m.group())
            # Something must follow the scheme besides slashes; a bare
            # "http://" or "file:///" is a fragment of prose, not a URL.
            rest = url.split(":", 1)[1].lstrip("/")
            if rest and not BAD_CHARS.search(url):
                urls.add(url)

    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.writelines(u + "\n" for u in sorted(urls))
    print(f"scanned {scanned} text files ({len(files) - scanned} skipped), "
          f"wrote {len(urls)} unique URLs to {out} "
          f"in {time.monotonic() - start:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
