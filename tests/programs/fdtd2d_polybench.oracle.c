/* PolyBench's kernel_fdtd_2d as the oracle: ex, ey and hz are the run's in-place fields (axis 0
 * is nx, axis 1 ny), _fict_ the generated program's time array 0 (rt_source.h). */
#define ORACLE_REAL double
#include "program_oracle.h"
#pragma GCC diagnostic ignored "-Wunknown-pragmas" /* PolyBench's #pragma scop */
#include "fdtd2d_polybench.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nx = (int)o.ext[0], ny = (int)o.ext[1];
  double *fict = oracle_source(0, o.steps);
  kernel_fdtd_2d((int)o.steps, nx, ny, (double(*)[ny])oracle_field(&o, "ex"),
                 (double(*)[ny])oracle_field(&o, "ey"), (double(*)[ny])oracle_field(&o, "hz"), fict);
  free(fict);
  return oracle_compare(&o);
}
