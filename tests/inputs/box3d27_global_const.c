// expect: {"dims": 3, "extents": [66, 66, 66], "radius": [1, 1, 1], "shape": "box", "npoints": 27, "coefs": {"0,0,0": 0.5, "1,1,1": 0.0078125, "-1,0,0": 0.03125, "0,1,-1": 0.015625}, "time_form": "time levels"}
/* 27-point box on a global grid of constant size: weights by distance class (face, edge, corner). */
#define NN 66
#define STEPS 8
#define CC 0.5
#define CF 0.03125
#define CE 0.015625
#define CK 0.0078125
static double u[2][NN][NN][NN];
void box27(void) {
  for (int t = 0; t < STEPS; t++)
    for (int i = 1; i < NN - 1; i++)
      for (int j = 1; j < NN - 1; j++)
        for (int k = 1; k < NN - 1; k++)
          u[(t + 1) % 2][i][j][k] = CC * u[t % 2][i][j][k]
            + CF * (u[t % 2][i - 1][j][k] + u[t % 2][i + 1][j][k] + u[t % 2][i][j - 1][k] + u[t % 2][i][j + 1][k] + u[t % 2][i][j][k - 1] + u[t % 2][i][j][k + 1])
            + CE * (u[t % 2][i - 1][j - 1][k] + u[t % 2][i - 1][j + 1][k] + u[t % 2][i + 1][j - 1][k] + u[t % 2][i + 1][j + 1][k]
                  + u[t % 2][i - 1][j][k - 1] + u[t % 2][i - 1][j][k + 1] + u[t % 2][i + 1][j][k - 1] + u[t % 2][i + 1][j][k + 1]
                  + u[t % 2][i][j - 1][k - 1] + u[t % 2][i][j - 1][k + 1] + u[t % 2][i][j + 1][k - 1] + u[t % 2][i][j + 1][k + 1])
            + CK * (u[t % 2][i - 1][j - 1][k - 1] + u[t % 2][i - 1][j - 1][k + 1] + u[t % 2][i - 1][j + 1][k - 1] + u[t % 2][i - 1][j + 1][k + 1]
                  + u[t % 2][i + 1][j - 1][k - 1] + u[t % 2][i + 1][j - 1][k + 1] + u[t % 2][i + 1][j + 1][k - 1] + u[t % 2][i + 1][j + 1][k + 1]);
}
