// expect: {"dims": 2, "dtype": "float", "extents": [130, 258], "steps": 50, "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.6, "-1,0": 0.1, "1,0": 0.1, "0,-1": 0.1, "0,1": 0.1}, "time_form": "time levels"}
/* A 2D heat solver with everything fixed at compile time, as small teaching codes and mini-apps
 * write it: a global grid of #define'd extents (not square), a constant step count, and the
 * two time levels in the first dimension. */
#define NY 128
#define NX 256
#define STEPS 50

float grid[2][NY + 2][NX + 2];

void solve(void) {
  for (int t = 0; t < STEPS; t++)
    for (int y = 1; y <= NY; y++)
      for (int x = 1; x <= NX; x++)
        grid[(t + 1) % 2][y][x] = 0.6f * grid[t % 2][y][x] +
                                  0.1f * (grid[t % 2][y - 1][x] + grid[t % 2][y + 1][x] +
                                          grid[t % 2][y][x - 1] + grid[t % 2][y][x + 1]);
}
