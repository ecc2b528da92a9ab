/* The user's heat (Neumann edges at positions held in locals, copy-back) as the oracle: un and u are the run's two
 * in-place fields, alpha its scalar. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "heat2d_neumann_last_local.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int ny = (int)o.ext[0], nx = (int)o.ext[1];
  heat(nx, ny, (int)o.steps, oracle_scalar(&o, "alpha"), (double(*)[nx])oracle_field(&o, "u"),
       (double(*)[nx])oracle_field(&o, "un"));
  return oracle_compare(&o);
}
