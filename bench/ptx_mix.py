#!/usr/bin/env python3
"""PTX instruction mix of an n5d program's steady state, per cell and level (a SASS proxy: no GPU
and no cuobjdump needed, only nvcc and ptxas). Usage: ptx_mix.py PROGRAM.cu [NVCC FLAGS...]

The full launch's kernel (n5d_kernel<true>) is compiled with the stream-edge test forced false,
so that only the inner blocks' path is left; its row loop (the widest backward branch) is
counted by class and divided by the cell-levels one iteration computes per thread (N5D_COLS x
rows per loop iteration x N5D_BT). The halo columns a thread computes without storing are not taken out."""
import re, subprocess, sys, tempfile, os

CLASSES = [("fma", r"^(fma|mul|add|sub|neg|abs|min|max|div|rcp|sqrt|ex2|lg2)\.(rn\.)?(ftz\.)?f(32|64)"),
           ("ld.shared", r"^ld\.shared"), ("st.shared", r"^st\.shared"),
           ("ld.global", r"^ld\.global"), ("st.global", r"^st\.global"), ("bar", r"^bar"),
           ("setp/selp", r"^(setp|selp)"), ("mov", r"^mov"), ("branch", r"^bra"),
           ("address/int", r"^(add|sub|mul|mad|shl|shr|cvt|and|or|xor|min|max|neg)")]

def main():
    src, flags = sys.argv[1], sys.argv[2:]
    text = open(src).read()
    defs = dict(re.findall(r"#define (N5D_BT|N5D_COLS) (\d+)", text))
    loop = re.search(r"for \(int m = 0; m < M; m \+= (\d+)\)", text)
    text = re.sub(r"if \(i0 - N5D_BT \* RS < LO0 \|\|[^\n]*(\n\s*xb < LO\d[^\n]*)?", "if (0)", text, count=1)
    with tempfile.TemporaryDirectory() as d:
        cu, ptx = os.path.join(d, "k.cu"), os.path.join(d, "k.ptx")
        open(cu, "w").write(text)
        subprocess.run(["nvcc", "-arch=sm_90", "-ptx", "-o", ptx, cu] + flags, check=True)
        lines = open(ptx).read().split("\n")
        # registers and spills of the full launch's kernel, as ptxas allocates them for sm_90
        v = subprocess.run(["ptxas", "-arch=sm_90", "-v", "-o", os.devnull, ptx], check=True,
                           capture_output=True, text=True).stderr
        ra = re.search(r"_Z10n5d_kernelILb1E.*?\n.*?(\d+) bytes spill stores, (\d+) bytes spill loads"
                       r".*?\n.*?Used (\d+) registers", v, re.S)
    start = next(i for i, l in enumerate(lines) if ".entry _Z10n5d_kernelILb1E" in l)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("}"))
    body = [l.strip() for l in lines[start:end]]
    labels = {l[:-1]: i for i, l in enumerate(body) if l.endswith(":")}
    back = []  # (target, branch) of every backward branch
    for i, l in enumerate(body):
        m = re.search(r"bra(\.uni)?\s+(\$L\w+);", l)
        if m and labels.get(m.group(2), i) < i:
            back.append((labels[m.group(2)], i))
    lo, hi = max(back, key=lambda b: b[1] - b[0])
    counts = {c: 0 for c, _ in CLASSES}
    counts["other"] = 0
    for l in body[lo:hi + 1]:
        if not l or l.endswith(":") or l.startswith("//") or l.startswith("."): continue
        op = re.sub(r"^@!?%p\d+\s+", "", l).split()[0]
        counts[next((c for c, rx in CLASSES if re.match(rx, op)), "other")] += 1
    cols, rows, bt = int(defs.get("N5D_COLS", 1)), int(loop.group(1)), int(defs["N5D_BT"])
    per = cols * rows * bt
    total = sum(counts.values())
    print(f"{os.path.basename(src)}: {per} cell-levels per thread and iteration, {total} PTX instructions")
    print(" ".join(f"{c}={n / per:.2f}" for c, n in counts.items() if n) + f" total={total / per:.2f}")
    print(f"ptxas: {ra.group(3)} registers, {ra.group(1)} bytes spill stores, {ra.group(2)} bytes spill loads")

main()
