/* The user's virieux_psv as the oracle: every field one buffer; nz and nx are the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "virieux2d_psv.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nz = (int)o.ext[0], nx = (int)o.ext[1];
  virieux_psv(nz, nx, (int)o.steps, (float)oracle_scalar(&o, "dtdx"), oracle_field(&o, "vx"),
              oracle_field(&o, "vz"), oracle_field(&o, "txx"), oracle_field(&o, "tzz"),
              oracle_field(&o, "txz"), oracle_field(&o, "bu"), oracle_field(&o, "la"),
              oracle_field(&o, "mu"));
  return oracle_compare(&o);
}
