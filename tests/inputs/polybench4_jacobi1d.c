// expect: {"dims": 1, "dtype": "double", "extents": [2000], "loop_bounds": ["n"], "steps": "2 * tsteps", "halo_lo": [1], "halo_hi": [1], "radius": [1], "shape": "star", "npoints": 3, "coefs": {"-1": 0.33333, "0": 0.33333, "1": 0.33333}, "time_form": "two sweeps", "steps_per_iter": 2}
// check: -DSMALL_DATASET
/* PolyBench/C 4.2 jacobi-1d as it ships (jacobi-1d.c and jacobi-1d.h), with the few macros of
 * polybench.h it uses written out: the arrays are declared with the dataset's constant size N
 * (POLYBENCH_1D(A,N,n) is A[N]) and the loops are bounded by the run-time n (_PB_N is n unless
 * POLYBENCH_USE_SCALAR_LB is defined), the time loop by tsteps. */
#include <stdio.h>
#include <stdlib.h>

/* polybench.h */
#ifdef POLYBENCH_USE_SCALAR_LB
# define POLYBENCH_LOOP_BOUND(x, y) x
#else
# define POLYBENCH_LOOP_BOUND(x, y) y
#endif
#define POLYBENCH_1D(var, dim1, ddim1) var[dim1]
#define POLYBENCH_ARRAY(x) *x

/* jacobi-1d.h */
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
#  define N 120
# endif
# ifdef MEDIUM_DATASET
#  define TSTEPS 100
#  define N 400
# endif
# ifdef LARGE_DATASET
#  define TSTEPS 500
#  define N 2000
# endif
# ifdef EXTRALARGE_DATASET
#  define TSTEPS 1000
#  define N 4000
# endif
#endif
#define _PB_TSTEPS POLYBENCH_LOOP_BOUND(TSTEPS, tsteps)
#define _PB_N POLYBENCH_LOOP_BOUND(N, n)
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#define SCALAR_VAL(x) x

/* jacobi-1d.c */
static void init_array(int n, DATA_TYPE POLYBENCH_1D(A, N, n), DATA_TYPE POLYBENCH_1D(B, N, n))
{
  int i;

  for (i = 0; i < n; i++)
      {
	A[i] = ((DATA_TYPE) i+ 2) / n;
	B[i] = ((DATA_TYPE) i+ 3) / n;
      }
}

static void print_array(int n, DATA_TYPE POLYBENCH_1D(A, N, n))
{
  int i;
  DATA_TYPE sum = SCALAR_VAL(0.0);

  for (i = 0; i < n; i++)
    sum += A[i] * (1 + i % 7);
  printf("A checksum " DATA_PRINTF_MODIFIER "\n", sum);
}

static void kernel_jacobi_1d(int tsteps, int n, DATA_TYPE POLYBENCH_1D(A, N, n),
                             DATA_TYPE POLYBENCH_1D(B, N, n))
{
  int t, i;

#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++)
    {
      for (i = 1; i < _PB_N - 1; i++)
	B[i] = 0.33333 * (A[i-1] + A[i] + A[i + 1]);
      for (i = 1; i < _PB_N - 1; i++)
	A[i] = 0.33333 * (B[i-1] + B[i] + B[i + 1]);
    }
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : N;
  int tsteps = argc > 2 ? atoi(argv[2]) : TSTEPS;
  DATA_TYPE (*A)[N] = malloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE (*B)[N] = malloc(sizeof(DATA_TYPE[N]));
  if (!A || !B || n > N) return 1;

  init_array(n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(B));
  kernel_jacobi_1d(tsteps, n, POLYBENCH_ARRAY(A), POLYBENCH_ARRAY(B));
  print_array(n, POLYBENCH_ARRAY(A));

  free(A);
  free(B);
  return 0;
}
