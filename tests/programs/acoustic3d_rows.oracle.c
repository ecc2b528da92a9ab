/* The user's acoustic3d as the oracle: the field p's buffer 0 is level t (p), buffer 1 the one
 * the step overwrites (pold); the extents are the run's. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "acoustic3d_rows.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  double *p = oracle_field(&o, "p");
  acoustic3d(o.ext[0], o.ext[1], o.ext[2], (int)o.steps, p + o.cells, p, oracle_field(&o, "m"));
  return oracle_compare(&o);
}
