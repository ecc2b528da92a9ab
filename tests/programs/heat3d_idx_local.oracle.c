/* The user's heat3d_idx_local as the oracle: u is buffer 0, unew buffer 1. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "heat3d_idx_local.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  if (o.ext[0] != NZ || o.ext[1] != NY || o.ext[2] != NX) return 3;
  double *u = oracle_field(&o, "u");
  heat3d_idx_local((int)o.steps, u, u + o.cells, oracle_field(&o, "kappa"));
  return oracle_compare(&o);
}
