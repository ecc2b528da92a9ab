#!/bin/sh
# A front-end fuzzing campaign from the bundle of `make fuzz-bundle` (tests/fuzz/README.md), on a
# Linux x86_64 machine with glibc >= 2.36 and no LLVM: the fuzzer finds libclang, its libraries
# and clang's headers inside the bundle (lib/, its rpath $ORIGIN/lib).
#   ./run-campaign.sh JOBS SECONDS [OUTDIR]
# runs JOBS fuzzing processes for SECONDS with the options of `make fuzz`, in work/ beside this
# script (corpus/, artifacts/, fuzz-K.log; a second run goes on from the corpus of the first),
# prints one summary line and writes OUTDIR/fuzz-campaign.tar.xz (OUTDIR defaults to $OUT, else
# this folder): summary.txt, artifacts/, the end of each log and the corpus, one file.
# Exit status: 0 when nothing was found, 1 when the fuzzer kept a failing input, 2 on bad use.
here=$(cd "$(dirname "$0")" && pwd)
usage() { echo "usage: $0 JOBS SECONDS [OUTDIR]" >&2; exit 2; }
case $1 in ''|*[!0-9]*) usage ;; esac
case $2 in ''|*[!0-9]*) usage ;; esac
[ "$1" -ge 1 ] && [ "$2" -ge 1 ] || usage
jobs=$1 seconds=$2 out=${3:-${OUT:-$here}}
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
work=$here/work
mkdir -p "$work/corpus" "$work/artifacts" || exit 2
rm -f "$work"/fuzz-*.log
cd "$work" || exit 2

# DT_RPATH already names lib/; LD_LIBRARY_PATH as well, for a loader that would not honour it.
LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
[ -f /usr/include/stdio.h ] ||
  echo "run-campaign: warning: no /usr/include/stdio.h; inputs that include the C library's headers will not parse" >&2

start=$(date +%s)
# stdin is /dev/null: an input that reads it gets end of file, not a wait.
"$here/fuzz_frontend" -jobs="$jobs" -workers="$jobs" -max_total_time="$seconds" -max_len=65536 \
  -rss_limit_mb=4096 -timeout=20 -close_fd_mask=2 -print_final_stats=1 \
  -dict="$here/stencil.dict" -artifact_prefix=artifacts/ \
  corpus "$here/seeds" "$here/regressions" </dev/null >fuzz.log 2>&1
end=$(date +%s)

# Executions per process: the largest count its log shows (stat::number_of_executed_units and
# "Done N runs" at a normal end, else the last "#N" status line before a crash), summed.
execs=0
for log in fuzz-*.log; do
  [ -f "$log" ] || continue
  n=$(awk '
    /^stat::number_of_executed_units:/ { v = $2 }
    /^Done [0-9]+ runs/ { v = $2 }
    /^#[0-9]+[ \t]/ { v = substr($1, 2) }
    { if (v + 0 > max) max = v + 0 }
    END { print max + 0 }' "$log")
  execs=$((execs + n))
done
failures=$(ls artifacts | grep -c '^\(crash\|leak\|timeout\|oom\)-')
slow=$(ls artifacts | grep -c '^slow-unit-')
logs=$(ls fuzz-*.log 2>/dev/null | wc -l)
line="fuzz-campaign: $execs executions in $((end - start)) s, $jobs jobs ($logs logs), $failures crashes (crash/leak/timeout/oom in artifacts/), $slow slow units"
echo "$line" | tee summary.txt

# One file back: the summary, every artifact, the last 200 lines of each log, the corpus (left
# out if the file would pass 15 MiB, the most the other side carries is 16).
mkdir -p logs
for log in fuzz*.log; do tail -n 200 "$log" >"logs/$log"; done
tar -cJf "$out/fuzz-campaign.tar.xz" summary.txt artifacts logs corpus
if [ "$(wc -c <"$out/fuzz-campaign.tar.xz")" -gt $((15 << 20)) ]; then
  echo "run-campaign: corpus left out of the result (over 15 MiB)" | tee -a summary.txt
  tar -cJf "$out/fuzz-campaign.tar.xz" summary.txt artifacts logs
fi
echo "run-campaign: $out/fuzz-campaign.tar.xz"
[ "$failures" -eq 0 ]
