/* The user's heat2d_var as the oracle: the grids' extent along the rows is the pitch ld, so the
 * function is given ncols = ld - 2; u is buffer 0, unew buffer 1; r is the run's scalar. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "heat2d_var_flat_ld.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  double *u = oracle_field(&o, "u");
  heat2d_var((int)o.ext[0], (int)o.ext[1] - 2, (int)o.steps, oracle_scalar(&o, "r"), u,
             u + o.cells, oracle_field(&o, "kappa"));
  return oracle_compare(&o);
}
