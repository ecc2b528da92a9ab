/* The user's examples/programs/heat3d_var.c as the oracle: u is buffer 0, unew buffer 1. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "../../examples/programs/heat3d_var.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  if (o.ext[0] != NZ || o.ext[1] != NY || o.ext[2] != NX) return 3;
  float *u = oracle_field(&o, "u");
  heat3d_var((int)o.steps, u, u + o.cells, oracle_field(&o, "alpha"));
  return oracle_compare(&o);
}
