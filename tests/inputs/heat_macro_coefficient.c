// expect: {"dims": 2, "extents": [512, 512], "radius": [1, 1], "npoints": 5, "coefs": {"0,0": 0.8, "1,0": 0.05, "0,-1": 0.05}, "time_form": "time levels"}
/* Coefficients computed by macros from physical constants (alpha dt / dx^2). */
#define NX 512
#define ALPHA 0.5
#define DT 0.1
#define DX 1.0
#define R (ALPHA * DT / (DX * DX))
double T[2][NX][NX];
void step_all(int nsteps) {
  for (int s = 0; s < nsteps; s++)
    for (int i = 1; i < NX - 1; i++)
      for (int j = 1; j < NX - 1; j++)
        T[(s + 1) % 2][i][j] = (1.0 - 4.0 * R) * T[s % 2][i][j] + R * (T[s % 2][i + 1][j] + T[s % 2][i - 1][j] + T[s % 2][i][j + 1] + T[s % 2][i][j - 1]);
}
