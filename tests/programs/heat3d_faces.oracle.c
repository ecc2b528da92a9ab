/* The user's heat3d (zero-flux faces, a pointer swap) as the oracle: a's buffer 0 is the array
 * a names at the first step, buffer 1 the one b names; k is the run's scalar. */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "heat3d_faces.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nz = (int)o.ext[0], ny = (int)o.ext[1], nx = (int)o.ext[2];
  double *a = oracle_field(&o, "a");
  heat3d(nx, ny, nz, (int)o.steps, oracle_scalar(&o, "k"), (double(*)[ny][nx])a,
         (double(*)[ny][nx])(a + o.cells));
  return oracle_compare(&o);
}
