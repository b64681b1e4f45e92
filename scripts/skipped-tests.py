#!/usr/bin/env python3
"""scripts/skipped-tests.py [BUILD_DIR]: after a ctest run, the tests that did not run and
why. ctest lists skipped tests (exit code 77: a tool or Rust target is missing) and
disabled ones in Testing/Temporary/LastTestsDisabled.log; a skipped test's reason is the
last line it printed (our skip messages say what is missing and how to install it)."""
import re
import sys

build = sys.argv[1] if len(sys.argv) > 1 else "build"
tmp = f"{build}/Testing/Temporary"


def read(path):
    try:
        return open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return ""


log = read(f"{tmp}/LastTest.log")
names = [l.split(":", 1)[1] for l in read(f"{tmp}/LastTestsDisabled.log").splitlines() if ":" in l]
if not names:
    print("every registered test ran")
    sys.exit(0)
print(f"\n{len(names)} tests did not run:")
for name in names:
    m = re.search(rf'^\d+/\d+ Test: {re.escape(name)}\nCommand: (.*?)\n.*?^Output:\n-+\n(.*?)'
                  r'^<end of output>', log, re.M | re.S)
    if m is None or m.group(1) == '""':
        print(f"  disabled  {name}")
        continue
    lines = [l.strip() for l in m.group(2).splitlines() if l.strip()]
    print(f"  skipped   {name}: {lines[-1] if lines else 'no reason printed'}")
