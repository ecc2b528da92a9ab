#!/bin/sh
# Runs every test suite; exits non-zero when any fails. Expects 'make all asan' to have run.
# The front-end facing suites use the ASan/UBSan build, so a memory error fails them.
# Every suite (and unit test) ends with "NAME: N passed, N failed"; the last line is the total.
cd "$(dirname "$0")/.." || exit 1
failed=
log=$(mktemp) || exit 1
trap 'rm -f "$log" "$log.rc" "$log.one"' EXIT
suite() {
  name=$1; shift
  echo "== $name"
  { "$@"; echo $? >"$log.rc"; } 2>&1 | tee "$log.one"
  summaries=$(grep -cE '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed$' "$log.one")
  if [ "$(cat "$log.rc")" != 0 ]; then failed="$failed $name"
  elif [ "$summaries" -eq 0 ]; then echo "FAIL: $name printed no 'N passed, N failed' line"; failed="$failed $name"; fi
  cat "$log.one" >>"$log"
}

# Unit tests: each tests/unit/test_*.c links against stencilc's objects (not its main).
unit() {
  mkdir -p build/tests
  objs=$(ls build/obj/*/*.o build/obj/runtime_text.o | grep -v '/cli/')
  rc=0
  for t in tests/unit/test_*.c; do
    exe=build/tests/$(basename "$t" .c)
    cc -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Wall -Wextra -Isrc -Ibuild/gen -Iruntime \
      -I"$(ls -d /usr/lib/llvm-*/include | sort -V | tail -1)" -fopenmp -o "$exe" "$t" $objs \
      -L"$(ls -d /usr/lib/llvm-*/lib | sort -V | tail -1)" -lclang -lm || { rc=1; continue; }
    "$exe" || rc=1
  done
  return $rc
}

suite unit unit
suite cudaemu sh tests/test_cudaemu.sh
suite examples env STENCILC=build/asan/stencilc sh tests/test_examples.sh
suite diagnostics env STENCILC=build/asan/stencilc sh tests/test_diagnostics.sh
suite cli env STENCILC=build/asan/stencilc sh tests/test_cli.sh
suite defaults env STENCILC=build/asan/stencilc sh tests/test_defaults.sh
suite programs env STENCILC=build/stencilc sh tests/test_programs.sh
suite tolerance env STENCILC=build/stencilc sh tests/test_tolerance.sh
suite reference env STENCILC=build/stencilc sh tests/test_reference.sh
suite programs-multi env STENCILC=build/stencilc sh tests/test_programs_multi.sh
suite conv2d env STENCILC=build/asan/stencilc sh tests/test_conv2d.sh
suite fft env STENCILC=build/asan/stencilc sh tests/test_fft.sh
suite direct env STENCILC=build/asan/stencilc sh tests/test_direct.sh
suite naive-outputs env STENCILC=build/asan/stencilc sh tests/test_naive_outputs.sh
suite p25d-ahead env STENCILC=build/asan/stencilc sh tests/test_p25d_ahead.sh
suite refusals env STENCILC=build/asan/stencilc sh tests/test_refusals.sh
suite inputs env STENCILC=build/asan/stencilc sh tests/test_inputs.sh
suite fuzz-regressions env STENCILC=build/asan/stencilc sh tests/test_fuzz_regressions.sh
suite check env STENCILC=build/stencilc sh tests/test_check.sh
suite converge env STENCILC=build/stencilc sh tests/test_converge.sh
suite check-programs env STENCILC=build/stencilc sh tests/test_check_programs.sh
suite params env STENCILC=build/stencilc sh tests/test_params.sh
suite n5d-cols env STENCILC=build/stencilc sh tests/test_n5d_cols.sh
suite api env STENCILC=build/stencilc sh tests/test_api.sh
suite rewrite env STENCILC=build/asan/stencilc sh tests/test_rewrite.sh
suite differential env STENCILC=build/stencilc sh tests/test_differential.sh 100
suite model env STENCILC=build/asan/stencilc sh tests/test_model.sh
suite backends env STENCILC=build/asan/stencilc sh tests/test_backends.sh
suite bench-differential env STENCILC=build/stencilc sh tests/test_bench_differential.sh
suite bench-tune env STENCILC=build/stencilc sh tests/test_bench_tune.sh
suite mpi env STENCILC=build/stencilc sh tests/test_mpi.sh
suite mutation env STENCILC=build/stencilc sh tests/test_mutation.sh
suite install sh tests/test_install.sh

if [ -n "$failed" ]; then echo "FAILED:$failed"; else echo "all tests passed"; fi
grep -E '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed$' "$log" |
  awk '{ p += $2; f += $4; n++ } END { printf "total: %d passed, %d failed (%d summaries)\n", p, f, n }'
[ -z "$failed" ]
