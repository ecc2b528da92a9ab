/* The user's fwd2d as the oracle: the field p's buffer k is the array its pointers name at the
 * first step with shift k (p: 0, pn: 1 (t + 1), pp: 2 (t - 1)); nz and nx are the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic2d_radius.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *p = oracle_field(&o, "p");
  fwd2d((int)o.ext[0], (int)o.ext[1], (int)o.steps, p + 2 * o.cells, p, p + o.cells,
        oracle_field(&o, "v2"));
  return oracle_compare(&o);
}
