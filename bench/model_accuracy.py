#!/usr/bin/env python3
"""How well `stencilc model` predicts the candidates that tune timed on the GPU.

usage: python3 bench/model_accuracy.py [--fit] [STENCILC] [CSV...]
  (default: build/stencilc and the tune_candidates*/tune_wide* files of bench/results; the
  tune_candidates_GPU_COMMIT.csv that bench/tune_suite.sh import writes is one of them)

For every verified row (verify PASS, or SMALL: a tune candidate checked at the small size) it
asks the model, at the row's size, steps and dtype, for the same
candidate (a strategy's defaults through `stencilc tune --emit`) and prints:
  - per strategy, the median of measured / predicted GCells/s and the RMS of its logarithm;
  - over all rows, the median of |log(measured / predicted)|, and per stencil the rank
    correlation (Spearman) of the predicted and the measured GCells/s of its candidates;
  - the model's first pick per stencil among the timed candidates (defaults excluded, as
    `--backend auto` does) against the fastest timed: the geometric mean of their ratio, the
    stencils below 95%, and those where the pick's strategy is not the fastest one.
With --fit it also refits the attained fractions of the peaks (src/model/roofline.h, one
`Attained` per strategy in src/model/predict_*.c, ssam's per 2D and 3D, 25d's and n5d's 3D ones
apart in double; a row is fitted to the most specific one that predicts it): the predicted GCells/s
of a row scale with the fraction of the resource that bounds it, so the fraction that sets the
median of measured / predicted to 1 on a strategy's rows bound by DRAM ('global') is the current
one times that median, and likewise the chip fraction on the rows bound on chip (l1, l2,
shared, compute, shuffle). It prints the current and the refitted values; copy them into the
predict_*.c files, rebuild, and run this again (the bounds may move: repeat until the values
settle), then check the first-pick figures it prints and tests/test_model.sh.
Runs on any machine: it reads recorded results and runs nothing on a GPU.
"""
import csv, glob, math, os, re, statistics, subprocess, sys, tempfile
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIT = "--fit" in sys.argv[1:2]
ARGS = sys.argv[2:] if FIT else sys.argv[1:]
STENCILC = ARGS[0] if ARGS else os.path.join(ROOT, "build", "stencilc")
FILES = ARGS[1:] or sorted(glob.glob(os.path.join(ROOT, "bench/results/tune_candidates*.csv")) +
                               glob.glob(os.path.join(ROOT, "bench/results/tune_wide*.csv")))


DIMS = {}  # stencil -> its dimensions, from the model's first line (a size may be one number)


def predictions(stencil, dtype, size, steps):
    """(strategy, parameters) -> (predicted GCells/s, bound); parameters "" for the defaults."""
    src = os.path.join(ROOT, "examples", stencil + ".c")
    args = [src, "--dtype", dtype, "-s", size, "-t", steps]
    out = subprocess.run([STENCILC, "model", *args, "--top", "100000"], capture_output=True,
                         text=True, check=True).stdout
    got = {}
    DIMS[stencil] = out.splitlines()[0].split(", ")[2].count("x") + 1  # "512x512x512"
    for line in out.splitlines()[2:]:
        f = line.split()  # rank strategy params... gcells bound blocks limit occupancy regs
        got[(f[1], " ".join(f[2:-6]))] = (float(f[-6]), f[-5])
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([STENCILC, "tune", *args, "--top", "1", "--emit", tmp + "/e"],
                       capture_output=True, check=True)
        for line in open(tmp + "/e/tune.tsv"):
            f = line.rstrip("\n").split("\t")
            if len(f) >= 3 and len(f[1].split()) == 2:  # "--backend X": the defaults
                got[(f[1].split()[1], "")] = (float(f[2]), "default")
    return got


def attained():
    """(strategy, dims or 0, "double" or "") -> (dram, chip) as src/model/predict_*.c hold them:
    attained, attained_2d, attained_3d, attained_double, attained_3d_double."""
    got = {}
    for strategy in ("naive", "n5d", "25d", "ssam"):
        text = open(os.path.join(ROOT, "src/model/predict_%s.c" % strategy)).read()
        for name, dram, chip in re.findall(r"\b(attained\w*) = \{([0-9.]+), ([0-9.]+),", text):
            m = re.fullmatch(r"attained(?:_(\d)d)?(?:_(double))?", name)
            if m:
                got[(strategy, int(m.group(1) or 0), m.group(2) or "")] = (float(dram), float(chip))
    return got


def owner(now, strategy, dims, dtype):
    """The key of the fractions that predict a row: the most specific one that matches."""
    for key in ((strategy, dims, dtype), (strategy, 0, dtype), (strategy, dims, ""), (strategy, 0, "")):
        if key in now:
            return key
    return None


def fit(samples):
    """samples: (strategy, dims, bound, measured / predicted, dtype); prints the refitted fractions."""
    now = attained()
    print("refitted fractions (median of measured / predicted per resource; rows):")
    for (strategy, dims, dtype), (dram, chip) in sorted(now.items()):
        mine = [x for x in samples if owner(now, x[0], x[1], x[4]) == (strategy, dims, dtype)]
        on_dram = [x[3] for x in mine if x[2] == "global"]
        on_chip = [x[3] for x in mine if x[2] != "global"]
        name = strategy + (" %dD" % dims if dims else "") + (" " + dtype if dtype else "")
        line = f"  {name:8s}"
        for what, value, ratios in (("dram", dram, on_dram), ("chip", chip, on_chip)):
            if ratios:
                line += f"  {what} {value:.2f} -> {value * statistics.median(ratios):.2f} ({len(ratios)} rows)"
            else:
                line += f"  {what} {value:.2f} (no rows)"
        print(line)


def spearman(xs, ys):
    """Spearman's rank correlation of two lists (ties get their mean rank); 0 when one is flat."""
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(v):
            j = i
            while j + 1 < len(v) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.mean(rx), statistics.mean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx, syy = sum((a - mx) ** 2 for a in rx), sum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def main():
    rows = [r for f in FILES for r in csv.DictReader(open(f)) if r["verify"] in ("PASS", "SMALL")]
    keys = sorted({(r["stencil"], r["dtype"], r["size"], r["steps"]) for r in rows})
    model = {k: predictions(*k) for k in keys}
    errors, timed, samples = defaultdict(list), defaultdict(list), []
    for r in rows:
        got = model[(r["stencil"], r["dtype"], r["size"], r["steps"])].get((r["strategy"], r["parameters"]))
        if not got:
            continue  # no longer a candidate of the model (pruned, or outside its space)
        measured = float(r["gcells_per_s"])
        errors[r["strategy"]].append(math.log(measured / got[0]))
        if got[1] != "default":  # the defaults' bound is not printed
            samples.append((r["strategy"], DIMS[r["stencil"]], got[1], measured / got[0],
                            "double" if r["dtype"] == "double" else ""))
        rank = got[0] if got[1] != "default" else -1
        timed[(r["stencil"], r["dtype"])].append((rank, measured, r["strategy"], r["parameters"], got[0]))
    print(f"{len(rows)} timed candidates, {len(timed)} stencils ({', '.join(os.path.basename(f) for f in FILES)})")
    for s, e in sorted(errors.items()):
        print(f"  {s:6s} {len(e):4d} rows  measured/predicted median {math.exp(statistics.median(e)):.2f}"
              f"  rms(log) {math.sqrt(sum(x * x for x in e) / len(e)):.2f}")
    every = [abs(x) for e in errors.values() for x in e]
    rhos = [spearman([x[4] for x in c], [x[1] for x in c]) for c in timed.values() if len(c) > 2]
    print(f"all: median |log(measured/predicted)| {statistics.median(every):.3f} over {len(every)} rows;"
          + (f" rank correlation (Spearman) of predicted and measured per stencil: mean {statistics.mean(rhos):.3f},"
             f" median {statistics.median(rhos):.3f} over {len(rhos)} stencils" if rhos else
             " no stencil with 3 or more rows to rank"))
    # how far below the model's best the fastest candidate was predicted: what tune's pruning
    # (TUNE_PRUNE, src/cli/tune.c: candidates predicted under 1/TUNE_PRUNE of the best are not
    # built) must leave room for
    gaps = sorted((max(c, key=lambda x: x[1])[4] / max(x[4] for x in c), k) for k, c in timed.items())
    print(f"the fastest candidate's prediction over the best prediction: lowest {gaps[0][0]:.2f}"
          f" ({gaps[0][1][0]}-{gaps[0][1][1]}), then " + ", ".join(f"{g:.2f}" for g, _ in gaps[1:6]))
    ratios, low, wrong = [], [], []
    for k, c in sorted(timed.items()):
        best = max(x[1] for x in c)
        pick = max(c, key=lambda x: x[0])
        ratios.append(pick[1] / best)
        if pick[1] < 0.95 * best:
            low.append(f"{k[0]}-{k[1]} {pick[2]} {pick[3]}: {pick[1] / best:.2f}")
        per_strategy = defaultdict(float)
        for x in c:
            per_strategy[x[2]] = max(per_strategy[x[2]], x[1])
        if per_strategy[pick[2]] < 0.95 * best:
            wrong.append(f"{k[0]}-{k[1]}: picks {pick[2]}, fastest {max(per_strategy, key=per_strategy.get)}")
    print(f"first pick / fastest timed: geometric mean {math.exp(sum(map(math.log, ratios)) / len(ratios)):.3f},"
          f" below 95% on {len(low)} of {len(ratios)}")
    for line in low:
        print("  " + line)
    print(f"first pick's strategy not the fastest: {len(wrong)}")
    for line in wrong:
        print("  " + line)
    if FIT:
        fit(samples)


main()
