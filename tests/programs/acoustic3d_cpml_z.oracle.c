/* The user's acoustic3d_cpml_z as the oracle: every field one buffer; nz, ny and nx are the
 * run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic3d_cpml_z.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  acoustic3d_cpml_z((int)o.ext[0], (int)o.ext[1], (int)o.ext[2], (int)o.steps,
                    (float)oracle_scalar(&o, "dtdx"), (float)oracle_scalar(&o, "b"),
                    (float)oracle_scalar(&o, "a"), oracle_field(&o, "p"), oracle_field(&o, "vx"),
                    oracle_field(&o, "vy"), oracle_field(&o, "vz"), oracle_field(&o, "psi_pz"),
                    oracle_field(&o, "psi_vz"), oracle_field(&o, "rho_inv"),
                    oracle_field(&o, "kappa"));
  return oracle_compare(&o);
}
