# Shared helpers of the test suites (sourced: `. "$(dirname "$0")/lib.sh"`). It moves to the
# repository root and sets STENCILC (default build/stencilc) and JOBS (default: the cores).
#   ok                       count a pass
#   no "what" [detail]       count a failure and say why
#   expect CODE "what" CMD...   run CMD (output discarded); pass when it exits CODE
#   summary NAME             print "NAME: N passed, N failed"; returns non-zero when any failed
#   make_tmp                 $tmp: a fresh directory (exported), removed at exit unless KEEP is set
#   stand_in_nvcc DIR        writes DIR/nvcc, an nvcc for machines without the CUDA toolkit (below)
#   stand_in_nvidia_smi DIR  writes DIR/nvidia-smi, which lists one GPU: $FAKE_GPU (default
#                            "NVIDIA H200, 9.0", as --query-gpu=name,compute_cap prints it);
#                            with DIR first in PATH, stencilc sees a GPU (tune times on it)
#   emu_build CU EXE [FLAGS...]   builds a generated CUDA program for the CPU through tools/cudaemu
#   emu_verify EXE SIZE STEPS...   runs it at SIZE (the checked size too) for each step count;
#                            fails unless every run prints verify=PASS
# CUDA programs run through cudaemu under CUDAEMU_SCHEDULE=random (threads of a block in a
# seeded random order between barriers; CUDAEMU_SEED, default 1) unless the caller set a
# schedule: a missing barrier shows as a failed verification (tools/cudaemu/cuda_runtime.h).
cd "$(dirname "$0")/.." || exit 1
STENCILC=${STENCILC:-build/stencilc}
JOBS=${JOBS:-$(nproc)}
CUDAEMU_SCHEDULE=${CUDAEMU_SCHEDULE:-random}
CUDAEMU_SEED=${CUDAEMU_SEED:-1}
export CUDAEMU_SCHEDULE CUDAEMU_SEED
pass=0 fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect() {
  _want=$1 _what=$2; shift 2
  "$@" >/dev/null 2>&1
  _rc=$?
  if [ $_rc -eq "$_want" ]; then ok; else no "$_what: exit $_rc, want $_want"; fi
}
summary() {
  echo "$1: $pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}

make_tmp() {
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/stencilc-test.XXXXXX") || exit 1
  if [ -n "$KEEP" ]; then echo "keeping the files in $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
  trap 'exit 1' INT TERM
  export tmp
}

# The stand-in nvcc: `nvcc ... SRC.cu ... -o EXE` writes EXE, a shell "program" that appends its
# arguments to EXE.args (and "NAME ARGS" to $FAKE_LOG when set) and prints a passing check and
# a RESULT line whose speed comes from the program's name: 100 + 10 i GCells/s for a name that
# ends in the number i (tune's candidates: NAME-tuneI), 1 more when run without
# --skip-full-check (verified in full, as tune verifies its pick; verify=SMALL with it).
# Knobs, all optional:
#   FAKE_NVCC_SLEEP=S   every build takes S seconds
#   FAKE_SLOW="NAMES"   the builds of these programs take 30 s
#   FAKE_BUILD_FAIL="NAMES"   these sources (name without .cu) do not build
#   FAKE_FAIL="PATTERNS"      programs whose name matches one of these shell patterns fail their check
#   FAKE_FULL_FAIL="PATTERNS" these fail only the check at the full size (without --skip-full-check)
stand_in_nvcc() {
  cat >"$1/nvcc" <<'EOF'
#!/bin/sh
while [ $# -gt 0 ]; do case $1 in -o) exe=$2; shift ;; *.cu) src=$1 ;; esac; shift; done
name=${exe##*/}
sleep "${FAKE_NVCC_SLEEP:-0}"
case " $FAKE_SLOW " in *" $name "*) sleep 30 ;; esac
case " $FAKE_BUILD_FAIL " in *" $(basename "$src" .cu) "*) echo "$src(1): error: stand-in"; exit 1 ;; esac
i=$(echo "$name" | sed -n 's/.*[^0-9]\([0-9][0-9]*\)$/\1/p')
cat >"$exe" <<PROG
#!/bin/sh
g=$((100 + ${i:-0} * 10))
PROG
cat >>"$exe" <<'PROG'
echo "$*" >>"$0.args"
[ -n "$FAKE_LOG" ] && echo "$(basename "$0") $*" >>"$FAKE_LOG"
size=64x64 steps=5
verify=PASS fails=$FAKE_FAIL
case "$*" in *--skip-full-check*) verify=SMALL ;; *) g=$((g + 1)) fails="$fails $FAKE_FULL_FAIL" ;; esac
while [ $# -gt 0 ]; do case $1 in -s) size=$2; shift ;; -t) steps=$2; shift ;; esac; shift; done
for p in $fails; do
  case $(basename "$0") in $p)
    echo "check a: size=$size steps=$steps max_abs=1.000e-01 max_rel=2.000e-01 tol=1.000e-05 FAIL"
    echo "FAIL: verification failed, not timing"; exit 1 ;;
  esac
done
echo "check a: size=$size steps=$steps max_abs=1.000e-07 max_rel=2.000e-07 tol=1.000e-05 PASS"
echo "RESULT name=x size=$size steps=$steps gcells=$g.0 gflops=9.0 max_abs=1.000e-07 max_rel=2.000e-07 verify=$verify"
PROG
chmod +x "$exe"
EOF
  chmod +x "$1/nvcc"
}

stand_in_nvidia_smi() {
  # shellcheck disable=SC2016
  printf '#!/bin/sh\ngpu=${FAKE_GPU:-NVIDIA H200, 9.0}\ncase "$*" in *compute_cap*) echo "$gpu" ;; *) echo "${gpu%%%%,*}" ;; esac\n' >"$1/nvidia-smi"
  chmod +x "$1/nvidia-smi"
}

# cudaemu builds at -O0: a quarter of the compile time of -O1, and the grids are small.
emu_build() {
  _cu=$1 _exe=$2; shift 2
  sh tools/cudaemu/build.sh "$_cu" "$_exe" -O0 "$@"
}
emu_verify() {
  _exe=$1 _size=$2; shift 2
  for _t in "$@"; do
    "$_exe" -s "$_size" -t "$_t" -r 1 --check-size "$_size" >"$_exe.out" 2>&1
    grep -q 'verify=PASS' "$_exe.out" || { echo "FAIL at $_t steps:"; tail -5 "$_exe.out"; return 1; }
  done
}
