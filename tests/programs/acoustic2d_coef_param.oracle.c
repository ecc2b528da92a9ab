/* The user's fd2d as the oracle: u1 is buffer 0 of the field (level t), u2 buffer 1 (t + 1), u0
 * buffer 2 (t - 1); the weights are the run's scalars coef[0..2], given as the array the caller
 * would have computed. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic2d_coef_param.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float coef[R + 1];
  for (int r = 0; r <= R; r++) {
    char name[16];
    snprintf(name, sizeof name, "coef[%d]", r);
    coef[r] = (float)oracle_scalar(&o, name);
  }
  float *u = oracle_field(&o, "u1");
  fd2d((int)o.ext[0], (int)o.ext[1], (int)o.steps, coef, oracle_field(&o, "vv"), u + 2 * o.cells,
       u, u + o.cells);
  return oracle_compare(&o);
}
