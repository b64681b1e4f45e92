#!/usr/bin/env python3
"""Worst-case stack per entry point of a linked Cortex-M ELF (standard library only).

    scripts/stack-report.py [options] firmware.elf

Inputs, both from the linked image (so only code that is really linked in counts):
  * each function's own frame from the `.stack_sizes` section that rustc writes with
    `-Z emit-stack-sizes` (nightly): entries of (4-byte address, ULEB128 size). Functions
    without an entry (newlib, compiler_builtins, C code) get a frame estimated from their
    prologue (`push`, `stmdb sp!`, `vpush`, `sub sp, #N`) and are marked `~`;
  * the call graph from `arm-none-eabi-objdump -d`: `bl`/`blx <addr>` are calls, a
    branch (`b`, `b.w`, `bcc.w`...) to another function is a tail call or a jump into an
    outlined sequence; both are counted like calls (own frame + callee), which is exact
    for outlined code and over-counts a true tail call by at most the caller's frame.

The "direct" figure of an entry point is the deepest chain of frames below it through
direct calls. A cycle there (recursion) has no bound: it is reported and fails the check.
An indirect call (`blx rN`, `bx rN`: a function pointer or a `dyn Trait` method) is
counted as a call to every Rust function whose address the image holds (in a literal
pool, a vtable or a movw/movt pair); cycles that only these assumed calls close are
counted with every member once (no function is twice on the stack: the direct calls
have no recursion). That gives the "bound" column, an upper bound that the budget
applies to. (--allow-indirect: do not fail when no address-taken function is found.)

Options:
  --self-test         check the prologue reader on known prologues, then exit
  --header FILE       entry points: the functions declared in this C header (cri.h)
  --entry NAME        an entry point (repeatable; default: --header, else `main`)
  --budget BYTES      fail (exit 1) if an entry point needs more (default 512)
  --paths-to REGEX    print the call chains from each entry point to functions whose
                      name matches REGEX (e.g. panic paths) and exit 1 if there are any
  --objdump PROG      default arm-none-eabi-objdump
  --report            print only: being over budget does not fail (recursion still does)
  --markdown          print the table as Markdown (for the README)
  --measured FILE     compare with figures measured on target (lines "stack NAME BYTES
                      CALLS", c-tests/target_stack.c): print static and measured side by
                      side and fail (exit 1) where a measured figure exceeds the bound or
                      an entry point was not measured
Exit: 0 within budget, 1 over budget / recursion / unresolvable indirect calls / paths
found, 2 usage or no .stack_sizes.
"""
import argparse
import bisect
import re
import struct
import subprocess
import sys


# Relocation types that put an absolute address into the image (ELF for the Arm
# Architecture, table "Static Arm relocations"): a data or literal-pool word, or the halves
# of an address built by a movw/movt pair (Arm or Thumb encoding).
ADDRESS_RELOCS = {2, 43, 44, 47, 48}  # ABS32, MOVW_ABS_NC, MOVT_ABS, THM_MOVW/MOVT_ABS


def read_elf(path):
    """({address (Thumb bit cleared): frame bytes} from .stack_sizes,
    set of the 4-byte little-endian words in the allocated data sections,
    set of the addresses where the linker wrote an absolute address, or None when the
    image keeps no relocations: linked with --emit-relocs it does, and then a word that
    only happens to equal a function's address is not taken for one)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise SystemExit(f"{path}: not a 32-bit little-endian ELF")
    e_shoff, = struct.unpack_from("<I", data, 0x20)
    e_shentsize, e_shnum, e_shstrndx = struct.unpack_from("<HHH", data, 0x2E)

    def shdr(i):
        return struct.unpack_from("<IIIIIIIIII", data, e_shoff + i * e_shentsize)

    strtab = shdr(e_shstrndx)
    sizes, words, relocs = {}, {}, None
    for i in range(e_shnum):
        name_off, typ, flags, addr, off, size = shdr(i)[:6]
        start = strtab[4] + name_off
        name = data[start:data.index(b"\0", start)].decode()
        # SHF_ALLOC and SHT_PROGBITS but not SHF_EXECINSTR: data and tables. Words of code
        # are instructions (an aligned "ldrb.w r0, [r9, r0]" reads as 0x0000f819, a
        # function's address); its literal pools come from the disassembly (address_taken).
        if flags & 2 and typ == 1 and not flags & 4:
            chunk = data[off:off + size - size % 4]
            for k, (word,) in enumerate(struct.iter_unpack("<I", chunk)):
                words[addr + 4 * k] = word
        # SHT_REL of an allocated section (not of debug information): (r_offset, r_info)
        # pairs, the type in r_info's low byte.
        if typ == 9 and shdr(shdr(i)[7])[2] & 2:
            relocs = relocs or set()
            for r_offset, r_info in struct.iter_unpack("<II", data[off:off + size]):
                if r_info & 0xFF in ADDRESS_RELOCS:
                    relocs.add(r_offset)
        if name != ".stack_sizes":
            continue
        pos, end = off, off + size
        while pos + 4 <= end:
            addr, = struct.unpack_from("<I", data, pos)
            pos += 4
            value, shift = 0, 0
            while True:
                byte = data[pos]
                pos += 1
                value |= (byte & 0x7F) << shift
                shift += 7
                if not byte & 0x80:
                    break
            if addr:  # 0: the function was removed by --gc-sections
                sizes[addr & ~1] = max(value, sizes.get(addr & ~1, 0))
    if relocs is not None:
        words = {a: w for a, w in words.items() if a in relocs}
    return sizes, set(words.values()), relocs


FUNC_RE = re.compile(r"^([0-9a-f]+) <(.*)>:$")
INSN_RE = re.compile(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$")
TARGET_RE = re.compile(r"^([0-9a-f]+) <")
COND = r"(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?"
BRANCH_RE = re.compile(r"^b" + COND + r"(\.w|\.n)?$")
CALL_RE = re.compile(r"^blx?" + COND + r"$")


def reg_count(reglist):
    """Registers in '{r4, r5, r7, lr}' or '{r4-r7, lr}' or '{d8-d9}'."""
    n = 0
    for part in reglist.strip("{} ").split(","):
        part = part.strip()
        m = re.match(r"^([a-z]+)(\d+)-[a-z]+(\d+)$", part)
        n += int(m.group(3)) - int(m.group(2)) + 1 if m else 1
    return n


def prologue_frame(insns):
    """Bytes a function's prologue reserves (push/vpush/sub sp), None if it cannot tell.
    The prologue runs to the first change of control flow: a Thumb-1 prologue pushes the
    high registers in a second `push` after moving them to low ones, with other work
    scheduled in between (libgcc's `__aeabi_lmul` pushes 8 bytes more, twelve
    instructions in)."""
    total = 0
    for _addr, mnem, ops in insns:
        base = mnem.split(".")[0]
        if (CALL_RE.match(mnem) or BRANCH_RE.match(mnem) or base in ("bx", "pop", "cbz", "cbnz")
                or ops.startswith("pc,")):
            break
        if base == "push" or (base == "stmdb" and ops.startswith("sp!")):
            total += 4 * reg_count(ops[ops.index("{"):])
        elif base == "vpush":
            regs = ops[ops.index("{"):]
            total += (8 if "d" in regs else 4) * reg_count(regs)
        elif base in ("sub", "subw") and re.match(r"^sp, (sp, )?#", ops):
            total += int(ops.split("#")[1].split()[0], 0)
        elif base == "sub" and ops.startswith("sp,"):
            return None  # a variable-sized frame
    return total


def disassemble(objdump, elf):
    out = subprocess.run([objdump, "-d", "-C", "--no-show-raw-insn", elf], check=True,
                         capture_output=True, text=True).stdout
    funcs = {}  # start address -> (name, [(addr, mnemonic, operands)])
    current = None
    for line in out.splitlines():
        m = FUNC_RE.match(line)
        if m:
            current = int(m.group(1), 16)
            funcs[current] = (m.group(2), [])
            continue
        m = INSN_RE.match(line)
        if m and current is not None:
            funcs[current][1].append((int(m.group(1), 16), m.group(2), m.group(3)))
    return funcs


def address_taken(funcs, words, relocs=None):
    """Functions whose address (with the Thumb bit) is stored as a word in the image
    (literal pools, tables of function pointers) or built by a movw/movt pair: the only
    possible targets of an indirect call (there are no callbacks into the library). With
    the image's relocations (`relocs`), only the words and instructions the linker wrote
    an address into count."""
    values = set(words)
    for _s, (_name, insns) in funcs.items():
        low = {}
        for addr, mnem, ops in insns:
            if relocs is not None and addr not in relocs:
                continue
            if mnem == ".word":
                values.add(int(ops.split()[0], 16))
            m = re.match(r"^(r\d+|ip|lr), #(\d+)", ops)
            if m and mnem.startswith("movw"):
                low[m.group(1)] = int(m.group(2))
            elif m and mnem.startswith("movt") and m.group(1) in low:
                values.add(int(m.group(2)) << 16 | low[m.group(1)])
    return {s for s in funcs if (s | 1) in values}


LITERAL_RE = re.compile(r"^(r\d+|ip), \[pc, #-?\d+\]\s+@ \(([0-9a-f]+)")


def constant_registers(insns, words_at):
    """{register: function address} for the registers a function loads once from a literal
    pool and writes nowhere else: `ldr r5, [pc, #N]` then `blx r5` (a function called
    through a register to save code) is a direct call of that literal's function. A tail
    jump through such a register (`bx r3`, the `__aeabi_mem*` shims into the C library)
    counts as a call of that function and also as an indirect call: taken as direct alone,
    the microbit image measured 4 bytes more than the chain it gave."""
    loads, writes = {}, {}
    for _addr, mnem, ops in insns:
        m = LITERAL_RE.match(ops)
        if mnem.split(".")[0] == "ldr" and m:
            loads.setdefault(m.group(1), []).append(words_at.get(int(m.group(2), 16)))
        elif mnem.split(".")[0] in ("pop", "ldm", "ldmia") and "pc" not in ops:
            for reg in re.findall(r"r\d+|ip", ops[ops.find("{"):]):
                writes[reg] = True
        elif ops and not (CALL_RE.match(mnem) or BRANCH_RE.match(mnem)
                          or mnem.startswith("bx")):
            writes[ops.split(",")[0].strip()] = True
    return {r: v & ~1 for r, vs in loads.items()
            if len(vs) == 1 and vs[0] is not None and r not in writes for v in vs}


def build_graph(funcs):
    starts = sorted(funcs)
    ends = {}
    for i, s in enumerate(starts):
        ends[s] = starts[i + 1] if i + 1 < len(starts) else float("inf")
    words_at = {addr: int(ops.split()[0], 16) for _n, insns in funcs.values()
                for addr, mnem, ops in insns if mnem == ".word"}
    edges, indirect = {}, {}
    for s, (_name, insns) in funcs.items():
        out = set()
        known = constant_registers(insns, words_at)
        for addr, mnem, ops in insns:
            reg = ops.strip()
            if mnem.startswith(("blx", "bx")) and reg in known:
                i = bisect.bisect_right(starts, known[reg]) - 1
                if i >= 0 and starts[i] == known[reg]:
                    out.add(starts[i])
                    if mnem.startswith("blx"):
                        continue
            if CALL_RE.match(mnem) or BRANCH_RE.match(mnem):
                t = TARGET_RE.match(ops)
                if not t:
                    if mnem.startswith("bl"):
                        indirect.setdefault(s, []).append(addr)
                    continue
                target = int(t.group(1), 16)
                if s <= target < ends[s]:
                    continue  # a branch inside the function
                i = bisect.bisect_right(starts, target) - 1
                if i >= 0:
                    out.add(starts[i])
            elif mnem.startswith("bx") and ops.strip() != "lr":
                indirect.setdefault(s, []).append(addr)
            elif (re.match(r"^(mov|ldr)(\.w)?$", mnem) and ops.startswith("pc,")
                  and "[sp]" not in ops):  # `ldr pc, [sp], #4` is a return
                indirect.setdefault(s, []).append(addr)
        edges[s] = out
    return edges, indirect


def frames(funcs, sizes):
    """Own frame per function: .stack_sizes, else estimated from the prologue."""
    own, estimated = {}, set()
    for s, (_name, insns) in funcs.items():
        if s in sizes:
            own[s] = sizes[s]
        else:
            frame = prologue_frame(insns)
            own[s] = frame if frame is not None else 0
            estimated.add(s)
    return own, estimated


def longest(own, edges, entries):
    """Worst case and deepest chain per function of an acyclic graph; cycles found."""
    worst, chain, cycles = {}, {}, []
    state = {}  # 1 on the DFS stack, 2 done

    def visit(f, stack):
        if state.get(f) == 2:
            return
        if state.get(f) == 1:
            cycles.append(stack[stack.index(f):] + [f])
            return
        state[f] = 1
        stack.append(f)
        best, best_chain = 0, []
        for g in sorted(edges.get(f, ())):
            visit(g, stack)
            if state.get(g) == 2 and worst[g] > best:
                best, best_chain = worst[g], chain[g]
        stack.pop()
        state[f] = 2
        worst[f] = own[f] + best
        chain[f] = [f] + best_chain

    for e in entries:
        visit(e, [])
    return worst, chain, cycles


def scc_bound(own, edges, entries):
    """An upper bound per function for a graph whose cycles come only from the
    over-approximated indirect calls: a strongly connected component counts the frames
    of all its members (each function at most once on the stack, as no recursion is
    proven on the direct calls), plus the deepest component below it.
    Returns ({function: bound}, [components with more than one member or a self-loop])."""
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    index, low, onstack, stack, comp = {}, {}, set(), [], {}
    comps = []

    def strong(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        onstack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in onstack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = []
            while True:
                w = stack.pop()
                onstack.discard(w)
                comp[w] = len(comps)
                members.append(w)
                if w == v:
                    break
            comps.append(members)

    for e in entries:
        if e not in index:
            strong(e)
    # Tarjan emits components callees first: a component's successors are done already.
    bound_of = []
    for members in comps:
        below = 0
        for v in members:
            for w in edges.get(v, ()):
                if comp[w] != comp[members[0]]:
                    below = max(below, bound_of[comp[w]])
        bound_of.append(sum(own[v] for v in members) + below)
    loops = [m for m in comps if len(m) > 1 or m[0] in edges.get(m[0], ())]
    return {v: bound_of[comp[v]] for v in comp}, loops


def reachable(edges, start):
    seen, todo = set(), [start]
    while todo:
        f = todo.pop()
        if f not in seen:
            seen.add(f)
            todo.extend(edges.get(f, ()))
    return seen


def paths_to(edges, start, targets, limit=3):
    """Up to `limit` shortest call chains from start to any target."""
    found, queue, prev = [], [start], {start: None}
    while queue and len(found) < limit:
        f = queue.pop(0)
        if f in targets and f != start:
            path, g = [], f
            while g is not None:
                path.append(g)
                g = prev[g]
            found.append(path[::-1])
            continue
        for g in sorted(edges.get(f, ())):
            if g not in prev:
                prev[g] = f
                queue.append(g)
    return found


def header_functions(path):
    text = open(path, encoding="utf-8").read()
    return re.findall(r"^[A-Za-z_][\w \*]*?\b([a-z_][a-z0-9_]*)\(", text, re.M)


def compare(rows, path, markdown):
    """Static figures (direct chain, bound) next to the measured high-water marks."""
    measured = {}
    for line in open(path, encoding="utf-8"):
        f = line.split()
        if len(f) == 4 and f[0] == "stack":
            measured[f[1]] = (int(f[2]), int(f[3]))
    status = 0
    if markdown:
        print("| entry point | static: direct calls | static: bound | measured | calls |")
        print("| --- | ---: | ---: | ---: | ---: |")
    else:
        width = max(len(r[0]) for r in rows)
        print(f"{'entry point':<{width}}  {'direct':>6}  {'bound':>6}  {'measured':>8}  "
              f"{'calls':>7}")
    for n, _o, w, _d, _flag, _c, _i, _e, b in rows:
        m, calls = measured.get(n, (None, 0))
        if m is None:
            flag, status = "NOT MEASURED", 1
        elif m > b:
            flag, status = "MEASURED > BOUND", 1
        elif m > w:
            flag = "(indirect calls: above direct, within bound)"
        else:
            flag = ""
        shown = "-" if m is None else str(m)
        if markdown:
            print(f"| `{n}` | {w} | {b} | {shown} | {calls} |")
        else:
            print(f"{n:<{width}}  {w:>6}  {b:>6}  {shown:>8}  {calls:>7}  {flag}")
    if status:
        print("\nFAILED: a measured figure exceeds the static bound, or an entry point "
              "was not measured")
    return status


def self_test():
    """Checks the prologue reader on prologues met in the images (`--self-test`)."""
    def insns(text):
        return [(i, *line.split(None, 1)) for i, line in enumerate(text.strip().split("\n"))]
    cases = [
        # libgcc's Thumb-1 __aeabi_lmul: the high registers pushed twelve instructions in
        ("push {r4, r5, r6, r7, lr}\nmov lr, r9\nmov r9, r3\nlsrs r3, r0, #16\n"
         "mov ip, r3\nlsls r3, r2, #16\nmov r7, r8\nlsrs r3, r3, #16\nmovs r5, r3\n"
         "movs r6, r1\nmov r1, ip\nlsls r4, r0, #16\nlsrs r4, r4, #16\npush {r7, lr}\n"
         "movs r7, r0\nmuls r3, r1\npop {r6, r7}\npop {r4, r5, r6, r7, pc}", 28),
        ("push {r4, r5, r7, lr}\nadd r7, sp, #8\nsub sp, #16\nbl 100", 32),
        ("stmdb sp!, {r4, r5, r6, r7, r8, r9, sl, fp, lr}\nvpush {d8-d9}\n"
         "sub.w sp, sp, #200\nbx lr", 252),
        # a push after the first branch belongs to another path, not the prologue
        ("push {r4, lr}\ncbz r0, 10\npush {r5, r6}\npop {r4, pc}", 8),
        ("push {r4, lr}\nsub sp, r3\nbx lr", None),
    ]
    bad = 0
    for text, want in cases:
        got = prologue_frame(insns(text))
        if got != want:
            bad += 1
            print(f"prologue_frame: {got} for {want}: {text.splitlines()[0]} ...")
    return 1 if bad else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("elf")
    ap.add_argument("--header")
    ap.add_argument("--entry", action="append", default=[])
    ap.add_argument("--budget", type=int, default=512)
    ap.add_argument("--paths-to")
    ap.add_argument("--objdump", default="arm-none-eabi-objdump")
    ap.add_argument("--allow-indirect", action="store_true")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--measured")
    args = ap.parse_args()

    funcs = disassemble(args.objdump, args.elf)
    by_name = {}
    for s, (name, _insns) in funcs.items():
        by_name.setdefault(name, s)
    names = list(args.entry) or (header_functions(args.header) if args.header else ["main"])
    missing = [n for n in names if n not in by_name]
    if missing:
        print("not linked into the image (call them from main.c): " + ", ".join(missing))
        return 1
    entries = [by_name[n] for n in names]
    direct, indirect = build_graph(funcs)
    name = lambda f: funcs[f][0]
    sizes, words, relocs = read_elf(args.elf)
    # An indirect call may reach any function whose address the image holds, and that
    # was compiled alike: Rust code (with a .stack_sizes entry) calls Rust code through
    # pointers, newlib's start-up code calls the C constructors and destructors.
    taken = address_taken(funcs, words, relocs)
    edges = dict(direct)
    for f in indirect:
        edges[f] = direct[f] | {t for t in taken if (t in sizes) == (f in sizes)}

    if args.paths_to:
        rx = re.compile(args.paths_to)
        targets = {s for s, (n, _i) in funcs.items() if rx.search(n)}
        bad, sites = 0, {}
        for n, e in zip(names, entries):
            for path in paths_to(edges, e, targets):
                bad += 1
                print(f"{n}: " + " -> ".join(name(f) for f in path[1:]))
                # the site: the last function on the chain that is not core/runtime code
                own = [f for f in path if not re.match(r"^<?(core|compiler_builtins)::",
                                                        name(f))]
                sites.setdefault(name(own[-1]), set()).add(n)
        if sites:
            print("\nfunctions that call into the matched code (the sites to fix):")
            for site, users in sorted(sites.items()):
                print(f"  {site}  (reached from {len(users)} entry points)")
        return 1 if bad else 0

    if not sizes:
        print(f"{args.elf}: no .stack_sizes section (build the archive with "
              "RUSTFLAGS='-Z emit-stack-sizes' on nightly)")
        return 2
    own, estimated = frames(funcs, sizes)
    worst, chain, cycles = longest(own, direct, entries)
    bound, loops = scc_bound(own, edges, entries)

    rows = []
    status = 0
    for n, e in zip(names, entries):
        reach = reachable(edges, e)
        ind = sorted(f for f in reach if f in indirect)
        est = sorted(f for f in reach if f in estimated)
        over = bound[e] > args.budget
        flag = "OVER" if over else "ok"
        if (over and not args.report) or (ind and not taken and not args.allow_indirect):
            status = 1
        rows.append((n, own[e], worst[e], len(chain[e]), flag, chain[e], ind, est, bound[e]))

    if args.measured:
        return compare(rows, args.measured, args.markdown) or (1 if cycles else 0)
    if args.markdown:
        print(f"| entry point | own frame | direct calls | bound | ≤ {args.budget} |")
        print("| --- | ---: | ---: | ---: | --- |")
        for n, o, w, d, flag, _c, _i, _e, b in rows:
            print(f"| `{n}` | {o} | {w} | {b} | {flag} |")
    else:
        width = max(len(r[0]) for r in rows)
        print("own: the entry point's frame; direct: the deepest chain of direct calls (depth =")
        print("functions on it); bound: with indirect calls, an upper bound (see below)")
        print(f"{'entry point':<{width}}  {'own':>5}  {'direct':>6}  {'depth':>5}  {'bound':>6}"
              f"  budget {args.budget}")
        for n, o, w, d, flag, _c, _i, _e, b in rows:
            print(f"{n:<{width}}  {o:>5}  {w:>6}  {d:>5}  {b:>6}  {flag}")
        deepest = max(rows, key=lambda r: r[2])
        print(f"\ndeepest chain of direct calls ({deepest[0]}, {deepest[2]} bytes):")
        for f in deepest[5]:
            mark = "~" if f in estimated else " "
            print(f"  {own[f]:>5}{mark} {name(f)}")
        over_rows = [r for r in rows if r[8] > args.budget]
        if over_rows:
            print("\nlargest own frames on the worst chains of the entry points over budget:")
            on_chain = {}
            for r in over_rows:
                for f in r[5]:
                    on_chain.setdefault(f, set()).add(r[0])
            for f in sorted(on_chain, key=lambda f: -own[f])[:12]:
                print(f"  {own[f]:>5}  {name(f)}  ({len(on_chain[f])} entry points)")
    all_est = sorted({f for r in rows for f in r[7] if own[f]})
    if all_est:
        print("\n~ frame estimated from the prologue (no .stack_sizes entry): "
              + ", ".join(f"{name(f)} ({own[f]})" for f in all_est))
    all_ind = sorted({f for r in rows for f in r[6]})
    if all_ind:
        rust_taken = sorted(name(f) for f in taken if f in sizes)
        print("\nindirect calls (function pointers, dyn Trait) are counted as calls to any of "
              f"the {len(rust_taken)} Rust functions whose address the image holds; they are "
              "made in:")
        for f in all_ind:
            users = [r[0] for r in rows if f in r[6]]
            print(f"  {name(f)}  ({len(users)} entry points)")
        print("  possible targets: " + (", ".join(rust_taken) or "NONE FOUND (unknown)"))
        reached = [m for m in loops if any(m[0] in reachable(edges, e) for e in entries)]
        if reached:
            print("  these assumed calls close cycles that the direct calls do not have; each")
            print("  cycle's functions are counted once each (the bound column):")
            for m in reached:
                print("   { " + ", ".join(sorted(name(f)[:70] for f in m)) + " }")
    if cycles:
        status = 1
        print("\nRECURSION in the direct calls (unbounded stack):")
        for c in cycles:
            print("  " + " -> ".join(name(f) for f in c))
    else:
        print("\nno recursion: the direct call graph below the entry points is acyclic")
    return status


if __name__ == "__main__":
    sys.exit(main())
