#!/bin/sh
# The fuzzing bundle (make fuzz-bundle, tests/fuzz/README.md) without its 200 MB xz: the folder of
# `make fuzz-bundle-dir` loads libclang and LLVM from itself, and run-campaign.sh counts and packs
# what a campaign leaves (checked with a stand-in fuzzer whose logs are known), then runs the real
# fuzzer for 10 s in a bare environment.
#   sh tests/test_fuzz_bundle.sh
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
command -v "${FUZZ_CC:-clang}" >/dev/null 2>&1 || { no "clang is required (scripts/setup.sh installs it)"; summary fuzz-bundle; exit 1; }
make_tmp
bundle=build/fuzz-bundle
make -s fuzz-bundle-dir >"$tmp/make.log" 2>&1 && ok || no "make fuzz-bundle-dir: $(tail -5 "$tmp/make.log")"
here=$(pwd)

# Every library of LLVM's resolves inside the bundle, with no LD_LIBRARY_PATH.
libs=$(env -i PATH=/usr/bin:/bin ldd "$bundle/fuzz_frontend" | awk '/libclang|libLLVM/ { print $3 }')
[ "$(echo "$libs" | wc -l)" -eq 2 ] && ok || no "ldd lists libclang and libLLVM once each: $libs"
for l in $libs; do
  case $l in "$here/$bundle/lib/"*) ok ;; *) no "$l is not loaded from $bundle/lib" ;; esac
done
[ -f "$bundle/lib/clang/$(ls "$bundle/lib/clang")/include/stddef.h" ] && ok || no "clang's headers are not in $bundle/lib/clang"

# The counting, on logs of a known end: one process ended normally after 500 executions, one
# crashed after its "#300" line; one crash file and one slow unit were kept.
fake=$tmp/fake
mkdir -p "$fake"
cp tests/fuzz/run-campaign.sh "$fake/"
cat >"$fake/fuzz_frontend" <<'EOF'
#!/bin/sh
printf '#2\tINITED cov: 9\n#256\tpulse  cov: 9\n#500\tDONE   cov: 9\nDone 500 runs in 1 second(s)\nstat::number_of_executed_units: 500\n' >fuzz-0.log
printf '#2\tINITED cov: 9\n#256\tpulse  cov: 9\n#300\tNEW    cov: 10\n==1==ERROR: AddressSanitizer: heap-use-after-free\n' >fuzz-1.log
echo x >artifacts/crash-0123; echo y >artifacts/slow-unit-4567
exit 1
EOF
chmod +x "$fake/fuzz_frontend"
sh "$fake/run-campaign.sh" 2 1 "$tmp/fake-out" >"$tmp/fake.log" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || no "run-campaign.sh exits $rc after a crash, want 1"
grep -q '^fuzz-campaign: 800 executions in [0-9]* s, 2 jobs (2 logs), 1 crashes (.*), 1 slow units$' "$tmp/fake.log" &&
  ok || no "the summary of the stand-in's logs: $(cat "$tmp/fake.log")"
tar -tJf "$tmp/fake-out/fuzz-campaign.tar.xz" >"$tmp/fake.list" 2>&1 &&
  grep -qx summary.txt "$tmp/fake.list" && grep -qx artifacts/crash-0123 "$tmp/fake.list" &&
  grep -qx logs/fuzz-1.log "$tmp/fake.list" && ok || no "the result file lacks the summary, crash or logs: $(cat "$tmp/fake.list")"
expect 2 "run-campaign.sh with JOBS 0" sh "$fake/run-campaign.sh" 0 1 "$tmp/fake-out"
expect 2 "run-campaign.sh with SECONDS 1x" sh "$fake/run-campaign.sh" 1 1x "$tmp/fake-out"

# The real fuzzer, one process for 10 s, in a bare environment.
env -i PATH=/usr/bin:/bin "$bundle/run-campaign.sh" 1 10 "$tmp/out" >"$tmp/run.log" 2>&1 && ok ||
  no "run-campaign.sh 1 10: $(tail -5 "$tmp/run.log")"
n=$(sed -n 's/^fuzz-campaign: \([0-9]*\) executions.*/\1/p' "$tmp/run.log")
[ "${n:-0}" -gt 0 ] && ok || no "the campaign counted no executions: $(cat "$tmp/run.log")"
[ "$n" = "$(sed -n 's/^stat::number_of_executed_units: *//p' "$bundle/work/fuzz-0.log")" ] && ok ||
  no "the summary's $n executions are not the fuzzer's own count ($bundle/work/fuzz-0.log)"
tar -tJf "$tmp/out/fuzz-campaign.tar.xz" 2>/dev/null | grep -qx summary.txt && ok || no "no summary in $tmp/out/fuzz-campaign.tar.xz"
echo "fuzz-bundle: ${n:-0} executions in 10 s"
summary fuzz-bundle
