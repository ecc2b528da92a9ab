/* A Jacobi Poisson solver that swaps its two flat arrays and reports progress every 50 sweeps
 * (the sweep and a sample of the solution, printed after the swap), until the largest change is
 * below the tolerance or the cap is reached; a do-while loop.
 * stencilc: --function jacobi
 * target: cpu
 * compare: exact
 * run: 20 22 1e-6 10000
 * run: 20 22 1e-6 100
 * run: 20 22 1e-6 101
 * run: 20 22 1e-6 0
 * run: 20 22 1e9 10
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int jacobi(int ny, int nx, double tol, int maxit, double *u, double *v, double *resid,
                  double **out) {
  double r = 0.0;
  int sweep = 0;
  do {
    r = 0.0;
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        v[i * nx + j] = 0.25 * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j] + u[i * nx + j - 1] +
                                u[i * nx + j + 1] + 1e-3);
        double d = fabs(v[i * nx + j] - u[i * nx + j]);
        if (d > r) r = d;
      }
    double *t = u;
    u = v;
    v = t;
    if (sweep % 50 == 49) printf("sweep %d: u[mid] = %.10f\n", sweep + 1, u[(ny / 2) * nx + nx / 2]);
    sweep++;
  } while (r > tol && sweep < maxit);
  *resid = r;
  *out = u;
  return sweep;
}

int main(int argc, char **argv) {
  int ny = atoi(argv[1]), nx = atoi(argv[2]), maxit = atoi(argv[4]);
  double tol = atof(argv[3]);
  double *u = calloc((size_t)(ny * nx), sizeof *u), *v = calloc((size_t)(ny * nx), sizeof *v);
  for (int j = 0; j < nx; j++) u[j] = v[j] = 2.0;
  double resid, *out;
  int sweeps = jacobi(ny, nx, tol, maxit, u, v, &resid, &out);
  printf("%d sweeps, residual %.15e, result in %s\n", sweeps, resid, out == u ? "u" : "v");
  free(u);
  free(v);
  return 0;
}
