// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "steps": "nt", "radius": [1, 1], "shape": "star", "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "pointer swap"}
/* The time loop written as while (t < nt) with the counter stepped at the end of its body. */
void heat(int n, int nt, float *a, float *b) {
  int t = 0;
  while (t < nt) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25f * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] +
                                a[i * n + j + 1]);
    float *tmp = a;
    a = b;
    b = tmp;
    t++;
  }
}
