// expect: {"dims": 1, "dtype": "float", "radius": [1], "shape": "star", "npoints": 3, "coefs": {"-1": 0.25, "0": 0.5, "1": 0.25}}
// check: -s 300 -t 4
/* 1D smoothing with the weights in a short table and the integer arithmetic C does on them:
 * the centre weight halved in integer division (5 / 2 is 2), the total an int sum of the
 * table's entries, which the float sum is divided by. */
static const short W[3] = {1, 5, 1};

void smooth(int n, int steps, float *u, float *v) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = (W[0] * u[i - 1] + W[1] / 2 * u[i] + W[2] * u[i + 1]) / (W[0] + W[1] / 2 + W[2]);
    float *s = u; u = v; v = s;
  }
}
