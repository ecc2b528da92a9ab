/* Schneider's 1D FDTD ("Understanding the FDTD Method", program 3.1) with its constants from the
 * command line: the Courant number read by sscanf into a double declared without a value, the
 * impedance by atof, the update coefficients ce = S * imp0 and ch = S / imp0 computed from them
 * between the declarations and the time loop; two fields updated in place, hy then ez. */
#include <stdio.h>
#include <stdlib.h>
#define SIZE 400
static double ez[SIZE], hy[SIZE];

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int max_time = atoi(argv[1]);
  double courant;
  if (sscanf(argv[2], "%lf", &courant) != 1) return 2;
  const double imp0 = atof(argv[3]);
  const double ce = courant * imp0, ch = courant / imp0;
  for (int q = 0; q < max_time; q++) {
    for (int mm = 0; mm < SIZE - 1; mm++) hy[mm] = hy[mm] + ch * (ez[mm + 1] - ez[mm]);
    for (int mm = 1; mm < SIZE; mm++) ez[mm] = ez[mm] + ce * (hy[mm] - hy[mm - 1]);
  }
  printf("%g\n", ez[SIZE / 2]);
  return 0;
}
