// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "radius": [1, 1], "shape": "star", "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "pointer swap"}
// check: -s 20 -t 4
/* Averaging of the four neighbours read through a pointer to the cell, c[-1], c[+n]. */
void smooth(int n, int steps, float *a, float *b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        const float *c = &a[i * n + j];
        b[i * n + j] = 0.25f * (c[-1] + c[1] + c[-n] + c[n]);
      }
    float *tmp = a;
    a = b;
    b = tmp;
  }
}
