/* stencil_coefs.h: coefficients of finite-difference stencils as HPC codes keep them in a header
 * (second derivative, orders 2 to 8, central differences), for the fuzz corpus. */
#ifndef STENCIL_COEFS_H
#define STENCIL_COEFS_H

#define FD2_C0 (-2.0)
#define FD2_C1 1.0
#define FD4_C0 (-2.5)
#define FD4_C1 (4.0 / 3.0)
#define FD4_C2 (-1.0 / 12.0)
#define FD8_C0 (-205.0 / 72.0)
#define FD8_C1 (8.0 / 5.0)
#define FD8_C2 (-1.0 / 5.0)
#define FD8_C3 (8.0 / 315.0)
#define FD8_C4 (-1.0 / 560.0)

static const float fd4_coef[3] = {-2.5f, 4.0f / 3.0f, -1.0f / 12.0f};

typedef float real_t;
#define IDX3(i, j, k, ny, nz) (((i) * (ny) + (j)) * (nz) + (k))

#endif
