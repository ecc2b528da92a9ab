/* The user's string1d as the oracle: u's buffer k is the array its pointers name at the first
 * step with shift k (u: 0, up: 1, um: 2); isrc, amp and c2 are the run's scalars, signal the
 * generated program's source array 0. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "wave1d_src_hard.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *u = oracle_field(&o, "u"), *signal = oracle_source(0, o.steps);
  string1d((int)o.ext[0], (int)o.steps, (int)oracle_scalar(&o, "isrc"),
           (float)oracle_scalar(&o, "amp"), (float)oracle_scalar(&o, "c2"), u + 2 * o.cells, u,
           u + o.cells, signal);
  free(signal);
  return oracle_compare(&o);
}
