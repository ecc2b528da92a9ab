/* n5d on stencil programs: N.5D temporal blocking (n5d.c) of the one-stage program of one state
 * field u with 2 or 3 time levels, first or second order in time, reading coefficient grids and
 * run-time scalars: the acoustic wave equation (u(t+1) = 2 u(t) - u(t-1) + v * lap u(t), three
 * levels in one array or the two-buffer leapfrog) and variable-coefficient heat.
 *
 * As in n5d.c, axis 0 is streamed and a block covers a tile of the plane that shrinks by the
 * plane radius per fused level; level k lags level k-1 by RS rows. Each level 0 .. bT-1 of u
 * keeps a shared ring of W = 2 RS + 1 sub-planes: level k+1 reads level k at offsets, and level
 * k+2 reads level k at the centre as its level t-1, RS rows behind level k+1, still inside the
 * ring (level 1 reads its t-1, the launch's input level -1, from global memory, once per cell).
 * Each coefficient grid keeps a shared ring of (bT + 1) RS + 1 sub-planes, loaded once per cell
 * per launch, so that level bT still finds its rows. One row per barrier, one barrier per level.
 *
 * What the host sees. The original loop leaves level T (the last) in buffer T % levels, T-1 in
 * (T-1) % levels and, with three levels, T-2 in the third; a cell outside the stage's bounds
 * keeps, at every level, the value its buffer started with (buffers' halos differ). So a launch
 * of L levels from time t stores level L and L-1 (the next launch's inputs; on the last launch
 * every level a buffer ends with), and takes a halo cell of level k from buffer (t + k) % levels,
 * whose halo nothing writes. A launch cannot write a buffer that other blocks read, so each
 * buffer of the field has a twin with the same halo (runtime/rt_program.h): a level goes to
 * whichever of the pair the launch does not read, and the pair trades names, as single
 * stencils' stencil_advance does; no grid is copied, whatever the launch count. */
#include "n5d_program.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emit.h"
#include "model/gpu.h"
#include "n5d.h"
#include "program.h"

enum { MAX_BT = 32 };

static int refuse(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int refuse(char *why, size_t n, const char *fmt, ...) {
  char msg[480];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(why, n, "n5d: %s", msg);
  return -1;
}

static void offset_text(char *text, size_t n, const int *off, int dims) {
  int len = snprintf(text, n, "(");
  for (int a = 0; a < dims && len > 0 && (size_t)len < n; a++)
    len += snprintf(text + len, n - (size_t)len, "%s%d", a ? ", " : "", off[a]);
  if (len > 0 && (size_t)len < n) snprintf(text + len, n - (size_t)len, ")");
}

/* Whether point p of stage i reads what an earlier stage wrote in the same step. */
static bool reads_this_step(const Program *pr, int i, int p) {
  const Ref *r = &pr->stages[i].refs[p];
  int w = pr->fields[r->field].writer;
  const char *level = program_level_name(pr, i, r);
  return w >= 0 && w < i && level && !strcmp(level, "t+1");
}

static bool at_centre(const int *off) { return !off[0] && !off[1] && !off[2]; }

/* Why a program of several stages is not blocked: a read of what an earlier stage wrote in the
 * same step, at an offset where there is one (what a pipeline of stages would have to carry
 * across the tile), names the dependence. */
static int refuse_stages(const Program *pr, char *why, size_t n) {
  for (int i = 1; i < pr->nstages; i++) {
    const Stage *s = &pr->stages[i];
    int p = -1;
    for (int q = 0; q < s->st.npoints; q++)
      if (reads_this_step(pr, i, q) && (p < 0 || (at_centre(s->st.points[p].off) &&
                                                  !at_centre(s->st.points[q].off))))
        p = q;
    if (p >= 0) {
      int f = s->refs[p].field;
      char off[64];
      offset_text(off, sizeof off, s->st.points[p].off, pr->dims);
      return refuse(why, n, "stage %d (writing '%s') reads '%s' at offset %s as stage %d wrote it "
                            "in the same step (the time loop at line %d); n5d fuses the steps of "
                            "one stage, not a chain of stages (their levels in one on-chip "
                            "pipeline): --backend naive (CUDA) or cpu runs it",
                    i, pr->fields[s->field].name, pr->fields[f].name, off, pr->fields[f].writer,
                    pr->region_line);
    }
  }
  return refuse(why, n, "the time loop at line %d has %d stages writing several fields; n5d fuses "
                        "the steps of one stage updating one field: --backend naive (CUDA) or cpu "
                        "runs it", pr->region_line, pr->nstages);
}

/* The reads of the stage: u at level t anywhere, u at t-1 at the centre, coefficient grids. */
static int check_reads(const Program *pr, N5dProgramPlan *pl, char *why, size_t n) {
  const Stage *s = &pr->stages[0];
  const Field *u = &pr->fields[s->field];
  pl->prev_shift = -1;
  for (int p = 0; p < s->st.npoints; p++) {
    const Ref *r = &s->refs[p];
    const Field *f = &pr->fields[r->field];
    const int *off = s->st.points[p].off;
    char text[64];
    offset_text(text, sizeof text, off, pr->dims);
    if (f->coef) {
      bool seen = false;
      for (int c = 0; c < pl->ncoefs; c++) seen = seen || pl->coefs[c] == r->field;
      if (!seen) pl->coefs[pl->ncoefs++] = r->field;
    } else if (r->field != s->field) {
      return refuse(why, n, "the stage reads '%s', which no stage writes, beside '%s' (the time loop "
                            "at line %d); "
                            "n5d keeps one state field on chip: --backend naive (CUDA) or cpu runs it",
                    f->name, u->name, pr->region_line);
    } else if (r->shift != 0) {
      const char *level = program_level_name(pr, 0, r);
      if (r->shift != u->levels - 1)
        return refuse(why, n, "the stage reads '%s' at level %s (the time loop at line %d); n5d keeps "
                              "levels t "
                              "and t-1 on chip: --backend naive (CUDA) or cpu runs it",
                      u->name, level, pr->region_line);
      if (!at_centre(off))
        return refuse(why, n, "the stage reads '%s' at level t-1 at offset %s (the time loop at line "
                              "%d); n5d "
                              "keeps level t-1 at the centre only: --backend naive (CUDA) or cpu "
                              "runs it", u->name, text, pr->region_line);
      pl->prev_shift = r->shift;
    }
  }
  return 0;
}

static long smem_bytes(const N5dProgramPlan *pl, int dims, DType dt) {
  long plane = 2L * (pl->ry * pl->bsx + pl->rx) + (long)pl->bsx * (dims == 3 ? pl->bsy : 1);
  return ((long)pl->bt * pl->w + (long)pl->ncoefs * pl->cw) * plane * ir_dtype_bytes(dt);
}

static void set_bt(N5dProgramPlan *pl, int bt) {
  pl->bt = bt;
  pl->cw = (bt + 1) * pl->rs + 1;
}

int n5d_program_plan(const Program *pr, const GenOptions *opt, N5dProgramPlan *pl, char *why,
                     size_t n) {
  N5dParams p;
  codegen_get_params(opt, &p, sizeof p);
  const GpuSpec *gpu = model_gpu_target();
  memset(pl, 0, sizeof *pl);
  if (pr->dims == 1)
    return refuse(why, n, "streams axis 0 through tiles of the other axes; a 1D program has no "
                          "other axis: --backend naive (CUDA) or cpu runs it");
  if (pr->nstages > 1) return refuse_stages(pr, why, n);
  if (codegen_program_axis_refusal(pr, opt, why, n)) return -1;
  const Stage *s = &pr->stages[0];
  const Field *u = &pr->fields[s->field];
  pl->field = s->field;
  if (u->levels < 2)
    return refuse(why, n, "the stage updates '%s' in place (one buffer; the time loop at line %d); "
                          "n5d fuses "
                          "steps of a field with two or three time levels: --backend naive (CUDA) "
                          "or cpu runs it", u->name, pr->region_line);
  if (check_reads(pr, pl, why, n)) return -1;
  if (p.rows > 1)
    return refuse(why, n, "--rows %d: a program's levels advance one row per barrier", p.rows);
  if (p.cols)
    return refuse(why, n, "--cols %d: a program's kernel computes one column per thread", p.cols);
  if (p.regs)
    return refuse(why, n, "--regs %d: a program's kernel takes no register cap", p.regs);
  bool d3 = pr->dims == 3;
  pl->rs = s->st.radius[0];
  pl->ry = d3 ? s->st.radius[1] : 0;
  pl->rx = s->st.radius[pr->dims - 1];
  pl->w = 2 * pl->rs + 1;
  pl->bsx = p.bs[0] ? p.bs[0] : d3 ? 32 : 256;
  pl->bsy = d3 ? (p.bs[1] ? p.bs[1] : 32) : 1;
  pl->hsn = p.hsn;
  if (!d3 && p.bs[1]) return refuse(why, n, "--bs takes one value in 2D");
  /* default bT: n5d's for a star of the radius, lowered until the tile keeps an output and the
   * rings fit in shared memory */
  int r = pl->rx > pl->rs ? pl->rx : pl->rs;
  set_bt(pl, p.bt ? p.bt : d3 ? (r <= 1 ? 3 : 2) : (r <= 1 ? 12 : r <= 2 ? 8 : 4));
  if (!p.bt)
    while (pl->bt > 1 && (2 * pl->bt * pl->rx >= pl->bsx || 2 * pl->bt * pl->ry >= pl->bsy ||
                          smem_bytes(pl, pr->dims, opt->dtype) > gpu->smem_per_block))
      set_bt(pl, pl->bt - 1);
  if (pl->bt < 1 || pl->bt > MAX_BT)
    return refuse(why, n, "bT = %d is outside 1..%d", pl->bt, MAX_BT);
  long threads = (long)pl->bsx * pl->bsy;
  if (pl->bsx < 1 || pl->bsy < 1 || threads > gpu->max_threads_per_block || threads % 32)
    return refuse(why, n, "a block of %ld threads is not a multiple of 32 up to %d: choose --bs",
                  threads, gpu->max_threads_per_block);
  if (2 * pl->bt * pl->rx >= pl->bsx || 2 * pl->bt * pl->ry >= pl->bsy)
    return refuse(why, n, "the halo 2*bT*radius = %d (x) / %d (y) leaves no output in a %dx%d "
                          "block: lower --bt or widen --bs", 2 * pl->bt * pl->rx, 2 * pl->bt * pl->ry,
                  pl->bsy, pl->bsx);
  pl->smem = smem_bytes(pl, pr->dims, opt->dtype);
  if (pl->smem > gpu->smem_per_block)
    return refuse(why, n, "the rings of bT = %d levels need %ld bytes of shared memory per block, "
                          "the limit is %ld: lower --bt or --bs", pl->bt, pl->smem, gpu->smem_per_block);
  return 0;
}

/* ---- kernel ---- */

typedef struct {
  const Program *pr;
  const N5dProgramPlan *pl;
  int k; /* the level computed, at row q */
} LoadCtx;

/* In-plane displacement of a point in shared memory: dx in 2D, dy * BSX + dx in 3D. */
/* The ring slot offset of row s + c from row s's, in 0..n-1: computed here, so that the kernel
 * adds a constant and wraps once instead of taking a remainder per read (the remainders were
 * half of the instructions of a level, and the kernel is issue-bound: ncu, issue slots 70%). */
static int residue(int c, int n) { return (c % n + n) % n; }

static void emit_plane_offset(Buf *out, const Program *pr, const int *off) {
  if (pr->dims == 2) buf_printf(out, "%d", off[1]);
  else if (!off[1]) buf_printf(out, "%d", off[2]);
  else buf_printf(out, "%d * BSX + %d", off[1], off[2]);
}

static void emit_load(Buf *out, const Stencil *st, int point, const void *ctx) {
  const LoadCtx *c = ctx;
  const Ref *r = &c->pr->stages[0].refs[point];
  const int *off = st->points[point].off;
  if (c->pr->fields[r->field].coef) {
    int ci = 0;
    while (c->pl->coefs[ci] != r->field) ci++;
    buf_printf(out, "CF(%d, %d, ", ci, residue(off[0] - c->k * c->pl->rs, c->pl->cw));
  } else if (r->shift == 0) {
    buf_printf(out, "U(%d, %d, ", c->k - 1, residue(off[0] - c->k * c->pl->rs, c->pl->w));
  } else { /* level t-1 at the centre: the launch's input for level 1, else level k-2's ring */
    if (c->k == 1) buf_puts(out, "pv");
    else buf_printf(out, "U(%d, %d, 0)", c->k - 2, residue(-c->k * c->pl->rs, c->pl->w));
    return;
  }
  emit_plane_offset(out, c->pr, off);
  buf_puts(out, ")");
}

static void emit_defines(Buf *out, const Program *pr, const N5dProgramPlan *pl) {
  buf_printf(out, "/* n5d: one-stage program, bT=%d, block %dx%d, hSN=%d rows (0: from the size), "
                  "rings of %d (levels) and %d (coefficient grids) planes, %ld bytes of shared "
                  "memory */\n", pl->bt, pl->bsy, pl->bsx, pl->hsn, pl->w, pl->cw, pl->smem);
  buf_printf(out, "#define N5D_BT %d\n#define N5D_HSN %d\n#define BSX %d\n#define BSY %d\n", pl->bt,
             pl->hsn, pl->bsx, pl->bsy);
  buf_printf(out, "#define RS %d\n#define RY %d\n#define RX %d\n#define W %d\n#define CW %d\n", pl->rs,
             pl->ry, pl->rx, pl->w, pl->cw);
  buf_printf(out, "#define NLEV %d\n#define N5D_SMEM %ld\n", pr->fields[pl->field].levels, pl->smem);
  buf_puts(out, "#define PAD (RY * BSX + RX)\n#define SMROW (PAD + BSX * BSY + PAD)\n");
  for (int a = 0; a < pr->dims; a++)
    buf_printf(out, "#define LO%d %d\n#define HI%d %d\n", a, pr->stages[0].st.lo[a], a,
               pr->stages[0].st.hi[a]);
  buf_puts(out, "/* ring slots of a row r (rows start below 0 at the top) */\n"
                "#define SLOT(r, n) ((((r) % (n)) + (n)) % (n))\n"
                "/* row s + c, c's residue C (0 <= C < n) given, is in slot RING(SLOT(s, n), C, n): the\n"
                " * loop keeps ws = SLOT(s, W) and cs = SLOT(s, CW) */\n"
                "#define RING(b, C, n) ((b) + (C) >= (n) ? (b) + (C) - (n) : (b) + (C))\n"
                "#define U(k, C, d) sm[((k) * W + RING(ws, C, W)) * SMROW + PAD + t + (d)]\n"
                "#define CF(i, C, d) sm[(N5D_BT * W + (i) * CW + RING(cs, C, CW)) * SMROW + PAD + t + (d)]\n"
                "#define INTERIOR(q) (pin && (q) >= LO0 && (q) < LO0 + n0)\n"
                "/* level m of the launch's L goes to output L - m when that is one of the nst stored */\n"
                "#define STORE(m, at, v) do { const int j_ = L - (m); \\\n"
                "    if (j_ < nst) (j_ == 0 ? o0 : j_ == 1 ? o1 : o2)[at] = (v); } while (0)\n\n");
}

static void emit_level(Emitter *e, const Program *pr, const N5dProgramPlan *pl, DType dt, int k) {
  const Stage *s = &pr->stages[0];
  em_open(e, "if (L >= %d)", k);
  em_line(e, "const int q = s - %d;", k * pl->rs);
  em_line(e, "const long rq = (long)cl(q) * s0;");
  em_line(e, "const bool mine = own && q >= i0 && q < i1;");
  if (k == 1) em_line(e, "if (mine) STORE(-1, rq + p, pv);");
  LoadCtx c = {pr, pl, k};
  emit_expr_line(e, "rt_real v = ", &s->st, s->st.expr, dt, emit_load, &c, ";");
  em_line(e, "if (!INTERIOR(q)) v = halo[%d][rq + pc];", k);
  if (k < pl->bt) em_line(e, "U(%d, %d, 0) = v;", k, residue(-k * pl->rs, pl->w));
  em_line(e, "if (mine) STORE(%d, rq + p, v);", k);
  em_line(e, "__syncthreads();");
  em_close(e);
}

/* The global loads of a row are issued two rows ahead of its use (n5d's lookahead), so their
 * latency hides behind the levels computed in between: without it, each row's barrier waits on
 * a load, and a 3D block of 1024 threads, alone on its SM, ran at a quarter of the model's rate.
 * ld_u: level t (the halo's own buffer outside the interior), ld_p: level t-1 of row s - RS
 * (level 1's centre), ld_cC: coefficient grid C. cl() clamps, so the rows past the end are
 * loaded in bounds and never used. */
static void emit_lookahead(Emitter *e, const N5dProgramPlan *pl) {
  em_line(e, "const int s_lo = i0 - L * RS, s_hi = i1 + L * RS;");
  em_line(e, "auto row_u = [&](int r) { const long o = (long)cl(r) * s0 + pc;");
  em_line(e, "                          return INTERIOR(r) ? cur[o] : halo[0][o]; };");
  if (pl->prev_shift >= 0)
    em_line(e, "auto row_p = [&](int r) { return prev[(long)cl(r - RS) * s0 + pc]; };");
  else
    em_line(e, "auto row_p = [&](int r) { return L + 1 < nst ? prev[(long)cl(r - RS) * s0 + pc] "
               ": (rt_real)0; };");
  em_line(e, "rt_real ld_u[2] = {row_u(s_lo), row_u(s_lo + 1)};");
  em_line(e, "rt_real ld_p[2] = {row_p(s_lo), row_p(s_lo + 1)};");
  for (int c = 0; c < pl->ncoefs; c++)
    em_line(e, "rt_real ld_c%d[2] = {cf%d[(long)cl(s_lo) * s0 + pc], cf%d[(long)cl(s_lo + 1) * s0 + "
               "pc]};", c, c, c);
}

static void emit_shift_loads(Emitter *e) {
  em_line(e, "ld_u[0] = ld_u[1];");
  em_line(e, "ld_u[1] = row_u(s + 2);");
  em_line(e, "ld_p[0] = ld_p[1];");
  em_line(e, "ld_p[1] = row_p(s + 2);");
}

static void emit_kernel(Emitter *e, const Program *pr, const N5dProgramPlan *pl, DType dt) {
  bool d3 = pr->dims == 3;
  em_line(e, "__global__ void __launch_bounds__(BSX * BSY)");
  em_begin(e);
  buf_puts(e->out, "n5d_kernel(const rt_real *cur, const rt_real *prev, const rt_real *h0, "
                   "const rt_real *h1,\n    const rt_real *h2");
  for (int c = 0; c < pl->ncoefs; c++) buf_printf(e->out, ", const rt_real *__restrict__ cf%d", c);
  buf_printf(e->out, ", rt_real *o0, rt_real *o1, rt_real *o2,\n    int n0, int n1%s, int chunk, "
                     "int L, int nst, int t0m) {", d3 ? ", int n2, long s0, long s1" : ", long s0");
  em_end(e);
  e->depth++;
  em_line(e, "extern __shared__ __align__(16) unsigned char n5d_smem[];");
  em_line(e, "rt_real *sm = reinterpret_cast<rt_real *>(n5d_smem);");
  n5d_emit_tile(e, pr->dims);
  em_line(e, "const int e0 = n0 + LO0 + HI0;");
  em_line(e, "auto cl = [e0](int i) { return i < 0 ? 0 : i >= e0 ? e0 - 1 : i; };");
  em_line(e, "/* a halo cell of level k keeps the value of buffer (t + k) %% NLEV */");
  em_line(e, "const rt_real *halo[N5D_BT + 1];");
  em_line(e, "#pragma unroll");
  em_open(e, "for (int k = 0; k <= N5D_BT; k++)");
  em_line(e, "const int b = (t0m + k) %% NLEV;");
  em_line(e, "halo[k] = b == 0 ? h0 : b == 1 ? h1 : h2;");
  em_close(e);
  emit_lookahead(e, pl);
  em_open(e, "for (int s = s_lo, ws = SLOT(s_lo, W), cs = SLOT(s_lo, CW); s < s_hi;\n"
             "       s++, ws = ws + 1 == W ? 0 : ws + 1, cs = cs + 1 == CW ? 0 : cs + 1)");
  em_line(e, "const long rs = (long)cl(s) * s0;");
  em_line(e, "const rt_real v0 = ld_u[0], pv = ld_p[0];");
  emit_shift_loads(e);
  em_line(e, "U(0, 0, 0) = v0;");
  em_line(e, "if (own && s >= i0 && s < i1) STORE(0, rs + p, v0);");
  for (int c = 0; c < pl->ncoefs; c++) em_line(e, "CF(%d, 0, 0) = ld_c%d[0];", c, c);
  for (int c = 0; c < pl->ncoefs; c++) em_line(e, "ld_c%d[0] = ld_c%d[1];", c, c);
  for (int c = 0; c < pl->ncoefs; c++) em_line(e, "ld_c%d[1] = cf%d[(long)cl(s + 2) * s0 + pc];", c, c);
  em_line(e, "__syncthreads();");
  for (int k = 1; k <= pl->bt; k++) emit_level(e, pr, pl, dt, k);
  em_close(e);
  em_close(e);
  em_blank(e);
}

static void emit_host(Buf *out, const Program *pr, const N5dProgramPlan *pl) {
  bool d3 = pr->dims == 3;
  Emitter e = {out, 0};
  /* (rt_cuda.h's rt_cuda_stream_chunk is not in a program's runtime) */
  n5d_emit_chunk(&e, "static int sms = 0;\n"
                     "if (!sms) RT_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));\n"
                     "return (int)rt_stream_chunk(g->n[0], tiles, BSX * BSY, sms, 2048, 8L * N5D_BT * (RS ? RS : 1));");
  em_open(&e, "static void n5d_launch(rt_real *const *rt_buf, const rt_real *cur, const rt_real *prev,\n"
              "                       rt_real *const *o, int nst, int L, long t, const RtGrid *g)");
  emit_smem_setup(&e, "n5d_kernel", "N5D_SMEM");
  em_line(&e, "rt_real *const *u = rt_buf + %d;", pl->field * PROG_MAX_LEVELS);
  em_begin(&e);
  buf_puts(out, "const rt_real *cf[] = {");
  for (int c = 0; c < pl->ncoefs; c++) buf_printf(out, "%srt_buf[%d]", c ? ", " : "", pl->coefs[c] * PROG_MAX_LEVELS);
  buf_puts(out, pl->ncoefs ? "};" : "NULL};");
  em_end(&e);
  em_line(&e, "(void)cf;");
  const char *args = "cur, prev, u[0], u[1], u[NLEV - 1]";
  char coefs[256] = "";
  for (int c = 0; c < pl->ncoefs; c++)
    snprintf(coefs + strlen(coefs), sizeof coefs - strlen(coefs), ", cf[%d]", c);
  if (d3) {
    em_line(&e, "dim3 grid(rt_cuda_blocks(g->n[2], BSX - 2 * N5D_BT * RX, 2147483647L),\n"
                "          rt_cuda_blocks(g->n[1], BSY - 2 * N5D_BT * RY, 65535L));");
    em_line(&e, "const int chunk = n5d_chunk(g, (long)grid.x * grid.y);");
    em_line(&e, "grid.z = rt_cuda_blocks(g->n[0], chunk, 65535L);");
    em_line(&e, "n5d_kernel<<<grid, dim3(BSX, BSY), N5D_SMEM>>>(%s%s, o[0], o[1], o[2],\n"
                "    (int)g->n[0], (int)g->n[1], (int)g->n[2], g->stride[0], g->stride[1], chunk, L, nst,\n"
                "    (int)(t %% NLEV));", args, coefs);
  } else {
    em_line(&e, "dim3 grid(rt_cuda_blocks(g->n[1], BSX - 2 * N5D_BT * RX, 2147483647L));");
    em_line(&e, "const int chunk = n5d_chunk(g, grid.x);");
    em_line(&e, "grid.y = rt_cuda_blocks(g->n[0], chunk, 65535L);");
    em_line(&e, "n5d_kernel<<<grid, BSX, N5D_SMEM>>>(%s%s, o[0], o[1], o[2],\n"
                "    (int)g->n[0], (int)g->n[1], g->stride[0], chunk, L, nst, (int)(t %% NLEV));",
            args, coefs);
  }
  em_line(&e, "RT_CUDA_LAUNCH_CHECK();");
  em_close(&e);
  em_blank(&e);
  em_line(&e, "/* steps from time t0: launches of N5D_BT levels and a shorter last one. Each level goes to\n"
              " * the buffer of its pair (RT_PROG_ENGINE_BUFFERS) that the launch does not read, and the\n"
              " * pair trades names: u[k] holds the latest level of buffer k, and nothing is copied. */");
  em_open(&e, "static void program_advance(rt_real **rt_buf, const RtGrid *g, long t0, long steps)");
  em_line(&e, "rt_real **u = rt_buf + %d, **twin = u + RT_PROG_BUFFERS;", pl->field * PROG_MAX_LEVELS);
  em_line(&e, "const long launches = (steps + N5D_BT - 1) / N5D_BT;");
  em_line(&e, "long t = t0;");
  em_open(&e, "for (long i = 0; i < launches; i++)");
  em_line(&e, "const bool last = i + 1 == launches;");
  em_line(&e, "const int L = last ? (int)(steps - (launches - 1) * N5D_BT) : N5D_BT;");
  em_line(&e, "const int nst = last ? NLEV : 2;");
  em_line(&e, "const rt_real *cur = u[t %% NLEV], *prev = u[(t + NLEV - 1) %% NLEV];");
  em_line(&e, "rt_real *o[3] = {NULL, NULL, NULL};");
  em_open(&e, "for (int j = 0; j < nst; j++)");
  em_line(&e, "const int k = (int)((t + L - j + NLEV) %% NLEV);");
  em_line(&e, "o[j] = u[k] == cur || u[k] == prev ? twin[k] : u[k];");
  em_close(&e);
  em_line(&e, "n5d_launch(rt_buf, cur, prev, o, nst, L, t, g);");
  em_open(&e, "for (int j = 0; j < nst; j++)");
  em_line(&e, "const int k = (int)((t + L - j + NLEV) %% NLEV);");
  em_line(&e, "if (o[j] == twin[k]) twin[k] = u[k], u[k] = o[j];");
  em_close(&e);
  em_line(&e, "t += L;");
  em_close(&e);
  em_close(&e);
}

void n5d_program_emit(Buf *out, const Program *pr, DType dt, const N5dProgramPlan *pl) {
  /* what the tile's output and the rings' sizes rely on */
  assert(pl->bt >= 1 && pl->w == 2 * pl->rs + 1 && pl->cw == (pl->bt + 1) * pl->rs + 1);
  assert(pl->bsx > 2 * pl->bt * pl->rx && (pr->dims == 2 || pl->bsy > 2 * pl->bt * pl->ry));
  assert(pl->smem <= model_gpu_target()->smem_per_block);
  emit_defines(out, pr, pl);
  Emitter e = {out, 0};
  emit_kernel(&e, pr, pl, dt);
  emit_host(out, pr, pl);
}

void n5d_program_explain(Buf *out, const N5dProgramPlan *pl) {
  buf_printf(out, "plan: one-stage program, bT = %d steps per launch, block %dx%d threads, level "
                  "t-1 %s\n", pl->bt, pl->bsy, pl->bsx, pl->prev_shift >= 0 ? "read at the centre" : "not read");
  buf_printf(out, "plan: shared rings of %d planes per level and %d per coefficient grid (%d); %ld "
                  "bytes of shared memory per block\n", pl->w, pl->cw, pl->ncoefs, pl->smem);
}
