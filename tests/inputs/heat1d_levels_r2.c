// expect: {"dims": 1, "dtype": "float", "extents": ["nx"], "steps": "nt", "halo_lo": [2], "halo_hi": [2], "radius": [2], "shape": "star", "npoints": 5, "offsets": ["-2", "-1", "0", "1", "2"], "time_form": "time levels", "steps_per_iter": 1}
/* 1D diffusion with the fourth-order centred second difference
 *   u_xx ~ (-u[i-2] + 16 u[i-1] - 30 u[i] + 16 u[i+1] - u[i+2]) / (12 dx^2),
 * two time levels kept in the first dimension of one array. */
void diffuse4(int nx, int nt, float u[2][nx]) {
  const float c = 0.1f / 12.0f; /* alpha dt / (12 dx^2) */
  for (int t = 0; t < nt; t++)
    for (int i = 2; i < nx - 2; i++)
      u[(t + 1) % 2][i] = u[t % 2][i] + c * (-u[t % 2][i - 2] + 16.0f * u[t % 2][i - 1] -
                                             30.0f * u[t % 2][i] + 16.0f * u[t % 2][i + 1] -
                                             u[t % 2][i + 2]);
}
