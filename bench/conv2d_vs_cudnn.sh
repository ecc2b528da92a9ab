#!/bin/sh
# Runs on the GPU machine: conv2d of an 8192 x 8192 float image, stencilc against cuDNN (through
# torch.nn.functional.conv2d, one channel, cudnn.benchmark on, TF32 off; TF32 timed too), for
# the filters bench/conv2d_prepare.sh wrote into bench/gen/conv2d/. It builds the programs for
# sm_90 (16 at a time, with the nvcc flags given), then bench/conv2d_vs_cudnn.py, for each filter:
#   1. runs stencilc's program at 8192^2 for one step: it verifies itself against its CPU
#      reference (at 97^2 and at the full size) before timing (median of 10 after a warm-up);
#   2. cross-checks it at 29x23 against a pure Python reference of torch's padding='same' and
#      against torch on the same grid and weights, and torch's padding='same' against the
#      Python reference (zero padding);
#   3. times F.conv2d on the image padded once (exactly padding='same' without the copy torch
#      would make on each call for even sizes): CUDA events, 3 warm-ups, median of 20.
#   4. times an FFT convolution of the same padded image (torch.fft, i.e. cuFFT, at a 2-3-5-7
#      smooth size, the filter transformed once), checked against F.conv2d.
# Writes $OUT/conv2d_vs_cudnn.csv (commit, gpu, filter, dtype, size, steps, backend, parameters,
# cudnn ms, cudnn TF32 ms, stencilc ms, speedup = cudnn ms / stencilc ms, GCells/s, GFLOP/s,
# max abs and rel error of stencilc's checks, cross-check error, verdict, fft ms, fft error,
# fft ms / stencilc ms) and prints a table.
# usage: bench/conv2d_vs_cudnn.sh [NVCC FLAGS...]   (CONV_DIR: the prepared folder, default
# bench/gen/conv2d; rows of several folders append to the same CSV)
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-/tmp}
dir=${CONV_DIR:-bench/gen/conv2d}
bin=/tmp/stencilc-$(basename "$dir")
mkdir -p $bin
ls $dir/*.cu | sh bench/build.sh $bin "$@"
python3 bench/conv2d_vs_cudnn.py run --gen $dir --bin $bin --dtype "${DTYPE:-float}" \
  --out "$out/conv2d_vs_cudnn.csv"
rc=$?
tar czf "$out/logs-$(basename "$dir").tgz" -C $bin . 2>/dev/null
exit $rc
