// expect: {"dims": 2, "extents": ["nx", "ny"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.0, "1,0": 0.25, "0,-1": 0.25}, "time_form": "copy-back"}
/* Jacobi iteration for Laplace's equation on flat arrays, the new values copied back each sweep. */
void laplace(int nx, int ny, int iters, double *phi, double *phinew) {
  for (int it = 0; it < iters; it++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        phinew[i * ny + j] = 0.0 * phi[i * ny + j] + 0.25 * (phi[(i - 1) * ny + j] + phi[(i + 1) * ny + j] + phi[i * ny + j - 1] + phi[i * ny + j + 1]);
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        phi[i * ny + j] = phinew[i * ny + j];
  }
}
