/* polybench.h: the subset of PolyBench/C's harness header that its stencil kernels use (array
 * declaration macros, the _PB_ loop bounds, SCALAR_VAL), written for the fuzz corpus in the same
 * shape so that inputs include it as the benchmarks do. */
#ifndef POLYBENCH_H
#define POLYBENCH_H

#include <stddef.h>

#ifndef DATA_TYPE
#define DATA_TYPE double
#endif
#define SCALAR_VAL(x) x

#ifdef POLYBENCH_USE_SCALAR_LB
#define _PB_N N
#define _PB_TSTEPS TSTEPS
#else
#define _PB_N n
#define _PB_TSTEPS tsteps
#endif

#define POLYBENCH_1D(var, dim1, ddim1) var[dim1]
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]
#define POLYBENCH_3D(var, dim1, dim2, dim3, ddim1, ddim2, ddim3) var[dim1][dim2][dim3]
#define POLYBENCH_ALLOC_2D_ARRAY(n1, n2, type) (type(*)[n1][n2])polybench_alloc_data((n1) * (n2), sizeof(type))
#define POLYBENCH_FREE_ARRAY(x) free((void *)x)
#define POLYBENCH_ARRAY(x) *x

void *polybench_alloc_data(unsigned long long n, int elt_size);
void polybench_timer_start(void);
void polybench_timer_stop(void);
void polybench_timer_print(void);

#endif
