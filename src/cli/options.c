#include "options.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "backends/backends.h"
#include "cli.h"
#include "tune.h"
#include "util/diag.h"
#include "util/num.h"

/* Whether `name` is one of the space-separated words of `list`. */
static bool in_list(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *p = list; (p = strstr(p, name)); p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return true;
  return false;
}

/* Options of stencilc itself that take no value (the others take one). */
static const char *const flags = "--fast-math --cpu --explain --json --keep --mpi --api";
/* Short options whose value may be glued to them: -s512, -IDIR, -DNAME=1. */
static const char *const short_glued = "-o -s -t -r -I -D -U";

static int bad(const char *fmt, const char *arg) {
  fprintf(stderr, "stencilc: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, " (--help lists the options)\n");
  return -1;
}

/* The backends whose options include name, joined by ", "; "" when none. */
static const char *backends_taking(const char *name) {
  static char list[128];
  list[0] = 0;
  for (int i = 0; i < backends_count(); i++) {
    const Backend *b = backends_at(i)->gen;
    if (codegen_find_option(b, name))
      snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? ", " : "", b->name);
  }
  return list;
}

/* The first backend's option called name (they agree on its kind), or NULL. */
static const BackendOption *any_backend_option(const char *name) {
  for (int i = 0; i < backends_count(); i++) {
    const BackendOption *bo = codegen_find_option(backends_at(i)->gen, name);
    if (bo) return bo;
  }
  return NULL;
}

/* -s N, N0xN1 or N0xN1xN2: counts of 1 to 2^40 (the generated programs' limit per axis). */
static bool valid_size(const char *s) {
  char copy[128];
  if (strlen(s) >= sizeof copy) return false;
  snprintf(copy, sizeof copy, "%s", s);
  int n = 0;
  for (char *p = strtok(copy, "x"); p; p = strtok(NULL, "x"), n++) {
    long v;
    if (n == IR_MAX_DIMS || num_parse_long(p, 1, 1L << 40, &v)) return false;
  }
  return n > 0 && s[0] != 'x' && s[strlen(s) - 1] != 'x' && !strstr(s, "xx");
}

/* A backend option as typed, kept until the backend is known. */
typedef struct {
  const char *name, *value;
} Pending;

static int apply_backend_options(Options *o, const Pending *pend, int npend) {
  for (int i = 0; i < npend; i++) {
    if (o->auto_backend) {
      fprintf(stderr, "stencilc: --backend auto%s chooses the backend and its parameters; give "
                      "--backend with one of the backends that take %s (%s)\n",
              o->backend_given ? "" : ", the default,", pend[i].name, backends_taking(pend[i].name));
      return -1;
    }
    const BackendOption *opt = codegen_find_option(o->gen.backend, pend[i].name);
    if (!opt) {
      fprintf(stderr, "stencilc: the %s backend does not take %s (an option of %s); give --backend "
                      "with one of those\n", o->gen.backend->name, pend[i].name, backends_taking(pend[i].name));
      return -1;
    }
    char err[256];
    if (codegen_parse_option(&o->gen, opt, pend[i].value, err, sizeof err)) return bad("%s", err);
  }
  return 0;
}

/* Splits argument i into its name and value (argv[i + 1] when not glued); advances *i past what
 * it used. Returns 0, or -1 after a message. */
static int take_value(int argc, char **argv, int *i, const char *name, const char *glued,
                      const char **value) {
  if (glued) {
    *value = glued;
    return 0;
  }
  if (*i + 1 >= argc) return bad("option '%s' needs a value", name);
  *value = argv[++*i];
  return 0;
}

static int set_backend(Options *o, const char *v) {
  o->auto_backend = !strcmp(v, "auto");
  const Backend *b = o->auto_backend ? backends_find("naive") : backends_find(v);
  if (!b) {
    fprintf(stderr, "stencilc: unknown backend '%s' (known: %s, auto)\n", v, backends_names(", "));
    return -1;
  }
  o->gen.backend = b;
  return 0;
}

static int set_general(Options *o, const char *name, const char *v) {
  if (!strcmp(name, "-o")) o->output = v;
  else if (!strcmp(name, "--workdir")) o->workdir = v;
  else if (!strcmp(name, "--link")) o->link = v;
  else if (!strcmp(name, "--nvcc-flags")) o->nvcc.flags = v;
  else if (!strcmp(name, "--arch")) {
    if (!nvcc_arch_valid(v)) return bad("--arch takes sm_NN, NN (90 for sm_90) or native, not '%s'", v);
    o->nvcc.arch = v;
  }
  else if (!strcmp(name, "--gpu")) o->gpu = v;
  else if (!strcmp(name, "--emit")) o->emit = v;
  else if (!strcmp(name, "--import")) o->import = v;
  else if (!strcmp(name, "--program")) o->program = v;
  else if (!strcmp(name, "--param")) {
    if (o->nparams == OPTIONS_MAX_PARAMS) {
      fprintf(stderr, "stencilc: more than %d --param options (--help lists the options)\n",
              OPTIONS_MAX_PARAMS);
      return -1;
    }
    o->params[o->nparams++] = v;
  }
  else if (!strcmp(name, "--ranks")) {
    if (num_parse_int(v, 1, 65536, &o->ranks)) {
      fprintf(stderr, "stencilc: --ranks takes a count from 1 to 65536, not '%s'\n", v);
      return -1;
    }
    o->gen.mpi = true;
  }
  else if (!strcmp(name, "--target")) {
    if (strcmp(v, "cuda") && strcmp(v, "cpu")) return bad("--target takes cuda or cpu, not '%s'", v);
    o->target = v;
  }
  else if (!strcmp(name, "--top") || !strcmp(name, "--roundtrip")) {
    if (num_parse_int(v, 1, INT_MAX, name[2] == 't' ? &o->top : &o->roundtrip)) {
      fprintf(stderr, "stencilc: %s takes a count from 1 to %d, not '%s'\n", name, INT_MAX, v);
      return -1;
    }
  } else if (!strcmp(name, "--backend")) {
    if (set_backend(o, v)) return -1;
    o->backend_given = true;
  } else if (!strcmp(name, "--dtype")) {
    if (strcmp(v, "float") && strcmp(v, "double")) return bad("--dtype takes float or double, not '%s'", v);
    o->gen.dtype = strcmp(v, "float") ? DTYPE_DOUBLE : DTYPE_FLOAT;
    o->dtype_given = true;
  } else if (!strcmp(name, "-s")) {
    if (!valid_size(v))
      return bad("-s takes N, N0xN1 or N0xN1xN2, counts from 1 to 2^40 (1099511627776), not '%s'", v);
    o->size = v;
  } else if (!strcmp(name, "-t") || !strcmp(name, "-r")) {
    long n;
    if (num_parse_long(v, 1, 1L << 40, &n)) {
      fprintf(stderr, "stencilc: %s takes a count from 1 to 2^40 (1099511627776), not '%s'\n", name, v);
      return -1;
    }
    if (name[1] == 't') o->steps = v;
    else o->reps = v;
  }
  return 0;
}

/* The C compiler's flags: -I DIR, -D NAME[=VALUE], -U NAME (or glued), -std=STD, -include FILE,
 * and --function NAME. Returns 1 when argv[*i] is one, 0 when not, -1 after a message. */
static int c_flag(Options *o, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  int n = o->frontend.nclang_args;
  if (!strncmp(a, "-std=", 5)) {
    if (n + 1 > MAX_CLANG_ARGS) return bad("more than %s C flags", "64");
    o->clang_args[n] = a;
    o->frontend.nclang_args = n + 1;
    return 1;
  }
  bool two = !strcmp(a, "-include") || !strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U");
  bool glued = !two && (a[1] == 'I' || a[1] == 'D' || a[1] == 'U') && a[2];
  if (!strcmp(a, "--function") || !strncmp(a, "--function=", 11)) {
    const char *v = NULL;
    if (take_value(argc, argv, i, "--function", a[10] == '=' ? a + 11 : NULL, &v)) return -1;
    o->frontend.function = v;
    return 1;
  }
  if (!two && !glued) return 0;
  if (two && *i + 1 >= argc) return bad("option '%s' needs a value", a);
  if (n + 2 > MAX_CLANG_ARGS) return bad("more than %s C flags", "64");
  o->clang_args[n++] = a;
  if (two) o->clang_args[n++] = argv[++*i];
  o->frontend.nclang_args = n;
  return 1;
}

/* Whether -o names the input file or a file it -includes: the same file (device and inode,
 * whatever the spelling), which writing would destroy. Says so. */
static bool output_is_input(const Options *o) {
  struct stat out, in;
  if (!o->output || !strcmp(o->output, "-") || stat(o->output, &out)) return false;
  for (int i = -1; i < o->frontend.nclang_args; i++) {
    const char *path = i < 0 ? o->input : NULL;
    if (i >= 0 && !strcmp(o->clang_args[i], "-include") && i + 1 < o->frontend.nclang_args)
      path = o->clang_args[i + 1];
    if (path && !stat(path, &in) && in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
      fprintf(stderr, "stencilc: -o '%s' is the input file '%s': writing it would destroy the "
                      "source; give another output\n", o->output, path);
      return true;
    }
  }
  return false;
}

int options_parse(int argc, char **argv, const OptionSet *set, void (*help_fn)(FILE *), Options *o) {
  memset(o, 0, sizeof *o);
  o->gen.backend = backends_find("naive");
  if (set->backend) set_backend(o, set->default_backend ? set->default_backend : "auto");
  o->frontend.clang_args = o->clang_args;
  Pending pend[32];
  int npend = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      if (!help_fn) return bad("unexpected '%s'", a);
      help_fn(stdout);
      return 1;
    }
    if (a[0] != '-' || !a[1]) {
      if (o->input) return bad("more than one input file ('%s')", a);
      o->input = a;
      continue;
    }
    if (set->c_flags) {
      int rc = c_flag(o, argc, argv, &i);
      if (rc < 0) return -1;
      if (rc) continue;
    }
    char name[64];
    const char *glued = NULL;
    snprintf(name, sizeof name, "%s", a);
    if (a[1] == '-' && strchr(a, '=')) { /* --name=value */
      size_t len = (size_t)(strchr(a, '=') - a);
      if (len >= sizeof name) return bad("unknown option '%s'", a);
      name[len] = 0;
      glued = strchr(a, '=') + 1;
    } else if (a[1] != '-' && a[2]) { /* -s512 */
      name[2] = 0;
      glued = a + 2;
      if (!in_list(short_glued, name)) return bad("unknown option '%s'", a);
    }
    bool backend_option = set->backend && any_backend_option(name);
    if (!in_list(set->names, name) && !backend_option) return bad("unknown option '%s'", a);
    if (in_list(flags, name)) {
      if (glued) return bad("option '%s' takes no value", name);
      if (!strcmp(name, "--fast-math")) o->nvcc.fast_math = true;
      else if (!strcmp(name, "--keep")) o->keep = true;
      else if (!strcmp(name, "--cpu")) o->cpu = true;
      else if (!strcmp(name, "--explain")) o->explain = true;
      else if (!strcmp(name, "--mpi")) o->gen.mpi = true;
      else if (!strcmp(name, "--api")) o->api = true;
      else o->json = true;
      continue;
    }
    const char *v = NULL;
    if (backend_option) {
      const BackendOption *bo = any_backend_option(name);
      if (bo->kind == OPT_FLAG && glued) return bad("option '%s' takes no value", name);
      if (bo->kind != OPT_FLAG && take_value(argc, argv, &i, name, glued, &v)) return -1;
      if (npend == (int)(sizeof pend / sizeof *pend)) return bad("more than %s backend options", "32");
      pend[npend++] = (Pending){bo->name, v};
      continue;
    }
    if (take_value(argc, argv, &i, name, glued, &v) || set_general(o, name, v)) return -1;
  }
  if (!o->input) return bad("%s", "no input file");
  if (output_is_input(o)) return -1;
  /* the architecture nvcc will build for, so that the generated file's Compile: line says it */
  if (in_list(set->names, "--arch")) nvcc_arch(&o->nvcc, o->gen.nvcc_arch, sizeof o->gen.nvcc_arch);
  return apply_backend_options(o, pend, npend);
}

/* --param NAME=VALUE: VALUE becomes the default of the stencil's parameter scalar NAME, in the
 * program generated (and so in the run and the check, which run it with its defaults). */
static int apply_params(const Options *o, Stencil *st) {
  for (int i = 0; i < o->nparams; i++) {
    const char *a = o->params[i], *eq = strchr(a, '=');
    int k = 0;
    while (eq && k < st->nscalars &&
           (st->scalars[k].kind != SCALAR_PARAM || strlen(st->scalars[k].name) != (size_t)(eq - a) ||
            strncmp(st->scalars[k].name, a, (size_t)(eq - a))))
      k++;
    if (!eq) return bad("--param takes NAME=VALUE, not '%s'", a);
    if (k == st->nscalars) {
      fprintf(stderr, "stencilc: --param '%s': '%.*s' is not a parameter scalar of the stencil "
                      "(%s", a, (int)(eq - a), a, st->nscalars ? "its parameters:" : "it has none");
      for (int j = 0; j < st->nscalars; j++)
        if (st->scalars[j].kind == SCALAR_PARAM) fprintf(stderr, " %s", st->scalars[j].name);
      fprintf(stderr, "; 'stencilc info' lists them)\n");
      return -1;
    }
    if (num_parse_double(eq + 1, &st->scalars[k].value))
      return bad("--param takes a finite decimal number, not '%s'", a);
  }
  return 0;
}

/* The location of the grid's declaration, for a size that contradicts it. */
static SrcLoc extent_loc(const Stencil *st, const Options *o, int a) {
  SrcLoc l = {o->input, (unsigned)(st->extent_line[a] ? st->extent_line[a] : st->region_line), 1};
  return l;
}

int options_sizes(const Stencil *st, const Options *o, long dflt_n, long dflt_steps,
                  bool strict_steps, long n[IR_MAX_DIMS], long *steps) {
  long given[IR_MAX_DIMS] = {0};
  int count = 0;
  for (const char *p = o->size; p && count < IR_MAX_DIMS; p = strchr(p, 'x') ? strchr(p, 'x') + 1 : NULL)
    given[count++] = atol(p);
  if (count > 1 && count != st->dims) {
    fprintf(stderr, "stencilc: -s %s gives %d sizes; give 1 or %d for this %dD stencil\n", o->size,
            count, st->dims, st->dims);
    return -1;
  }
  for (int a = 0; a < IR_MAX_DIMS; a++) n[a] = 0;
  for (int a = 0; a < st->dims; a++) {
    long want = count ? given[count == 1 ? 0 : a] : dflt_n, fixed;
    if (ir_fixed_interior(st, a, &fixed)) {
      if (count && want != fixed) {
        char name[IR_NAME_MAX + 8] = "";
        if (st->extent_name[a][0]) snprintf(name, sizeof name, "%s = ", st->extent_name[a]);
        diag_error(extent_loc(st, o, a),
                   "leave -s out (the source's sizes are the default) or give its interior; to "
                   "run other sizes, make the size a parameter of the function, or guard the "
                   "#define with #ifndef and give -D NAME=VALUE",
                   "-s %s contradicts the source: axis %d of '%s' has the constant extent %s%ld, "
                   "an interior of %ld cells, not %ld",
                   o->size, a, st->array, name, st->extent_const[a], fixed, want);
        return -1;
      }
      want = fixed;
    }
    for (int b = 0; b < a; b++)
      if (strict_steps && count > 1 && st->extent_param[a][0] &&
          !strcmp(st->extent_param[a], st->extent_param[b]) &&
          given[a] != given[b]) {
        fprintf(stderr, "stencilc: -s %s: axes %d and %d share the size '%s'\n", o->size, b, a,
                st->extent_param[a]);
        return -1;
      }
    n[a] = want;
  }
  long fixed_steps;
  bool fixed = ir_fixed_steps(st, &fixed_steps);
  *steps = o->steps ? atol(o->steps) : fixed ? fixed_steps : dflt_steps;
  if (strict_steps && fixed && *steps != fixed_steps) {
    SrcLoc l = {o->input, (unsigned)st->region_line, 1};
    diag_error(l, "leave -t out: the source's step count is the default",
               "-t %ld contradicts the source's constant step count %ld", *steps, fixed_steps);
    return -1;
  }
  return 0;
}

int options_read(int argc, char **argv, const OptionSet *set, void (*help_fn)(FILE *), Options *o,
                 Stencil *st) {
  int rc = options_parse(argc, argv, set, help_fn, o);
  if (rc) return rc > 0 ? EXIT_OK : EXIT_INPUT;
  if (frontend_parse(o->input, &o->frontend, st)) return EXIT_INPUT;
  long n[IR_MAX_DIMS], steps;
  if (apply_params(o, st) || (o->size && options_sizes(st, o, 1, 1, false, n, &steps))) {
    ir_free(st);
    return EXIT_INPUT;
  }
  if (!o->dtype_given) o->gen.dtype = st->dtype;
  if (ir_dtype_integer(st->dtype) && o->nvcc.fast_math) {
    /* fast math reassociates and contracts the floating part, and one rounding moves a result
     * across the integer the store truncates to */
    SrcLoc l = {o->input, (unsigned)st->region_line, 1};
    diag_error(l, "leave --fast-math out: an integer grid is computed exactly",
               "--fast-math with the %s grid '%s'", ir_dtype_name(st->dtype), st->array);
    ir_free(st);
    return EXIT_INPUT;
  }
  /* rewrite --target cpu takes the cpu backend whatever auto would pick among the GPU ones */
  bool cpu_target = o->target && !strcmp(o->target, "cpu");
  /* the library of a convergence loop is the cpu backend's alone; its programs are the cpu and
   * naive backends', and the model ranks naive's for the GPU (the CPU path runs the cpu one) */
  if (o->auto_backend && st->conv.kind && (o->api || set->library || cpu_target)) {
    o->gen.backend = backends_find("cpu");
  } else if (o->auto_backend && !cpu_target && tune_choose(st, o)) {
    ir_free(st);
    return EXIT_INPUT;
  }
  return -1;
}

void options_backend_help(FILE *f) {
  fprintf(f, "  --backend %s|auto\n", backends_names("|"));
  for (int i = 0; i < backends_count(); i++)
    fprintf(f, "    %-6s %s\n", backends_at(i)->gen->name, backends_at(i)->gen->summary);
  fprintf(f, "  --backend auto   (the default of gen and run) the choice 'stencilc tune' cached for\n"
             "                   --gpu G (default: the GPU present, else h200) and this size, else\n"
             "                   the model's best ('stencilc model')\n"
             "An option the chosen backend does not take is refused.\n");
  Buf b = {0};
  for (int i = 0; i < backends_count(); i++) codegen_options_help(&b, backends_at(i)->gen);
  if (b.s) fputs(b.s, f);
  buf_free(&b);
}
