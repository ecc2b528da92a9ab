/* 2D TM FDTD as Taflove's and Sullivan's textbooks drive it: the Yee updates of ez, then of hx
 * and hy, in place, with a hard source of a constant (ez[NX/2][NY/2] = 1.0;) set between them
 * each step: the magnetic updates read the source cell's new value. */
#define NX 200
#define NY 200
void fdtd(int nsteps, double ca, double cb, double ez[NX][NY], double hx[NX][NY], double hy[NX][NY]) {
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < NX; i++)
      for (int j = 1; j < NY; j++)
        ez[i][j] = ca * ez[i][j] + cb * (hy[i][j] - hy[i-1][j] - hx[i][j] + hx[i][j-1]);
    ez[NX/2][NY/2] = 1.0;
    for (int i = 0; i < NX - 1; i++)
      for (int j = 0; j < NY - 1; j++) {
        hx[i][j] = hx[i][j] - 0.5 * (ez[i][j+1] - ez[i][j]);
        hy[i][j] = hy[i][j] + 0.5 * (ez[i+1][j] - ez[i][j]);
      }
  }
}
