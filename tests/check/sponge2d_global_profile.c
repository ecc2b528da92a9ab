/* A 2D wave step with fixed sizes and the damping profile along x in a global array of the
 * axis' extent, as small teaching codes keep their model in globals (float damp_x[NX], filled
 * by an init function after the step, which the time loop does not call). */
#define NZ 30
#define NX 38

float damp_x[NX];

void wave_step(int nt, float c2, float p[2][NZ][NX]) {
  for (int it = 0; it < nt; it++)
    for (int iz = 1; iz < NZ - 1; iz++)
      for (int ix = 1; ix < NX - 1; ix++)
        p[(it + 1) % 2][iz][ix] =
            damp_x[ix] * (p[it % 2][iz][ix] +
                          c2 * (p[it % 2][iz][ix - 1] + p[it % 2][iz][ix + 1] + p[it % 2][iz - 1][ix] +
                                p[it % 2][iz + 1][ix] - 4.0f * p[it % 2][iz][ix]));
}

void init_damping(int nb) {
  for (int ix = 0; ix < NX; ix++) {
    int k = ix < nb ? nb - ix : ix >= NX - nb ? ix - (NX - 1 - nb) : 0;
    damp_x[ix] = 1.0f - 0.01f * (float)(k * k);
  }
}
