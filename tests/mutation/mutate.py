#!/usr/bin/env python3
"""Mutates the kernel of a program stencilc generated (the text between the stencilc:kernel-begin
and stencilc:kernel-end markers), for the mutation suite tests/test_mutation.sh.

  mutate.py list PROGRAM            one line per mutant: ID OPERATOR DESCRIPTION
  mutate.py apply PROGRAM ID OUT    writes the mutant ID of PROGRAM to OUT
  mutate.py differs A.raw B.raw TYPE PROGRAM REFDIR
                                    exit 0 when the results differ by more than rounding

Operators (sites are the kernel's arithmetic lines: assignments with a floating literal
coefficient, or with a shuffle):
  drop-term     one term of a sum removed from one line
  shift-offset  one index [..] of one term read one cell further along the contiguous axis
                (a shuffle's or a template's lane offset one further)
  coef-digit    one coefficient literal changed in its 4th significant digit, everywhere in the
                kernel (a wrong constant)
  unwritten-row / unwritten-col   the last interior row (axis 0) / the first interior column (last
                axis) of the step's result left as it was before the step
  step-fewer    one time step fewer: the first step a copy (single-step engines), or steps - 1
                steps (engines that fuse steps: they return the buffer holding the result)
  barrier       one __syncthreads() of a CUDA kernel removed (a race: visible when tools/cudaemu
                runs the threads of a block in random order, CUDAEMU_SCHEDULE=random)

"More than rounding" is judged against the magnitude of the terms a cell is made of, not the
cell's own value (which a cancelling stencil makes far smaller than its terms): the per-cell
bound b(c) that the program's reference computes (runtime/rt_common.h, "Verification") is
K * eps * m(c), with K = flops + 2 and m(c) the terms' magnitude sum |coefficient x value|
propagated over the steps. A mutant differs when some cell is off by more than 4 eps m(c) =
4 b(c) / K from the unmutated program's result (any change in the halo, where b = 0, counts),
or, where the bound is not finite, by more than 4 ulps of the cell's value. The bound comes from
the unmutated program's --ref-cache REFDIR (the reference's result, then its bound per cell).
The last three wrap the kernel's entry point (stencil_step or stencil_advance), renamed, in a
function that does the damage: the same for every backend.
"""
import array
import re
import sys

BEGIN, END = "/* stencilc:kernel-begin */", "/* stencilc:kernel-end */"
LITERAL = re.compile(r"(?<![\w.])(\d+\.\d*(?:e[+-]?\d+)?|\d+e[+-]?\d+)(f?)(?![\w.])")
ASSIGN = re.compile(r"^(\s*(?:const\s+)?(?:rt_real\s+)?[\w\[\]().+\-* ]*?\s(?:=|\+=)\s)(.*);\s*$")
OPEN, CLOSE = "([<", ")]>"


def split_kernel(text):
    b, e = text.index(BEGIN), text.index(END)
    return text[:b], text[b:e], text[e:]


def top_terms(s):
    """Spans (start, end) of the terms of s split at ' + ' / ' - ' outside brackets."""
    depth, start, spans, i = 0, 0, [], 0
    while i < len(s):
        ch = s[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif depth == 0 and s[i:i + 3] in (" + ", " - "):
            spans.append((start, i))
            start = i
            i += 3
            continue
        i += 1
    spans.append((start, len(s)))
    return spans


def sums(rhs):
    """(offset, text) of the sums in rhs: the whole, and each parenthesised group, that has two
    or more terms, at least one with a literal coefficient."""
    groups, stack = [(0, rhs)], []
    for i, ch in enumerate(rhs):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            o = stack.pop()
            groups.append((o + 1, rhs[o + 1:i]))
    out = []
    for off, g in groups:
        terms = top_terms(g)
        if len(terms) >= 2 and any(LITERAL.search(g[a:b]) and "*" in g[a:b] for a, b in terms):
            out.append((off, g, terms))
    return out


def arithmetic_lines(kernel):
    lines = kernel.split("\n")
    for n, line in enumerate(lines):
        m = ASSIGN.match(line)
        rhs = m.group(2) if m else ""
        if m and "for (" not in line and (LITERAL.search(rhs) and "*" in rhs or "shfl" in rhs):
            yield n, m.start(2), m.group(2)


def mutants(kernel, cuda, multistep):
    """Every mutant as (operator, description, function kernel -> mutated kernel)."""
    lines = kernel.split("\n")
    out = []

    def on_line(n, start, old, new):
        def f(k):
            ls = k.split("\n")
            ls[n] = ls[n][:start] + new + ls[n][start + len(old):]
            return "\n".join(ls)
        return f

    for n, col, rhs in arithmetic_lines(kernel):
        for off, group, terms in sums(rhs):
            for a, b in terms:
                term = group[a:b]
                if not ("*" in term and LITERAL.search(term)):
                    continue
                new_group = group[:a] + group[b:]
                if a == 0:  # the first term: the next one's sign becomes a prefix
                    rest = group[b:]
                    new_group = ("-" if rest.startswith(" - ") else "") + rest[3:]
                out.append(("drop-term", "line %d: %s" % (n, term.strip()),
                            on_line(n, col + off, group, new_group)))
            break  # the outermost sum only
        for m in re.finditer(r"\[([^\[\]]*[+-][^\[\]]*)\]", rhs):
            out.append(("shift-offset", "line %d: [%s]" % (n, m.group(1)),
                        on_line(n, col + m.start(), m.group(0), "[%s + 1]" % m.group(1))))
        for m in re.finditer(r"(<|sync\([^,]*,[^,]*,\s*)(-?\d+)([>)])", rhs):
            new = "%s%d%s" % (m.group(1), int(m.group(2)) + 1, m.group(3))
            out.append(("shift-offset", "line %d: lane %s" % (n, m.group(0)),
                        on_line(n, col + m.start(), m.group(0), new)))
    seen = set()
    for _, _, rhs in arithmetic_lines(kernel):
        for m in LITERAL.finditer(rhs):
            lit = m.group(0)
            if lit in seen or float(m.group(1)) == 0:
                continue
            seen.add(lit)
            new = fourth_digit(m.group(1)) + m.group(2)
            out.append(("coef-digit", "%s -> %s" % (lit, new),
                        lambda k, lit=lit, new=new: LITERAL.sub(
                            lambda x: new if x.group(0) == lit else x.group(0), k)))
    for op in ("unwritten-row", "unwritten-col", "step-fewer"):
        out.append((op, "wrapper", lambda k, op=op: wrap(k, op, cuda, multistep)))
    for n, line in enumerate(lines):
        if cuda and line.strip() == "__syncthreads();":
            out.append(("barrier", "line %d" % n, on_line(n, line.index("__"), "__syncthreads();",
                                                          "/* mutation: barrier removed */")))
    return out


def fourth_digit(text):
    """The literal with its 4th significant digit one higher (one lower when it is 9)."""
    mant, _, exp = text.lower().partition("e")
    digits = [i for i, ch in enumerate(mant) if ch.isdigit()]
    sig = [i for i in digits if mant[i] != "0" or any(mant[j] != "0" for j in digits if j < i)]
    if "." not in mant:
        mant += "."
    while len(sig) < 4:
        mant += "0"
        sig.append(len(mant) - 1)
    i = sig[3]
    d = int(mant[i])
    mant = mant[:i] + str(d + 1 if d < 9 else d - 1) + mant[i + 1:]
    return mant + ("e" + exp if exp else "")


def wrap(kernel, op, cuda, multistep):
    entry = "stencil_advance" if multistep else "stencil_step"
    copy_all = ("RT_CUDA_CHECK(cudaMemcpy(DST, SRC, (size_t)g->cells * sizeof(rt_real), "
                "cudaMemcpyDeviceToDevice))" if cuda else
                "memcpy(DST, SRC, (size_t)g->cells * sizeof(rt_real))")
    save = ("RT_CUDA_CHECK(cudaMemcpy(DST, SRC, sizeof(rt_real), cudaMemcpyDeviceToHost))" if cuda
            else "*(DST) = *(SRC)")
    restore = save.replace("DeviceToHost", "HostToDevice")
    body = []
    if op == "step-fewer":
        if multistep:  # the caller takes the result from the buffer returned
            body += ["  return mut_inner(buf, g, steps > 0 ? steps - 1 : 0);"]
        else:
            body += ["  static int calls = 0;",
                     "  if (calls++ == 0) { " + copy_all.replace("DST", "out").replace("SRC", "in") + "; return; }",
                     "  mut_inner(in, out, g);"]
    else:
        # the state before the steps (multistep: buf[0]) and the result (the buffer returned)
        before, res = ("buf[0]", "buf[at]") if multistep else ("out", "out")
        axis = "0" if op == "unwritten-row" else "g->dims - 1"
        index = "g->lo[0] + g->n[0] - 1" if op == "unwritten-row" else "g->lo[g->dims - 1]"
        body += ["  /* the cells whose index along axis A is I: saved before the step, put back after */",
                 "  const int A = %s;" % axis, "  const long I = %s;" % index,
                 "  long count = 0;",
                 "  rt_real *keep = (rt_real *)rt_xmalloc((size_t)g->cells * sizeof(rt_real));",
                 "  for (long c = 0; c < g->cells; c++)",
                 "    if (rt_is_interior(g, c) && (c / g->stride[A]) % g->ext[A] == I) { " +
                 save.replace("DST", "&keep[count++]").replace("SRC", "&%s[c]" % before) + "; }",
                 "  %smut_inner(%s);" % (("const int at = ", "buf, g, steps") if multistep else ("", "in, out, g")),
                 "  count = 0;",
                 "  for (long c = 0; c < g->cells; c++)",
                 "    if (rt_is_interior(g, c) && (c / g->stride[A]) % g->ext[A] == I) { " +
                 restore.replace("DST", "&%s[c]" % res).replace("SRC", "&keep[count++]") + "; }",
                 "  free(keep);"]
        if multistep:
            body.append("  return at;")
    sig = ("int %s(rt_real *buf[2], const RtGrid *g, long steps)" if multistep else
           "void %s(const rt_real *in, rt_real *out, const RtGrid *g)") % entry
    head = "%s\n#define %s mut_inner\n" % (BEGIN, entry)
    tail = "#undef %s\n/* mutation: %s */\nstatic %s {\n%s\n}\n" % (entry, op, sig, "\n".join(body))
    return head + kernel[len(BEGIN):] + tail


def read_floats(path, code, count=None, offset=0):
    a = array.array(code)
    with open(path, "rb") as f:
        f.seek(offset)
        data = f.read() if count is None else f.read(count * a.itemsize)
    a.frombytes(data[:len(data) - len(data) % a.itemsize])
    return a


def reference_bound(refdir, code, cells, orig):
    """The bound per cell of the reference that orig's check compared with: of the results in
    refdir (one per check the program ran), the one orig lies within."""
    import os
    best, best_worst = None, None
    for name in sorted(os.listdir(refdir)):
        path = os.path.join(refdir, name)
        ref = read_floats(path, code, cells)
        bound = read_floats(path, "d", cells, cells * ref.itemsize)
        if len(ref) != cells or len(bound) != cells:
            continue
        worst = max((abs(x - r) / b if b > 0 else 0.0) for x, r, b in zip(orig, ref, bound)
                    if x == x and r == r)
        if best_worst is None or worst < best_worst:
            best, best_worst = bound, worst
    return best


def differs(a_path, b_path, dtype, program, refdir):
    """Whether B (a mutant's result) differs from A (the unmutated one's) by more than rounding
    (the module's docstring)."""
    code = dtype[0]
    a, b = read_floats(a_path, code), read_floats(b_path, code)
    if len(a) != len(b):
        return True
    eps = 2.0 ** -23 if dtype == "float" else 2.0 ** -52
    fields = re.search(r"static const RtStencil rt_stencil = \{[^{]*\{[^}]*\}, \{[^}]*\}, (\d+),",
                       open(program).read())
    k = int(fields.group(1)) + 2
    bound = reference_bound(refdir, code, len(a), a)
    if bound is None:
        sys.exit("mutate.py: no reference result of %d cells in %s" % (len(a), refdir))
    for x, y, bd in zip(a, b, bound):
        if x != x or y != y:
            if (x != x) != (y != y):
                return True
        elif bd == bd and bd != float("inf"):
            if abs(x - y) > 4 * bd / k:
                return True
        elif abs(x - y) > 4 * eps * abs(x) + 1e-300:
            return True
    return False


def main():
    cmd, prog = sys.argv[1], sys.argv[2]
    if cmd == "differs":
        sys.exit(0 if differs(*sys.argv[2:7]) else 1)
    text = open(prog).read()
    pre, kernel, post = split_kernel(text)
    cuda = "__global__" in kernel
    multistep = "stencil_advance" in kernel
    ms = mutants(kernel, cuda, multistep)
    if cmd == "list":
        for i, (op, desc, _) in enumerate(ms):
            print(i, op, desc)
    elif cmd == "apply":
        op, desc, f = ms[int(sys.argv[3])]
        with open(sys.argv[4], "w") as out:
            out.write(pre + f(kernel) + post)


if __name__ == "__main__":
    main()
