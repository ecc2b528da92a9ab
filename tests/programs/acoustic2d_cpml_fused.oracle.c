/* The user's acoustic_cpml as the oracle: every field one buffer; nz and nx are the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic2d_cpml_fused.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nz = (int)o.ext[0], nx = (int)o.ext[1];
  acoustic_cpml(nz, nx, (int)o.steps, (float)oracle_scalar(&o, "dtdx"), (float)oracle_scalar(&o, "b"),
                (float)oracle_scalar(&o, "a"), oracle_field(&o, "p"), oracle_field(&o, "vx"),
                oracle_field(&o, "vz"), oracle_field(&o, "psi_px"), oracle_field(&o, "psi_pz"),
                oracle_field(&o, "rho_inv"), oracle_field(&o, "kappa"));
  return oracle_compare(&o);
}
