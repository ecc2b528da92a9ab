/* The user's yee3d as the oracle: every field one buffer, the sizes the source's. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "yee3d_fused.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  if (o.ext[0] != NX || o.ext[1] != NY || o.ext[2] != NZ) return 3;
  yee3d((int)o.steps, oracle_scalar(&o, "ch"), oracle_scalar(&o, "ce"), oracle_field(&o, "ex"),
        oracle_field(&o, "ey"), oracle_field(&o, "ez"), oracle_field(&o, "hx"),
        oracle_field(&o, "hy"), oracle_field(&o, "hz"));
  return oracle_compare(&o);
}
