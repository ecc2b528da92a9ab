/* The user's wave2d_rotate3 as the oracle: the field u's buffer k is the grid its pointers name
 * at the first step with shift k (u: 0, up: 1 (t + 1), um: 2 (t - 1, as (t + 2) % 3)). */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "wave2d_rotate3.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  if (o.ext[0] != NY || o.ext[1] != NX) return 3;
  double *u = oracle_field(&o, "u");
  wave2d_rotate3((int)o.steps, (void *)(u + 2 * o.cells), (void *)u, (void *)(u + o.cells),
                 oracle_field(&o, "vel"));
  return oracle_compare(&o);
}
