/* The user's wave3d as the oracle: p's two levels are the field's buffers 0 and 1 (the level
 * t % 2 at the first step is 0); dt is the run's. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "wave3d_radius_axes.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nz = (int)o.ext[0], ny = (int)o.ext[1], nx = (int)o.ext[2];
  wave3d(nz, ny, nx, (int)o.steps, oracle_scalar(&o, "dt"),
         (double(*)[nz][ny][nx])oracle_field(&o, "p"), (double(*)[ny][nx])oracle_field(&o, "vel"));
  return oracle_compare(&o);
}
