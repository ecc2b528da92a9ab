/* The user's elastic_vs as the oracle: every field one buffer; nz and nx are the run's. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "elastic2d_vs_fused.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  elastic_vs((int)o.ext[0], (int)o.ext[1], (int)o.steps, oracle_scalar(&o, "dtdx"),
             oracle_field(&o, "vx"), oracle_field(&o, "vz"), oracle_field(&o, "sxx"),
             oracle_field(&o, "szz"), oracle_field(&o, "sxz"), oracle_field(&o, "lambda"),
             oracle_field(&o, "mu"), oracle_field(&o, "buoyancy"));
  return oracle_compare(&o);
}
