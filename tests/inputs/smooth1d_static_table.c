// expect: {"dims": 1, "dtype": "double", "radius": [1], "npoints": 3, "coefs": {"-1": 0.25, "0": 0.5, "1": 0.25}}
// check: -s 50 -t 6
/* A file-scope static table without const: nothing in the file changes it. */
static double coef[3] = {0.25, 0.5, 0.25};

void smooth(int n, int steps, double *a, double *b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = coef[0] * a[i - 1] + coef[1] * a[i] + coef[2] * a[i + 1];
    double *tmp = a;
    a = b;
    b = tmp;
  }
}
