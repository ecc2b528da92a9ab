/* The user's heat_stretched as the oracle: u's two levels, each 1D array the first nx (ny) values
 * of its buffer; ny and nx are the run's. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "heat2d_stretched.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int ny = (int)o.ext[0], nx = (int)o.ext[1];
  heat_stretched(ny, nx, (int)o.steps, oracle_scalar(&o, "dt"), oracle_field(&o, "u"),
                 oracle_field(&o, "rdx"), oracle_field(&o, "rdxc"), oracle_field(&o, "rdy"),
                 oracle_field(&o, "rdyc"));
  return oracle_compare(&o);
}
