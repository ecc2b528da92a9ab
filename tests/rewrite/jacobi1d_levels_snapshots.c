/* 1D Jacobi smoothing with two time levels in one array (A[t % 2] -> A[(t + 1) % 2]), the loop
 * from t = 1 as codes whose level 0 is the initial condition write it, a snapshot of the current
 * level printed by a function taking it as const double * every `snap` steps, and the middle
 * cell printed at the middle step. Odd and even counts: which level a chunk ends in.
 * run: 64 23 4
 * run: 50 16 5
 * run: 31 3 1
 */
#include <stdio.h>
#include <stdlib.h>

static void snapshot(const double *row, int n, int t) {
  double s = 0;
  for (int i = 0; i < n; i++) s += row[i] * (i + 1);
  printf("t=%d weighted sum %.10f first %.10f\n", t, s, row[1]);
}

static void smooth(int n, int nt, int snap, double A[2][n]) {
  for (int t = 1; t <= nt; t++) {
    if (t % snap == 0) snapshot(A[t % 2], n, t);
    for (int i = 1; i < n - 1; i++)
      A[(t + 1) % 2][i] = 0.25 * A[t % 2][i - 1] + 0.5 * A[t % 2][i] + 0.25 * A[t % 2][i + 1];
    if (t == nt / 2) printf("middle step %d: A[n/2] = %.10f\n", t, A[(t + 1) % 2][n / 2]);
  }
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int n = atoi(argv[1]), nt = atoi(argv[2]), snap = atoi(argv[3]);
  double (*A)[n] = malloc(sizeof(double[2][n]));
  for (int i = 0; i < n; i++) A[0][i] = A[1][i] = (i % 7) * 0.125 + (i == n / 3);
  smooth(n, nt, snap, A);
  printf("final %.10f %.10f %.10f\n", A[0][n / 2], A[1][n / 2], A[(nt + 2) % 2][n / 4]);
  free(A);
  return 0;
}
