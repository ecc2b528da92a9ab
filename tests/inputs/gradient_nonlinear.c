// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "radius": [1, 1], "associative": false, "npoints": 5, "offsets": ["0,0", "1,0", "-1,0", "0,1", "0,-1"], "time_form": "pointer swap"}
/* A nonlinear smoothing step (gradient magnitude), float, pointer-to-array parameters. */
#include <math.h>
void grad(int n, int steps, float (*in)[n], float (*out)[n]) {
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        out[i][j] = in[i][j] + 1.0f / sqrtf(0.0001f + (in[i][j] - in[i + 1][j]) * (in[i][j] - in[i + 1][j])
                                                    + (in[i][j] - in[i - 1][j]) * (in[i][j] - in[i - 1][j])
                                                    + (in[i][j] - in[i][j + 1]) * (in[i][j] - in[i][j + 1])
                                                    + (in[i][j] - in[i][j - 1]) * (in[i][j] - in[i][j - 1]));
    float (*t)[n] = in;
    in = out;
    out = t;
  }
}
