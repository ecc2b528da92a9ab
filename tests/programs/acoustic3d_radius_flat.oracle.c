/* The user's acoustic3d as the oracle: the field p's buffer k is the array its pointers name at
 * the first step with shift k (p: 0, pnext: 1 (t + 1), pprev: 2 (t - 1)); dt is the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic3d_radius_flat.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *p = oracle_field(&o, "p");
  acoustic3d((int)o.ext[0], (int)o.ext[1], (int)o.ext[2], (int)o.steps,
             (float)oracle_scalar(&o, "dt"), p + 2 * o.cells, p, p + o.cells,
             oracle_field(&o, "vel"));
  return oracle_compare(&o);
}
