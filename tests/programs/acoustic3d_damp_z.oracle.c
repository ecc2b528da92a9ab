/* The user's fwd3d_damp as the oracle: the field u's buffer k is the array its pointers name at
 * the first step with shift k (u: 0, um: 1); the profile is the first nz values of its buffer. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "acoustic3d_damp_z.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  double *u = oracle_field(&o, "u");
  fwd3d_damp(o.ext[0], o.ext[1], o.ext[2], (int)o.steps, u, u + o.cells, oracle_field(&o, "vel2"),
             oracle_field(&o, "damp"));
  return oracle_compare(&o);
}
