/* The user's heat with two mirrored ghost layers as the oracle: u's buffer 0 is the array u
 * names at the first step, buffer 1 the one un names; r is the run's scalar. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "heat2d_ghost2.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nz = (int)o.ext[0], nx = (int)o.ext[1];
  float *u = oracle_field(&o, "u");
  heat(nz, nx, (int)o.steps, (float)oracle_scalar(&o, "r"), (float(*)[nx])u,
       (float(*)[nx])(u + o.cells));
  return oracle_compare(&o);
}
