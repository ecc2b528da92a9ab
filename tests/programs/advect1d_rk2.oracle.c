/* The user's advect1d_rk2 as the oracle, with the program's run-time scalars a and d. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "advect1d_rk2.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  if (o.dims != 1) return 3;
  advect1d_rk2((int)o.ext[0], (int)o.steps, oracle_field(&o, "u"), oracle_field(&o, "w"),
               (float)oracle_scalar(&o, "a"), (float)oracle_scalar(&o, "d"));
  return oracle_compare(&o);
}
