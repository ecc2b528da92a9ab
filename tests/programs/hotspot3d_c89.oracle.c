/* The user's compute_temp as the oracle: the field tIn's buffer 0 is tIn (level t at the first
 * step), buffer 1 tOut; x is axis 2 (fastest); the nine scalars as the program ran with them. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "hotspot3d_c89.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *t = oracle_field(&o, "tIn");
#define S(name) (float)oracle_scalar(&o, #name)
  compute_temp(oracle_field(&o, "p"), t, t + o.cells, S(stepDivCap), (int)o.ext[2], (int)o.ext[1],
               (int)o.ext[0], S(ce), S(cw), S(cn), S(cs), S(ct), S(cb), S(cc), S(amb_temp),
               (int)o.steps);
  return oracle_compare(&o);
}
