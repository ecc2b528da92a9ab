/* The user's wave2d as the oracle: the grids' extents are the interior plus the ghost cells, so
 * the function is given nz = ext[0] - 2 and nx = ext[1] - 2; the field u's buffer k is the array
 * its pointers name at the first step with shift k (u: 0, up: 1 (t + 1), um: 2 (t - 1)). */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "wave2d_flat_halo.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *u = oracle_field(&o, "u");
  wave2d((int)o.ext[0] - 2, (int)o.ext[1] - 2, (int)o.steps, u + 2 * o.cells, u, u + o.cells,
         oracle_field(&o, "c2"));
  return oracle_compare(&o);
}
