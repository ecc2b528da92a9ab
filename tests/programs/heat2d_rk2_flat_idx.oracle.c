/* The user's heat2d_rk2_flat_idx as the oracle: u is buffer 0, unew buffer 1, k1 one buffer. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "heat2d_rk2_flat_idx.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  if (o.ext[0] != NY || o.ext[1] != NX) return 3;
  float *u = oracle_field(&o, "u");
  heat2d_rk2_flat_idx((int)o.steps, u, u + o.cells, oracle_field(&o, "k1"));
  return oracle_compare(&o);
}
