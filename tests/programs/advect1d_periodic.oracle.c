/* The user's periodic advect as the oracle: u's buffer 0 is the array u names at the first
 * step, buffer 1 the one un names; c is the run's scalar. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "advect1d_periodic.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *u = oracle_field(&o, "u");
  advect((int)o.ext[0], (int)o.steps, (float)oracle_scalar(&o, "c"), u, u + o.cells);
  return oracle_compare(&o);
}
