/* The user's heat2d_rows as the oracle: u is buffer 0, unew buffer 1; r is the run's scalar. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "heat2d_var_rows.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *u = oracle_field(&o, "u");
  heat2d_rows((int)o.ext[0], (int)o.ext[1], (int)o.steps, (float)oracle_scalar(&o, "r"), u,
              u + o.cells, oracle_field(&o, "kappa"));
  return oracle_compare(&o);
}
