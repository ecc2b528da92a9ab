/* The user's heat (a convective edge from locals, edges updated with +=, -=, *=) as the oracle:
 * un and u are the run's two in-place fields, alpha, beta and q its scalars. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "heat2d_robin_edges.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int ny = (int)o.ext[0], nx = (int)o.ext[1];
  heat(nx, ny, (int)o.steps, oracle_scalar(&o, "alpha"), oracle_scalar(&o, "beta"),
       oracle_scalar(&o, "q"), (double(*)[nx])oracle_field(&o, "u"),
       (double(*)[nx])oracle_field(&o, "un"));
  return oracle_compare(&o);
}
