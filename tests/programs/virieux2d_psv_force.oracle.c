/* The user's virieux_psv_force as the oracle: every field one buffer; nz and nx are the run's,
 * the force's cell and scale the run's scalars, the wavelet the generated program's source
 * array 0 (nt samples). */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "virieux2d_psv_force.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nz = (int)o.ext[0], nx = (int)o.ext[1];
  float *wavelet = oracle_source(0, o.steps);
  virieux_psv_force(nz, nx, (int)o.steps, (int)oracle_scalar(&o, "sz"), (int)oracle_scalar(&o, "sx"),
                    (float)oracle_scalar(&o, "dtdx"), (float)oracle_scalar(&o, "fscale"), wavelet,
                    oracle_field(&o, "vx"), oracle_field(&o, "vz"), oracle_field(&o, "txx"),
                    oracle_field(&o, "tzz"), oracle_field(&o, "txz"), oracle_field(&o, "bu"),
                    oracle_field(&o, "la"), oracle_field(&o, "mu"));
  free(wavelet);
  return oracle_compare(&o);
}
