/* The user's fwd3d as the oracle: the field p's buffer 0 is p (level t), buffer 1 is pm, which
 * the step overwrites with t + 1 (holding t - 1 before); sizes are the run's, axis 0 slowest. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "acoustic3d_flat_stride.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  double *p = oracle_field(&o, "p");
  fwd3d(o.ext[2], o.ext[1], o.ext[0], (int)o.steps, p, p + o.cells, oracle_field(&o, "m"));
  return oracle_compare(&o);
}
