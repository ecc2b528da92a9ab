/* stencilc rewrite: the user's file with its stencil region replaced by a call to the library
 * of gen --api (api.c), written beside the output.
 *
 * The call passes what the region reads from around it (frontend/region.h): the grid's two
 * buffers, its extents, the step count and the run-time weights. Afterwards every array holds
 * what the original loop leaves, by storage form (ir.h, TimeForm; harness.h describes the
 * same forms):
 *   A[2][n][n] (a time dimension)  buffers A[f], A[1 - f] (f: the level the first step reads);
 *                                  also double *A[2] read as A[cur][i * n + j];
 *                                  the library leaves level `steps` in the right one and level
 *                                  steps - 1 in the other, as the loop does;
 *   two pointers swapped each step buffers a, b; after an odd count the pointers are swapped, so
 *                                  that a points at the last level, as after the loop;
 *   src = (t % 2 == 0) ? a : b     buffers a, b (a the one the first step reads), never swapped;
 *                                  the library leaves the last level in b after an odd count;
 *   copy-back B = f(A); A = B      A in place, then the interior copied into B (its halo kept);
 *   memcpy(A, B, the whole grid)   the same, but after the first step B's halo is copied into
 *                                  A: the memcpy copies it, and the later steps read it;
 *   two sweeps A -> B -> A         buffers A, B, twice the iterations.
 * Each level keeps its own halo and step t reads level t's, as in the loop (NAME_run_levels).
 * The run-time scalars the library takes are the function's parameters, in scope at the region.
 * A stencil program (ir/program.h) keeps its levels in arrays (u[3][n][n]) or in pointers the
 * loop rotates (Field.level_var): the call passes u[k] for each level k of each field, or the
 * pointer holding that level at the loop's first t, the coefficient grids and the loop's first
 * t; afterwards the pointers are rotated steps % levels times, as the loop leaves them. A time
 * counter, the spatial loops' counters and a swap's temporary declared before the loop get the
 * values the loop leaves in them. Prints and snapshots in the time loop (IrObserver) make the
 * call a loop over the iterations that runs the library in chunks, up to each iteration where
 * a statement's condition holds, and the statement verbatim in between. A convergence loop
 * (Stencil.conv, cpu only) calls the library's loop with the tolerance and the cap: it returns
 * the steps made, which then count as the steps above (stencilc_steps), and the last residual,
 * which the residual variable takes when a step ran; chunks stop where the loop would. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "backends/backends.h"
#include "cli.h"
#include "codegen/api.h"
#include "frontend/region.h"
#include "util/diag.h"

static void rewrite_help(FILE *f) {
  fputs("usage: stencilc rewrite FILE.c -o OUT.c [--target cuda|cpu] [--backend B]\n"
        "                        [backend options] [C flags]\n"
        "Writes OUT.c: FILE.c unchanged except that the stencil region (the time loop, or the\n"
        "#pragma scop region) is replaced by a call to a generated library, written beside it as\n"
        "OUT_stencil.h and OUT_stencil.cu (--target cuda, the default: kernels and an extern \"C\"\n"
        "host function) or OUT_stencil.c (--target cpu: C + OpenMP). OUT.c stays C: cc compiles\n"
        "it; only OUT_stencil.cu needs nvcc. Build, for example:\n"
        "  nvcc -O3 -c OUT_stencil.cu && cc -O2 -c OUT.c && nvcc -o prog OUT.o OUT_stencil.o -lm\n"
        "  cc -O2 -fopenmp OUT.c OUT_stencil.c -o prog -lm            (--target cpu)\n"
        "The call passes the arrays, sizes, steps and the run-time scalars in scope. After it\n"
        "every array holds what the original loop leaves (time dimension, swapped pointers,\n"
        "copy-back, two sweeps; for stencil programs every field's buffers and rotated\n"
        "pointers), halos included, and the loop counters and a swap's temporary declared before\n"
        "the loop their final values; each step reads the halo of the level it reads, as the\n"
        "loop does. Prints and snapshots in the time loop run as written between chunks of\n"
        "the library's steps, each at the step where its condition holds. A convergence loop\n"
        "(while (err > tol && iter < iter_max)) calls a library that steps while the loop would\n"
        "and sets the counter and the residual as the loop leaves them (--target cpu only).\n"
        "  --target   cuda (a CUDA backend, default naive) or cpu (the cpu backend)\n"
        "  C flags    -I DIR, -D NAME[=VALUE], -U NAME, -std=STD, -include FILE: as a C compiler\n"
        "             reads FILE.c; --function NAME: the stencil is in that function\n"
        "Nothing is written when the stencil or the options are refused (exit 2).\n", f);
  options_backend_help(f);
}

static SrcLoc var_loc(const char *path, const RegionVar *v) {
  SrcLoc l = {path, v->line, v->col};
  return l;
}

/* The backend for --target: cpu takes the cpu backend, cuda any other. 0, or -1 after a message. */
static int choose_target(Options *o) {
  const Backend *cpu = backends_find("cpu");
  bool want_cpu = o->target ? !strcmp(o->target, "cpu") : o->gen.backend == cpu;
  if (!o->backend_given || o->auto_backend) {
    if (want_cpu) o->gen.backend = cpu;
    return 0;
  }
  if (want_cpu != (o->gen.backend == cpu)) {
    fprintf(stderr, "stencilc rewrite: --backend %s is not a backend of --target %s (the cpu "
                    "backend is --target cpu; the others are cuda)\n",
            o->gen.backend->name, o->target);
    return -1;
  }
  return 0;
}

/* The levels of row pointers above v's elements when v is a 2D or 3D grid of row pointers
 * (double **u read as u[i][j], double ***u as u[i][j][k], swapped or copied back): 1 or 2, else
 * 0. The library steps them when their rows follow each other in one block (rows_guard). */
static int row_levels(const Stencil *st, const RegionVar *v) {
  return st->out_array[0] && v && v->inner_pointer && v->levels == st->dims && st->dims >= 2
             ? st->dims - 1
             : 0;
}

/* The subscripts that take a grid to its first cell: "[0]" per level of row pointers. */
static const char *first_cell(const Stencil *st, const RegionVar *v) {
  static const char *const subs[] = {"", "[0]", "[0][0]"};
  return subs[row_levels(st, v)];
}

/* The grid's storage and the other array's: 0, or 2 after a diagnostic at the declaration. */
static int check_storage(const char *path, const Stencil *st, const RegionVar *grid,
                         const RegionVar *other) {
  bool time_dim = !st->out_array[0];
  /* an integer grid's declarations gave the stencil its type (the front end's grid_type) */
  ElemKind want = ir_dtype_integer(st->dtype) ? ELEM_INTEGER
                  : st->dtype == DTYPE_FLOAT  ? ELEM_FLOAT : ELEM_DOUBLE;
  const RegionVar *vs[2] = {grid, other};
  for (int i = 0; i < (time_dim ? 1 : 2); i++) {
    const RegionVar *v = vs[i];
    /* double *grid[2] read as grid[cur][i * n + j]: the library takes grid[0] and grid[1] (it
     * refuses one buffer given twice) */
    bool level_pointers = time_dim && v->inner_pointer && v->levels == 2;
    if (level_pointers) continue;
    if (row_levels(st, v) && v->elem == want && !st->copy_whole)
      continue; /* double **u read as u[i][j]: its rows' block when they form one (rows_guard) */
    if (v->elem != want || v->inner_pointer ||
        (time_dim ? v->levels != st->dims + 1 : v->levels != st->dims && v->levels != 1)) {
      diag_error(var_loc(path, v), "declare the grid as A[2][n][n], or two arrays A[n][n] or "
                                   "pointers *A of the stencil's element type",
                 "rewrite cannot pass '%s' (%s) to the generated code as a grid", v->name, v->type);
      return 2;
    }
  }
  if (time_dim && grid->is_array && grid->outer >= 0 && grid->outer < 2) {
    diag_error(var_loc(path, grid), "declare two time levels: A[2][n][n]",
               "the time dimension of '%s' holds %ld level", grid->name, grid->outer);
    return 2;
  }
  if (st->time_form == TIME_PARITY && st->steps_per_iter == 1 && !time_dim && !st->level_pick &&
      (grid->is_array || other->is_array)) {
    diag_error(var_loc(path, grid->is_array ? grid : other), "swap two pointers",
               "'%s' is swapped each step but is an array", grid->is_array ? grid->name : other->name);
    return 2;
  }
  return 0;
}

/* The C expression of an extent: a variable's value or a constant. */
static void extent_of(Buf *out, const char *param, int pad, long value) {
  if (param[0] && pad) buf_printf(out, "((long)(%s) + %d)", param, pad);
  else if (param[0]) buf_printf(out, "(long)(%s)", param);
  else buf_printf(out, "%ldL", value);
}

/* The C expression of the extent along axis a. */
static void extent(Buf *out, const Stencil *st, int a) {
  extent_of(out, st->extent_param[a], st->extent_pad[a], st->extent_const[a]);
}

/* The call's first lines: its comment and the step count, stencilc_steps (at least 0). */
static void call_open(Buf *out, const char *path, int line, const char *prefix,
                      const char *steps_param, long steps_const, int min_steps) {
  buf_printf(out, "{ /* stencilc rewrite: the stencil of %s:%d runs in %s.h's library */\n",
             path, line, prefix);
  buf_puts(out, "    long stencilc_steps = ");
  if (steps_param[0]) buf_printf(out, "(long)(%s) + %ldL", steps_param, steps_const);
  else buf_printf(out, "%ldL", steps_const);
  buf_printf(out, ";\n    if (stencilc_steps < %d) stencilc_steps = %d;\n", min_steps, min_steps);
}

/* The copy of the interior of `from` into `to` (copy-back: B's part of the result), or of the
 * halo, every cell outside the interior (halo: memcpy's copy-back, Stencil.copy_whole). */
static void copy_cells(Buf *out, const Stencil *st, const char *elem, const char *from,
                       const char *to, bool halo) {
  buf_printf(out, "    if (stencilc_steps > 0) {\n"
                  "      const %s *stencilc_from = (const %s *)(%s);\n"
                  "      %s *stencilc_to = (%s *)(%s);\n",
             elem, elem, from, elem, elem, to);
  for (int a = 0; a < st->dims; a++) {
    buf_printf(out, "%*sfor (long stencilc_i%d = %d; stencilc_i%d < ", 6 + 2 * a, "", a,
               halo ? 0 : st->lo[a], a);
    extent(out, st, a);
    buf_printf(out, " - %d; stencilc_i%d++)\n", halo ? 0 : st->hi[a], a);
  }
  buf_printf(out, "%*s{\n", 4 + 2 * st->dims, "");
  if (halo) {
    buf_printf(out, "%*sif (", 6 + 2 * st->dims, "");
    for (int a = 0; a < st->dims; a++) {
      buf_printf(out, "%sstencilc_i%d >= %d && stencilc_i%d < ", a ? " && " : "", a, st->lo[a], a);
      extent(out, st, a);
      buf_printf(out, " - %d", st->hi[a]);
    }
    buf_puts(out, ") continue; /* the interior */\n");
  }
  buf_printf(out, "%*sconst long stencilc_c = ", 6 + 2 * st->dims, "");
  for (int a = 0; a < st->dims; a++) {
    buf_puts(out, a ? " + stencilc_i" : "stencilc_i");
    buf_printf(out, "%d", a);
    for (int b = a + 1; b < st->dims; b++) {
      buf_puts(out, " * ");
      extent(out, st, b);
    }
  }
  buf_printf(out, ";\n%*sstencilc_to[stencilc_c] = stencilc_from[stencilc_c];\n%*s}\n    }\n",
             6 + 2 * st->dims, "", 4 + 2 * st->dims, "");
}

/* Pointers names[0..n) as the loop leaves them after stencilc_steps steps, each of which moves
 * names[k + 1]'s value into names[k] (and names[0]'s into names[n - 1]): that move, steps % n
 * times. first is names[0]'s variable, whose type the temporary takes. 0, or 2. */
static int rotate_pointers(Buf *out, const RegionVar *first, const char *const names[], int n) {
  buf_printf(out, "    for (long stencilc_r = stencilc_steps %% %d; stencilc_r > 0; stencilc_r--) {\n      ", n);
  if (region_declarator(out, first, "stencilc_tmp", true, false)) return 2;
  buf_printf(out, " = %s;\n", names[0]);
  for (int k = 0; k + 1 < n; k++) buf_printf(out, "      %s = %s;\n", names[k], names[k + 1]);
  buf_printf(out, "      %s = stencilc_tmp;\n    }\n", names[n - 1]);
  return 0;
}

/* A time loop's variable declared before the region ends as the loop leaves it: its first
 * value plus the iterations. */
static void set_counter(Buf *out, const Region *r, const char *var, long first, int per_iter,
                        int stride) {
  if (!var[0] || !region_find(r, var)) return;
  buf_printf(out, "    %s = %ldL + stencilc_steps", var, first);
  if (per_iter > 1) buf_printf(out, " / %d", per_iter);
  if (stride > 1) buf_printf(out, " * %d", stride);
  buf_puts(out, ";\n");
}

/* Where loop l stops: the counter's value once `var < upper` fails. */
static void loop_upper(Buf *out, const IrLoop *l) {
  if (l->ext[0]) buf_printf(out, "((long)(%s) - %lldL)", l->ext, l->bound);
  else buf_printf(out, "%lldL", l->bound);
}

/* The counters of the spatial loops and the swap temporaries declared before the time loop, as
 * the last step leaves them (nothing when no step runs): nest after nest in the order a step
 * runs them (sts[0..n)), a counter its loop's bound, or its start when the loop runs no
 * iteration, and an inner loop's only when the loops around it run; a temporary the pointer it
 * ends equal to (after the rotation above). */
static void set_loop_vars(Buf *out, const Region *r, const Stencil *const sts[], int n,
                          const IrTemp *temps, int ntemps) {
  bool open = false;
  for (int s = 0; s < n; s++)
    for (int k = 0; k < sts[s]->nloops; k++) {
      const IrLoop *l = &sts[s]->loops[k];
      const RegionVar *v = region_find(r, l->var);
      if (!v || !v->dead_on_entry || v->levels || v->elem != ELEM_INTEGER) continue;
      if (!open) buf_puts(out, "    if (stencilc_steps > 0) {\n");
      open = true;
      buf_puts(out, "      ");
      for (int o = k - l->depth; o < k; o++) {
        buf_puts(out, o == k - l->depth ? "if (" : " && ");
        loop_upper(out, &sts[s]->loops[o]);
        buf_printf(out, " > %lldL%s", sts[s]->loops[o].lo, o + 1 == k ? ") " : "");
      }
      buf_printf(out, "%s = ", l->var);
      loop_upper(out, l);
      buf_printf(out, " > %lldL ? ", l->lo);
      loop_upper(out, l);
      buf_printf(out, " : %lldL;\n", l->lo);
    }
  for (int i = 0; i < ntemps; i++) {
    const RegionVar *v = region_find(r, temps[i].var);
    if (!v || !v->dead_on_entry) continue;
    if (!open) buf_puts(out, "    if (stencilc_steps > 0) {\n");
    open = true;
    buf_printf(out, "      %s = %s;\n", temps[i].var, temps[i].same_as);
  }
  if (open) buf_puts(out, "    }\n");
}

/* A convergence loop's tolerance: the parameter (in scope at the call), or the constant. */
static void converge_tol(Buf *out, const Converge *cv) {
  if (cv->tol[0]) buf_puts(out, cv->tol);
  else buf_printf(out, "%.17g", cv->tol_const);
}

/* `R > tol`: whether the loop goes on after a step whose residual is `residual` (its root for a
 * sum of squares). */
static void converge_above(Buf *out, const Converge *cv, const char *residual) {
  bool root = cv->kind == CONV_SUM_SQ;
  buf_printf(out, "%s%s%s > ", root ? "sqrt(" : "", residual, root ? ")" : "");
  converge_tol(out, cv);
}

/* The library's run over `steps` steps (a C expression) from buffers b0 and b1 ("NULL": b0 in
 * place), then the exit on its error; the first declares stencilc_rc. */
static void run_call(Buf *out, const Stencil *st, const char *prefix, const char *b0,
                     const char *b1, const char *steps, bool first) {
  const char *elem = ir_dtype_name(st->dtype);
  bool levels = strcmp(b1, "NULL"); /* both buffers: the loop's own halos */
  buf_printf(out, "    %sstencilc_rc = %s_run%s(%s, %s", first ? "int " : "", prefix,
             levels ? "_levels" : "", b0, b1);
  for (int a = 0; a < st->dims; a++) {
    buf_puts(out, ", ");
    extent(out, st, a);
  }
  const Converge *cv = &st->conv;
  if (cv->kind) buf_puts(out, ", "), converge_tol(out, cv);
  buf_printf(out, ", %s", steps);
  if (st->weights[0]) buf_printf(out, ", (const %s *)(%s)", elem, st->weights);
  for (int k = 0; k < st->nscalars; k++) /* the parameters, in scope: the library derives the rest */
    if (st->scalars[k].kind == SCALAR_PARAM && !(cv->kind && k == cv->tol_scalar))
      buf_printf(out, ", %s", st->scalars[k].name);
  if (cv->kind) buf_puts(out, ", &stencilc_iterations, &stencilc_residual");
  buf_printf(out, ");\n    %s_exit_on_error(stencilc_rc);\n", prefix);
  if (cv->kind) /* what follows runs on the steps made */
    buf_puts(out, "    stencilc_steps = stencilc_iterations;\n");
}

/* ---- prints and snapshots in the time loop (IrObserver): the library runs the steps in
 * chunks, up to each step where one runs, and the statement runs verbatim in between ---- */

/* A refusal of the observer o, at its place. Returns 2. */
static int observer_refuse(const char *path, const IrObserver *o, const char *why) {
  SrcLoc at = {path, (unsigned)o->line, (unsigned)o->col};
  diag_error(at, "keep the time loop in your code for this form, or move the statement after "
             "the swap (or before the sweep)",
             "stencilc rewrite cannot run this statement of the time loop between the library's "
             "chunks of steps: %s", why);
  return 2;
}

/* Whether the identifier `name` occurs in text[begin, end). */
static bool mentions(const char *text, unsigned begin, unsigned end, const char *name) {
  size_t n = strlen(name);
  for (unsigned i = begin; n && i + n <= end; i++) {
    bool before = i > begin && (isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_');
    bool after = i + n < end && (isalnum((unsigned char)text[i + n]) || text[i + n] == '_');
    if (!before && !after && !strncmp(text + i, name, n)) return true;
  }
  return false;
}

/* Whether every observer can run between chunks: placed before the sweeps or after the swap,
 * reading no swap temporary (temps[0..n), which only the loop's own steps keep up to date), its
 * time counter declared by the loop (a type to declare it with) or before it. 0, or 2. */
static int observers_check(const char *path, const IrObservers *obs, const Region *r,
                           const char *text, const char *tvar, const char *const temps[], int n) {
  for (int k = 0; k < obs->n; k++) {
    const IrObserver *o = &obs->at[k];
    char why[IR_NAME_MAX + 96];
    if (o->place == OBS_BETWEEN)
      return observer_refuse(path, o, "it stands between the sweep and the swap");
    for (int i = 0; i < n; i++)
      if (temps[i][0] && mentions(text, o->begin, o->end, temps[i])) {
        snprintf(why, sizeof why, "it reads the swap's temporary '%s'", temps[i]);
        return observer_refuse(path, o, why);
      }
    if (!obs->time_type[0] && !region_find(r, tvar)) {
      snprintf(why, sizeof why, "the time counter '%s' is declared where rewrite cannot see "
               "its type", tvar);
      return observer_refuse(path, o, why);
    }
  }
  return 0;
}

/* Emits the steps of a chunk: stencilc_steps of them, stencilc_done steps in. */
typedef int (*ChunkSteps)(Buf *out, const void *ctx);

/* The library's steps up to `upto` (a C expression of steps), when some are left (and a
 * convergence loop's have not stopped: stencilc_running). */
static int chunk_to(Buf *out, const char *upto, ChunkSteps steps, const void *ctx, bool conv) {
  buf_printf(out, "    {\n    long stencilc_steps = %s - stencilc_done;\n"
                  "    if (stencilc_steps > 0%s) {\n", upto, conv ? " && stencilc_running" : "");
  if (steps(out, ctx)) return 2;
  buf_puts(out, "    stencilc_done += stencilc_steps;\n    }\n    }\n");
  return 0;
}

/* The loop over the iterations (stencilc_total steps, per_iter a one; the counter from first by
 * stride) that runs each observer where its condition holds, the steps before it run first:
 * those of the iterations before (placed before the sweeps) or up to its own (after the swap).
 * Then the steps left. conv: a convergence loop, which stops where its chunk made fewer steps
 * than asked or stencilc_running (the loop's condition after them) is 0: an observer runs when
 * its iteration does, one before the sweeps when the condition holds too. 0, or 2. */
static int observers_loop(Buf *out, const IrObservers *obs, const Region *r, const char *text,
                          const char *tvar, long first, int stride, int per_iter,
                          ChunkSteps steps, const void *ctx, bool conv) {
  buf_printf(out, "    long stencilc_total = stencilc_steps, stencilc_done = 0;\n"
                  "    for (long stencilc_k = 0; stencilc_k < stencilc_total / %d%s; stencilc_k++) {\n",
             per_iter, conv ? " && stencilc_running" : "");
  if (region_find(r, tvar)) buf_printf(out, "    %s = ", tvar);
  else buf_printf(out, "    %s %s = (%s)", obs->time_type, tvar, obs->time_type);
  buf_printf(out, "(%ldL + stencilc_k * %d);\n    (void)%s;\n", first, stride, tvar);
  for (int k = 0; k < obs->n; k++) {
    const IrObserver *o = &obs->at[k];
    if (o->cond_end > o->cond_begin)
      buf_printf(out, "    if (%.*s) {\n", (int)(o->cond_end - o->cond_begin), text + o->cond_begin);
    else
      buf_puts(out, "    {\n");
    char upto[64];
    snprintf(upto, sizeof upto, "(stencilc_k + %d) * %d", o->place == OBS_AFTER, per_iter);
    if (chunk_to(out, upto, steps, ctx, conv)) return 2;
    if (conv)
      buf_printf(out, "    if (stencilc_done != %s%s) break; /* the loop stopped before */\n", upto,
                 o->place == OBS_AFTER ? "" : " || !stencilc_running");
    buf_printf(out, "    %.*s;\n    }\n", (int)(o->body_end - o->body_begin), text + o->body_begin);
  }
  buf_puts(out, "    }\n");
  return chunk_to(out, "stencilc_total", steps, ctx, conv);
}

typedef struct {
  const Stencil *st;
  const RegionVar *grid, *other;
  const char *elem, *prefix;
} StencilChunk;

static int library_steps(Buf *out, const Stencil *st, const RegionVar *grid,
                         const RegionVar *other, const char *elem, const char *prefix,
                         bool chunked);

static void converge_running(Buf *out, const Stencil *st, const char *also, const char *residual);

/* A chunk of steps; a convergence loop's then says whether the loop goes on: all the steps
 * asked made and the residual still above the tolerance. */
static int stencil_chunk(Buf *out, const void *ctx) {
  const StencilChunk *c = ctx;
  if (c->st->conv.kind) buf_puts(out, "    const long stencilc_asked = stencilc_steps;\n");
  if (library_steps(out, c->st, c->grid, c->other, c->elem, c->prefix, true)) return 2;
  if (c->st->conv.kind) {
    converge_running(out, c->st, "stencilc_steps == stencilc_asked && ", "stencilc_residual");
    /* as the loop leaves the residual after these steps, for a print that reads it */
    buf_printf(out, "    if (stencilc_steps > 0) %s = stencilc_residual;\n", c->st->conv.var);
  }
  return 0;
}

/* ---- convergence loops (Stencil.conv): the library steps until the residual drops to the
 * tolerance, at most the loop's cap, and returns the steps made and the last residual ---- */

/* A print reading the residual where the loop has not finished it: before the sweep, or where
 * the residual has its own loop nest (which may come after the print). */
static bool print_reads_partial_residual(const Stencil *st) {
  for (int i = 0; i < st->obs.n; i++)
    if (st->obs.at[i].residual && (st->obs.at[i].place != OBS_AFTER || !st->conv.in_sweep)) return true;
  return false;
}

/* The forms of a convergence loop the call does not replace: 0, or 2 after a diagnostic. */
static int converge_refuse(const char *path, const Stencil *st) {
  const char *why = st->obs.n && !st->conv.capped
                        ? "a statement in the loop runs between its iterations (a print), and the "
                          "loop has no cap to run them up to"
                    : st->steps_per_iter > 1 ? "an iteration sweeps twice"
                    /* each chunk's call counts its steps from 0, so the steps computing the
                     * residual would shift; and before the first such step (a do loop's first
                     * step is one) the library's residual is its start, the source's only when
                     * that is a constant or tol's multiple in double */
                    : st->conv.check_every > 1 && st->obs.n
                        ? "it computes the residual every few steps, and a statement runs between "
                          "its iterations (a print)"
                    : print_reads_partial_residual(st)
                        ? "a print reads the residual before the iteration has computed it"
                    : st->conv.check_every > 1 && st->conv.first == INFINITY && !st->time_do
                        ? "it computes the residual every few steps, and the residual's value "
                          "before it is not one the library starts with"
                        : NULL;
  if (!why) return 0;
  SrcLoc at = {path, (unsigned)st->region_line, 1};
  if (st->obs.n) at = (SrcLoc){path, (unsigned)st->obs.at[0].line, (unsigned)st->obs.at[0].col};
  diag_error(at, "keep the loop in your code for this form (stencilc check verifies it), or write "
                 "the sweep, the residual and a copy-back nest or a pointer swap alone in the loop, "
                 "and print after it",
             "stencilc rewrite does not replace this convergence loop on '%s': %s", st->conv.var,
             why);
  return 2;
}

/* `stencilc_running = ALSO R > tol;`: whether the loop goes on. */
static void converge_running(Buf *out, const Stencil *st, const char *also, const char *residual) {
  buf_printf(out, "    stencilc_running = %s", also);
  converge_above(out, &st->conv, residual);
  buf_puts(out, ";\n");
}

/* Before the call: its outputs, and the cap when the loop has none (the step count is then 0);
 * with prints in the loop (chunks), whether it starts: a do loop's body always runs, a while
 * loop's when a step is allowed and the residual's first value is above the tolerance. */
static void converge_open(Buf *out, const Stencil *st) {
  const Converge *cv = &st->conv;
  buf_puts(out, "    long stencilc_iterations = 0;\n    double stencilc_residual = 0;\n");
  if (!cv->capped) buf_puts(out, "    stencilc_steps = (long)(~0UL >> 1); /* no cap */\n");
  if (!st->obs.n) return;
  buf_puts(out, "    int stencilc_running = 1;\n");
  if (st->time_do) return;
  Buf first = {0};
  emit_converge_first(&first, st, cv->tol[0] ? cv->tol : "0");
  if (cv->first != INFINITY) converge_running(out, st, "stencilc_steps > 0 && ", first.s);
  else buf_puts(out, "    stencilc_running = stencilc_steps > 0;\n");
  buf_free(&first);
}

/* After it: the residual as the loop leaves it, the last iteration's (unchanged when none ran). */
static void converge_close(Buf *out, const Stencil *st) {
  buf_printf(out, "    if (stencilc_steps > 0) %s = stencilc_residual;\n", st->conv.var);
}

/* The statement replacing the region. */
static int emit_call(Buf *out, const char *path, const Stencil *st, const Region *r,
                     const char *text, const char *prefix) {
  const RegionVar *grid = region_find(r, st->array);
  const RegionVar *other = st->out_array[0] ? region_find(r, st->out_array) : NULL;
  if (!grid || (st->out_array[0] && !other)) {
    fprintf(stderr, "%s: error: internal: the grid is not among the region's variables\n", path);
    return 2;
  }
  if (check_storage(path, st, grid, other) || (st->conv.kind && converge_refuse(path, st))) return 2;
  const char *elem = ir_dtype_name(st->dtype);
  call_open(out, path, st->region_line, prefix, st->steps_param, st->steps_const,
            st->time_do ? 1 : 0); /* a do loop's body runs once at least */
  if (st->conv.kind) converge_open(out, st);
  if (st->time_stride == 2 && st->steps_param[0]) /* t += 2 from its start to its bound: the iterations */
    buf_puts(out, "    stencilc_steps = (stencilc_steps + 1) / 2;\n");
  if (st->steps_per_iter > 1) buf_printf(out, "    stencilc_steps *= %d;\n", st->steps_per_iter);
  if (st->obs.n) {
    const char *temps[] = {st->swap_tmp.var};
    StencilChunk chunk = {st, grid, other, elem, prefix};
    if (st->level_toggle[0][0])
      return observer_refuse(path, &st->obs.at[0], "the levels are named by a toggled index");
    if (observers_check(path, &st->obs, r, text, st->time_var, temps, 1) ||
        observers_loop(out, &st->obs, r, text, st->time_var, st->time_first,
                       st->time_stride == 2 ? 2 : 1, st->steps_per_iter, stencil_chunk, &chunk,
                       st->conv.kind))
      return 2;
    if (st->conv.kind) buf_puts(out, "    stencilc_steps = stencilc_done;\n");
  } else if (library_steps(out, st, grid, other, elem, prefix, false)) {
    return 2;
  }
  if (st->conv.kind) converge_close(out, st);
  set_counter(out, r, st->time_var, st->time_first, st->steps_per_iter, st->time_stride);
  for (int i = 0; i < 2; i++) /* toggled once a step (steps_per_iter and time_stride are 1) */
    if (st->level_toggle[i][0])
      buf_printf(out, "    %s = (int)((%s + stencilc_steps) %% 2);\n", st->level_toggle[i],
                 st->level_toggle[i]);
  for (int i = 0; i < 2 && st->pick_vars[i].var[0]; i++) /* the last step's pick */
    buf_printf(out, "    if (stencilc_steps > 0) %s = stencilc_steps %% 2 ? %s : %s;\n",
               st->pick_vars[i].var, st->pick_vars[i].grid[0], st->pick_vars[i].grid[1]);
  const Stencil *one[] = {st};
  set_loop_vars(out, r, one, 1, &st->swap_tmp, st->swap_tmp.var[0] ? 1 : 0);
  buf_puts(out, "  }");
  return 0;
}

/* The library's run of stencilc_steps steps and what the loop leaves after them: the pointers
 * swapped, the copy-back's interior. chunked: the steps continue stencilc_done steps in (a
 * chunk between observers), the time level buffers taken by the parity of that. 0, or 2. */
static int library_steps(Buf *out, const Stencil *st, const RegionVar *grid,
                         const RegionVar *other, const char *elem, const char *prefix,
                         bool chunked) {
  char b0[IR_NAME_MAX + 64], b1[IR_NAME_MAX + 64];
  if (!other && chunked) {
    long f = ((ir_level_first(st) % 2) + 2) % 2;
    snprintf(b0, sizeof b0, "(%s *)(%s[(%ldL + stencilc_done) %% 2])", elem, grid->name, f);
    snprintf(b1, sizeof b1, "(%s *)(%s[(%ldL + stencilc_done) %% 2])", elem, grid->name, 1 - f);
  } else if (!other) {
    int f = (int)(((ir_level_first(st) % 2) + 2) % 2);
    snprintf(b0, sizeof b0, "(%s *)(%s[%d])", elem, grid->name, f);
    snprintf(b1, sizeof b1, "(%s *)(%s[%d])", elem, grid->name, 1 - f);
  } else {
    snprintf(b0, sizeof b0, "(%s *)(%s%s)", elem, grid->name, first_cell(st, grid));
    if (st->time_form == TIME_COPYBACK) snprintf(b1, sizeof b1, "NULL");
    else snprintf(b1, sizeof b1, "(%s *)(%s%s)", elem, other->name, first_cell(st, other));
  }
  if (st->copy_whole && st->conv.kind) { /* the same, the second run while the first's residual
                                            is above the tolerance */
    buf_puts(out, "    const long stencilc_cap = stencilc_steps;\n");
    run_call(out, st, prefix, b0, b1, "stencilc_cap > 0 ? 1L : 0L", true);
    copy_cells(out, st, elem, other->name, grid->name, true);
    buf_puts(out, "    if (stencilc_steps == 1 && stencilc_cap > 1 && ");
    converge_above(out, &st->conv, "stencilc_residual");
    buf_puts(out, ") {\n");
    run_call(out, st, prefix, b0, b1, "stencilc_cap - 1L", false);
    buf_puts(out, "    stencilc_steps += 1;\n    }\n");
  } else if (st->copy_whole) { /* memcpy: step 1 reads A's halo, the later steps B's */
    run_call(out, st, prefix, b0, b1, "stencilc_steps > 0 ? 1L : 0L", true);
    copy_cells(out, st, elem, other->name, grid->name, true);
    run_call(out, st, prefix, b0, b1, "stencilc_steps > 0 ? stencilc_steps - 1L : 0L", false);
  } else {
    run_call(out, st, prefix, b0, b1, "stencilc_steps", true);
  }
  if (other && st->time_form == TIME_COPYBACK) {
    char from[IR_NAME_MAX + 8], to[IR_NAME_MAX + 8];
    snprintf(from, sizeof from, "%s%s", grid->name, first_cell(st, grid));
    snprintf(to, sizeof to, "%s%s", other->name, first_cell(st, other));
    copy_cells(out, st, elem, from, to, false);
  } else if (other && st->steps_per_iter == 1 && !st->level_pick) { /* pointer swap: a ends
                                                                        at the last level */
    const char *names[2] = {grid->name, other->name};
    if (rotate_pointers(out, grid, names, 2)) return 2;
  }
  return 0;
}

/* A field's variable: its elements, and a time dimension of at least its levels when it has
 * several (u[3][nz][nx]), else the grid itself (an array, or a pointer to the elements): each
 * level's own when the loop rotates pointers. 0, or 2 after a diagnostic at the declaration. */
static int check_field(const char *path, const Program *pr, const Field *fd, const RegionVar *v) {
  ElemKind want = pr->dtype == DTYPE_FLOAT ? ELEM_FLOAT : ELEM_DOUBLE;
  bool timed = fd->levels > 1 && !fd->level_var[0][0];
  if (v->elem == want && !v->inner_pointer &&
      (timed ? v->levels == pr->dims + 1 && (v->outer < 0 || v->outer >= fd->levels)
             : v->levels == pr->dims || v->levels == 1))
    return 0;
  char form[64];
  snprintf(form, sizeof form, timed ? "%s[%d][n][n]" : "%s[n][n] or a pointer", v->name, fd->levels);
  diag_error(var_loc(path, v), "declare it as the stencil program reads it (an array of the "
                               "element type, a time dimension for several levels)",
             "rewrite cannot pass '%s' (%s) to the generated code as %s", v->name, v->type, form);
  return 2;
}

/* The variable of level s of a field (its name when it has no rotated pointers). */
static const char *level_name(const Field *fd, int s) {
  return fd->level_var[0][0] ? fd->level_var[s] : fd->name;
}

/* Every variable of the program's fields is among the region's and of a form the call can
 * pass: 0, or 2 after a diagnostic. */
static int check_fields(const char *path, const Program *pr, const Region *r) {
  for (int f = 0; f < pr->nfields; f++) {
    const Field *fd = &pr->fields[f];
    for (int s = 0; s < (fd->level_var[0][0] ? fd->levels : 1); s++) {
      const RegionVar *v = region_find(r, level_name(fd, s));
      if (!v) {
        fprintf(stderr, "%s: error: internal: grid '%s' is not among the region's variables\n",
                path, level_name(fd, s));
        return 2;
      }
      if (check_field(path, pr, fd, v)) return 2;
    }
  }
  return 0;
}

/* Buffer b of field fd as the library takes it: u[b] for a time dimension; with rotated
 * pointers, the one holding level b at the loop's first t (level t + s is level_var[s]). */
static void field_buffer(Buf *out, const Program *pr, const Field *fd, int b, const char *elem,
                         bool chunked) {
  buf_printf(out, "(%s%s *)(", fd->coef ? "const " : "", elem);
  if (fd->level_var[0][0] && chunked) { /* the pointers as stencilc_done steps leave them */
    buf_printf(out, "stencilc_levels_%d[((%dL - (%dL + stencilc_done)) %% %d + %d) %% %d])",
               (int)(fd - pr->fields), b, pr->t_start, fd->levels, fd->levels, fd->levels);
  } else if (fd->level_var[0][0]) {
    int s = ((b - pr->t_start) % fd->levels + fd->levels) % fd->levels;
    buf_printf(out, "%s)", fd->level_var[s]);
  } else if (fd->levels > 1) {
    buf_printf(out, "%s[%d])", fd->name, b);
  } else {
    buf_printf(out, "%s)", fd->name);
  }
}

/* After the call, the rotated pointers of each field as the loop leaves them (level_var[s]
 * takes level_var[s + 1]'s value each step). */
static int rotate_after(Buf *out, const Program *pr, const Region *r) {
  for (int f = 0; f < pr->nfields; f++) {
    const Field *fd = &pr->fields[f];
    const char *names[PROG_MAX_LEVELS];
    for (int s = 0; s < fd->levels; s++) names[s] = fd->level_var[s];
    if (fd->level_var[0][0] && rotate_pointers(out, region_find(r, names[0]), names, fd->levels))
      return 2;
  }
  return 0;
}

typedef struct {
  const Program *pr;
  const Region *r;
  const char *elem, *prefix;
} ProgramChunk;

/* The library's run of stencilc_steps steps of a program, then the pointers rotated as the loop
 * leaves them. chunked: the steps continue stencilc_done steps in, the rotated pointers (which
 * hold the levels from t_start + stencilc_done on) in stencilc_levels_F for each field F. */
static int program_steps(Buf *out, const ProgramChunk *c, bool chunked) {
  const Program *pr = c->pr;
  for (int f = 0; chunked && f < pr->nfields; f++) {
    const Field *fd = &pr->fields[f];
    if (!fd->level_var[0][0]) continue;
    char name[64];
    snprintf(name, sizeof name, "stencilc_levels_%d[%d]", f, fd->levels);
    buf_puts(out, "    ");
    if (region_declarator(out, region_find(c->r, fd->level_var[0]), name, true, false)) return 2;
    for (int s = 0; s < fd->levels; s++) buf_printf(out, "%s%s", s ? ", " : " = {", fd->level_var[s]);
    buf_puts(out, "};\n");
  }
  buf_printf(out, "    int stencilc_rc = %s_run_levels(", c->prefix);
  for (int f = 0, n = 0; f < pr->nfields; f++) {
    const Field *fd = &pr->fields[f];
    for (int b = 0; b < fd->levels; b++, n++) {
      if (n) buf_puts(out, ", ");
      field_buffer(out, pr, fd, b, c->elem, chunked);
    }
  }
  for (int a = 0; a < pr->dims; a++) {
    buf_puts(out, ", ");
    extent_of(out, pr->extent_param[a], pr->extent_pad[a], pr->extent_const[a]);
  }
  buf_printf(out, ", %dL%s, stencilc_steps", pr->t_start, chunked ? " + stencilc_done" : "");
  for (int k = 0; k < pr->nscalars; k++) buf_printf(out, ", %s", pr->scalars[k]);
  buf_printf(out, ");\n    %s_exit_on_error(stencilc_rc);\n", c->prefix);
  return rotate_after(out, pr, c->r);
}

static int program_chunk(Buf *out, const void *ctx) { return program_steps(out, ctx, true); }

/* The statement replacing a stencil program's time loop: every buffer of every field (level k
 * of u[3][..] is u[k]; rotated pointers by the level they hold) to NAME_run_levels, from the
 * loop's own first t, so that each array and pointer ends as the loop leaves it. */
static int emit_program_call(Buf *out, const char *path, const Program *pr, const Region *r,
                             const char *text, const char *prefix) {
  const char *elem = pr->dtype == DTYPE_FLOAT ? "float" : "double";
  if (check_fields(path, pr, r)) return 2;
  call_open(out, path, pr->region_line, prefix, pr->steps_param, pr->steps_const,
            pr->time_do ? 1 : 0); /* a do loop's body runs once at least */
  ProgramChunk chunk = {pr, r, elem, prefix};
  if (pr->obs.n) {
    const char *temps[PROG_MAX_FIELDS];
    for (int i = 0; i < pr->ntemps; i++) temps[i] = pr->temps[i].var;
    if (observers_check(path, &pr->obs, r, text, pr->time_var, temps, pr->ntemps) ||
        observers_loop(out, &pr->obs, r, text, pr->time_var, pr->t_start, 1, 1, program_chunk,
                       &chunk, false))
      return 2;
  } else if (program_steps(out, &chunk, false)) {
    return 2;
  }
  set_counter(out, r, pr->time_var, pr->t_start, 1, 1);
  const Stencil *sts[PROG_MAX_STAGES];
  for (int i = 0; i < pr->nstages; i++) sts[i] = &pr->stages[i].st;
  set_loop_vars(out, r, sts, pr->nstages, pr->temps, pr->ntemps);
  buf_puts(out, "  }");
  return 0;
}

/* Grids of row pointers (row_levels): a block that opens with stencilc_rows, whether the rows
 * of each follow each other in one block, in order (each starting where the one before ends, a
 * comparison C defines for pointers one past the end of an array), which the call's guard tests
 * (bound_guard_open); false, the region runs as written. *rows says whether one was written. */
static void rows_guard_open(Buf *out, const Stencil *st, const Region *r, bool *rows) {
  const RegionVar *vs[2] = {region_find(r, st->array),
                            st->out_array[0] ? region_find(r, st->out_array) : NULL};
  int levels = row_levels(st, vs[0]) ? row_levels(st, vs[0]) : row_levels(st, vs[1]);
  const char *elem = ir_dtype_name(st->dtype), *inner = levels == 2 ? "[stencilc_i1]" : "";
  *rows = levels > 0;
  if (!*rows) return;
  buf_puts(out, "{ /* stencilc rewrite: the library steps the grids when their rows form one block */\n"
                "    int stencilc_rows = 1;\n");
  for (int g = 0; g < 2; g++) {
    if (!row_levels(st, vs[g])) continue;
    const char *name = vs[g]->name;
    buf_printf(out, "    const %s *stencilc_next_%s = %s%s;\n", elem, name, name, first_cell(st, vs[g]));
    for (int a = 0; a < levels; a++) {
      buf_printf(out, "%*sfor (long stencilc_i%d = 0; stencilc_i%d < ", 4 + 2 * a, "", a, a);
      extent(out, st, a);
      buf_printf(out, "; stencilc_i%d++)%s\n", a, a + 1 == levels ? " {" : "");
    }
    buf_printf(out, "%*sstencilc_rows &= %s[stencilc_i0]%s == stencilc_next_%s;\n"
                    "%*sstencilc_next_%s = %s[stencilc_i0]%s + ",
               4 + 2 * levels, "", name, inner, name, 4 + 2 * levels, "", name, name, inner);
    extent(out, st, levels);
    buf_printf(out, ";\n%*s}\n", 2 + 2 * levels, "");
  }
  buf_puts(out, "    ");
}

/* PolyBench's grids declared A[N][N] and swept by i < n - 1 (Stencil.extent_bound): the library
 * steps the whole constant extent, the region as far as the run-time bound. The call runs when
 * every bound equals its extent: `if (n == 1300L) ` before its block; `*guarded` says whether
 * one was written. 0, or 2 after a diagnostic when a bound is not a variable the test can read
 * before the region. */
static int bound_guard_open(Buf *out, const char *path, const Region *r, int line,
                            const char (*bound)[IR_NAME_MAX], const long *extent, int dims,
                            bool rows, bool *guarded) {
  *guarded = rows;
  if (rows) buf_puts(out, "if (stencilc_rows"); /* rows_guard_open's test */
  for (int a = 0; a < dims; a++) {
    if (!bound[a][0]) continue;
    const RegionVar *v = region_find(r, bound[a]);
    if (!v || v->dead_on_entry || v->levels || v->elem != ELEM_INTEGER) {
      SrcLoc loc = {path, line, 1};
      diag_error(loc, "bound the loops by a size parameter of the function, or by the grid's "
                      "declared size",
                 "rewrite cannot test the loops' bound '%s' against the grid's size %ld before "
                 "the region", bound[a], extent[a]);
      return 2;
    }
    bool tested = false; /* the same test along an earlier axis (n of A[N][N]) */
    for (int b = 0; b < a; b++) tested |= !strcmp(bound[b], bound[a]) && extent[b] == extent[a];
    if (tested) continue;
    buf_printf(out, "%s(long)(%s) == %ldL", *guarded ? " && " : "if (", bound[a], extent[a]);
    *guarded = true;
  }
  if (*guarded) buf_puts(out, ") ");
  return 0;
}

/* After a guarded call: the region as written (its lines numbered as in the input) for the
 * runs whose bounds are not the extents. */
static void bound_guard_close(Buf *out, const char *path, const Buf *text, const Region *r) {
  unsigned line = 1;
  for (unsigned i = 0; i < r->begin; i++) line += text->s[i] == '\n';
  buf_printf(out, " else {\n#line %u \"%s\"\n%.*s\n  }", line, path, (int)(r->end - r->begin),
             text->s + r->begin);
}

/* OUT.c's stem and the library's name beside it (OUT_stencil) and its prefix. */
static int library_name(const char *output, char *lib, size_t n) {
  size_t len = strlen(output);
  if (len < 3 || strcmp(output + len - 2, ".c")) {
    fprintf(stderr, "stencilc rewrite: -o takes a C file name ending in .c, not '%s'\n", output);
    return -1;
  }
  if (len - 2 + sizeof "_stencil" > n) {
    fprintf(stderr, "stencilc rewrite: -o names a path too long\n");
    return -1;
  }
  snprintf(lib, n, "%.*s_stencil", (int)(len - 2), output);
  return 0;
}

static bool same_file(const char *a, const char *b) {
  struct stat x, y;
  return !stat(a, &x) && !stat(b, &y) && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* Rewrites o->input with the region [begin, end) replaced by the call to the library of st or
 * of pr (the other NULL), and writes the library. */
static int rewrite_region(Options *o, const Stencil *st, const Program *pr) {
  if (!o->output) {
    fprintf(stderr, "stencilc rewrite: -o OUT.c is required (--help lists the options)\n");
    return EXIT_INPUT;
  }
  char lib[4096];
  if (library_name(o->output, lib, sizeof lib) || choose_target(o)) return EXIT_INPUT;
  if (same_file(o->output, o->input)) {
    fprintf(stderr, "stencilc rewrite: -o '%s' is the input; give another name\n", o->output);
    return EXIT_INPUT;
  }
  Region r;
  if (region_analyze(o->input, &o->frontend, st ? st->region_begin : pr->region_begin,
                     st ? st->region_end : pr->region_end, NULL, &r))
    return EXIT_INPUT;
  if (r.omp_parallel_line) {
    /* every thread of the region would call the library, which runs the steps in parallel
     * itself */
    diag_error((SrcLoc){o->input, r.omp_parallel_line, 1},
               "move the time loop out of the parallel region (the generated library runs its "
               "steps in parallel), or check it with stencilc check",
               "the time loop lies in a #pragma omp parallel region: every thread would call the "
               "generated library");
    return EXIT_INPUT;
  }
  Buf text = {0}, out = {0};
  if (buf_read_file(&text, o->input) || r.end > text.len || r.begin > r.end) {
    fprintf(stderr, "stencilc rewrite: cannot read '%s'\n", o->input);
    buf_free(&text);
    return EXIT_TOOL;
  }
  const char *base = strrchr(lib, '/') ? strrchr(lib, '/') + 1 : lib;
  /* the header includes nothing: the user's feature macros (_GNU_SOURCE) still come first */
  buf_printf(&out, "#include \"%s.h\"\n", base);
  buf_printf(&out, "#line 1 \"%s\"\n%.*s", o->input, (int)r.begin, text.s);
  if (r.begin > 0 && !isspace((unsigned char)text.s[r.begin - 1]))
    buf_puts(&out, "\n"); /* a region that starts on the line of #pragma scop */
  bool guarded, rows = false;
  if (st) rows_guard_open(&out, st, &r, &rows);
  int rc = bound_guard_open(&out, o->input, &r, st ? st->region_line : pr->region_line,
                            st ? st->extent_bound : pr->extent_bound,
                            st ? st->extent_const : pr->extent_const, st ? st->dims : pr->dims,
                            rows, &guarded) ||
                   (st ? emit_call(&out, o->input, st, &r, text.s, base)
                       : emit_program_call(&out, o->input, pr, &r, text.s, base))
               ? EXIT_INPUT : EXIT_OK;
  if (!rc && guarded) bound_guard_close(&out, o->input, &text, &r);
  if (rows) buf_puts(&out, "\n  }");
  unsigned line = 1; /* of the region's end: the lines after it keep their numbers */
  for (unsigned i = 0; i < r.end; i++) line += text.s[i] == '\n';
  buf_printf(&out, "\n#line %u \"%s\"\n%s", line, o->input, text.s + r.end);
  if (!rc) {
    Options lo = *o;
    lo.output = lib;
    rc = st ? gen_api_write(&lo, st, o->explain ? stderr : NULL) : gen_api_write_program(&lo, pr);
  }
  if (!rc && buf_write_file(&out, o->output)) {
    fprintf(stderr, "stencilc: cannot write '%s'\n", o->output);
    rc = EXIT_TOOL;
  }
  buf_free(&text);
  buf_free(&out);
  return rc;
}

static int rewrite_run(Options *o, Stencil *st) {
  /* --target cuda: the options picked cpu, the one backend of these loops, all the same */
  if (st->conv.kind && o->target && strcmp(o->target, "cpu")) {
    SrcLoc at = {o->input, (unsigned)st->region_line, 1};
    diag_error(at, "use --target cpu (or no --target: it is the default for these loops)",
               "the time loop runs until the residual '%s' drops to the tolerance: rewrite "
               "--target %s does not take it, the library of a convergence loop is generated by "
               "the cpu backend only", st->conv.var, o->target);
    return EXIT_INPUT;
  }
  return rewrite_region(o, st, NULL);
}

int rewrite_program(Options *o, const Program *pr) {
  if (pr->nsources) { /* the library has no source array to read (codegen_program_api) */
    SrcLoc loc = {o->input, pr->region_line, 1};
    char value[IR_NAME_MAX + 32];
    program_source_value(&pr->sources[0], value, sizeof value);
    diag_error(loc, "keep the time loop in your code, or generate a whole program with stencilc "
               "gen --backend naive or cpu",
               "stencilc rewrite does not replace a time loop with a point source (%s into "
               "'%s'): the library it calls steps the stencil without a source",
               value, pr->fields[pr->sources[0].field].name);
    return EXIT_INPUT;
  }
  if (pr->nboundaries) { /* the library steps the stages only (codegen_program_api) */
    SrcLoc loc = {o->input, pr->boundaries[0].line, 1};
    diag_error(loc, "keep the time loop in your code, or generate a whole program with stencilc "
               "gen --backend naive or cpu",
               "stencilc rewrite does not replace a time loop with a boundary stage: the library "
               "it calls steps the stages without the boundary cells set in between");
    return EXIT_INPUT;
  }
  for (int f = 0; f < pr->nfields; f++)
    if (pr->fields[f].level_pick) { /* the pointers that pick them are the loop's to set */
      SrcLoc loc = {o->input, pr->region_line, 1};
      diag_error(loc, "keep the time loop in your code, or generate a whole program with stencilc "
                 "gen --backend naive or cpu (stencilc check compares it with your loop)",
                 "stencilc rewrite does not replace a stencil program's time loop that picks "
                 "'%s' and '%s' by the step's parity into pointers",
                 pr->fields[f].level_var[0], pr->fields[f].level_var[1]);
      return EXIT_INPUT;
    }
  return rewrite_region(o, NULL, pr);
}

const Command command_rewrite = {
    "rewrite", {"-o --backend --target --gpu --explain", true, true, NULL, true}, rewrite_help, rewrite_run};
