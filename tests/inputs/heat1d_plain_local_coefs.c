// expect: {"dims": 1, "dtype": "float", "extents": ["n"], "radius": [1], "npoints": 3, "coefs": {"-1": 0.1, "0": 0.79, "1": 0.1}, "time_form": "pointer swap"}
/* Coefficients held in plain (not const) locals set once before the time loop, an ambient term. */
void heat(int n, int nt, float *restrict u, float *restrict v)
{
  float amb = 80.0f, k = 0.1f;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i] + k * (u[i - 1] - 2.0f * u[i] + u[i + 1]) + 0.01f * (amb - u[i]);
    float *s = u; u = v; v = s;
  }
}
