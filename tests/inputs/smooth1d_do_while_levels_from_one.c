// expect: {"dims": 1, "dtype": "float", "extents": [64], "radius": [1], "npoints": 3, "time_form": "time levels", "coefs": {"-1": 0.3333333333333333, "0": 0.3333333333333333, "1": 0.3333333333333333}}
// check: -t 5
/* A global array of two levels, the counter from 1 in a do loop stepped at the end of its body,
 * u[t % 2] written from u[(t - 1) % 2]. */
#define NX 64
float u[2][NX];
void run(int nt)
{
  int t = 1;
  do {
    for (int i = 1; i < NX - 1; i++)
      u[t % 2][i] = (u[(t - 1) % 2][i - 1] + u[(t - 1) % 2][i] + u[(t - 1) % 2][i + 1]) / 3.0f;
    t++;
  } while (t <= nt);
}
