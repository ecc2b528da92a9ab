// expect: {"dims": 3, "dtype": "double", "extents": [120, 120, 120], "loop_bounds": ["n", "n", "n"], "steps": 1000, "halo_lo": [1, 1, 1], "halo_hi": [1, 1, 1], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "coefs": {"0,0,0": 0.25, "1,0,0": 0.125, "-1,0,0": 0.125, "0,1,0": 0.125, "0,-1,0": 0.125, "0,0,1": 0.125, "0,0,-1": 0.125}, "time_form": "two sweeps", "steps_per_iter": 2}
// check: -DMINI_DATASET
/* PolyBench/C 4.2 heat-3d as it ships (heat-3d.c and heat-3d.h), with the few macros of
 * polybench.h it uses written out: the arrays are declared with the dataset's constant size N
 * (POLYBENCH_3D(A,N,N,N,n,n,n) is A[N][N][N]) and the spatial loops are bounded by the run-time
 * n (_PB_N is n unless POLYBENCH_USE_SCALAR_LB is defined); the time loop runs 1 <= t <= TSTEPS,
 * the constant, as heat-3d.c writes it. */
#include <stdio.h>
#include <stdlib.h>

/* polybench.h */
#ifdef POLYBENCH_USE_SCALAR_LB
# define POLYBENCH_LOOP_BOUND(x, y) x
#else
# define POLYBENCH_LOOP_BOUND(x, y) y
#endif
#define POLYBENCH_3D(var, dim1, dim2, dim3, ddim1, ddim2, ddim3) var[dim1][dim2][dim3]
#define POLYBENCH_ARRAY(x) *x

/* heat-3d.h */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(MEDIUM_DATASET) && \
    !defined(LARGE_DATASET) && !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif
#if !defined(TSTEPS) && !defined(N)
# ifdef MINI_DATASET
#  define TSTEPS 20
#  define N 10
# endif
# ifdef SMALL_DATASET
#  define TSTEPS 40
#  define N 20
# endif
# ifdef MEDIUM_DATASET
#  define TSTEPS 100
#  define N 40
# endif
# ifdef LARGE_DATASET
#  define TSTEPS 500
#  define N 120
# endif
# ifdef EXTRALARGE_DATASET
#  define TSTEPS 1000
#  define N 200
# endif
#endif
#define _PB_TSTEPS POLYBENCH_LOOP_BOUND(TSTEPS, tsteps)
#define _PB_N POLYBENCH_LOOP_BOUND(N, n)
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#define SCALAR_VAL(x) x

/* heat-3d.c */
static void init_array(int n, DATA_TYPE POLYBENCH_3D(A, N, N, N, n, n, n),
                       DATA_TYPE POLYBENCH_3D(B, N, N, N, n, n, n))
{
  int i, j, k;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE) (i + j + (n-k))* 10 / (n);
}

static void print_array(int n, DATA_TYPE POLYBENCH_3D(A, N, N, N, n, n, n))
{
  int i, j, k;
  DATA_TYPE sum = SCALAR_VAL(0.0);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        sum += A[i][j][k] * (1 + (i + 2 * j + 3 * k) % 5);
  printf("A checksum " DATA_PRINTF_MODIFIER "\n", sum);
}

static void kernel_heat_3d(int tsteps, int n, DATA_TYPE POLYBENCH_3D(A, N, N, N, n, n, n),
                           DATA_TYPE POLYBENCH_3D(B, N, N, N, n, n, n))
{
  int t, i, j, k;

#pragma scop
    for (t = 1; t <= TSTEPS; t++) {
        for (i = 1; i < _PB_N-1; i++) {
            for (j = 1; j < _PB_N-1; j++) {
                for (k = 1; k < _PB_N-1; k++) {
                    B[i][j][k] =   SCALAR_VAL(0.125) * (A[i+1][j][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i-1][j][k])
                                 + SCALAR_VAL(0.125) * (A[i][j+1][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j-1][k])
                                 + SCALAR_VAL(0.125) * (A[i][j][k+1] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j][k-1])
                                 + A[i][j][k];
                }
            }
        }
        for (i = 1; i < _PB_N-1; i++) {
           for (j = 1; j < _PB_N-1; j++) {
               for (k = 1; k < _PB_N-1; k++) {
                   A[i][j][k] =   SCALAR_VAL(0.125) * (B[i+1][j][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i-1][j][k])
                                + SCALAR_VAL(0.125) * (B[i][j+1][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j-1][k])
                                + SCALAR_VAL(0.125) * (B[i][j][k+1] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j][k-1])
                                + B[i][j][k];
               }
           }
       }
    }
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : N;
  int tsteps = TSTEPS;
  DATA_TYPE (*A)[N][N][N] = malloc(sizeof(DATA_TYPE[N][N][N]));
  DATA_TYPE (*B)[N][N][N] = malloc(sizeof(DATA_TYPE[N][N][N]));
  if (!A || !B || n > N) return 1;

  init_array(n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(B));
  kernel_heat_3d(tsteps, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(B));
  print_array(n, POLYBENCH_ARRAY(A));

  free(A);
  free(B);
  return 0;
}
