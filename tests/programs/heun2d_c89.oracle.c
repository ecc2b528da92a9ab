/* The user's heun as the oracle: u is buffer 0, unew buffer 1, k1 one buffer; j is axis 1. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "heun2d_c89.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *u = oracle_field(&o, "u");
  heun((int)o.ext[1], (int)o.ext[0], (int)o.steps, u, u + o.cells, oracle_field(&o, "k1"));
  return oracle_compare(&o);
}
