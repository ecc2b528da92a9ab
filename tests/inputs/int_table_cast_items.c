// expect: {"dims": 1, "npoints": 3, "coefs": {"-1": 0.6875, "0": 0.03125, "1": 3.984375}}
/* An integer table whose items are casts, as codes write byte-sized weights: C converts each
 * item to unsigned char first, so (unsigned char)300 is 44 and (unsigned char)-1 is 255, then
 * to the table's int; the coefficients are those over 64: 44/64, 2/64, 255/64. */
static const int W[3] = {(unsigned char)300, 2, (unsigned char)-1};

void smooth(int n, int steps, float A[2][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t + 1) % 2][i] = (W[0] * A[t % 2][i - 1] + W[1] * A[t % 2][i] + W[2] * A[t % 2][i + 1]) / 64.0f;
}
