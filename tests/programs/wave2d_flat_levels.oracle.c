/* The user's wave2d as the oracle: the field's buffers are its array's levels in order; nz
 * and nx are the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "wave2d_flat_levels.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nz = (int)o.ext[0], nx = (int)o.ext[1];
  wave2d(nz, nx, (int)o.steps, oracle_field(&o, "u"), oracle_field(&o, "c2"));
  return oracle_compare(&o);
}
