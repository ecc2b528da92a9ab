/* The user's elastic3d as the oracle: every field one buffer; nz, ny and nx are the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "elastic3d_staggered.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  elastic3d((int)o.ext[0], (int)o.ext[1], (int)o.ext[2], (int)o.steps, (float)oracle_scalar(&o, "dth"),
            oracle_field(&o, "vx"), oracle_field(&o, "vy"), oracle_field(&o, "vz"),
            oracle_field(&o, "sxx"), oracle_field(&o, "syy"), oracle_field(&o, "szz"),
            oracle_field(&o, "sxy"), oracle_field(&o, "sxz"), oracle_field(&o, "syz"),
            oracle_field(&o, "bu"), oracle_field(&o, "lam"), oracle_field(&o, "mu"));
  return oracle_compare(&o);
}
