// expect: {"dims": 1, "dtype": "double", "extents": ["nx"], "radius": [1], "npoints": 3, "time_form": "copy-back", "scalars": {"c": {"kind": "parameter", "type": "double"}}}
/* Lax-Wendroff for linear advection u_t + a u_x = 0: the Courant number c a const double
 * parameter, c and c*c in the coefficients, explicit copy-back. */
void lax_wendroff(int nx, int nt, const double c, double *u, double *unew)
{
  for (int n = 0; n < nt; n++) {
    for (int i = 1; i < nx - 1; i++)
      unew[i] = u[i] - 0.5 * c * (u[i + 1] - u[i - 1]) + 0.5 * c * c * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
    for (int i = 1; i < nx - 1; i++)
      u[i] = unew[i];
  }
}
