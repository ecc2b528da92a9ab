/* The user's heat_inflow as the oracle, at the source's sizes: u's two levels are the run's two
 * buffers, inflow the generated program's time array 0 (rt_source.h), r the run's scalar. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "heat2d_inflow.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  if (o.ext[0] != NY || o.ext[1] != NX) return 3;
  float *inflow = oracle_source(0, o.steps);
  heat_inflow((int)o.steps, (float)oracle_scalar(&o, "r"), inflow, (void *)oracle_field(&o, "u"));
  free(inflow);
  return oracle_compare(&o);
}
