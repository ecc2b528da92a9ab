/* Gray-Scott reaction-diffusion in 3D, as small simulation codes write it: malloc'd flattened
 * arrays indexed through a macro, two species each on a pair of pointers swapped after the step
 * (two rotations in one loop), feed and kill rates as run-time parameters, the step count from
 * the command line. The solver returns the pointers to the newest levels; main prints the
 * species' totals there and a checksum of each of the four buffers.
 * run: 5
 * run: 6
 */
#include <stdio.h>
#include <stdlib.h>

#define NZ 22
#define NY 20
#define NX 24
#define IDX(i, j, k) (((i) * NY + (j)) * NX + (k))

static void react(int steps, double F, double kr, double *u, double *v, double *un, double *vn,
                  double **u_out, double **v_out) {
  const double du = 0.16, dv = 0.08;
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < NZ - 1; i++)
      for (int j = 1; j < NY - 1; j++)
        for (int k = 1; k < NX - 1; k++) {
          double uvv = u[IDX(i, j, k)] * v[IDX(i, j, k)] * v[IDX(i, j, k)];
          un[IDX(i, j, k)] = u[IDX(i, j, k)] +
                             du * (u[IDX(i - 1, j, k)] + u[IDX(i + 1, j, k)] + u[IDX(i, j - 1, k)] +
                                   u[IDX(i, j + 1, k)] + u[IDX(i, j, k - 1)] + u[IDX(i, j, k + 1)] -
                                   6.0 * u[IDX(i, j, k)]) -
                             uvv + F * (1.0 - u[IDX(i, j, k)]);
        }
    for (int i = 1; i < NZ - 1; i++)
      for (int j = 1; j < NY - 1; j++)
        for (int k = 1; k < NX - 1; k++) {
          double uvv = u[IDX(i, j, k)] * v[IDX(i, j, k)] * v[IDX(i, j, k)];
          vn[IDX(i, j, k)] = v[IDX(i, j, k)] +
                             dv * (v[IDX(i - 1, j, k)] + v[IDX(i + 1, j, k)] + v[IDX(i, j - 1, k)] +
                                   v[IDX(i, j + 1, k)] + v[IDX(i, j, k - 1)] + v[IDX(i, j, k + 1)] -
                                   6.0 * v[IDX(i, j, k)]) +
                             uvv - (F + kr) * v[IDX(i, j, k)];
        }
    double *t = u;
    u = un;
    un = t;
    t = v;
    v = vn;
    vn = t;
  }
  *u_out = u;
  *v_out = v;
}

static double total(const double *g, int weighted) {
  double s = 0;
  for (int i = 0; i < NZ * NY * NX; i++) s += g[i] * (weighted ? 1 + i % 11 : 1);
  return s;
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  int steps = atoi(argv[1]);
  size_t n = (size_t)NZ * NY * NX;
  double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
  double *un = malloc(n * sizeof *un), *vn = malloc(n * sizeof *vn);
  for (int i = 0; i < NZ; i++)
    for (int j = 0; j < NY; j++)
      for (int k = 0; k < NX; k++) {
        int seed = i > NZ / 3 && i < NZ / 2 && j > NY / 3 && j < NY / 2 && k > NX / 3 && k < NX / 2;
        u[IDX(i, j, k)] = seed ? 0.5 : 1.0;
        v[IDX(i, j, k)] = seed ? 0.25 : 0.0;
        un[IDX(i, j, k)] = 2.0; /* the other buffers' halos differ from the first ones' */
        vn[IDX(i, j, k)] = -1.0;
      }
  double *ur, *vr;
  react(steps, 0.035, 0.06, u, v, un, vn, &ur, &vr);
  printf("newest levels in %s and %s\n", ur == u ? "u" : "un", vr == v ? "v" : "vn");
  printf("totals u %.9e v %.9e\n", total(ur, 0), total(vr, 0));
  printf("buffers %.9e %.9e %.9e %.9e\n", total(u, 1), total(v, 1), total(un, 1), total(vn, 1));
  free(u);
  free(v);
  free(un);
  free(vn);
  return 0;
}
