// expect: {"dims": 2, "dtype": "double", "extents": ["ny", "nx"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.6, "-1,0": 0.1, "1,0": 0.1, "0,-1": 0.1, "0,1": 0.1}, "time_form": "pointer swap"}
/* Explicit heat step with the row offsets hoisted out of the inner loop, as hand-tuned C does:
 * the rows above, at and below the cell named once per row. */
void heat(int nx, int ny, int nsteps, double *restrict cur, double *restrict nxt) {
  for (int step = 0; step < nsteps; step++) {
    for (int y = 1; y < ny - 1; y++) {
      const int row = y * nx, up = row - nx, down = row + nx;
      for (int x = 1; x < nx - 1; x++)
        nxt[row + x] = 0.6 * cur[row + x] + 0.1 * (cur[row + x - 1] + cur[row + x + 1] +
                                                   cur[up + x] + cur[down + x]);
    }
    double *t = cur;
    cur = nxt;
    nxt = t;
  }
}
