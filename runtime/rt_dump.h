/* rt_dump.h: grid dumps, written by generated programs (--dump-input, --dump-output) and read
 * by the harness of `stencilc check`, which runs the user's own code on the same input. Comes
 * after rt_common.h. One file, in the host's byte order:
 *   8 bytes   "STCDUMP1"
 *   16 int64  elem_size (4 or 8), dims, steps, nweights, kind (0 input, 1 output),
 *             ext[3], lo[3], hi[3] (per axis, axis 0 first, unused axes 1 / 0 / 0), 0 (spare)
 *   cells     the whole grid, halo included, axis 0 slowest, elements of elem_size bytes
 *   nweights  the run-time weights in row-major order (input dumps of stencils that have any)
 * `steps` is the run's: the output holds the result of that many steps from the input. */
#ifndef STENCILC_RT_DUMP_H
#define STENCILC_RT_DUMP_H

enum { RT_DUMP_FIELDS = 16, RT_DUMP_INPUT = 0, RT_DUMP_OUTPUT = 1 };
static const char rt_dump_magic[8] = {'S', 'T', 'C', 'D', 'U', 'M', 'P', '1'};

RT_API void rt_dump_write(const char *path, int kind, const RtGrid *g, const int lo[],
                          const int hi[], long steps, const rt_real *cells, const rt_real *w,
                          int nweights) {
  int64_t h[RT_DUMP_FIELDS] = {(int64_t)sizeof(rt_real), g->dims, steps, nweights, kind};
  for (int a = 0; a < RT_MAX_DIMS; a++) {
    h[5 + a] = a < g->dims ? g->ext[a] : 1;
    h[8 + a] = a < g->dims ? lo[a] : 0;
    h[11 + a] = a < g->dims ? hi[a] : 0;
  }
  FILE *f = fopen(path, "wb");
  int ok = f && fwrite(rt_dump_magic, 1, 8, f) == 8 &&
           fwrite(h, sizeof h[0], RT_DUMP_FIELDS, f) == RT_DUMP_FIELDS &&
           fwrite(cells, sizeof(rt_real), (size_t)g->cells, f) == (size_t)g->cells &&
           (nweights == 0 || fwrite(w, sizeof(rt_real), (size_t)nweights, f) == (size_t)nweights);
  if (f) ok = !fclose(f) && ok;
  if (!ok) {
    fprintf(stderr, "stencilc: cannot write %s\n", path);
    exit(4);
  }
}

/* A dump read back, its values widened to double. */
typedef struct {
  int elem_size, dims, nweights, kind;
  long steps, ext[RT_MAX_DIMS], lo[RT_MAX_DIMS], hi[RT_MAX_DIMS], cells;
  double *cells_v, *weights;
} RtDump;

/* Reads `n` elements of elem_size bytes into out as doubles; 0 on success. */
RT_API int rt_dump_values(FILE *f, int elem_size, double *out, long n) {
  for (long i = 0; i < n; i++) {
    float x;
    if (elem_size == 4 ? fread(&x, 4, 1, f) != 1 : fread(&out[i], 8, 1, f) != 1) return -1;
    if (elem_size == 4) out[i] = x;
  }
  return 0;
}

/* Reads a dump; 0, or -1 after saying what is wrong with the file. */
RT_API int rt_dump_read(const char *path, RtDump *d) {
  memset(d, 0, sizeof *d);
  FILE *f = fopen(path, "rb");
  char magic[8];
  int64_t h[RT_DUMP_FIELDS];
  if (!f || fread(magic, 1, 8, f) != 8 || memcmp(magic, rt_dump_magic, 8) ||
      fread(h, sizeof h[0], RT_DUMP_FIELDS, f) != RT_DUMP_FIELDS) {
    fprintf(stderr, "%s: not a stencilc grid dump\n", path);
    if (f) fclose(f);
    return -1;
  }
  d->elem_size = (int)h[0];
  d->dims = (int)h[1];
  d->steps = (long)h[2];
  d->nweights = (int)h[3];
  d->kind = (int)h[4];
  d->cells = 1;
  int sane = (d->elem_size == 4 || d->elem_size == 8) && d->dims >= 1 && d->dims <= RT_MAX_DIMS &&
             d->nweights >= 0 && d->nweights <= 1 << 20;
  for (int a = 0; a < RT_MAX_DIMS && sane; a++) {
    d->ext[a] = (long)h[5 + a];
    d->lo[a] = (long)h[8 + a];
    d->hi[a] = (long)h[11 + a];
    sane = d->ext[a] >= 1 && d->ext[a] <= 1L << 30 && d->cells <= (1L << 40) / d->ext[a];
    d->cells *= d->ext[a];
  }
  if (sane) {
    d->cells_v = (double *)rt_xmalloc((size_t)d->cells * sizeof(double));
    d->weights = (double *)rt_xmalloc((size_t)d->nweights * sizeof(double));
    sane = !rt_dump_values(f, d->elem_size, d->cells_v, d->cells) &&
           !rt_dump_values(f, d->elem_size, d->weights, d->nweights) && fgetc(f) == EOF;
  }
  fclose(f);
  if (!sane) fprintf(stderr, "%s: a truncated or inconsistent grid dump\n", path);
  return sane ? 0 : -1;
}

#endif
