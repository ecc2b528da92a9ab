/* The user's cpml2d as the oracle: every field one buffer, each 1D profile the first nx (nz)
 * values of its buffer; nz and nx are the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "cpml2d_profiles.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  cpml2d((int)o.ext[0], (int)o.ext[1], (int)o.steps, (float)oracle_scalar(&o, "dtdx"),
         oracle_field(&o, "p"), oracle_field(&o, "vx"), oracle_field(&o, "vz"),
         oracle_field(&o, "psi_px"), oracle_field(&o, "psi_pz"), oracle_field(&o, "psi_vx"),
         oracle_field(&o, "psi_vz"), oracle_field(&o, "rho_inv"), oracle_field(&o, "kappa"),
         oracle_field(&o, "b_x"), oracle_field(&o, "a_x"), oracle_field(&o, "K_x"),
         oracle_field(&o, "b_z"), oracle_field(&o, "a_z"), oracle_field(&o, "K_z"));
  return oracle_compare(&o);
}
