/* The user's staggered2d as the oracle: one buffer per field (each updated in place); dth is
 * the run's scalar. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "elastic2d_staggered.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nz = (int)o.ext[0], nx = (int)o.ext[1];
  staggered2d(nz, nx, (int)o.steps, (float)oracle_scalar(&o, "dth"),
              (float(*)[nx])oracle_field(&o, "p"), (float(*)[nx])oracle_field(&o, "vx"),
              (float(*)[nx])oracle_field(&o, "vz"), (const float(*)[nx])oracle_field(&o, "bu"),
              (const float(*)[nx])oracle_field(&o, "kdt"));
  return oracle_compare(&o);
}
