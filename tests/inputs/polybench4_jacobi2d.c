// expect: {"dims": 2, "dtype": "double", "extents": [1300, 1300], "loop_bounds": ["n", "n"], "steps": "2 * tsteps", "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.2, "0,-1": 0.2, "0,1": 0.2, "1,0": 0.2, "-1,0": 0.2}, "time_form": "two sweeps", "steps_per_iter": 2}
// check: -DSMALL_DATASET
/* PolyBench/C 4.2 jacobi-2d as it ships (jacobi-2d.c and jacobi-2d.h), with the few macros of
 * polybench.h it uses written out: the arrays are declared with the dataset's constant size N
 * (POLYBENCH_2D(A,N,N,n,n) is A[N][N]) and the loops are bounded by the run-time n (_PB_N is n
 * unless POLYBENCH_USE_SCALAR_LB is defined), the time loop by tsteps. */
#include <stdio.h>
#include <stdlib.h>

/* polybench.h */
#ifdef POLYBENCH_USE_SCALAR_LB
# define POLYBENCH_LOOP_BOUND(x, y) x
#else
# define POLYBENCH_LOOP_BOUND(x, y) y
#endif
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]
#define POLYBENCH_ARRAY(x) *x

/* jacobi-2d.h */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(MEDIUM_DATASET) && \
    !defined(LARGE_DATASET) && !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif
#if !defined(TSTEPS) && !defined(N)
# ifdef MINI_DATASET
#  define TSTEPS 20
#  define N 30
# endif
# ifdef SMALL_DATASET
#  define TSTEPS 40
#  define N 90
# endif
# ifdef MEDIUM_DATASET
#  define TSTEPS 100
#  define N 250
# endif
# ifdef LARGE_DATASET
#  define TSTEPS 500
#  define N 1300
# endif
# ifdef EXTRALARGE_DATASET
#  define TSTEPS 1000
#  define N 2800
# endif
#endif
#define _PB_TSTEPS POLYBENCH_LOOP_BOUND(TSTEPS, tsteps)
#define _PB_N POLYBENCH_LOOP_BOUND(N, n)
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#define SCALAR_VAL(x) x

/* jacobi-2d.c */
static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n), DATA_TYPE POLYBENCH_2D(B, N, N, n, n))
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      {
	A[i][j] = ((DATA_TYPE) i*(j+2) + 2) / n;
	B[i][j] = ((DATA_TYPE) i*(j+3) + 3) / n;
      }
}

static void print_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int i, j;
  DATA_TYPE sum = SCALAR_VAL(0.0);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      sum += A[i][j] * (1 + (i + 2 * j) % 5);
  printf("A checksum " DATA_PRINTF_MODIFIER "\n", sum);
}

static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                             DATA_TYPE POLYBENCH_2D(B, N, N, n, n))
{
  int t, i, j;

#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++)
    {
      for (i = 1; i < _PB_N - 1; i++)
	for (j = 1; j < _PB_N - 1; j++)
	  B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j-1] + A[i][1+j] + A[1+i][j] + A[i-1][j]);
      for (i = 1; i < _PB_N - 1; i++)
	for (j = 1; j < _PB_N - 1; j++)
	  A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j-1] + B[i][1+j] + B[1+i][j] + B[i-1][j]);
    }
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : N;
  int tsteps = argc > 2 ? atoi(argv[2]) : TSTEPS;
  DATA_TYPE (*A)[N][N] = malloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*B)[N][N] = malloc(sizeof(DATA_TYPE[N][N]));
  if (!A || !B || n > N) return 1;

  init_array(n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(B));
  kernel_jacobi_2d(tsteps, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(B));
  print_array(n, POLYBENCH_ARRAY(A));

  free(A);
  free(B);
  return 0;
}
