// expect: {"dims": 2, "dtype": "double", "extents": [64, 96], "steps": 10, "npoints": 5, "coefs": {"0,0": 0.5, "-1,0": 0.125, "0,1": 0.125}, "time_form": "copy-back"}
/* Sizes and the step count from an enum, float literals (0.5f) in double code. */
enum { NX = 96, NY = 64, STEPS = 10 };
void smooth(double a[NY][NX], double b[NY][NX]) {
  for (int s = 0; s < STEPS; s++) {
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        b[y][x] = 0.5f * a[y][x] + 0.125f * (a[y-1][x] + a[y+1][x] + a[y][x-1] + a[y][x+1]);
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        a[y][x] = b[y][x];
  }
}
