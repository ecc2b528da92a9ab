// expect: {"dims": 1, "dtype": "double", "extents": [101], "steps": 500, "halo_lo": [1], "halo_hi": [1], "radius": [1], "shape": "star", "npoints": 3, "coefs": {"-1": 0.25, "0": 0.5, "1": 0.25}, "time_form": "copy-back", "steps_per_iter": 1}
/* The 1D heat equation u_t = alpha u_xx by forward Euler in time and centred differences in
 * space (FTCS), as numerical methods textbooks write it: fixed grid and step count, the new
 * level computed into un, then copied back. R = alpha dt / dx^2 must stay below 1/2. */
#include <stdio.h>

#define NX 101  /* grid points, boundaries included */
#define NT 500  /* time steps */
#define R 0.25  /* alpha * dt / (dx * dx) */

double u[NX], un[NX];

void heat_ftcs(void) {
  int n, i;
  for (n = 0; n < NT; n++) {
    for (i = 1; i < NX - 1; i++)
      un[i] = u[i] + R * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
    for (i = 1; i < NX - 1; i++)
      u[i] = un[i];
  }
}

int main(void) {
  for (int i = 0; i < NX; i++) u[i] = un[i] = (i == NX / 2) ? 1.0 : 0.0;
  heat_ftcs();
  printf("u[NX/2] = %g\n", u[NX / 2]);
  return 0;
}
