/* The user's acoustic_vp as the oracle: every field one buffer; nz and nx are the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic2d_vp_fused.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  acoustic_vp((int)o.ext[1], (int)o.ext[0], (int)o.steps, (float)oracle_scalar(&o, "dtdx"),
              oracle_field(&o, "p"), oracle_field(&o, "vx"), oracle_field(&o, "vz"),
              oracle_field(&o, "rho_inv"), oracle_field(&o, "kappa"));
  return oracle_compare(&o);
}
