/* The user's fwd2d_aniso as the oracle: pcur is buffer 0 of the field (level t at the first
 * step), pold buffer 1 (written as t + 1); dt2 is the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic2d_radius_table2.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nz = (int)o.ext[0], nx = (int)o.ext[1];
  float *p = oracle_field(&o, "pcur");
  fwd2d_aniso(nz, nx, (int)o.steps, (float)oracle_scalar(&o, "dt2"), (float(*)[nx])(p + o.cells),
              (float(*)[nx])p, (const float(*)[nx])oracle_field(&o, "vel"));
  return oracle_compare(&o);
}
