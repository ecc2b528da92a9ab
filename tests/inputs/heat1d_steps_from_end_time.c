// expect: {"dims": 1, "dtype": "double", "extents": ["n"], "steps": "nsteps", "radius": [1], "npoints": 3, "coefs": {"-1": 0.25, "0": 0.5, "1": 0.25}, "time_form": "pointer swap"}
// check: -s 200 -t 6
/* Explicit heat equation integrated to an end time, as physics codes set it up: the step count
 * computed from doubles before the time loop (a local of the function, which the check binds
 * to its step count like a parameter). */
void heat(int n, double tend, double dt, double *restrict u, double *restrict v) {
  const int nsteps = (int)(tend / dt);
  for (int t = 0; t < nsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    double *s = u; u = v; v = s;
  }
}
