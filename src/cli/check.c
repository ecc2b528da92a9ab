/* stencilc check: the user's own code is the reference. Builds and runs stencilc's program with
 * dumps of its input and result, builds the harness of src/harness (the user's region compiled
 * by cc) and runs it on the same input: the verdict is the harness's. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends/backends.h"
#include "cli.h"
#include "codegen/program.h"
#include "frontend/frontend.h"
#include "frontend/region.h"
#include "harness/harness.h"
#include "options.h"
#include "process.h"
#include "tune.h"
#include "util/diag.h"
#include "util/num.h"

static const char *const CHECK_HELP_TEXT =
    "usage: stencilc check FILE.c [--backend B] [-s SIZE] [-t STEPS]\n"
    "                      [--dtype float|double] [--program EXE] [--workdir DIR] [backend "
    "options]\n"
    "Checks stencilc's program for the stencil in FILE.c against the user's own code: the\n"
    "program (default --backend cpu; CUDA backends are built with nvcc and run on the GPU, or\n"
    "without one built with tools/cudaemu and run on the CPU) runs SIZE and STEPS on seeded "
    "random\n"
    "data and dumps its input and result (--dump-input, --dump-output); then FILE.c itself, its\n"
    "main renamed, with the stencil region copied verbatim into a function, is compiled by cc\n"
    "($CC), run on the same input, and the two results are compared cell by cell, halo included,\n"
    "within the programs' own tolerance (runtime/rt_common.h: rt_tolerance, for the coarser of\n"
    "the two element types). It prints both errors and PASS or FAIL.\n"
    "A stencil program (several stages, fields or time levels, coefficient grids; see the README)\n"
    "is checked the same way: its time loop is the region, every field and coefficient grid is\n"
    "filled from the program's input dump (the same seeded random values; a time dimension, rotated\n"
    "pointers and the loop's first t mapped to the program's buffers), run-time scalars take the\n"
    "program's values (--param's, else random) but for those the user's code computes before the\n"
    "loop (a local with its initializer, a global): the harness computes them with a copy of the\n"
    "user's declarations at the run's sizes and the program is generated again with them. Every\n"
    "buffer of every field a stage writes is compared (rt_program_tolerance in\n"
    "runtime/rt_program.h): a line per field with its errors,\n"
    "and on a FAIL the first cell beyond the tolerance. Backends: cpu, naive, n5d (what it blocks).\n"
    "  -s SIZE        interior cells: N or N0xN1[xN2] (default: the source's constant sizes, else\n"
    "                 40 in 2D, 16 in 3D)\n"
    "  -t STEPS       time steps (default: the source's constant, else 5); of a loop that runs\n"
    "                 until a residual converges, the cap (default: the source's, else 1000000);\n"
    "                 the step counts the user's loop and the program make are compared too\n"
    "  --param NAME=VALUE  run-time scalar NAME at VALUE, in the program and the user's code\n"
    "  --program EXE  check this generated program (built already) instead of generating one\n"
    "  --workdir DIR  where to write and build (default: a fresh folder in $TMPDIR, removed\n"
    "                 after a PASS)\n"
    "  --keep         keep that folder\n"
    "  --arch A, --nvcc-flags \"F\", --fast-math   how nvcc builds, as for 'stencilc run'\n"
    "exit codes: 0 the results match, 1 they differ (or the program failed its own check),\n"
    "2 the input or the options were refused (a variable the check cannot bind is named with\n"
    "its declaration), 3 a tool failed.\n"
    "Environment: $CC, $NVCC, $STENCILC_CUDAEMU (tools/cudaemu/build.sh, found beside stencilc's\n"
    "build folder by default).\n";

static void check_help(FILE *f) {
  fputs(CHECK_HELP_TEXT, f);
  options_backend_help(f);
}

/* UNCAPPED_STEPS: the program's cap of a convergence loop that has none (the user's code runs
 * until it converges; the program stops there too, well before). */
enum { DEFAULT_STEPS = 5, UNCAPPED_STEPS = 1000000, NO_GPU = 3, PATH_LEN = 4200 };
static const long DEFAULT_SIZE[IR_MAX_DIMS + 1] = {0, 64, 40, 16};

typedef struct {
  Workdir dir;
  char src[PATH_LEN], exe[PATH_LEN], emu[PATH_LEN + 16], in[PATH_LEN], out[PATH_LEN];
  char region[PATH_LEN], driver[PATH_LEN], region_o[PATH_LEN], driver_o[PATH_LEN];
  char harness[PATH_LEN], scalars[PATH_LEN];
} Work;

/* The interior size and step count of the check: the options, the source's constants, or the
 * defaults (options_sizes); a contradiction is refused. Fills size ("N0xN1[xN2]") and steps. */
static int choose_run(const Stencil *st, const Options *o, char *size, size_t cap, long *steps) {
  long n[IR_MAX_DIMS];
  long dflt = st->conv.kind && !st->conv.capped ? UNCAPPED_STEPS : DEFAULT_STEPS;
  if (options_sizes(st, o, DEFAULT_SIZE[st->dims], dflt * st->steps_per_iter, true, n, steps))
    return EXIT_INPUT;
  int len = 0;
  for (int a = 0; a < st->dims; a++)
    len += snprintf(size + len, cap - (size_t)len, "%s%ld", a ? "x" : "", n[a]);
  long iters = *steps / st->steps_per_iter;
  if (st->steps_param[0] && *steps % st->steps_per_iter) {
    SrcLoc l = {o->input, (unsigned)st->region_line, 1};
    char hint[96];
    long below = *steps - *steps % st->steps_per_iter;
    if (below > 0)
      snprintf(hint, sizeof hint, "give a multiple of %d: -t %ld or -t %ld", st->steps_per_iter,
               below, below + st->steps_per_iter);
    else
      snprintf(hint, sizeof hint, "give a multiple of %d: -t %d", st->steps_per_iter,
               st->steps_per_iter);
    diag_error(l, hint, "-t %ld: the time loop makes %d steps per iteration", *steps,
               st->steps_per_iter);
    return EXIT_INPUT;
  }
  if (iters < 1 || (st->steps_param[0] && iters - st->steps_const < 0)) {
    fprintf(stderr, "stencilc check: %ld steps: the time loop needs at least %ld\n", *steps,
            st->steps_per_iter * (st->steps_const > 1 ? st->steps_const : 1));
    return EXIT_INPUT;
  }
  return 0;
}

static const char *cc_path(void) {
  const char *cc = tool_find("CC", "cc", NULL);
  return cc ? cc : "cc";
}

/* tools/cudaemu/build.sh: $STENCILC_CUDAEMU, else beside the folder stencilc runs from
 * (build/stencilc and build/asan/stencilc sit in the source tree). */
static const char *cudaemu_script(void) {
  static char path[PATH_LEN];
  const char *env = getenv("STENCILC_CUDAEMU");
  if (env && *env) return env;
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return NULL;
  exe[n] = 0;
  for (int up = 0; up < 4; up++) {
    char *slash = strrchr(exe, '/');
    if (!slash) break;
    *slash = 0;
    snprintf(path, sizeof path, "%s/tools/cudaemu/build.sh", exe);
    if (access(path, R_OK) == 0) return path;
  }
  return NULL;
}

static int run_dumping(const char *exe, const char *size, long steps, const Work *w) {
  char t[32];
  snprintf(t, sizeof t, "%ld", steps);
  char *argv[] = {(char *)exe,    "-s",          (char *)size,    "-t",           t,   "-r", "1",
                  "--dump-input", (char *)w->in, "--dump-output", (char *)w->out, NULL};
  return process_run(argv);
}

/* Builds the CUDA program on the CPU through cudaemu; 0 on success. */
static int build_emulated(Work *w) {
  const char *script = cudaemu_script();
  if (!script) {
    fprintf(stderr, "stencilc check: tools/cudaemu/build.sh not found (set $STENCILC_CUDAEMU)\n");
    return -1;
  }
  snprintf(w->emu, sizeof w->emu, "%s.emu.cpp", w->exe);
  char *argv[] = {"sh", (char *)script, w->src, w->exe, NULL};
  return process_run(argv) ? -1 : 0;
}

/* Writes stencilc's program (prog, generated for the backend of o) and builds it into w->exe;
 * returns EXIT_*. *nvcc tells whether nvcc built it (its program may still find no GPU). */
static int build_program(const char *name, const Buf *prog, const Options *o, Work *w, bool *nvcc) {
  bool cuda = o->gen.backend->engine->cuda;
  const char *backend = o->gen.backend->name;
  snprintf(w->src, sizeof w->src, "%s/%s-%s.%s", w->dir.path, name, backend, cuda ? "cu" : "c");
  snprintf(w->exe, sizeof w->exe, "%s/%s-%s", w->dir.path, name, backend);
  if (buf_write_file(prog, w->src)) {
    fprintf(stderr, "stencilc check: cannot write '%s'\n", w->src);
    return EXIT_TOOL;
  }
  /* nvcc only where a GPU can run its program: without a device node, cudaemu at once */
  const char *found = cuda && access("/dev/nvidia0", F_OK) == 0
                          ? tool_find("NVCC", "nvcc", "/usr/local/cuda/bin/nvcc")
                          : NULL;
  char nvcc_path[4096];
  snprintf(nvcc_path, sizeof nvcc_path, "%s", found ? found : "");
  *nvcc = found != NULL;
  int built;
  if (!cuda) {
    char *argv[] = {
        (char *)cc_path(), "-std=c11", "-O2", "-fopenmp", "-o", w->exe, w->src, "-lm", NULL};
    built = process_run(argv) == 0;
  } else if (found) {
    NvccOptions nv = o->nvcc;
    nv.libs = o->gen.backend->libs;
    built = process_wait(nvcc_start(nvcc_path, w->src, w->exe, &nv, NULL)) == 0;
  } else {
    built = build_emulated(w) == 0;
  }
  if (built) return EXIT_OK;
  fprintf(stderr, "stencilc check: building %s failed\n", w->src);
  return EXIT_TOOL;
}

/* Runs the program with dumps (a CUDA one built by nvcc that finds no GPU, again through cudaemu);
 * returns EXIT_*: EXIT_VERIFY when it failed its own verification. */
static int run_program(const char *exe, const char *size, long steps, Work *w, bool nvcc) {
  int prc = run_dumping(exe, size, steps, w);
  if (prc == NO_GPU && nvcc) {
    fprintf(stderr, "stencilc check: no GPU: running the CUDA program through tools/cudaemu\n");
    if (build_emulated(w)) return EXIT_TOOL;
    prc = run_dumping(exe, size, steps, w);
  }
  if (prc == 1)
    fprintf(stderr, "stencilc check: %s failed its own verification\n", exe);
  else if (prc == 2)
    fprintf(stderr, "stencilc check: %s refused its arguments (above)\n", exe);
  else if (prc)
    fprintf(stderr, "stencilc check: %s failed (exit %d)\n", exe, prc);
  return prc == 0 ? EXIT_OK : prc == 1 ? EXIT_VERIFY : prc == 2 ? EXIT_INPUT : EXIT_TOOL;
}

/* Writes the harness's two sources, for the stencil st or else the program pr; returns EXIT_*
 * (EXIT_INPUT: a variable it cannot bind). */
static int harness_sources(const Stencil *st, const Program *pr, const Region *r, const char *path,
                           Work *w) {
  Buf text = {0};
  char *abs = realpath(path, NULL);
  if (buf_read_file(&text, path) || !abs) {
    fprintf(stderr, "stencilc check: cannot read '%s'\n", path);
    buf_free(&text);
    free(abs);
    return EXIT_TOOL;
  }
  UserSource u = {abs, path, text.s ? text.s : "", text.len};
  Buf region = {0}, driver = {0};
  int rc = (st ? harness_write(&region, &driver, st, r, &u)
                : harness_write_program(&region, &driver, pr, r, &u))
               ? EXIT_INPUT
               : EXIT_OK;
  if (!rc && (buf_write_file(&region, w->region) || buf_write_file(&driver, w->driver))) {
    fprintf(stderr, "stencilc check: cannot write the harness in '%s'\n", w->dir.path);
    rc = EXIT_TOOL;
  }
  buf_free(&region);
  buf_free(&driver);
  buf_free(&text);
  free(abs);
  return rc;
}

/* Builds the harness; returns EXIT_*. The region source, which includes the user's file, is
 * compiled with the user's C flags (fo). */
static int harness_build(Work *w, const FrontendOptions *fo) {
  const char *cc = cc_path();
  char *fixed[] = {(char *)cc, "-O2", "-fopenmp", "-c", "-o", w->region_o, w->region};
  enum { FIXED = sizeof fixed / sizeof fixed[0] };
  char **c1 = malloc((FIXED + (size_t)fo->nclang_args + 1) * sizeof *c1);
  if (!c1) exit(EXIT_TOOL);
  memcpy(c1, fixed, sizeof fixed);
  int n = FIXED;
  for (int i = 0; i < fo->nclang_args; i++) c1[n++] = (char *)fo->clang_args[i];
  c1[n] = NULL;
  char *c2[] = {(char *)cc, "-O2", "-fopenmp", "-c", "-o", w->driver_o, w->driver, NULL};
  char *link[] = {(char *)cc, "-fopenmp", "-o", w->harness, w->region_o, w->driver_o, "-lm", NULL};
  int built = !process_run(c1) && !process_run(c2) && !process_run(link);
  free(c1);
  if (!built) {
    fprintf(stderr, "stencilc check: the C compiler failed on the harness in '%s'\n", w->dir.path);
    return EXIT_TOOL;
  }
  return EXIT_OK;
}

/* Runs the harness on the dumps (argument `mode` NULL), or with "--scalars" to write the values
 * of the run-time scalars the user's code computes to w->scalars; returns EXIT_*. */
static int harness_run(Work *w, const char *mode) {
  char *run[] = {w->harness, w->in, mode ? (char *)mode : w->out, mode ? w->scalars : NULL, NULL};
  int hrc = process_run(run);
  return hrc == 0 ? EXIT_OK : hrc == 1 ? EXIT_VERIFY : hrc == 2 ? EXIT_INPUT : EXIT_TOOL;
}

/* Whether some run-time scalar of pr is a value of the user's code that --param did not set. */
static bool user_scalars(const Program *pr) {
  for (int k = 0; pr && k < pr->nscalars; k++)
    if (pr->scalar_user[k] && !pr->scalar_given[k]) return true;
  return false;
}

/* Gives each scalar of pr that w->scalars (the harness's --scalars run) names its value there;
 * returns EXIT_*. */
static int take_user_values(Program *pr, const Work *w) {
  FILE *f = fopen(w->scalars, "r");
  if (!f) {
    fprintf(stderr, "stencilc check: cannot read '%s'\n", w->scalars);
    return EXIT_TOOL;
  }
  char name[IR_NAME_MAX + 1];
  double v;
  while (fscanf(f, "%64s %lf", name, &v) == 2)
    for (int k = 0; k < pr->nscalars; k++)
      if (pr->scalar_user[k] && !pr->scalar_given[k] && !strcmp(pr->scalars[k], name)) {
        pr->scalar_given[k] = true;
        pr->scalar_value[k] = v;
        printf("check: run-time scalar %s = %.9g, as the user's code computes it\n", name, v);
      }
  fclose(f);
  return EXIT_OK;
}

/* Generates stencilc's program for st or else pr and builds it; returns EXIT_*. */
static int generate(Options *o, const Stencil *st, const Program *pr, Work *w, bool *nvcc) {
  Buf prog = {0};
  int rc = st ? codegen_program(&prog, st, &o->gen) : codegen_program_stages(&prog, pr, &o->gen);
  rc = rc ? EXIT_INPUT : build_program(st ? st->name : pr->name, &prog, o, w, nvcc);
  buf_free(&prog);
  return rc;
}

static int make_work(Work *w, const char *workdir, const char *name) {
  if (workdir_open(&w->dir, workdir, "check")) return EXIT_TOOL;
  const char *dir = w->dir.path;
  snprintf(w->in, sizeof w->in, "%s/%s.input.dump", dir, name);
  snprintf(w->out, sizeof w->out, "%s/%s.output.dump", dir, name);
  snprintf(w->region, sizeof w->region, "%s/stencilc-check-region.c", dir);
  snprintf(w->driver, sizeof w->driver, "%s/stencilc-check-driver.c", dir);
  snprintf(w->region_o, sizeof w->region_o, "%s/stencilc-check-region.o", dir);
  snprintf(w->driver_o, sizeof w->driver_o, "%s/stencilc-check-driver.o", dir);
  snprintf(w->harness, sizeof w->harness, "%s/stencilc-check", dir);
  snprintf(w->scalars, sizeof w->scalars, "%s/stencilc-check-scalars.txt", dir);
  return 0;
}

/* The check of the stencil st or else the program pr, the region analysed, size and steps
 * chosen: program and harness built, run, compared. A program reading run-time scalars that the
 * user's code computes (Program.scalar_user) runs twice: the harness takes their values from
 * the user's code at the first run's sizes, then the program is generated with them. */
static int check_common(Options *o, const Stencil *st, const Program *pr, const Region *r,
                        const char *size, long steps) {
  const char *program = o->program, *name = st ? st->name : pr->name;
  Work w = {0};
  int rc = make_work(&w, o->workdir, name);
  if (!rc) rc = harness_sources(st, pr, r, o->input, &w);
  bool nvcc = false;
  if (!rc && !program) rc = generate(o, st, pr, &w, &nvcc);
  if (!rc) rc = run_program(program ? program : w.exe, size, steps, &w, nvcc);
  if (!rc) rc = harness_build(&w, &o->frontend);
  if (!rc && !program && user_scalars(pr)) {
    Program *given = malloc(sizeof *given);
    if (!given) exit(EXIT_TOOL);
    *given = *pr; /* (a shallow copy: codegen only reads it) */
    rc = harness_run(&w, "--scalars");
    if (!rc) rc = take_user_values(given, &w);
    if (!rc) rc = generate(o, NULL, given, &w, &nvcc);
    if (!rc) rc = run_program(w.exe, size, steps, &w, nvcc);
    free(given);
  }
  if (!rc) rc = harness_run(&w, NULL);
  workdir_close(&w.dir, o->keep || (rc != EXIT_OK && rc != EXIT_INPUT), rc);
  printf("stencilc check: %s %s backend=%s size=%s steps=%ld\n",
         rc == EXIT_OK       ? "PASS"
         : rc == EXIT_VERIFY ? "FAIL"
                             : "ERROR",
         o->input, program ? program : o->gen.backend->name, size, steps);
  return rc;
}

static int check_run(Options *o, Stencil *st) {
  char size[96];
  long steps;
  Region r;
  if (choose_run(st, o, size, sizeof size, &steps) ||
      region_analyze(o->input, &o->frontend, st->region_begin, st->region_end, &st->obs, &r))
    return EXIT_INPUT;
  return check_common(o, st, NULL, &r, size, steps);
}

/* -s for a program: N or N0xN1[xN2], every axis whose extent the source fixes at its interior
 * (the user's loop runs the source's sizes); copied to size. 0, or -1 after a message. */
static int program_sizes(const Program *pr, const Options *o, char *size, size_t cap) {
  char buf[96];
  snprintf(buf, sizeof buf, "%s", o->size);
  long n[IR_MAX_DIMS];
  int count = 0;
  for (char *tok = strtok(buf, "x"); tok; tok = strtok(NULL, "x")) {
    if (count == pr->dims || num_parse_long(tok, 1, 1L << 30, &n[count])) {
      fprintf(stderr, "stencilc check: -s takes N or %s sizes NxN..., not '%s'\n",
              pr->dims == 1 ? "1" : pr->dims == 2 ? "2" : "3", o->size);
      return -1;
    }
    count++;
  }
  for (int a = 0; a < pr->dims; a++) {
    long fixed, want = n[count == 1 ? 0 : a];
    if (count != 1 && count != pr->dims) break;
    if (program_fixed_interior(pr, a, &fixed) && fixed != want) {
      SrcLoc l = {o->input, (unsigned)pr->region_line, 1};
      diag_error(l, "leave -s out (the source's sizes are the default) or give its interior",
                 "-s %s contradicts the source: axis %d has the constant interior %ld, not %ld",
                 o->size, a, fixed, want);
      return -1;
    }
  }
  if (count != 1 && count != pr->dims) {
    fprintf(stderr, "stencilc check: -s %s gives %d sizes; give 1 or %d for this %dD program\n",
            o->size, count, pr->dims, pr->dims);
    return -1;
  }
  snprintf(size, cap, "%s", o->size);
  return 0;
}

int check_program(Options *o, const Program *pr) {
  char size[96] = "";
  long steps = DEFAULT_STEPS, n;
  int len = 0;
  for (int a = 0; a < pr->dims && !o->size; a++)
    len += snprintf(size + len, sizeof size - (size_t)len, "%s%ld", a ? "x" : "",
                    program_fixed_interior(pr, a, &n) ? n : DEFAULT_SIZE[pr->dims]);
  if (o->size && program_sizes(pr, o, size, sizeof size)) return EXIT_INPUT;
  long fixed_steps;
  bool fixed = program_fixed_steps(pr, &fixed_steps);
  if (fixed) steps = fixed_steps;
  if (o->steps && num_parse_long(o->steps, 1, 1L << 40, &steps)) {
    fprintf(stderr, "stencilc check: -t takes a number of steps, not '%s'\n", o->steps);
    return EXIT_INPUT;
  }
  if (fixed && steps != fixed_steps) { /* the user's loop runs the source's count */
    SrcLoc l = {o->input, (unsigned)pr->region_line, 1};
    diag_error(l, "leave -t out: the source's step count is the default",
               "-t %ld contradicts the source's constant step count %ld", steps, fixed_steps);
    return EXIT_INPUT;
  }
  if (pr->steps_param[0] && steps - pr->steps_const < 0) {
    fprintf(stderr, "stencilc check: -t %ld: the time loop needs at least %ld steps\n", steps,
            pr->steps_const);
    return EXIT_INPUT;
  }
  Region r;
  if (region_analyze(o->input, &o->frontend, pr->region_begin, pr->region_end, &pr->obs, &r))
    return EXIT_INPUT;
  return check_common(o, NULL, pr, &r, size, steps);
}

const Command command_check = {
    "check",
    {"-s -t --dtype --backend --gpu --workdir --keep --fast-math --arch --nvcc-flags --program --param", true,
     true, "cpu", false},
    check_help, check_run};
