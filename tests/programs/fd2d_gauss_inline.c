/* Sullivan's 2D TM pulse with the Gaussian written inline from the time loop's counter, which
 * starts at 1: ez[ic][jc] = exp(-0.5 * ((t0 - n) / spread) * ((t0 - n) / spread)); the
 * pulse's centre and width computed before the loop, the cell int locals of constant value. */
#include <math.h>
#define IE 60
#define JE 60
void fd2d(int nsteps, float ez[IE][JE], float hx[IE][JE], float hy[IE][JE]) {
  float t0 = 20.0f, spread = 6.0f;
  int ic = IE / 2, jc = JE / 2 - 5;
  for (int n = 1; n <= nsteps; n++) {
    for (int i = 1; i < IE; i++)
      for (int j = 1; j < JE; j++)
        ez[i][j] = ez[i][j] + 0.5f * (hy[i][j] - hy[i-1][j] - hx[i][j] + hx[i][j-1]);
    ez[ic][jc] = exp(-0.5 * ((t0 - n) / spread) * ((t0 - n) / spread));
    for (int i = 0; i < IE - 1; i++)
      for (int j = 0; j < JE - 1; j++) {
        hx[i][j] = hx[i][j] + 0.5f * (ez[i][j] - ez[i][j+1]);
        hy[i][j] = hy[i][j] + 0.5f * (ez[i+1][j] - ez[i][j]);
      }
  }
}
