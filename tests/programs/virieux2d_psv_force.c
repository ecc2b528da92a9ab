/* virieux2d_psv.c driven by a vertical point force, as elastic modelling codes inject a shot:
 * after both nests of the step, vz at the source cell (integer parameters sz, sx) gets the
 * force's wavelet scaled by dt / (rho dx). The stresses of the step read vz beside the source
 * cell before the force is added; the next step's read it with the force. */
void virieux_psv_force(int nz, int nx, int nt, int sz, int sx, float dtdx, float fscale,
                       const float *wavelet, float vx[nz][nx], float vz[nz][nx],
                       float txx[nz][nx], float tzz[nz][nx], float txz[nz][nx],
                       const float bu[nz][nx], const float la[nz][nx], const float mu[nz][nx]) {
  for (int it = 0; it < nt; it++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        vx[i][j] += dtdx * bu[i][j] * (txx[i][j] - txx[i][j - 1] + txz[i][j] - txz[i - 1][j]);
        vz[i][j] += dtdx * bu[i][j] * (txz[i][j + 1] - txz[i][j] + tzz[i + 1][j] - tzz[i][j]);
      }
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        const float dvxdx = vx[i][j + 1] - vx[i][j];
        const float dvzdz = vz[i][j] - vz[i - 1][j];
        txx[i][j] += dtdx * ((la[i][j] + 2.0f * mu[i][j]) * dvxdx + la[i][j] * dvzdz);
        tzz[i][j] += dtdx * (la[i][j] * dvxdx + (la[i][j] + 2.0f * mu[i][j]) * dvzdz);
        txz[i][j] += dtdx * mu[i][j] * (vx[i + 1][j] - vx[i][j] + vz[i][j] - vz[i][j - 1]);
      }
    vz[sz][sx] += fscale * wavelet[it];
  }
}
