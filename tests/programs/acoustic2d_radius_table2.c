/* 2D acoustic modelling on a grid of unequal spacings (dz, dx): a 2D coefficient table, one row
 * per axis with 1/h^2 folded in, a static const local; one radius loop reading both axes with
 * multi-subscript pointers (float (*p)[nx]); the leapfrog as two arrays, the new wavefield
 * written over the previous one (read at its own cell), then the pointers swapped. */
#define R 4
#define DZ 10.0f
#define DX 12.5f

void fwd2d_aniso(int nz, int nx, int nt, float dt2, float (*pold)[nx], float (*pcur)[nx],
                 const float (*vel)[nx]) {
  static const float c[2][R + 1] = {
      {-205.0f / 72.0f / (DZ * DZ), 8.0f / 5.0f / (DZ * DZ), -1.0f / 5.0f / (DZ * DZ),
       8.0f / 315.0f / (DZ * DZ), -1.0f / 560.0f / (DZ * DZ)},
      {-205.0f / 72.0f / (DX * DX), 8.0f / 5.0f / (DX * DX), -1.0f / 5.0f / (DX * DX),
       8.0f / 315.0f / (DX * DX), -1.0f / 560.0f / (DX * DX)}};
  for (int it = 0; it < nt; it++) {
    for (int iz = R; iz < nz - R; iz++)
      for (int ix = R; ix < nx - R; ix++) {
        float lap = (c[0][0] + c[1][0]) * pcur[iz][ix];
        for (int r = 1; r <= R; r++)
          lap += c[0][r] * (pcur[iz + r][ix] + pcur[iz - r][ix]) +
                 c[1][r] * (pcur[iz][ix + r] + pcur[iz][ix - r]);
        pold[iz][ix] = 2.0f * pcur[iz][ix] - pold[iz][ix] + dt2 * vel[iz][ix] * vel[iz][ix] * lap;
      }
    float (*tmp)[nx] = pold;
    pold = pcur;
    pcur = tmp;
  }
}
