#!/usr/bin/env python3
"""scripts/zephyr-size.py: the flash and RAM libcri takes in a Zephyr image.

    scripts/zephyr-size.py <zephyr build dir> [...]

Reads <build>/zephyr/zephyr.map (GNU ld's map, which names the archive each input section
came from) and sums, per archive, what was linked from libcri.a (the Rust library) and from
liblibcri_zephyr.a (the cri_zephyr_* helpers): flash = .text + .rodata (+ .data's load
image), RAM = .data + .bss (+ noinit). The application's own calls are not counted.
"""
import re
import sys

ARCHIVES = {"libcri.a": "libcri.a", "liblibcri_zephyr.a": "cri_zephyr helpers"}
# An input section line: " .text.foo 0x00001234 0x56 path/lib.a(member.o)"; a long section
# name puts the address and size on the next line.
ENTRY = re.compile(r"^\s+(\.\S+)?\s*0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)$")


def kind(section):
    """Which sum an input section goes to; None for what is not in the image (debug info,
    attributes, comments)."""
    s = section.lstrip(".")
    if s.startswith(("bss", "noinit")) or s == "COMMON":
        return "bss"
    # Zephyr's statically defined kernel objects (K_MUTEX_DEFINE: ._k_mutex.static.*) are
    # initialised RAM like .data.
    if s.startswith(("data", "_k_")):
        return "data"
    if s.startswith("rodata"):
        return "rodata"
    if s.startswith(("text", "ARM.exidx")):
        return "text"
    return None


def measure(build):
    sums = {a: {"text": 0, "rodata": 0, "data": 0, "bss": 0} for a in ARCHIVES}
    pending = None
    with open(f"{build}/zephyr/zephyr.map", encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith("Linker script and memory map")), 0)
    for line in lines[start:]:
        if re.match(r"^ (\.\S+|COMMON)$", line):
            pending = line.strip()
            continue
        m = ENTRY.match(line)
        if not m:
            continue
        section = m.group(1) or pending or ""
        pending = None
        size = int(m.group(3), 16)
        if size == 0 or int(m.group(2), 16) == 0:
            continue  # discarded by --gc-sections
        origin = m.group(4)
        k = kind(section)
        for a in ARCHIVES:
            if k and re.search(r"(^|/)" + re.escape(a) + r"\(", origin):
                sums[a][k] += size
    return sums


def main():
    for build in sys.argv[1:]:
        sums = measure(build)
        total_flash = total_ram = 0
        print(f"{build}:")
        for a, s in sums.items():
            flash = s["text"] + s["rodata"] + s["data"]
            ram = s["data"] + s["bss"]
            total_flash += flash
            total_ram += ram
            print(f"  {ARCHIVES[a]:20} .text {s['text']:6}  .rodata {s['rodata']:5}  "
                  f".data {s['data']:4}  .bss {s['bss']:4}  flash {flash:6}  RAM {ram:5}")
        print(f"  {'total':20} flash {total_flash} B, RAM {total_ram} B")


if __name__ == "__main__":
    main()
