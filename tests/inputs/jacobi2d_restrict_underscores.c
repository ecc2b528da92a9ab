// expect: {"dims": 2, "dtype": "float", "extents": ["ny", "nx"], "steps": "iters", "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.2, "-1,0": 0.2, "0,1": 0.2}, "time_form": "pointer swap"}
/* float *__restrict__ grids (the CUDA spelling), a time loop from 1 to iters inclusive with
 * ++t, #pragma omp parallel for schedule(static). */
void jacobi(int nx, int ny, int iters, float *__restrict__ in, float *__restrict__ out)
{
  for (int t = 1; t <= iters; ++t) {
#pragma omp parallel for schedule(static)
    for (int y = 1; y < ny - 1; ++y)
      for (int x = 1; x < nx - 1; ++x)
        out[y * nx + x] = 0.2f * (in[y * nx + x] + in[y * nx + x - 1] + in[y * nx + x + 1] +
                                  in[(y - 1) * nx + x] + in[(y + 1) * nx + x]);
    float *__restrict__ tmp = in; in = out; out = tmp;
  }
}
