// expect: 16:11: error: a declaration inside a radius loop's body
/* A 2D acoustic step (three wavefields rotated by pointer, a velocity grid) whose radius loop
 * sums each pair into a local first: the program front end reads a radius loop's body as
 * updates of temporaries declared before it, so the declaration is refused with that form. */
#define R 4
static const float c[R + 1] = {-205.0f / 72.0f, 8.0f / 5.0f, -1.0f / 5.0f, 8.0f / 315.0f,
                               -1.0f / 560.0f};

void fwd2d(int nz, int nx, int nt, float *pp, float *p, float *pn, const float *v2) {
  for (int it = 0; it < nt; it++) {
    for (int i = R; i < nz - R; i++)
      for (int j = R; j < nx - R; j++) {
        int idx = i * nx + j;
        float lap = 2.0f * c[0] * p[idx];
        for (int r = 1; r <= R; r++) {
          float pair = p[idx + r] + p[idx - r] + p[idx + r * nx] + p[idx - r * nx];
          lap += c[r] * pair;
        }
        pn[idx] = 2.0f * p[idx] - pp[idx] + v2[idx] * lap;
      }
    float *tmp = pp;
    pp = p;
    p = pn;
    pn = tmp;
  }
}
