// expect: {"dims": 3, "dtype": "double", "extents": ["nz", "ny", "nx"], "steps": "nsteps", "radius": [1, 1, 1], "shape": "star", "npoints": 7, "time_form": "pointer swap", "scoefs": {"0,0,0": [1, -6, "alpha"], "1,0,0": [0, 1, "alpha"], "0,0,-1": [0, 1, "alpha"], "0,-1,0": [0, 1, "alpha"]}}
/* A 7-point heat kernel with long counters, the strides named (sx, sy, sz) before the time loop
 * and the cell index computed into a local, #pragma omp parallel for collapse(3). */
void heat7(long nx, long ny, long nz, long nsteps, double alpha, double *restrict a, double *restrict b)
{
  const long sx = 1, sy = nx, sz = nx * ny;
  for (long t = 0; t < nsteps; t++) {
#pragma omp parallel for collapse(3)
    for (long k = 1; k < nz - 1; k++)
      for (long j = 1; j < ny - 1; j++)
        for (long i = 1; i < nx - 1; i++) {
          long c = i * sx + j * sy + k * sz;
          b[c] = (1.0 - 6.0 * alpha) * a[c] + alpha * (a[c - sx] + a[c + sx] + a[c - sy] + a[c + sy] + a[c - sz] + a[c + sz]);
        }
    double *tmp = a; a = b; b = tmp;
  }
}
