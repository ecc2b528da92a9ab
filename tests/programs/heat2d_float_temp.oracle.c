/* The user's heat (a float temporary in a double program) as the oracle: u is buffer 0, v
 * buffer 1, k the conductivity grid, r the run's scalar. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "heat2d_float_temp.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  double *u = oracle_field(&o, "u");
  heat((int)o.ext[1], (int)o.ext[0], (int)o.steps, oracle_scalar(&o, "r"), u, u + o.cells,
       oracle_field(&o, "k"));
  return oracle_compare(&o);
}
