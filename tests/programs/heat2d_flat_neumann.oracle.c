/* The user's flat heat (insulated edges indexed j * nx + i) as the oracle: u's buffer 0 is the
 * array u names at the first step, buffer 1 the one unew names; r is the run's scalar. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "heat2d_flat_neumann.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *u = oracle_field(&o, "u");
  heat((int)o.ext[1], (int)o.ext[0], (int)o.steps, (float)oracle_scalar(&o, "r"), u, u + o.cells);
  return oracle_compare(&o);
}
