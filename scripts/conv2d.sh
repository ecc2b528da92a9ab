#!/bin/sh
# conv2d.sh M N [DIR]: writes DIR/conv2d-MxN.c (DIR: examples/ by default), a single-channel 2D
# convolution with an M x N filter of run-time weights in stencilc's input form. The padding is
# that of torch.nn.functional.conv2d(..., padding='same'), which bench/conv2d_vs_cudnn.py uses
# too: the output has the image's size, and output cell (i, j) reads rows i - P .. i + M - 1 - P
# and columns j - Q .. j + N - 1 - Q with P = (M - 1) / 2 and Q = (N - 1) / 2 (an even size puts
# its extra row below and its extra column to the right).
set -e
case "$1$2" in *[!0-9]*|'') echo "usage: $0 M N [DIR] (filter sizes 1 to 32)" >&2; exit 2 ;; esac
m=$1 n=$2 dir=${3:-$(dirname "$0")/../examples}
if [ "$m" -lt 1 ] || [ "$m" -gt 32 ] || [ "$n" -lt 1 ] || [ "$n" -gt 32 ]; then
  echo "$0: filter sizes go from 1 to 32, not ${m}x$n" >&2
  exit 2
fi
cat >"$dir/conv2d-${m}x$n.c" <<EOC
/* conv2d-${m}x$n: single-channel 2D convolution with the ${m} x $n filter W, whose weights are known
 * only when the program runs (SSAM, Chen et al. 2019, sections 4-6: 2x2 to 20x20 filters on an
 * 8192 x 8192 image). It computes what torch.nn.functional.conv2d computes (no flip of the
 * filter) with padding='same': A holds the (m - M + 1) x (n - N + 1) image with P rows of halo
 * above, M - 1 - P below, Q columns left and N - 1 - Q right, where torch pads with zeros.
 * One time step is one convolution. Written by scripts/conv2d.sh $m $n. */
#define M $m
#define N $n
#define P ((M - 1) / 2)
#define Q ((N - 1) / 2)
void conv2d(int m, int n, int steps, const float W[M][N], float A[2][m][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = P; i < m - (M - 1 - P); i++)
      for (int j = Q; j < n - (N - 1 - Q); j++) {
        float acc = 0.0f;
        for (int a = 0; a < M; a++)
          for (int b = 0; b < N; b++)
            acc += W[a][b] * A[t % 2][i + a - P][j + b - Q];
        A[(t + 1) % 2][i][j] = acc;
      }
#pragma endscop
}
EOC
echo "$dir/conv2d-${m}x$n.c"
