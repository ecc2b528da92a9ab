/* The user's compute_tran_temp as the oracle (its sweep in single_iteration, called from the
 * time loop): temp is buffer 0, result buffer 1; the power grid and the thermal constants are
 * the run's. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "hotspot_calls.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *temp = oracle_field(&o, "temp");
  compute_tran_temp(temp + o.cells, (int)o.steps, temp, oracle_field(&o, "power"), (int)o.ext[0],
                    (int)o.ext[1], (float)oracle_scalar(&o, "Cap_1"), (float)oracle_scalar(&o, "Rx_1"),
                    (float)oracle_scalar(&o, "Ry_1"), (float)oracle_scalar(&o, "Rz_1"));
  return oracle_compare(&o);
}
