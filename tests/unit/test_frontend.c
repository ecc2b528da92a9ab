/* The front end's options (the C flags a compiler takes, --function) and the source facts it
 * records for the check against the user's code: the step count, the region, the storage form,
 * the run-time scalars and their defaults.
 * Sources are held in memory (frontend_parse_buffer); headers come from tests/inputs/include. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "expect.h"
#include "frontend/frontend.h"
#include "frontend/program.h"

/* A stencil whose coefficient, extent and halo come from macros the flags define. */
static const char FLAGGED[] =
    "#include \"bench.h\"\n"
    "#ifndef HALO\n#error HALO must be given with -D\n#endif\n"
    "#ifdef UNWANTED\n#error UNWANTED must be undefined by -U\n#endif\n"
    "void f(int steps, DATA_TYPE A[2][N][N]) {\n"
    "  for (int t = 0; t < steps; t++)\n"
    "    for (int i = HALO; i < N - HALO; i++)\n"
    "      for (int j = HALO; j < N - HALO; j++)\n"
    "        A[(t + 1) % 2][i][j] = COEF * (A[t % 2][i][j - HALO] + A[t % 2][i][j + HALO]);\n"
    "}\n";

static int parse(const char *text, const char *const *args, int nargs, const char *function,
                 Stencil *st) {
  FrontendOptions fo = {args, nargs, function};
  return frontend_parse_buffer("tests/inputs/mem.c", text, strlen(text), &fo, st);
}

static void test_flags(void) {
  Stencil st;
  const char *const args[] = {"-I", "tests/inputs/include", "-DHALO=2", "-DN=64", "-UUNWANTED",
                              "-DUNWANTED", "-DCOEF=0.5f", "-DDATA_TYPE=float"};
  /* -U after -D of the same name undefines it, as for cc */
  const char *const ordered[] = {"-I", "tests/inputs/include", "-DHALO=2", "-DN=64",
                                 "-DUNWANTED", "-UUNWANTED", "-DCOEF=0.5f", "-DDATA_TYPE=float"};
  EXPECT(parse(FLAGGED, args, 8, NULL, &st) == 2, "-D UNWANTED after -U must leave it defined");
  EXPECT(parse(FLAGGED, ordered, 8, NULL, &st) == 0, "flags -I -D -U accepted");
  EXPECT(st.dims == 2 && st.extent_const[0] == 64 && st.lo[1] == 2 && st.hi[1] == 2, "N, HALO");
  EXPECT(st.dtype == DTYPE_FLOAT && st.npoints == 2 && st.coef && st.coef[0] == 0.5, "COEF");
  ir_free(&st);
  EXPECT(parse(FLAGGED, NULL, 0, NULL, &st) == 2, "without the flags the header is missing");
  /* -include and -std= */
  const char *inc[] = {"-include", "tests/inputs/include/bench.h", "-DHALO=1", "-DCOEF=0.25",
                       "-std=gnu99"};
  const char *body = strchr(FLAGGED, '\n') + 1; /* without the #include line */
  EXPECT(parse(body, inc, 5, NULL, &st) == 0, "-include FILE and -std=gnu99");
  EXPECT(st.dtype == DTYPE_DOUBLE && st.extent_const[0] == 1024, "bench.h's defaults");
  ir_free(&st);
  /* strict C99 hides clock_gettime's struct timespec from <time.h>, as it does for cc */
  inc[4] = "-std=c99";
  EXPECT(parse(body, inc, 5, NULL, &st) == 2, "-std=c99 is the dialect clang reads");
}

static const char TWO[] =
    "void a(int n, int steps, float A[2][n][n]) {\n"
    "  for (int t = 0; t < steps; t++)\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 1; j < n - 1; j++)\n"
    "        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][j - 1] + 0.5f * A[t % 2][i][j];\n"
    "}\n"
    "void b(int n, int nt, double *u, double *v) {\n"
    "  for (int t = 1; t <= nt - 2; t++) {\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 2; j < n - 2; j++)\n"
    "        v[i * n + j] = 0.5 * (u[i * n + j - 2] + u[i * n + j + 2]);\n"
    "    double *w = u; u = v; v = w;\n"
    "  }\n"
    "}\n";

static void test_function(void) {
  Stencil st;
  EXPECT(parse(TWO, NULL, 0, NULL, &st) == 2, "two stencils and no choice");
  EXPECT(parse(TWO, NULL, 0, "a", &st) == 0 && !strcmp(st.func_name, "a"), "--function a");
  EXPECT(!strcmp(st.steps_param, "steps") && st.steps_const == 0 && st.time_first == 0 &&
             st.steps_per_iter == 1 && st.out_array[0] == 0,
         "a: steps, levels in one array: %s %ld", st.steps_param, st.steps_const);
  ir_free(&st);
  EXPECT(parse(TWO, NULL, 0, "b", &st) == 0 && !strcmp(st.func_name, "b"), "--function b");
  /* t = 1 .. nt - 2 inclusive: nt - 2 iterations */
  EXPECT(!strcmp(st.steps_param, "nt") && st.steps_const == -2 && st.time_first == 1,
         "b: steps %s%+ld from %ld", st.steps_param, st.steps_const, st.time_first);
  EXPECT(!strcmp(st.array, "u") && !strcmp(st.out_array, "v") && st.dtype == DTYPE_DOUBLE,
         "b: reads u, writes v");
  EXPECT(st.region_line == 8 && st.region_begin < st.region_end, "b: region from line 8");
  ir_free(&st);
  EXPECT(parse(TWO, NULL, 0, "c", &st) == 2, "--function of a name not defined");
}

static const char SCOP[] =
    "int main(void) {\n"
    "  static float A[2][64][64];\n"
    "  for (int i = 0; i < 64; i++)\n"
    "    for (int j = 0; j < 64; j++) A[0][i][j] = A[1][i][j] = i + j;\n"
    "#pragma scop\n"
    "  for (int t = 0; t < 10; t++)\n"
    "    for (int i = 1; i < 63; i++)\n"
    "      for (int j = 1; j < 63; j++)\n"
    "        A[(t + 1) % 2][i][j] = 0.25f * (A[t % 2][i - 1][j] + A[t % 2][i + 1][j] + A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);\n"
    "#pragma endscop\n"
    "  return (int)A[0][1][1];\n"
    "}\n";

static void test_scop_region(void) {
  Stencil st;
  EXPECT(parse(SCOP, NULL, 0, NULL, &st) == 0, "scop region in main");
  const char *endscop = strstr(SCOP, "#pragma endscop");
  const char *first = strstr(SCOP, "#pragma scop\n") + strlen("#pragma scop");
  EXPECT(st.region_begin == (unsigned)(first - SCOP) && st.region_end == (unsigned)(endscop - SCOP),
         "region [%u, %u) is between the pragmas", st.region_begin, st.region_end);
  EXPECT(st.region_line == 6 && st.steps_const == 10 && st.steps_param[0] == 0, "line, steps");
  ir_free(&st);
}

/* Run-time scalars: a parameter, a local derived from it, the heat step's coefficients 1 - 4 r
 * and r, and the default rule (README): alpha = 1 gives r = 0.2 * 1 / 2 = 0.1 and the gain
 * |1 - 4 r| + 4 r = 1. All values by hand. */
static const char HEAT2D[] =
    "void heat(int n, int steps, double alpha, double A[2][n][n]) {\n"
    "  const double dt = 0.2;\n"
    "  double r = alpha * dt / 2.0;\n"
    "  for (int t = 0; t < steps; t++)\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 1; j < n - 1; j++)\n"
    "        A[(t + 1) % 2][i][j] = A[t % 2][i][j] + r * (A[t % 2][i - 1][j] + A[t % 2][i + 1][j] +\n"
    "                               A[t % 2][i][j - 1] + A[t % 2][i][j + 1] - 4.0 * A[t % 2][i][j]);\n"
    "}\n";

static void test_heat_scalars(void) {
  Stencil st;
  EXPECT(parse(HEAT2D, NULL, 0, NULL, &st) == 0, "the heat step with alpha and r is accepted");
  if (st.dims != 2) return;
  EXPECT(st.nscalars == 2 && st.nweights == 2 && !st.weights[0], "two scalars, no weight array");
  EXPECT(!strcmp(st.scalars[0].name, "alpha") && st.scalars[0].kind == SCALAR_PARAM, "alpha");
  EXPECT(!strcmp(st.scalars[1].name, "r") && st.scalars[1].kind == SCALAR_DERIVED &&
             st.scalars[1].line == 3, "r, derived, line 3");
  EXPECT(st.associative, "linear with symbolic coefficients");
  int centre = -1;
  for (int p = 0; p < st.npoints; p++)
    if (!st.points[p].off[0] && !st.points[p].off[1]) centre = p;
  EXPECT(centre >= 0 && st.coef_weight[centre] == 1 && st.coef_base[centre] == 1 &&
             st.coef[centre] == -4, "centre 1 - 4 r");
  for (int p = 0; p < st.npoints; p++)
    if (p != centre)
      EXPECT(st.coef_weight[p] == 1 && st.coef_base[p] == 0 && st.coef[p] == 1, "neighbour r");
  EXPECT(st.scalars[0].value == 1, "default alpha = 1, not %g", st.scalars[0].value);
  double all[IR_MAX_SCALARS] = {0.5};
  ir_eval_scalars(&st, all);
  EXPECT(fabs(all[1] - 0.05) < 1e-15, "r = 0.5 * 0.2 / 2 = 0.05, not %g", all[1]);
  EXPECT(fabs(ir_gain_at(&st, all) - 1) < 1e-15, "gain at alpha 0.5: 0.8 + 0.2");
  all[0] = 4;
  ir_eval_scalars(&st, all);
  EXPECT(fabs(ir_gain_at(&st, all) - 2.2) < 1e-15, "gain at alpha 4 (r = 0.4): |1 - 1.6| + 1.6 = 2.2");
  ir_free(&st);
}

/* Every flag reaches clang, however many (no silent drop past a fixed array): the one the file
 * needs comes last, after 1,500 others, in both front ends. */
static const char WAVE1D[] =
    "#ifndef LAST\n#error LAST must be given with -D\n#endif\n"
    "void wave1d(int n, int nt, double u[3][n], const double c2[n]) {\n"
    "  for (int t = 0; t < nt; t++)\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      u[(t + 1) % 3][i] = 2.0 * u[t % 3][i] - u[(t + 2) % 3][i] +\n"
    "                          c2[i] * (u[t % 3][i - 1] - 2.0 * u[t % 3][i] + u[t % 3][i + 1]);\n"
    "}\n";

static void test_many_flags(void) {
  enum { MANY = 1500 };
  static char words[MANY][16];
  static const char *args[MANY + 1];
  for (int i = 0; i < MANY; i++) {
    snprintf(words[i], sizeof words[i], "-DUNUSED%d", i);
    args[i] = words[i];
  }
  args[MANY] = "-DLAST";
  Stencil st;
  EXPECT(parse(FLAGGED, args, MANY, NULL, &st) == 2, "1,500 flags without -I: bench.h is missing");
  const char *const flags[] = {"-I", "tests/inputs/include", "-DHALO=1", "-DCOEF=0.5"};
  for (int i = 0; i < 4; i++) args[MANY - 4 + i] = flags[i];
  EXPECT(parse(FLAGGED, args, MANY, NULL, &st) == 0, "the last of %d flags reaches clang", MANY);
  ir_free(&st);
  args[MANY - 1] = "-DCOEF=0.5";
  args[MANY] = "-DLAST";
  const char *tmp = getenv("TMPDIR");
  char dir[4096], path[4200];
  snprintf(dir, sizeof dir, "%s/stencilc-flags-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  EXPECT(mkdtemp(dir), "cannot create %s", dir);
  snprintf(path, sizeof path, "%s/wave1d.c", dir);
  FILE *f = fopen(path, "w");
  EXPECT(f && fputs(WAVE1D, f) >= 0 && !fclose(f), "cannot write %s", path);
  FrontendOptions few = {args, MANY, NULL}, all = {args, MANY + 1, NULL};
  Program pr;
  EXPECT(frontend_parse_program(path, &few, &pr) == PROGRAM_NOT, "no -DLAST: clang's #error");
  EXPECT(frontend_parse_program(path, &all, &pr) == PROGRAM_OK,
         "the program front end reads -DLAST, flag %d", MANY + 1);
  program_free(&pr);
  remove(path);
  rmdir(dir);
}

/* Radius and filter loops over const tables (unroll.c): a 3x3 table written with its inner
 * braces left out and its last two values missing (C makes them 0), read through two filter
 * loops counting down; and a strided radius loop over a 1D table. */
static const char TABLES[] =
    "static const double w[3][3] = {1, 2, 3, 4, 5, 6, 7};\n"
    "void f(int n, int steps, double A[2][n][n]) {\n"
    "  for (int t = 0; t < steps; t++)\n"
    "    for (int i = 1; i < n - 1; i++)\n"
    "      for (int j = 1; j < n - 1; j++) {\n"
    "        double s = 0.0;\n"
    "        for (int a = 1; a >= -1; a--)\n"
    "          for (int b = 1; b > -2; b -= 1) s += w[a + 1][b + 1] * A[t % 2][i + a][j + b];\n"
    "        A[(t + 1) % 2][i][j] = s;\n"
    "      }\n"
    "}\n";

static const char STRIDED[] =
    "#define R 4\n"
    "void f(int n, int steps, float *restrict u, float *restrict v) {\n"
    "  const float c[R + 1] = {0.5f, 0.25f, 9.0f, 0.125f, 9.0f};\n"
    "  for (int t = 0; t < steps; t++) {\n"
    "    for (int i = R; i < n - R; i++) {\n"
    "      float s = c[0] * u[i];\n"
    "      for (int r = 1; r < R; r = r + 2) s += c[r] * (u[i + r] + u[i - r]);\n"
    "      v[i] = s;\n"
    "    }\n"
    "    float *x = u; u = v; v = x;\n"
    "  }\n"
    "}\n";

static double coef_at(const Stencil *st, int a, int b) {
  for (int k = 0; k < st->npoints; k++)
    if (st->points[k].off[0] == a && st->points[k].off[1] == b) return st->coef[k];
  return NAN;
}

static void test_tables(void) {
  Stencil st;
  EXPECT(parse(TABLES, NULL, 0, NULL, &st) == 0, "a brace-elided 3x3 table through two loops down");
  EXPECT(st.npoints == 9 && st.coef, "nine points, constant coefficients");
  EXPECT(coef_at(&st, -1, -1) == 1 && coef_at(&st, -1, 1) == 3 && coef_at(&st, 0, -1) == 4 &&
             coef_at(&st, 1, -1) == 7 && coef_at(&st, 1, 0) == 0 && coef_at(&st, 1, 1) == 0,
         "w[a + 1][b + 1] in row-major order, the values left out are 0");
  ir_free(&st);
  EXPECT(parse(STRIDED, NULL, 0, NULL, &st) == 0, "a radius loop stepping by 2 over a const table");
  EXPECT(st.npoints == 5 && st.coef && coef_at(&st, 0, 0) == 0.5 && coef_at(&st, 1, 0) == 0.25 &&
             coef_at(&st, -3, 0) == 0.125,
         "r = 1 and 3 only: c[2] and c[4] are never read");
  ir_free(&st);
}

/* One update of a 1D grid of type T; the update's right side is RHS (a, the grid). */
#define ROUNDING(T, RHS)                                                                         \
  "void f(int n, int steps, " T " A[2][n]) {\n"                                               \
  "  for (int t = 0; t < steps; t++)\n"                                                       \
  "    for (int i = 1; i < n - 1; i++) A[(t + 1) % 2][i] = " RHS ";\n"                        \
  "}\n"

/* Whether e holds an EX_FLOAT node. */
static bool rounds(const Expr *e) {
  if (e->kind == EX_FLOAT) return true;
  for (int i = 0; i < e->nargs; i++)
    if (rounds(e->arg[i])) return true;
  return false;
}

/* What C rounds to float inside a double stencil stays rounded (EX_FLOAT); a float stencil
 * computes in float anyway; constants keep the float's value without a node. */
static void test_float_roundings(void) {
  static const struct {
    const char *text, *what;
    bool want;
  } cases[] = {
      {ROUNDING("double", "(float)(0.5 * (A[t % 2][i - 1] + A[t % 2][i + 1]))"),
       "a (float) of a run-time value in a double stencil", true},
      {ROUNDING("double", "(float)A[t % 2][i - 1] * 0.5f + A[t % 2][i + 1]"),
       "float arithmetic on a (float) read", true},
      {ROUNDING("double", "(float)0.1 * A[t % 2][i - 1] + A[t % 2][i + 1]"),
       "a (float) constant: its value, no node", false},
      {ROUNDING("double", "0.5f * 0.25f * A[t % 2][i - 1] + A[t % 2][i + 1]"),
       "float arithmetic on constants: folded", false},
      {ROUNDING("float", "(float)(0.5 * (A[t % 2][i - 1] + A[t % 2][i + 1]))"),
       "a float stencil", false},
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    Stencil st;
    EXPECT(parse(cases[k].text, NULL, 0, NULL, &st) == 0, cases[k].what);
    EXPECT(rounds(st.expr) == cases[k].want, cases[k].what);
    ir_free(&st);
  }
  Stencil st;
  EXPECT(parse(ROUNDING("double", "(float)0.1 * A[t % 2][i - 1] + A[t % 2][i + 1]"), NULL, 0, NULL,
               &st) == 0 && st.coef && st.coef[0] + st.coef[1] == (double)0.1f + 1,
         "(float)0.1 is the float's value");
  ir_free(&st);
}

/* Integer grids: the element type, the operators C computes in int, and the values the
 * program fills the grid with (ir_integer_range): the type's range for 8- and 16-bit pixels,
 * for int the widest power-of-two range each step keeps. */
#define INT_GRID(T, RHS)                                                                      \
  "void f(int n, int steps, " T " *restrict a, " T " *restrict b) {\n"                         \
  "  for (int t = 0; t < steps; t++) {\n"                                                     \
  "    for (int i = 1; i < n - 1; i++) b[i] = " RHS ";\n"                                     \
  "    " T " *tmp = a; a = b; b = tmp;\n  }\n}\n"

static void test_integer_grids(void) {
  Stencil st;
  EXPECT(parse(INT_GRID("unsigned char", "(a[i - 1] + 2 * a[i] + a[i + 1]) / 4"), NULL, 0, NULL,
               &st) == 0 && st.dtype == DTYPE_U8 && st.expr->kind == EX_IDIV &&
             ir_expr_integer(st.expr) && st.value_lo == 0 && st.value_hi == 255 && !st.associative,
         "uint8 (a + 2b + c) / 4: an int division, values in [0, 255]");
  ir_free(&st);
  EXPECT(parse(INT_GRID("int", "(a[i - 1] + 2 * a[i] + a[i + 1] + 2) >> 2"), NULL, 0, NULL, &st) == 0 &&
             st.dtype == DTYPE_I32 && st.expr->kind == EX_SHR && st.value_lo == 0 &&
             st.value_hi == 268435456.0,
         "int (a + 2b + c + 2) >> 2: non-negative values up to 2^28 (4 * 2^28 + 2 fits int)");
  ir_free(&st);
  EXPECT(parse(INT_GRID("int", "a[i - 1] / 2 + a[i + 1] / 2"), NULL, 0, NULL, &st) == 0 &&
             st.value_lo == -1073741824.0 && st.value_hi == 1073741824.0,
         "int halves: values in [-2^30, 2^30]");
  ir_free(&st);
  EXPECT(parse(INT_GRID("unsigned short", "(unsigned short)(0.25f * a[i - 1] + 0.75f * a[i + 1])"),
               NULL, 0, NULL, &st) == 0 && st.dtype == DTYPE_U16 && !ir_expr_integer(st.expr),
         "uint16 from float weights: a floating update, in range");
  ir_free(&st);
  EXPECT(parse(INT_GRID("unsigned char", "a[i - 1] + a[i + 1]"), NULL, 0, NULL, &st) == 0,
         "uint8 sum stored modulo 256, as C converts to unsigned");
  ir_free(&st);
  EXPECT(parse(INT_GRID("signed char", "a[i - 1] + a[i + 1]"), NULL, 0, NULL, &st) != 0,
         "signed char sum out of range: refused");
  EXPECT(parse(INT_GRID("unsigned char", "2.0f * a[i]"), NULL, 0, NULL, &st) != 0,
         "uint8 from an unclamped float beyond 255: refused");
}

int main(void) {
  test_integer_grids();
  test_float_roundings();
  test_tables();
  test_many_flags();
  test_heat_scalars();
  test_flags();
  test_function();
  test_scop_region();
  return expect_summary("test_frontend");
}
