/* j2d5pt: 2D 5-point Jacobi, weighted sum divided by a constant (AN5D, Table 3; Rawat, Table 1) */
#define RAD 1
#define CC 1.13f
#define CN 0.92f
#define CS 1.07f
#define CW 0.88f
#define CE 1.01f
#define CDIV 5.125f

void j2d5pt(int n, int steps, float A[2][n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = RAD; i < n - RAD; i++) {
      for (int j = RAD; j < n - RAD; j++) {
        A[(t + 1) % 2][i][j] = (CC * A[t % 2][i][j] + CN * A[t % 2][i - 1][j]
                                + CS * A[t % 2][i + 1][j] + CW * A[t % 2][i][j - 1] + CE * A[t % 2][i][j + 1]) / CDIV;
      }
    }
  }
}
