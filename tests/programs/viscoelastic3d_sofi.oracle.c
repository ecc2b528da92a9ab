/* The user's sofi3d_visc as the oracle: every field one buffer; nz, ny and nx are the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "viscoelastic3d_sofi.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  sofi3d_visc((int)o.ext[0], (int)o.ext[1], (int)o.ext[2], (int)o.steps, (float)oracle_scalar(&o, "dt"),
              (float)oracle_scalar(&o, "dhi"), (float)oracle_scalar(&o, "bm"), (float)oracle_scalar(&o, "cm"),
              oracle_field(&o, "vx"), oracle_field(&o, "vy"), oracle_field(&o, "vz"), oracle_field(&o, "sxx"),
              oracle_field(&o, "syy"), oracle_field(&o, "szz"), oracle_field(&o, "sxy"), oracle_field(&o, "syz"),
              oracle_field(&o, "sxz"), oracle_field(&o, "rxx"), oracle_field(&o, "ryy"), oracle_field(&o, "rzz"),
              oracle_field(&o, "rxy"), oracle_field(&o, "ryz"), oracle_field(&o, "rxz"), oracle_field(&o, "p"),
              oracle_field(&o, "rho"), oracle_field(&o, "pi"), oracle_field(&o, "u"), oracle_field(&o, "taup"),
              oracle_field(&o, "taus"), oracle_field(&o, "uipjp"), oracle_field(&o, "ujpkp"),
              oracle_field(&o, "uipkp"));
  return oracle_compare(&o);
}
