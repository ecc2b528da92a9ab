#!/bin/sh
# Runs on the GPU machine: where the time of a generated program's kernel goes, from Nsight
# Compute's hardware counters. For each program of bench/gen/BACKEND/ named (NAME-DTYPE), it
# builds the program (with -Xptxas -v, whose register and spill lines are kept), runs it at the
# suite size (16384^2 or 512^3) for one launch's worth of steps (bT, read from the program), and
# profiles the third launch: the first two are the program's checks against the CPU reference,
# the third its warm-up run at the full size. The clocks are left as they are
# (--clock-control none). Writes $OUT/ncu-NAME-DTYPE.txt per program and prints a summary table
# last: duration, SM, DRAM and L1 (shared memory included) throughput, memory pipes busy, issue
# slots busy, achieved occupancy, cycles per issued instruction, registers and spills.
# usage: bench/ncu_profile.sh BACKEND NAME-DTYPE...
cd "$(dirname "$0")/.." || exit 1
backend=$1; shift
out=${OUT:-/tmp}
dir=bench/gen/$backend
bin=/tmp/stencilc-ncu
mkdir -p $bin
for p in "$@"; do echo "$dir/$p.cu"; done | sh bench/build.sh $bin -Xptxas -v
printf '%-16s %10s %6s %6s %6s %6s %6s %6s %6s  %s\n' program duration sm% dram% l1% pipes% issue% occ% cyc/ins "registers, spills"
for p in "$@"; do
  src=$dir/$p.cu
  bt=$(sed -n 's/^#define \(N5D\|SSAM\)_BT //p' "$src")
  case $p in *3d*|fdd*) size=512 ;; *) size=16384 ;; esac
  log=$out/ncu-$p.txt
  ncu --clock-control none --launch-skip 2 --launch-count 1 --section SpeedOfLight \
    --section Occupancy --section WarpStateStats --section ComputeWorkloadAnalysis \
    --section MemoryWorkloadAnalysis $bin/$p -s $size -t "${bt:-1}" -r 1 >"$log" 2>&1
  # a section's line: the metric's name, its unit, its value
  get() { grep -m1 "^ *$1  " "$log" | awk '{ print $NF }'; }
  regs=$(sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' $bin/$p.log | sort -n | tail -1)
  spill=$(grep -o '[0-9]* bytes spill stores' $bin/$p.log | sort -n | tail -1)
  printf '%-16s %10s %6s %6s %6s %6s %6s %6s %6s  %s regs, %s\n' "$p" \
    "$(grep -m1 '^ *Duration  ' "$log" | awk '{ print $NF $(NF-1) }')" "$(get 'Compute (SM) Throughput')" \
    "$(get 'DRAM Throughput')" "$(get 'L1/TEX Cache Throughput')" "$(get 'Mem Pipes Busy')" \
    "$(get 'Issue Slots Busy')" "$(get 'Achieved Occupancy')" \
    "$(get 'Warp Cycles Per Issued Instruction')" "${regs:-?}" "${spill:-no spill line}"
done
