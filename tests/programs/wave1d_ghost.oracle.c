/* The user's 1D wave with ghost layers (mirrored left, wrapped right) as the oracle: u's buffer
 * k is the array its pointers name at the first step with shift k (u: 0, up: 1, um: 2); c2 is
 * the run's scalar. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "wave1d_ghost.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  double *u = oracle_field(&o, "u");
  wave((int)o.ext[0], (int)o.steps, oracle_scalar(&o, "c2"), u + 2 * o.cells, u, u + o.cells);
  return oracle_compare(&o);
}
