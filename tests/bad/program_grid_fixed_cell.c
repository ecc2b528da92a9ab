// expect: 8:72: error: reads 'u' at a fixed cell, but the time loop changes 'u': the value would differ from step to step
// hint: read the grid at the cell's loop variables (u[i + 1]); a value the time loop keeps goes in a scalar set before it
/* A relaxation toward the value of one interior cell of the grid itself: that cell changes every
 * step, so it is no coefficient fixed before the loop. */
void relax(int n, int nt, float k, float *u, float *un) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] + k * (u[i - 1] + u[i + 1] - 2.0f * u[i]) + 0.01f * u[1];
    float *tmp = u;
    u = un;
    un = tmp;
  }
}
