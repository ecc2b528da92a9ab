#!/bin/sh
# Runs every test suite; exits non-zero when any fails. Expects 'make all asan' to have run.
# The front-end facing suites use the ASan/UBSan build, so a memory error fails them.
cd "$(dirname "$0")/.." || exit 1
failed=
suite() {
  name=$1; shift
  echo "== $name"
  if "$@"; then :; else failed="$failed $name"; fi
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
suite examples env STENCILC=build/asan/stencilc sh tests/test_examples.sh
suite diagnostics env STENCILC=build/asan/stencilc sh tests/test_diagnostics.sh
suite cli env STENCILC=build/asan/stencilc sh tests/test_cli.sh
suite programs env STENCILC=build/stencilc sh tests/test_programs.sh
suite programs-multi env STENCILC=build/stencilc sh tests/test_programs_multi.sh
suite conv2d env STENCILC=build/asan/stencilc sh tests/test_conv2d.sh
suite refusals env STENCILC=build/asan/stencilc sh tests/test_refusals.sh
suite fuzz-regressions env STENCILC=build/asan/stencilc sh tests/test_fuzz_regressions.sh
suite differential env STENCILC=build/stencilc sh tests/test_differential.sh 100
suite model env STENCILC=build/asan/stencilc sh tests/test_model.sh
suite bench-differential env STENCILC=build/stencilc sh tests/test_bench_differential.sh
suite bench-tune env STENCILC=build/stencilc sh tests/test_bench_tune.sh

if [ -n "$failed" ]; then
  echo "FAILED:$failed"
  exit 1
fi
echo "all tests passed"
