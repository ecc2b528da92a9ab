/* The user's heat2d_var as the oracle: the grids' extents are the interior plus the ghost
 * cells, so the function is given ny = ext[0] - 2 and nx = ext[1] - 2; r is the run's scalar. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "heat2d_var_halo.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int ny = (int)o.ext[0] - 2, nx = (int)o.ext[1] - 2;
  heat2d_var(nx, ny, (int)o.steps, oracle_scalar(&o, "r"),
             (double(*)[nx + 2])oracle_field(&o, "a"), (double(*)[nx + 2])oracle_field(&o, "b"),
             (double(*)[nx + 2])oracle_field(&o, "k"));
  return oracle_compare(&o);
}
