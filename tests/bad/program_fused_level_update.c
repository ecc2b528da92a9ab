// expect: 10:9: error: 'v' holds 2 time levels but is updated with '+='
// hint: write the new level from the others
/* Two fields of two time levels each updated in one loop, the second with '+=' on its new level
 * (the buffer of the step before: a mistake for v[t % 2] more often than a leapfrog). */
void two_levels(int n, int steps, float u[2][n][n], float v[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        u[(t + 1) % 2][i][j] = u[t % 2][i][j] + 0.1f * (v[t % 2][i][j + 1] - v[t % 2][i][j]);
        v[(t + 1) % 2][i][j] += 0.1f * (u[t % 2][i][j] - u[t % 2][i][j - 1]);
      }
}
