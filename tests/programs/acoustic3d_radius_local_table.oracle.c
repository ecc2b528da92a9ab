/* The user's fwd3d as the oracle: pcur is buffer 0 of the field (level t at the first step),
 * pold buffer 1 (written as t + 1). */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic3d_radius_local_table.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *p = oracle_field(&o, "pcur");
  fwd3d((int)o.ext[0], (int)o.ext[1], (int)o.ext[2], (int)o.steps, oracle_field(&o, "vdt2"),
        p + o.cells, p);
  return oracle_compare(&o);
}
