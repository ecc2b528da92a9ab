// expect: {"dims": 3, "dtype": "double", "radius": [4, 4, 4], "shape": "box", "npoints": 729, "coefs": {"0,0,0": 0.0013717421124828531, "-4,-4,-4": 3.3489797668038406e-07, "0,0,1": 0.0006858710562414266, "2,-1,0": 0.00017146776406035664}, "time_form": "pointer swap"}
// check: -s 12 -t 2
/* A separable 9x9x9 smoothing filter written as a 3D box of radius 4 with three nested filter
 * loops over one file-scope weight table: 729 points once unrolled, the most a cell loop holds. */
#define R 4
static const double w1[2 * R + 1] = {0.0625, 0.125, 0.25, 0.5, 1.0, 0.5, 0.25, 0.125, 0.0625};
void box(int n, int steps, double *restrict a, double *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int k = R; k < n - R; k++)
      for (int j = R; j < n - R; j++)
        for (int i = R; i < n - R; i++) {
          double s = 0.0;
          for (int dz = -R; dz <= R; dz++)
            for (int dy = -R; dy <= R; dy++)
              for (int dx = -R; dx <= R; dx++)
                s += w1[dz + R] * w1[dy + R] * w1[dx + R] * a[((k + dz) * n + j + dy) * n + i + dx];
          b[(k * n + j) * n + i] = s / 729.0;
        }
    double *x = a; a = b; b = x;
  }
}
