#!/usr/bin/env python3
"""conv2d: stencilc against cuDNN (through torch.nn.functional.conv2d) on the GPU machine.

The convention (scripts/conv2d.sh, README "Run-time weights"): an M x N filter W, no flip, the
padding of padding='same': output cell (i, j) of an image reads rows i - P .. i + M - 1 - P and
columns j - Q .. j + N - 1 - Q, P = (M - 1) // 2, Q = (N - 1) // 2. stencilc's grid holds the
image with that halo around it; torch pads with zeros. Timing both sides on the same layout:
torch gets the image padded once, outside the timed region, like stencilc's halo, and runs
F.conv2d(padded, W) (no padding argument), which is exactly what padding='same' computes.

Subcommands:
  run        (GPU, needs torch) for each program in --gen: time stencilc's program (it verifies
             itself against its CPU reference first), cross-check it against torch and a pure
             Python reference at a small size, time cuDNN, write the CSV and print a table.
  check-dump (no torch) compare a stencilc program's --dump-init/--dump files with the pure
             Python reference of the convention above; tests/test_conv2d.sh uses it on the CPU
             backend, so the convention is tested without a GPU.
"""
import argparse
import array
import os
import re
import statistics
import struct
import subprocess
import sys

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
WEIGHT_STREAM = 0x77656967687473  # runtime/rt_common.h, rt_fill_weights
FLT_EPSILON = 2.0 ** -23
DBL_EPSILON = 2.0 ** -52


# ---- the weights a stencilc program fills (runtime/rt_common.h, rewritten here) ----

def mix64(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def random_value(seed, i):
    r = mix64((seed + (i + 1) * GOLDEN) & MASK)
    mag = 0.1 + 0.9 * ((r >> 11) * (1.0 / 9007199254740992.0))
    return -mag if r & 1 else mag


def to_float32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


def program_weights(seed, m, n, dtype):
    """W[a][b] as a conv2d-MxN program run with --seed seed holds them: positive, summing to 1
    (every weight scales one point with coefficient 1, so its gain is 1)."""
    r = [abs(random_value(seed ^ WEIGHT_STREAM, k)) for k in range(m * n)]
    total = 0.0
    for x in r:
        total += 1.0 * x
    scale = 1 / total
    w = [x * scale for x in r]
    if dtype == "float":
        w = [to_float32(x) for x in w]
    return [w[a * n:(a + 1) * n] for a in range(m)]


def same_padding(k):
    """torch's split of k - 1 padding cells for padding='same': the smaller half first."""
    return (k - 1) // 2, k - 1 - (k - 1) // 2


def tolerance(eps, m, n):
    """rt_tolerance of runtime/rt_common.h for one step of conv2d-MxN (2MN FLOPs, gain 1)."""
    return 4.0 * eps * (2 * m * n + 2)


# ---- pure Python reference ----

def read_raw(path, dtype, rows, cols):
    a = array.array("f" if dtype == "float" else "d")
    with open(path, "rb") as f:
        a.frombytes(f.read())
    if len(a) != rows * cols:
        raise ValueError("%s holds %d values, expected %d x %d" % (path, len(a), rows, cols))
    return [list(a[r * cols:(r + 1) * cols]) for r in range(rows)]


def correlate_valid(grid, w):
    """out[i][j] = sum over the filter of w[a][b] * grid[i + a][j + b], in double."""
    m, n = len(w), len(w[0])
    rows, cols = len(grid) - m + 1, len(grid[0]) - n + 1
    out = []
    for i in range(rows):
        row = []
        for j in range(cols):
            s = 0.0
            for a in range(m):
                g, wa = grid[i + a], w[a]
                for b in range(n):
                    s += wa[b] * g[j + b]
            row.append(s)
        out.append(row)
    return out


def compare(got, ref):
    """max |got - ref| relative to max |ref| (rt_compare's normwise measure)."""
    max_abs = max(abs(g - r) for gr, rr in zip(got, ref) for g, r in zip(gr, rr))
    max_ref = max(abs(r) for rr in ref for r in rr)
    return max_abs / max_ref if max_ref else max_abs


def check_dump(m, n, rows, cols, seed, dtype, init_path, result_path):
    """Relative error of a stencilc conv2d result against the reference of the torch convention,
    or None (with a message) when a halo cell was written. rows x cols is the image size."""
    top, bottom = same_padding(m)
    left, right = same_padding(n)
    ext_r, ext_c = rows + m - 1, cols + n - 1
    init = read_raw(init_path, dtype, ext_r, ext_c)
    got = read_raw(result_path, dtype, ext_r, ext_c)
    w = program_weights(seed, m, n, dtype)
    ref = correlate_valid(init, w)  # the halo in place of torch's zeros
    for i in range(ext_r):
        for j in range(ext_c):
            inside = top <= i < top + rows and left <= j < left + cols
            if not inside and got[i][j] != init[i][j]:
                print("halo cell (%d, %d) was written: padding is not (%d, %d) x (%d, %d)"
                      % (i, j, top, bottom, left, right))
                return None
    image = [r[left:left + cols] for r in got[top:top + rows]]
    return compare(image, ref)


def cmd_check_dump(args):
    err = check_dump(args.m, args.n, args.rows, args.cols, args.seed, args.dtype, args.init,
                     args.result)
    tol = tolerance(FLT_EPSILON if args.dtype == "float" else DBL_EPSILON, args.m, args.n)
    ok = err is not None and err <= tol
    print("conv2d-%dx%d %s %dx%d: max_rel=%s tol=%.3e %s" % (
        args.m, args.n, args.dtype, args.rows, args.cols,
        "n/a" if err is None else "%.3e" % err, tol, "PASS" if ok else "FAIL"))
    return 0 if ok else 1


# ---- GPU run ----

def result_fields(text):
    line = next((l for l in text.splitlines() if l.startswith("RESULT ")), None)
    return dict(kv.split("=", 1) for kv in line.split()[1:]) if line else None


def torch_dtype(torch, dtype):
    return torch.float32 if dtype == "float" else torch.float64


def time_cudnn(torch, m, n, size, dtype, tf32, warmup, reps):
    """Median ms of F.conv2d on the image padded once for padding='same', CUDA events."""
    torch.backends.cudnn.benchmark = True
    torch.backends.cudnn.allow_tf32 = tf32
    tdt = torch_dtype(torch, dtype)
    x = torch.randn(1, 1, size + m - 1, size + n - 1, device="cuda", dtype=tdt)
    w = torch.randn(1, 1, m, n, device="cuda", dtype=tdt)
    for _ in range(warmup):  # the first call also runs cudnn.benchmark's search
        y = torch.nn.functional.conv2d(x, w)
    torch.cuda.synchronize()
    assert tuple(y.shape) == (1, 1, size, size)
    ms = []
    for _ in range(reps):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        torch.nn.functional.conv2d(x, w)
        stop.record()
        stop.synchronize()
        ms.append(start.elapsed_time(stop))
    return statistics.median(ms), cudnn_kernels(torch, x, w)


def smooth_size(k):
    """The smallest k' >= k whose only prime factors are 2, 3, 5 and 7 (cuFFT's fast sizes)."""
    while True:
        r = k
        for p in (2, 3, 5, 7):
            while r % p == 0:
                r //= p
        if r == 1:
            return k
        k += 1


def time_fft(torch, m, n, size, dtype, warmup, reps):
    """An FFT convolution of the same padded image (cuFFT through torch.fft): the image and the
    flipped filter transformed at a cuFFT-friendly size, multiplied, transformed back, and the
    valid part kept, which is F.conv2d(padded, W), i.e. padding='same'. The filter's transform is
    made once outside the timed region (as a planned FFT convolution would keep it), so the time
    is the image's forward transform, the product and the inverse. Returns (median ms, relative
    error against F.conv2d with TF32 off)."""
    torch.backends.cudnn.allow_tf32 = False
    tdt = torch_dtype(torch, dtype)
    rows, cols = size + m - 1, size + n - 1
    shape = (smooth_size(rows), smooth_size(cols))
    x = torch.randn(rows, cols, device="cuda", dtype=tdt)
    w = torch.randn(m, n, device="cuda", dtype=tdt)
    wf = torch.fft.rfft2(torch.flip(w, (0, 1)), s=shape)

    def conv():
        y = torch.fft.irfft2(torch.fft.rfft2(x, s=shape) * wf, s=shape)
        return y[m - 1:m - 1 + size, n - 1:n - 1 + size]

    for _ in range(warmup):  # the first calls also make cuFFT's plans
        y = conv()
    torch.cuda.synchronize()
    ref = torch.nn.functional.conv2d(x.view(1, 1, rows, cols), w.view(1, 1, m, n))[0, 0]
    err = ((y - ref).abs().max() / ref.abs().max()).item()
    ms = []
    for _ in range(reps):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        conv()
        stop.record()
        stop.synchronize()
        ms.append(start.elapsed_time(stop))
    return statistics.median(ms), err


def cudnn_kernels(torch, x, w):
    """Names of the kernels one call launches (what cuDNN chose), or '?'."""
    try:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            torch.nn.functional.conv2d(x, w)
            torch.cuda.synchronize()
        names = [e.key for e in prof.key_averages() if e.device_type.name == "CUDA"]
        return " + ".join(re.sub(r"[,\"]", " ", k)[:60] for k in names) or "?"
    except Exception as e:  # the profiler is optional
        return "? (%s)" % type(e).__name__


def torch_crosscheck(torch, m, n, seed, dtype, init_path, result_path, rows, cols):
    """(1) torch's padding='same' on a zero-padded image against the Python reference, (2) torch
    on stencilc's dumped grid against stencilc's result. Largest relative error of the two."""
    F = torch.nn.functional
    torch.backends.cudnn.allow_tf32 = False
    tdt = torch_dtype(torch, dtype)
    weights = program_weights(seed, m, n, dtype)
    w = torch.tensor(weights, dtype=tdt, device="cuda").view(1, 1, m, n)
    image = (torch.rand(rows, cols, dtype=torch.float64) * 2 - 1).to(tdt)
    top, bottom = same_padding(m)
    left, right = same_padding(n)
    padded = [[0.0] * (cols + n - 1) for _ in range(rows + m - 1)]
    for i in range(rows):
        for j in range(cols):
            padded[top + i][left + j] = float(image[i, j])
    ref = correlate_valid(padded, weights)
    same = F.conv2d(image.view(1, 1, rows, cols).cuda(), w, padding="same")[0, 0].cpu().tolist()
    err_same = compare(same, ref)
    ext_r, ext_c = rows + m - 1, cols + n - 1
    grid = torch.tensor(read_raw(init_path, dtype, ext_r, ext_c), dtype=tdt, device="cuda")
    got = read_raw(result_path, dtype, ext_r, ext_c)
    valid = F.conv2d(grid.view(1, 1, ext_r, ext_c), w)[0, 0].cpu().tolist()
    image_got = [r[left:left + cols] for r in got[top:top + rows]]
    return max(err_same, compare(image_got, valid))


def program_parameters(src):
    """The configuration the generator wrote into the program."""
    tagged = re.search(r"/\* (n5d|ssam|fft):[^*]*\*/", src)
    if tagged:
        return tagged.group(0)[3:-3].strip()
    block = re.search(r"const dim3 block\((.*)\);", src)
    return "block=" + block.group(1).replace(" ", "").replace(",", "x") if block else ""


def run_stencilc(torch, args, name, m, n):
    """Times the program (which verifies itself first) and cross-checks it at a small size.
    Returns (RESULT fields or None, cross-check error or None, why it failed or "")."""
    exe = os.path.join(args.bin, name)
    if not os.path.exists(exe):
        return None, None, "build failed"
    run = subprocess.run([exe, "-s", str(args.size), "-t", "1", "-r", str(args.reps)],
                         capture_output=True, text=True)
    res = result_fields(run.stdout)
    if not res or res.get("verify") != "PASS":
        tail = (run.stdout + run.stderr).strip().splitlines()
        return None, None, tail[-1] if tail else "exit %d" % run.returncode
    rows, cols, seed = 29, 23, 7  # odd, not square, not a multiple of a block
    init, result = "/tmp/%s.init" % name, "/tmp/%s.out" % name
    size = "%dx%d" % (rows, cols)
    dump = subprocess.run([exe, "-s", size, "--check-size", size, "-t", "1", "-r", "1",
                           "--seed", str(seed), "--dump-init", init, "--dump", result],
                          capture_output=True, text=True)
    if dump.returncode != 0:
        return res, None, "small run failed"
    err = check_dump(m, n, rows, cols, seed, args.dtype, init, result)
    if err is None:
        return res, None, "halo written"
    err = max(err, torch_crosscheck(torch, m, n, seed, args.dtype, init, result, rows, cols))
    eps = FLT_EPSILON if args.dtype == "float" else DBL_EPSILON
    return res, err, "" if err <= tolerance(eps, m, n) else "cross-check %.3e" % err


def cmd_run(args):
    import torch  # only the GPU run needs it
    gpu = torch.cuda.get_device_name(0)
    commit = open(os.path.join(args.gen, "COMMIT")).read().strip()
    backend = open(os.path.join(args.gen, "BACKEND")).read().strip()
    names = sorted((f[:-3] for f in os.listdir(args.gen)
                    if f.startswith("conv2d-") and f.endswith("-%s.cu" % args.dtype)),
                   key=lambda f: tuple(int(x) for x in re.findall(r"\d+", f)))
    new = not os.path.exists(args.out) or os.path.getsize(args.out) == 0
    table = []
    with open(args.out, "a") as csv:
        if new:
            csv.write("commit,gpu,filter,dtype,size,steps,backend,parameters,cudnn_ms,"
                      "cudnn_tf32_ms,stencilc_ms,speedup,gcells_per_s,gflop_per_s,max_abs_err,"
                      "max_rel_err,crosscheck_rel_err,verdict,fft_ms,fft_rel_err,"
                      "speedup_vs_fft\n")
        for name in names:
            m, n = (int(x) for x in re.search(r"conv2d-(\d+)x(\d+)", name).groups())
            res, cross, why = run_stencilc(torch, args, name, m, n)
            cudnn_ms, kernels = time_cudnn(torch, m, n, args.size, args.dtype, False, 3,
                                           args.cudnn_reps)
            tf32_ms, _ = time_cudnn(torch, m, n, args.size, args.dtype, True, 3, args.cudnn_reps)
            fft_ms, fft_err = time_fft(torch, m, n, args.size, args.dtype, 3, args.cudnn_reps)
            ms = float(res["ms"]) if res else None
            verdict = "FAIL" if why else "PASS"
            src = open(os.path.join(args.gen, name + ".cu")).read()
            params = ("%s; cudnn: %s" % (program_parameters(src), kernels)).replace(",", ";")
            get = lambda k: res[k] if res else ""
            row = [commit, gpu, "%dx%d" % (m, n), args.dtype, "%dx%d" % (args.size, args.size),
                   "1", backend, '"%s"' % params.replace('"', "'"), "%.4f" % cudnn_ms,
                   "%.4f" % tf32_ms, "%.4f" % ms if ms else "",
                   "%.3f" % (cudnn_ms / ms) if ms else "", get("gcells"), get("gflops"),
                   get("max_abs"), get("max_rel"), "%.3e" % cross if cross is not None else "",
                   verdict, "%.4f" % fft_ms, "%.3e" % fft_err,
                   "%.3f" % (fft_ms / ms) if ms else ""]
            csv.write(",".join(row) + "\n")
            csv.flush()
            table.append((m, n, cudnn_ms, fft_ms, ms, verdict, why))
            print("%-6s cudnn %8.3f ms (tf32 %8.3f) fft %8.3f ms (err %.1e)  stencilc %s  %s %s"
                  % ("%dx%d" % (m, n), cudnn_ms, tf32_ms, fft_ms, fft_err,
                     "%8.3f ms" % ms if ms else "--", verdict, why), flush=True)
    print("\nconv2d %s %dx%d on %s, stencilc %s backend (commit %s) against cuDNN in fp32 "
          "and an FFT convolution (x = their ms / stencilc ms)" % (
              args.dtype, args.size, args.size, gpu, backend, commit))
    print("%-7s %10s %10s %10s %8s %8s  %s" % ("filter", "cudnn ms", "fft ms", "stencilc",
                                                "x cudnn", "x fft", "verdict"))
    for m, n, c, f, s, v, why in table:
        print("%-7s %10.3f %10.3f %10s %8s %8s  %s %s" % (
            "%dx%d" % (m, n), c, f, "%.3f" % s if s else "--", "%.2f" % (c / s) if s else "--",
            "%.2f" % (f / s) if s else "--", v, why))
    return 0 if all(r[5] == "PASS" for r in table) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--gen", default="bench/gen/conv2d", help="folder of conv2d-MxN-DTYPE.cu")
    r.add_argument("--bin", default="/tmp/stencilc-conv2d", help="the programs built from them")
    r.add_argument("--out", default=os.path.join(os.environ.get("OUT", "/tmp"),
                                                 "conv2d_vs_cudnn.csv"))
    r.add_argument("--dtype", default="float", choices=["float", "double"])
    r.add_argument("--size", type=int, default=8192)
    r.add_argument("--reps", type=int, default=10, help="stencilc's timed repetitions")
    r.add_argument("--cudnn-reps", type=int, default=20)
    c = sub.add_parser("check-dump")
    for a in ("m", "n", "rows", "cols", "seed"):
        c.add_argument("--" + a, type=int, required=True)
    c.add_argument("--dtype", default="float", choices=["float", "double"])
    c.add_argument("--init", required=True)
    c.add_argument("--result", required=True)
    args = ap.parse_args()
    return cmd_run(args) if args.cmd == "run" else cmd_check_dump(args)


if __name__ == "__main__":
    sys.exit(main())
