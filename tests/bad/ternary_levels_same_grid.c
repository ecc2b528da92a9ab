// expect: 7:18: error: both choices of 'out' are 'u1': it names one grid at every step, not two levels
// hint: pick the two grids by the step's parity, the one read and the other written: double *src = (t % 2 == 0) ? u : v; double *dst = (t % 2 == 0) ? v : u;
/* A copy-paste slip: the written pointer picks u1 whatever the step. */
void wave(int n, int steps, float c, float *u0, float *u1) {
  for (int s = 0; s < steps; s++) {
    const float *in = (s & 1) ? u1 : u0;
    float *out = (s & 1) ? u1 : u1;
    for (int i = 1; i < n - 1; i++)
      out[i] = in[i] + c * (in[i - 1] - 2.0f * in[i] + in[i + 1]);
  }
}
