/* The user's sponge2d as the oracle: the field p's buffer k is the array its pointers name at the
 * first step with shift k (p: 0, pm: 1, written at t + 1); each damping profile is the first
 * nx (nz) values of its buffer; nz and nx are the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic2d_sponge.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *p = oracle_field(&o, "p");
  sponge2d((int)o.ext[0], (int)o.ext[1], (int)o.steps, p, p + o.cells, oracle_field(&o, "v2dt2"),
           oracle_field(&o, "damp_x"), oracle_field(&o, "damp_z"));
  return oracle_compare(&o);
}
