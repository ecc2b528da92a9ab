/* The user's jacobi3d_ptr as the oracle: a is buffer 0 (level t at the first step), b buffer 1. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "jacobi3d_ptr.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  if (o.ext[0] != NZ || o.ext[1] != NY || o.ext[2] != NX) return 3;
  float *a = oracle_field(&o, "a");
  jacobi3d_ptr((int)o.steps, (void *)a, (void *)(a + o.cells), oracle_field(&o, "w"));
  return oracle_compare(&o);
}
