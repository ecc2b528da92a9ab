// expect: {"dims": 1, "npoints": 3, "coefs": {"-1": 0.100000001490116119384765625, "0": 0.2, "1": 0.3333333432674407958984375}}
/* Constants rounded to float inside a double stencil, as code ported from single precision
 * keeps them: (float)0.1 is 0.100000001490116119384765625 and (float)(1.0 / 3.0) is
 * 0.3333333432674407958984375 (the nearest floats), not the double literals. */
static const double C[2] = {(float)0.1, 0.2};

void diffuse(int n, int steps, double A[2][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t + 1) % 2][i] = C[0] * A[t % 2][i - 1] + C[1] * A[t % 2][i] + (double)(float)(1.0 / 3.0) * A[t % 2][i + 1];
}
