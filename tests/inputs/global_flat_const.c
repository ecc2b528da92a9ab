// expect: {"dims": 2, "extents": [258, 258], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.2, "-1,0": 0.2, "0,1": 0.2}, "time_form": "pointer swap"}
/* Global flat arrays of constant size, swapped through pointers. */
#define SIZE 258
static double grid_a[SIZE * SIZE], grid_b[SIZE * SIZE];
void run(int iters) {
  double *cur = grid_a, *nxt = grid_b;
  for (int it = 0; it < iters; it++) {
    for (int i = 1; i < SIZE - 1; i++)
      for (int j = 1; j < SIZE - 1; j++)
        nxt[i * SIZE + j] = 0.2 * (cur[i * SIZE + j] + cur[(i - 1) * SIZE + j] + cur[(i + 1) * SIZE + j] + cur[i * SIZE + j - 1] + cur[i * SIZE + j + 1]);
    double *tmp = cur;
    cur = nxt;
    nxt = tmp;
  }
}
