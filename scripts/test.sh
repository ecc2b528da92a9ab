#!/bin/sh
# All tests, from a fresh machine: install what is missing, build (plain and ASan/UBSan), run.
set -e
cd "$(dirname "$0")/.."
sh scripts/setup.sh
. scripts/env.sh
make -s -j"$(nproc)" all asan
exec sh tests/run.sh
