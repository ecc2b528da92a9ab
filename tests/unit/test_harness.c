// Tests of the region analysis (src/frontend/region.c) and of stencilc check's harness
// (src/harness/harness.c): the free variables of regions written in the storage forms of issue
// 17 (pointer swap of flattened arrays, copy-back between pointers to rows, a time dimension whose
// type needs a variable the region does not name), how their types are spelled, and the harness
// run end to end on those forms against the dumps of a generated program for the same stencil
// (the time-dimension form, which the front end accepts today). Built and run by tests/run.sh.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "codegen/codegen.h"

extern const Backend backend_cpu; /* codegen/cpu.c */
#include "expect.h"
#include "frontend/frontend.h"
#include "frontend/region.h"
#include "harness/harness.h"

static char tmpdir[] = "/tmp/stencilc_harness_XXXXXX";

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f || fputs(text, f) < 0 || fclose(f)) {
    perror(path);
    exit(1);
  }
}

static int sh(const char *cmd) {
  int st = system(cmd);
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* The region is the text between the comments R and E of the source. */
static void marked_region(const char *text, unsigned *begin, unsigned *end) {
  *begin = (unsigned)(strstr(text, "/*R*/") - text) + 5;
  *end = (unsigned)(strstr(text, "/*E*/") - text);
}

static const RegionVar *var(const Region *r, const char *name) {
  const RegionVar *v = region_find(r, name);
  EXPECT(v, "no variable '%s' in the region", name);
  return v;
}

/* ---- the sources ---- */

/* The same Jacobi stencil in four storage forms. */
static const char *const PARITY =
    "void jac(int n, int steps, double A[2][n][n]) {\n"
    "  for (int t = 0; t < steps; t++)\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 1; j < n - 1; j++)\n"
    "        A[(t + 1) % 2][i][j] = 0.25 * (A[t % 2][i - 1][j] + A[t % 2][i + 1][j] +\n"
    "                                       A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);\n"
    "}\n";

/* Flattened arrays swapped by pointer, counters and the temporary declared before the loop. */
static const char *const SWAP =
    "#include <stddef.h>\n"
    "#define IDX(i, j) ((i) * n + (j))\n"
    "static double unused_global = 1.0;\n"
    "void jacobi(int n, int m, int steps, double *restrict a, double *restrict b) {\n"
    "  double *tmp;\n"
    "  int t, i, j;\n"
    "  (void)m;\n"
    "  /*R*/for (t = 0; t < steps; t++) {\n"
    "    for (i = 1; i < n - 1; i++)\n"
    "      for (j = 1; j < n - 1; j++)\n"
    "        b[IDX(i, j)] = 0.25 * (a[IDX(i - 1, j)] + a[IDX(i + 1, j)] + a[IDX(i, j - 1)] +\n"
    "                               a[IDX(i, j + 1)]);\n"
    "    tmp = a; a = b; b = tmp;\n"
    "  }/*E*/\n"
    "}\n"
    "int main(void) { return (int)unused_global - 1; }\n";

/* Pointers to rows, a copy-back nest after each sweep, a global coefficient table. */
static const char *const COPYBACK =
    "static const double quarter[4] = {0.25, 0.25, 0.25, 0.25};\n"
    "void jacobi(int n, int steps, double (*u)[n], double (*v)[n]) {\n"
    "  /*R*/for (int t = 0; t < steps; t++) {\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 1; j < n - 1; j++)\n"
    "        v[i][j] = quarter[0] * u[i - 1][j] + quarter[1] * u[i + 1][j] +\n"
    "                  quarter[2] * u[i][j - 1] + quarter[3] * u[i][j + 1];\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 1; j < n - 1; j++) u[i][j] = v[i][j];\n"
    "  }/*E*/\n"
    "}\n";

/* A time dimension whose declared type names `pad`, which the region never mentions. */
static const char *const PADDED =
    "void jac(int pad, int n, int steps, double A[2][n][n + pad]) {\n"
    "  /*R*/for (int t = 0; t < steps; t++)\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 1; j < n - 1; j++)\n"
    "        A[(t + 1) % 2][i][j] = 0.5 * A[t % 2][i][j];/*E*/\n"
    "}\n";

/* A coefficient parameter, which the check has no value for. */
static const char *const ALPHA =
    "void jac(int n, int steps, double A[2][n][n],\n"
    "         double alpha) {\n"
    "  /*R*/for (int t = 0; t < steps; t++)\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 1; j < n - 1; j++)\n"
    "        A[(t + 1) % 2][i][j] = alpha * A[t % 2][i][j];/*E*/\n"
    "}\n";

/* Locals computed before the region: copied declarations (plane, ld, r; ld reads pad, which
 * only its initializer needs) and those a copy would compute differently (a call, a global the
 * program may set, a value assigned again before the region, a static). */
static const char *const DERIVED =
    "#include <stdlib.h>\n"
    "int g_scale = 1;\n"
    "void set_scale(int s) { g_scale = s; }\n"
    "double g_len = 2.0;\n"
    "const int g_halo = 1;\n"
    "void jac(int n, int steps, int pad, double h, double A[2][n][n]) {\n"
    "  const long plane = (long)n * n;\n"
    "  double per = h / g_len;\n"
    "  int ld = n + 2 * pad + g_halo;\n"
    "  const double r = 0.25 / (h * h);\n"
    "  int called = abs(n);\n"
    "  int scaled = n * g_scale;\n"
    "  int moved = n;\n"
    "  static int kept = 3;\n"
    "  moved += 1;\n"
    "  /*R*/for (int t = 0; t < steps; t++)\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 1; j < n - 1; j++)\n"
    "        A[(t + 1) % 2][i][j] = r * A[t % 2][i][j] + 0 * (plane + ld + called + scaled + moved + kept + per);/*E*/\n"
    "}\n";

/* A local computed by a call the check does not make. */
static const char *const CALLED =
    "#include <stdlib.h>\n"
    "void jac(int n, int steps, double A[2][n][n]) {\n"
    "  const int m = abs(n);\n"
    "  /*R*/for (int t = 0; t < steps; t++)\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 1; j < n - 1; j++)\n"
    "        A[(t + 1) % 2][i][j] = A[t % 2][i][j] * m;/*E*/\n"
    "}\n";

/* Rodinia hotspot3D's coefficients: declared without values, assigned in chains before the
 * loop; `mixed` through a float link (its value is not the right side's). */
static const char *const CHAINED =
    "void step(int n, int steps, float dt, float cap, float rx, float *a, float *b) {\n"
    "  float ce, cw, cc;\n"
    "  double mixed;\n"
    "  float low;\n"
    "  float k = dt / cap;\n"
    "  ce = cw = k / rx;\n"
    "  cc = 1.0f - 2.0f * ce;\n"
    "  mixed = low = dt / 3;\n"
    "  /*R*/for (int t = 0; t < steps; t++)\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      b[i] = cc * a[i] + ce * a[i + 1] + cw * a[i - 1] + mixed * a[i];/*E*/\n"
    "}\n";

/* ---- the analysis ---- */

static void analyze(const char *name, const char *text, Region *r, char *path, size_t cap) {
  snprintf(path, cap, "%s/%s.c", tmpdir, name);
  write_file(path, text);
  unsigned begin, end;
  marked_region(text, &begin, &end);
  EXPECT(region_analyze(path, NULL, begin, end, NULL, r) == 0, "region_analyze %s", name);
}

static void test_swap_vars(void) {
  Region r;
  char path[256];
  analyze("swap", SWAP, &r, path, sizeof path);
  const char *order[] = {"n", "steps", "a", "b", "tmp", "t", "i", "j"};
  EXPECT(r.nvars == 8, "swap: %d variables", r.nvars);
  for (int k = 0; k < 8 && k < r.nvars; k++)
    EXPECT(!strcmp(r.vars[k].name, order[k]), "swap: variable %d is %s, want %s", k, r.vars[k].name,
           order[k]);
  EXPECT(!strcmp(r.func, "jacobi"), "swap: function %s", r.func);
  const RegionVar *a = var(&r, "a"), *tmp = var(&r, "tmp"), *t = var(&r, "t"), *n = var(&r, "n");
  if (a && tmp && t && n) {
    EXPECT(!strcmp(a->type, "double *restrict") && a->levels == 1 && a->elem == ELEM_DOUBLE &&
               !a->is_array && !a->dead_on_entry && a->scope == REGION_PARAM,
           "a: %s levels %d", a->type, a->levels);
    EXPECT(tmp->dead_on_entry && tmp->scope == REGION_LOCAL, "tmp is assigned before it is read");
    EXPECT(t->dead_on_entry && var(&r, "j")->dead_on_entry, "loop counters are dead on entry");
    EXPECT(!n->dead_on_entry && n->levels == 0 && n->elem == ELEM_INTEGER && n->used, "n");
  }
  EXPECT(!region_find(&r, "m") && !region_find(&r, "unused_global"), "unused variables listed");
}

static void test_copyback_vars(void) {
  Region r;
  char path[256];
  analyze("copyback", COPYBACK, &r, path, sizeof path);
  EXPECT(r.nvars == 5, "copyback: %d variables", r.nvars);
  const RegionVar *u = var(&r, "u"), *q = var(&r, "quarter");
  if (u && q) {
    EXPECT(!strcmp(u->type, "double (*)[n]") && u->levels == 2 && u->variably_modified, "u: %s",
           u->type);
    EXPECT(q->scope == REGION_GLOBAL && q->is_array && q->outer == 4 && q->levels == 1 &&
               r.vars[r.nvars - 1].scope == REGION_GLOBAL,
           "quarter: a global, listed last");
  }
  EXPECT(!region_find(&r, "i") && !region_find(&r, "t"), "variables declared in the region");
}

static void test_type_dependence(void) {
  Region r;
  char path[256];
  analyze("padded", PADDED, &r, path, sizeof path);
  const RegionVar *pad = var(&r, "pad"), *A = var(&r, "A");
  if (pad && A) {
    EXPECT(!pad->used && pad < A, "pad: needed only by A's type, and declared before it");
    EXPECT(A->is_array && A->levels == 3 && !strcmp(A->type, "double[2][n][n + pad]"), "A: %s",
           A->type);
  }
}

static void test_derived_vars(void) {
  Region r;
  char path[256];
  analyze("derived", DERIVED, &r, path, sizeof path);
  const RegionVar *plane = var(&r, "plane"), *ld = var(&r, "ld"), *pad = var(&r, "pad"),
                  *rr = var(&r, "r"), *h = var(&r, "h"), *n = var(&r, "n");
  if (plane && ld && pad && rr && h && n) {
    EXPECT(!strcmp(plane->init, "(long)n * n") && plane->init_reads == (uint64_t)1 << (n - r.vars),
           "plane: init '%s' reads %llx", plane->init, (unsigned long long)plane->init_reads);
    EXPECT(!strcmp(ld->init, "n + 2 * pad + g_halo") && !ld->underived[0] &&
               ld->init_reads == ((uint64_t)1 << (n - r.vars) | (uint64_t)1 << (pad - r.vars)),
           "ld: init '%s', why '%s'", ld->init, ld->underived);
    EXPECT(!pad->used && !pad->sized && pad->init_dep, "pad: read by ld's initializer only");
    EXPECT(!strcmp(rr->init, "0.25 / (h * h)") && h->init_dep && !h->used, "r: '%s'", rr->init);
  }
  /* a global the file defines and never changes holds its declaration's value (Rodinia's
   * double t_chip = 0.0005;); g_scale, which set_scale changes, is refused below */
  const RegionVar *per = var(&r, "per");
  if (per) EXPECT(!strcmp(per->init, "h / g_len") && !per->underived[0], "per: init '%s', why '%s'",
                  per->init, per->underived);
  struct {
    const char *name, *why;
  } refused[] = {{"called", "calls 'abs'"},
                 {"scaled", "reads the global 'g_scale'"},
                 {"moved", "'moved' is assigned at line 15"},
                 {"kept", "static"}};
  for (size_t k = 0; k < sizeof refused / sizeof *refused; k++) {
    const RegionVar *v = var(&r, refused[k].name);
    if (v)
      EXPECT(!v->init[0] && strstr(v->underived, refused[k].why), "%s: init '%s', why '%s'",
             refused[k].name, v->init, v->underived);
  }
}

static void test_chained_vars(void) {
  Region r;
  char path[256];
  analyze("chained", CHAINED, &r, path, sizeof path);
  const RegionVar *ce = var(&r, "ce"), *cw = var(&r, "cw"), *cc = var(&r, "cc"),
                  *k = var(&r, "k"), *mixed = var(&r, "mixed");
  if (!ce || !cw || !cc || !k || !mixed) return;
  EXPECT(!strcmp(ce->init, "k / rx") && !strcmp(cw->init, "k / rx") && ce->init_line == 6,
         "ce: init '%s' (line %u), cw: '%s', why '%s'", ce->init, ce->init_line, cw->init,
         ce->underived);
  /* computed in the order they are assigned: k (declared after ce) first */
  EXPECT(k < ce && ce->init_reads >> (k - r.vars) & 1, "ce reads k, bound before it");
  EXPECT(!strcmp(cc->init, "1.0f - 2.0f * ce") && ce < cc && cc->init_reads >> (ce - r.vars) & 1,
         "cc: init '%s' reads %llx", cc->init, (unsigned long long)cc->init_reads);
  EXPECT(!mixed->init[0], "mixed (through a float link): init '%s'", mixed->init);
}

/* ---- declarators ---- */

static void expect_decl(const char *type, bool is_array, const char *name, bool decay, bool ptr,
                        const char *want) {
  RegionVar v;
  memset(&v, 0, sizeof v);
  snprintf(v.type, sizeof v.type, "%s", type);
  v.is_array = is_array;
  Buf b = {0};
  int rc = region_declarator(&b, &v, name, decay, ptr);
  if (!want)
    EXPECT(rc != 0, "%s should not be spelled", type);
  else
    EXPECT(rc == 0 && !strcmp(b.s, want), "%s as '%s': '%s', want '%s'", type, name,
           b.s ? b.s : "(null)", want);
  buf_free(&b);
}

static void test_declarators(void) {
  expect_decl("int", false, "n", true, false, "int n");
  expect_decl("int", false, "", false, true, "int *");
  expect_decl("unsigned long", false, "p", false, true, "unsigned long *p");
  expect_decl("double *restrict", false, "a", true, true, "double *restrict *a");
  expect_decl("float[2][n][n]", true, "A", true, false, "float (*A)[n][n]");
  expect_decl("float[2][n][n]", true, "A", true, true, "float (**A)[n][n]");
  expect_decl("float[2][n][n]", true, "", true, false, "float (*)[n][n]");
  expect_decl("double[2][100][100]", true, "G", false, false, "double G[2][100][100]");
  expect_decl("const float[3][3]", true, "W", true, false, "const float (*W)[3]");
  expect_decl("double[100]", true, "x", true, false, "double *x");
  expect_decl("double[(n + 1)][a[2]]", true, "x", true, false, "double (*x)[a[2]]");
  expect_decl("double (*)[n]", false, "u", true, true, "double (**u)[n]");
  expect_decl("double (*)[n]", false, "", false, false, "double (*)[n]");
  expect_decl("double (*)(double)", false, "f", false, false, NULL);
}

/* ---- refusals ---- */

/* harness_write on the region of text for jac's stencil, its diagnostics in text_out; returns
 * its exit code. */
static int refusal(const Stencil *jac, const char *name, const char *src, char *text, size_t cap) {
  Region r;
  char path[256], err[300];
  analyze(name, src, &r, path, sizeof path);
  Stencil st = *jac;
  marked_region(src, &st.region_begin, &st.region_end);
  UserSource u = {path, path, src, strlen(src)};
  Buf a = {0}, b = {0};
  snprintf(err, sizeof err, "%s/refusal.txt", tmpdir);
  fflush(stderr);
  int saved = dup(2);
  FILE *f = freopen(err, "w", stderr);
  int rc = harness_write(&a, &b, &st, &r, &u);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  (void)f;
  text[0] = 0;
  FILE *in = fopen(err, "r");
  if (in) {
    size_t n = fread(text, 1, cap - 1, in);
    text[n] = 0;
    fclose(in);
  }
  buf_free(&a);
  buf_free(&b);
  return rc;
}

/* alpha is a parameter the check cannot give a value: the refusal names it and its line; a
 * local computed by a call is refused with the call named. */
static void test_refusal(const Stencil *jac) {
  char text[600];
  int rc = refusal(jac, "alpha", ALPHA, text, sizeof text);
  EXPECT(rc == 2, "harness_write: %d, want 2", rc);
  EXPECT(strstr(text, "alpha.c:2:17:") && strstr(text, "'alpha'") && strstr(text, "parameter"),
         "the refusal names alpha and its line: %s", text);
  rc = refusal(jac, "called", CALLED, text, sizeof text);
  EXPECT(rc == 2 && strstr(text, "called.c:3:13: error: the check cannot compute 'm'") &&
             strstr(text, "calls 'abs'") && strstr(text, "hint:"),
         "the refusal of m names it, its line and the call: %s", text);
}

/* ---- the harness end to end ---- */

typedef struct {
  const char *name, *text, *array;
  TimeForm form;
  int want; /* the harness's exit code */
} FormCase;

/* Builds the harness for one storage form of the Jacobi stencil and runs it on dumps of the
 * generated program: the user's code must agree with the program (or, broken, must not). */
static void run_form(const Stencil *jac, const FormCase *c, const char *in, const char *out) {
  Region r;
  char path[256], cmd[2048];
  analyze(c->name, c->text, &r, path, sizeof path);
  Stencil st = *jac;
  snprintf(st.array, sizeof st.array, "%s", c->array);
  st.time_form = c->form;
  marked_region(c->text, &st.region_begin, &st.region_end);
  UserSource u = {path, path, c->text, strlen(c->text)};
  Buf region = {0}, driver = {0};
  EXPECT(harness_write(&region, &driver, &st, &r, &u) == 0, "%s: harness_write", c->name);
  char rs[300], ds[300];
  snprintf(rs, sizeof rs, "%s/%s-region.c", tmpdir, c->name);
  snprintf(ds, sizeof ds, "%s/%s-driver.c", tmpdir, c->name);
  EXPECT(!buf_write_file(&region, rs) && !buf_write_file(&driver, ds), "%s: write", c->name);
  buf_free(&region);
  buf_free(&driver);
  snprintf(cmd, sizeof cmd, "cc -O1 -o %s/%s-harness %s %s -lm && %s/%s-harness %s %s >%s/%s.log",
           tmpdir, c->name, rs, ds, tmpdir, c->name, in, out, tmpdir, c->name);
  int rc = sh(cmd);
  EXPECT(rc == c->want, "%s: harness exit %d, want %d (%s)", c->name, rc, c->want, cmd);
}

static void test_forms(const Stencil *jac) {
  Buf prog = {0};
  GenOptions g = {.backend = &backend_cpu, .dtype = DTYPE_DOUBLE};
  EXPECT(codegen_program(&prog, jac, &g) == 0, "codegen");
  char src[256], cmd[2048], in[256], out[256];
  snprintf(src, sizeof src, "%s/prog.c", tmpdir);
  EXPECT(!buf_write_file(&prog, src), "write program");
  buf_free(&prog);
  snprintf(cmd, sizeof cmd, "cc -O1 -fopenmp -o %s/prog %s -lm", tmpdir, src);
  EXPECT(sh(cmd) == 0, "build %s", src);
  /* without the swap every sweep reads the input again, and a keeps it: a mismatch */
  static const char *const BROKEN_SWAP_FROM = "tmp = a; a = b; b = tmp;";
  char broken[2048];
  const char *at = strstr(SWAP, BROKEN_SWAP_FROM);
  snprintf(broken, sizeof broken, "%.*s%s", (int)(at - SWAP), SWAP, at + strlen(BROKEN_SWAP_FROM));
  FormCase cases[] = {
      {"swap-flat", SWAP, "a", TIME_PARITY, 0},
      {"copyback-rows", COPYBACK, "u", TIME_COPYBACK, 0},
      {"swap-missing", broken, "a", TIME_PARITY, 1},
  };
  for (int steps = 4; steps <= 5; steps++) { /* the result in either buffer */
    snprintf(in, sizeof in, "%s/in%d.dump", tmpdir, steps);
    snprintf(out, sizeof out, "%s/out%d.dump", tmpdir, steps);
    snprintf(cmd, sizeof cmd,
             "%s/prog -s 13 -t %d -r 1 --dump-input %s --dump-output %s >/dev/null", tmpdir, steps,
             in, out);
    EXPECT(sh(cmd) == 0, "run the program");
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) run_form(jac, &cases[k], in, out);
  }
}

int main(void) {
  if (!mkdtemp(tmpdir)) {
    perror("mkdtemp");
    return 1;
  }
  test_swap_vars();
  test_copyback_vars();
  test_type_dependence();
  test_derived_vars();
  test_chained_vars();
  test_declarators();
  Stencil jac;
  EXPECT(frontend_parse_buffer("jac.c", PARITY, strlen(PARITY), NULL, &jac) == 0, "parse jac");
  test_refusal(&jac);
  test_forms(&jac);
  ir_free(&jac);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
  if (!failures) sh(cmd);
  return expect_summary("test_harness");
}
