/* The user's wave1d as the oracle (tests/program_oracle.h): u's buffer k is u[k]. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "wave1d.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  if (o.dims != 1) return 3;
  wave1d((int)o.ext[0], (int)o.steps, oracle_field(&o, "u"), oracle_field(&o, "c2"));
  return oracle_compare(&o);
}
