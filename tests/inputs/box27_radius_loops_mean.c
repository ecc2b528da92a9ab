// expect: {"dims": 3, "dtype": "double", "extents": ["nz", "ny", "nx"], "radius": [1, 1, 1], "shape": "box", "npoints": 27, "coefs": {"0,0,0": 0.037037037037037035, "1,1,1": 0.037037037037037035, "-1,0,1": 0.037037037037037035}, "time_form": "pointer swap"}
/* A 27-point box in the miniGhost/HPCCG way: three radius loops summing the 3x3x3 neighbourhood
 * into a local, divided by 27. */
void stencil27(int nx, int ny, int nz, int nsteps, double *restrict in, double *restrict out)
{
  for (int s = 0; s < nsteps; s++) {
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          double sum = 0.0;
          for (int dk = -1; dk <= 1; dk++)
            for (int dj = -1; dj <= 1; dj++)
              for (int di = -1; di <= 1; di++)
                sum += in[(k + dk) * ny * nx + (j + dj) * nx + (i + di)];
          out[k * ny * nx + j * nx + i] = sum / 27.0;
        }
    double *tmp = in; in = out; out = tmp;
  }
}
