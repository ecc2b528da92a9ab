#!/bin/sh
# All tests, from a fresh machine: install what is missing, build (plain and ASan/UBSan), run.
set -e
cd "$(dirname "$0")/.."
sh scripts/setup.sh
. scripts/env.sh
make -s -j"$(nproc)" all asan
sh tests/run.sh
# The front-end fuzzer for 60 s (clang's libFuzzer): no crash may turn up.
sh tests/test_fuzz.sh 60
# The bundle for campaigns on machines without LLVM (make fuzz-bundle-dir, 10 s of run-campaign.sh).
exec sh tests/test_fuzz_bundle.sh
