/* The user's heat3d as the oracle: u's buffer 0 is u (level t at the first step), buffer 1
 * unew; i is axis 2 (fastest); r as the program ran with it. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "heat3d_c89_top.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  double *u = oracle_field(&o, "u");
  heat3d(u, u + o.cells, oracle_field(&o, "kap"), oracle_scalar(&o, "r"), (int)o.ext[2],
         (int)o.ext[1], (int)o.ext[0], (int)o.steps);
  return oracle_compare(&o);
}
