#!/bin/sh
# Fast by default (issue 19 item 3). Without --backend, gen and run take --backend auto (the
# tuned choice, else the model's best), and what it picks generates the same program as its
# options given by hand and verifies, through tools/cudaemu, and run takes the CPU path with it.
# nvcc targets the GPU present (nvidia-smi's compute capability), else --arch or
# $STENCILC_CUDA_ARCH (sm_NN, NN, native; default sm_90), an explicit choice first, with
# $NVCCFLAGS and --nvcc-flags passed through; --gpu defaults to the GPU present. tune builds no
# more candidates at once than there are cores and prints a line per candidate built and per
# candidate timed, with the seconds so far. A stand-in nvidia-smi (lib.sh) plays the GPU. An nvcc
# that fails ends run (exit 3) instead of falling back to the CPU path. naive's default tile of
# integer pixels (4x4, int 2x4) is --outputs given by hand and passes check.
. "$(dirname "$0")/lib.sh"
make_tmp
export STENCILC_CACHE="$tmp/cache" # no tuned choice: auto is the model's best
mkdir -p "$tmp/gpu" "$tmp/bin" "$tmp/lib"
stand_in_nvidia_smi "$tmp/gpu"
no_gpu_here() { ! command -v nvidia-smi >/dev/null 2>&1 && [ ! -e /dev/nvidia0 ]; }

# (a) The default is auto: the same program as the model's best given by hand, which verifies
# through cudaemu at several step counts (2D and 3D).
for case in "j2d5pt 37x45" "star3d1r 13x11x17"; do
  n=${case% *} size=${case#* }
  "$STENCILC" gen "examples/$n.c" -o "$tmp/$n.cu" 2>"$tmp/$n.err"
  choice=$(sed -n "s/^stencilc: --backend auto: model's best for [a-z0-9]* (not tuned): //p" "$tmp/$n.err")
  # shellcheck disable=SC2086
  if [ -n "$choice" ] && "$STENCILC" gen "examples/$n.c" $choice -o "$tmp/$n-given.cu" 2>/dev/null &&
     cmp -s "$tmp/$n.cu" "$tmp/$n-given.cu"; then ok
  else no "gen $n without --backend: not the model's best: $(cat "$tmp/$n.err")"; fi
  if emu_build "$tmp/$n.cu" "$tmp/$n" >"$tmp/$n.build" 2>&1 && emu_verify "$tmp/$n" "$size" 1 2 5; then ok
  else no "the default program of $n ($choice) does not verify: $(tail -3 "$tmp/$n.build")"; fi
done
# run without --backend: auto, then (no GPU, --cpu) the CPU path, which verifies
"$STENCILC" run --cpu examples/star3d1r.c -s 20 -t 3 >"$tmp/run.out" 2>&1 && grep -q "model's best" "$tmp/run.out" &&
  grep -q "CPU path" "$tmp/run.out" && grep -q "verify=PASS" "$tmp/run.out" && ok || no "run by default: $(tail -3 "$tmp/run.out")"
"$STENCILC" gen --help | grep -q "default auto" && ok || no "gen --help does not give the default backend"

# (b) What nvcc is asked for: a stand-in that records its arguments and fails.
printf '#!/bin/sh\necho "$*" >>"%s/nvcc.args"\nexit 1\n' "$tmp" >"$tmp/bin/nvcc" && chmod +x "$tmp/bin/nvcc"
nvcc_line() { # [ARGS...]: the nvcc command line of 'run --backend naive' (no --cpu)
  rm -f "$tmp/nvcc.args"
  NVCC=$tmp/bin/nvcc "$STENCILC" run examples/j2d5pt.c --backend naive -s 16 -t 1 --workdir "$tmp/w" "$@" >/dev/null 2>&1
  cat "$tmp/nvcc.args" 2>/dev/null
}
want_arch() { # WHAT WANT LINE
  case " $3 " in *" $2 "*) ok ;; *) no "$1: nvcc got '$3', want '$2'" ;; esac
}
if no_gpu_here; then
  want_arch "no GPU, no --arch" "-gencode=arch=compute_90,code=sm_90" "$(nvcc_line)"
fi
want_arch "--arch native" "-arch=native" "$(nvcc_line --arch native)"
want_arch "STENCILC_CUDA_ARCH=native" "-arch=native" "$(STENCILC_CUDA_ARCH=native nvcc_line)"
want_arch "--arch 90a" "-gencode=arch=compute_90a,code=sm_90a" "$(nvcc_line --arch 90a)"
(
  PATH=$tmp/gpu:$PATH FAKE_GPU="NVIDIA A100-SXM4-80GB, 8.0"
  export PATH FAKE_GPU
  want_arch "an A100 present" "-gencode=arch=compute_80,code=sm_80" "$(nvcc_line)"
  want_arch "an A100 present, --arch sm_86" "-gencode=arch=compute_86,code=sm_86" "$(nvcc_line --arch sm_86)"
  # --gpu defaults to the GPU present
  "$STENCILC" gen examples/j2d5pt.c -o "$tmp/a.cu" 2>&1 | grep -q "model's best for a100 " && ok ||
    no "--gpu does not default to the A100 present"
  "$STENCILC" model examples/j2d5pt.c --top 1 | head -1 | grep -q "A100" && ok || no "model does not model the A100 present"
  # a GPU the model does not know: said, h200 modelled; nvcc still targets it
  FAKE_GPU="NVIDIA GeForce RTX 4090, 8.9" "$STENCILC" gen examples/j2d5pt.c -o "$tmp/a.cu" 2>"$tmp/err" &&
    grep -q "RTX 4090, is not in the model's table" "$tmp/err" && grep -q "model's best for h200 " "$tmp/err" && ok ||
    no "an unknown GPU present: $(cat "$tmp/err")"
  want_arch "an RTX 4090 present" "-gencode=arch=compute_89,code=sm_89" "$(FAKE_GPU="NVIDIA GeForce RTX 4090, 8.9" nvcc_line)"
)
line=$(NVCCFLAGS="-lineinfo  -Xptxas=-v" nvcc_line --nvcc-flags "-DSTENCIL_X=1 -g")
case "$line" in *" -lineinfo -Xptxas=-v -DSTENCIL_X=1 -g -o "*) ok ;; *) no "NVCCFLAGS and --nvcc-flags: nvcc got '$line'" ;; esac
# A failed nvcc build ends run with exit 3 and says so; the CPU path does not run in its place
# (it is for no GPU or no nvcc), for a single stencil and a stencil program, with --backend auto
# and given; --cpu still runs the CPU path.
for c in "examples/j2d5pt.c" "examples/j2d5pt.c --backend naive" "examples/programs/heat2d_var.c" \
         "examples/programs/heat2d_var.c --backend naive"; do
  # shellcheck disable=SC2086
  NVCC=$tmp/bin/nvcc "$STENCILC" run $c -s 16 -t 1 --workdir "$tmp/w" >"$tmp/fail.out" 2>"$tmp/fail.err"
  rc=$?
  if [ $rc -eq 3 ] && grep -q "nvcc ($tmp/bin/nvcc) failed on .* with exit status 1" "$tmp/fail.err" &&
     ! grep -q "run: CPU path\|RESULT" "$tmp/fail.out" "$tmp/fail.err"; then ok
  else no "run $c with a failing nvcc: exit $rc: $(tail -2 "$tmp/fail.err") $(tail -1 "$tmp/fail.out")"; fi
done
if NVCC=$tmp/bin/nvcc "$STENCILC" run --cpu examples/programs/heat2d_var.c -s 16 -t 1 --workdir "$tmp/w" >"$tmp/fail.out" 2>&1 &&
   grep -q "verify=PASS" "$tmp/fail.out"; then ok; else no "run --cpu with a failing nvcc: $(tail -2 "$tmp/fail.out")"; fi
for a in 7 sm_9x 1000 "sm_90 " native2; do
  expect 2 "--arch '$a'" "$STENCILC" run examples/j2d5pt.c --arch "$a"
done

# (c) tune: builds at most one candidate per core at once, a line per candidate built and timed
# with the seconds so far, in order.
stand_in_nvcc "$tmp/lib"
cat >"$tmp/bin/nvcc" <<EOF
#!/bin/sh
mkdir -p "$tmp/running" && : >"$tmp/running/\$\$"
ls "$tmp/running" | wc -l >>"$tmp/concurrent"
sleep 0.3
rm -f "$tmp/running/\$\$"
exec "$tmp/lib/nvcc" "\$@"
EOF
chmod +x "$tmp/bin/nvcc"
PATH=$tmp/gpu:$PATH NVCC=$tmp/bin/nvcc "$STENCILC" tune examples/j2d5pt.c --top 2 -s 512 -t 10 --workdir "$tmp/tw" >"$tmp/tune.out" 2>&1 ||
  no "tune with a stand-in GPU: $(tail -3 "$tmp/tune.out")"
n=$(grep -c '^tune: \[' "$tmp/tune.out")
cores=$(getconf _NPROCESSORS_ONLN)
most=$(sort -n "$tmp/concurrent" | tail -1)
[ "$n" -ge 3 ] && [ "$(wc -l <"$tmp/concurrent")" -eq "$n" ] && [ "$most" -le "$cores" ] && ok ||
  no "tune: $n candidates, at most $most builds at once on $cores cores"
[ "$(grep -c "^tune: built \[[0-9]*/$n\] --backend .* ok  ([0-9.]* s)$" "$tmp/tune.out")" -eq "$n" ] &&
  [ "$(grep -c "^tune: \[[0-9]*/$n\] .* measured .*  ([0-9.]* s)$" "$tmp/tune.out")" -eq "$n" ] && ok ||
  no "tune's progress lines: $(cat "$tmp/tune.out")"
sed -n 's/^tune: .*(\([0-9.]*\) s)$/\1/p' "$tmp/tune.out" | awk '$1 < last { bad = 1 } { last = $1 } END { exit bad }' &&
  ok || no "tune's times go backwards"
[ -d "$tmp/tw" ] && ok || no "tune --workdir removed"

# (d) Integer pixels: naive computes 4x4 cells a thread of an 8- or 16-bit grid and 2x4 of an int
# grid unless --outputs is given (the same program as those options by hand), and the default
# program passes check against the user's filter through cudaemu.
for case in "gauss3x3_u8 4x4 -s 29x23" "box5x5_u16 4x4 -s 29x23" "smooth_int_shift 2x4 -s 29"; do
  set -- $case
  "$STENCILC" gen "tests/check/$1.c" --backend naive -o "$tmp/$1.cu" 2>/dev/null &&
    "$STENCILC" gen "tests/check/$1.c" --backend naive --outputs "$2" -o "$tmp/$1-given.cu" 2>/dev/null &&
    cmp -s "$tmp/$1.cu" "$tmp/$1-given.cu" && ok || no "$1: naive's default tile is not $2"
  "$STENCILC" check "tests/check/$1.c" --backend naive "$3" "$4" -t 3 >"$tmp/$1.check" 2>&1 && ok ||
    no "$1: naive's default tile fails check: $(tail -2 "$tmp/$1.check")"
done

summary defaults
