// expect: 7:34: error: 'un' is set from a struct member in the time loop; stencilc swaps grids held in local pointers
// hint: take the grids out of the struct before the time loop and swap the locals: double *u = f->cur, *un = f->next; for (t ...) { <sweep>; tmp = u; u = un; un = tmp; } f->cur = u; f->next = un;
/* The grids kept in a struct, taken out and put back swapped in every step. */
typedef struct { double *cur, *next; } fields_t;
void run(fields_t *f, int nx, int ny, int nt, double c) {
  for (int t = 0; t < nt; t++) {
    double *u = f->cur, *un = f->next;
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        un[i * ny + j] = u[i * ny + j] + c * (u[(i - 1) * ny + j] + u[(i + 1) * ny + j] +
                                              u[i * ny + j - 1] + u[i * ny + j + 1] - 4.0 * u[i * ny + j]);
    f->cur = un;
    f->next = u;
  }
}
