/* 3D finite-difference time-domain (Yee 1966) in its classic form: the three magnetic
 * components updated in one loop nest from the curl of E, then the three electric components in
 * one nest from the curl of H, in place, on double arrays of #define'd sizes with their axes
 * (hx[NX][NY][NZ]); the update coefficients dt / (mu dx) and dt / (eps dx) as parameters. */
#define NX 14
#define NY 12
#define NZ 16

void yee3d(int nt, double ch, double ce, double ex[NX][NY][NZ], double ey[NX][NY][NZ],
           double ez[NX][NY][NZ], double hx[NX][NY][NZ], double hy[NX][NY][NZ],
           double hz[NX][NY][NZ]) {
  for (int n = 0; n < nt; n++) {
    for (int i = 0; i < NX - 1; i++)
      for (int j = 0; j < NY - 1; j++)
        for (int k = 0; k < NZ - 1; k++) {
          hx[i][j][k] += ch * ((ey[i][j][k + 1] - ey[i][j][k]) - (ez[i][j + 1][k] - ez[i][j][k]));
          hy[i][j][k] += ch * ((ez[i + 1][j][k] - ez[i][j][k]) - (ex[i][j][k + 1] - ex[i][j][k]));
          hz[i][j][k] += ch * ((ex[i][j + 1][k] - ex[i][j][k]) - (ey[i + 1][j][k] - ey[i][j][k]));
        }
    for (int i = 1; i < NX - 1; i++)
      for (int j = 1; j < NY - 1; j++)
        for (int k = 1; k < NZ - 1; k++) {
          ex[i][j][k] += ce * ((hz[i][j][k] - hz[i][j - 1][k]) - (hy[i][j][k] - hy[i][j][k - 1]));
          ey[i][j][k] += ce * ((hx[i][j][k] - hx[i][j][k - 1]) - (hz[i][j][k] - hz[i - 1][j][k]));
          ez[i][j][k] += ce * ((hy[i][j][k] - hy[i - 1][j][k]) - (hx[i][j][k] - hx[i][j - 1][k]));
        }
  }
}
