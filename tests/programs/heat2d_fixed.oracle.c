/* The user's heat2d_fixed as the oracle (tests/program_oracle.h): its sizes and steps are the
 * source's, so the program runs with its defaults. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "heat2d_fixed.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  if (o.ext[0] != NY || o.ext[1] != NX || o.steps != NT) return 3;
  heat2d_fixed(oracle_field(&o, "u"), oracle_field(&o, "kappa"));
  return oracle_compare(&o);
}
