#!/bin/sh
# The front-end fuzzer for a while (default 60 s, CI): `make fuzz` (clang's libFuzzer, ASan,
# UBSan; inputs up to 64 KB with #include from tests/fuzz/include) must find no crash, leak,
# timeout or out-of-memory input, and must have run. It works in build/fuzz-ci (corpus, logs; a
# campaign in build/fuzz is left alone); new crashes stay in build/fuzz-ci/artifacts/.
#   sh tests/test_fuzz.sh [SECONDS]
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
seconds=${1:-60}
command -v "${FUZZ_CC:-clang}" >/dev/null 2>&1 || { no "clang is required (scripts/setup.sh installs it)"; summary fuzz; exit 1; }
work=build/fuzz-ci
rm -f $work/fuzz-*.log
mkdir -p $work/artifacts
before=$(ls $work/artifacts | grep -c '^\(crash\|leak\|timeout\|oom\)-')
make -s fuzz FUZZ_SECONDS="$seconds" FUZZ_JOBS=1 FUZZ_WORK=$work >$work/test.log 2>&1 && ok || no "make fuzz: $(tail -5 $work/test.log)"
after=$(ls $work/artifacts | grep -c '^\(crash\|leak\|timeout\|oom\)-')
[ "$after" -eq "$before" ] && ok || no "the fuzzer found $((after - before)) new failing inputs: $work/artifacts/"
runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' $work/fuzz-0.log 2>/dev/null | tail -1)
[ "${runs:-0}" -gt 0 ] && ok || no "the fuzzer did not run ($work/fuzz-0.log)"
echo "fuzz: ${runs:-0} executions in $seconds s"
summary fuzz
