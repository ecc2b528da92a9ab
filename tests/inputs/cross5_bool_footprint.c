// expect: {"dims": 2, "dtype": "float", "radius": [1, 1], "npoints": 9, "coefs": {"0,0": 0.2, "-1,0": 0.2, "1,0": 0.2, "0,-1": 0.2, "0,1": 0.2, "-1,-1": 0, "1,1": 0}}
// check: -s 22x27 -t 3
/* The stencil's footprint as a table of bool (stdbool.h), summed in filter loops: the cells
 * where it is true. */
#include <stdbool.h>

static const bool FOOT[3][3] = {{false, true, false}, {true, true, true}, {false, true, false}};

void smooth(int ny, int nx, int steps, float A[2][ny][nx]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        float acc = 0.0f;
        for (int a = 0; a < 3; a++)
          for (int b = 0; b < 3; b++)
            acc += FOOT[a][b] * A[t % 2][i + a - 1][j + b - 1];
        A[(t + 1) % 2][i][j] = 0.2f * acc;
      }
}
