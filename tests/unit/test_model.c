// The performance models against values computed by hand (the arithmetic is in the comments).
// Runs from the repository root (tests/run.sh builds it against build/obj, without the CLI).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "model/model.h"
#include "expect.h"

static bool near(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(1, fabs(b)); }

static GpuSpec gpu(const char *key) {
  GpuSpec g;
  if (model_gpu_find(key, NULL, &g)) abort();
  return g;
}

static void test_gpu_table(void) {
  GpuSpec h200 = gpu("h200"), a100 = gpu("a100"), g;
  EXPECT(h200.sms == 132 && near(h200.mem_gbs, 4258), "h200: %d SMs, %g GB/s", h200.sms, h200.mem_gbs);
  EXPECT(near(h200.fp32_gflops, 132 * 128 * 2 * 1.98), "h200 fp32 %g", h200.fp32_gflops);
  EXPECT(near(a100.fp64_gflops, 108 * 32 * 2 * 1.41), "a100 fp64 %g", a100.fp64_gflops);
  EXPECT(a100.smem_per_sm == 164 * 1024 && a100.arch == 80, "a100 smem %ld", a100.smem_per_sm);
  EXPECT(model_gpu_find("v100", NULL, &g) == -1, "unknown key");
  EXPECT(!strcmp(model_gpu_key_for_name("NVIDIA H200"), "h200") && !model_gpu_key_for_name("Tesla V100"),
         "names to keys");
  /* A probe file of the same GPU overrides what it measured and rescales the derived peaks. */
  char path[] = "/tmp/stencilc_probe_XXXXXX";
  int fd = mkstemp(path);
  FILE *f = fdopen(fd, "w");
  fputs("gpu h200\nname Probed H200\nmem_gbs 4000.5\nsms 100\n", f);
  fclose(f);
  EXPECT(!model_gpu_find("h200", path, &g), "probe lookup");
  EXPECT(near(g.mem_gbs, 4000.5) && g.sms == 100 && !strcmp(g.name, "Probed H200"), "probe fields");
  EXPECT(near(g.fp32_gflops, 100 * 128 * 2 * 1.98) && near(g.smem_gbs, 100 * 128 * 1.98), "rescaled");
  model_gpu_find("a100", path, &g); /* another GPU's probe is ignored */
  EXPECT(g.sms == 108 && near(g.mem_gbs, 2039), "probe of another GPU applied");
  remove(path);
}

static void test_occupancy(void) {
  GpuSpec g = gpu("h200");
  const char *lim;
  /* 256 threads, 32 regs: 1024 regs/warp, 64 warps = 8 blocks; threads: 2048/256 = 8 (first) */
  EXPECT(model_blocks_per_sm(&g, 256, 32, 0, &lim) == 8 && !strcmp(lim, "threads"), "%s", lim);
  /* 64 regs: 2048 regs/warp -> 32 warps -> 4 blocks of 8 warps */
  EXPECT(model_blocks_per_sm(&g, 256, 64, 0, &lim) == 4 && !strcmp(lim, "registers"), "%s", lim);
  /* 20 regs round up to 24 (768 per warp): 85 warps -> 21 blocks of 4 warps; threads allow 16 */
  EXPECT(model_blocks_per_sm(&g, 128, 20, 0, &lim) == 16, "128 threads");
  /* 100 KiB + 1 KiB reserved: 228 KiB hold 2 */
  EXPECT(model_blocks_per_sm(&g, 256, 32, 100 * 1024, &lim) == 2 && !strcmp(lim, "shared"), "%s", lim);
  EXPECT(model_blocks_per_sm(&g, 256, 32, 228 * 1024, &lim) == 0, "over the per-block limit");
  EXPECT(model_blocks_per_sm(&g, 32, 16, 0, &lim) == 32 && !strcmp(lim, "blocks"), "%s", lim);
}

static void test_ops_and_registers(const Stencil *j2d5pt) {
  /* (CC*a + CN*b + CS*c + CW*d + CE*e) / CDIV: 4 adds each fuse a multiply, 1 multiply left,
   * the division: eff = (2*4 + 1 + 1) / (2 * 6) */
  OpCounts o = model_op_counts(j2d5pt, false);
  EXPECT(o.fma == 4 && o.mul == 1 && o.add == 0 && o.other == 1, "%d %d %d %d", o.fma, o.mul, o.add, o.other);
  EXPECT(near(model_alu_efficiency(o), 10.0 / 12), "eff %g", model_alu_efficiency(o));
  /* folded linear form: 5 terms = 1 multiply + 4 FMAs: eff = 9 / 10 */
  o = model_op_counts(j2d5pt, true);
  EXPECT(o.fma == 4 && o.mul == 1 && o.other == 0 && near(model_alu_efficiency(o), 0.9), "linear");
  /* AN5D: bT (2r+1) + bT + 20 in float, 2 bT (2r+1) + bT + 30 in double */
  N5dPlan df = {.mode = N5D_DIAGONAL_FREE, .bt = 4, .bs = {256, 1}, .rows = 1, .ring = 3};
  EXPECT(model_n5d_registers(&df, DTYPE_FLOAT) == 36, "float %d", model_n5d_registers(&df, DTYPE_FLOAT));
  EXPECT(model_n5d_registers(&df, DTYPE_DOUBLE) == 58, "double %d", model_n5d_registers(&df, DTYPE_DOUBLE));
  N5dPlan general = {.mode = N5D_GENERAL, .bt = 4, .bs = {256, 1}, .rows = 1, .ring = 3};
  EXPECT(model_n5d_registers(&general, DTYPE_FLOAT) == 24, "general: no register ring");
}

static void test_tabik(void) {
  long n[3] = {64, 64, 1};
  /* 32x8 blocks, halo 2: 16 blocks x (stores 1*8 + loads 1*(8+2) + 1*8) = 16 * 26 */
  int wide[3] = {32, 8, 1}, halo[3] = {2, 2, 0};
  EXPECT(near(model_tabik_transactions(n, wide, halo, 32), 416), "wide %g",
         model_tabik_transactions(n, wide, halo, 32));
  /* Tabik eq. 3 (GX, no y halo): (2 ceil(bx/w) + ceil(hx/w)) by = 24 per block */
  int gx[3] = {2, 0, 0};
  EXPECT(near(model_tabik_transactions(n, wide, gx, 32), 16 * 24), "eq 3");
  /* 16x16 blocks (narrower than a warp): 8 warps x (1 store + 2 + 1 loads) + 16/32*2 = 33 */
  int narrow[3] = {16, 16, 1};
  EXPECT(near(model_tabik_transactions(n, narrow, halo, 32), 16 * 33), "narrow %g",
         model_tabik_transactions(n, narrow, halo, 32));
}

/* j2d5pt (radius 1, halo 1) on a 20x50 interior, one launch of bT = 1, 32-thread blocks, hSN 10,
 * one row per barrier as in AN5D:
 *   x: tiles advance 30; [0,32) and [30,62) cover 64, of which 32 + 22 inside the 52-wide grid and
 *      31 + 21 inside the interior [1,51)
 *   stream: chunks [0,12) and [10,22): 24 rows, all in the 22-row grid, 11 + 11 interior
 * so 64*24 = 1536 thread-rows: in the grid 54*24 = 1296, interior 52*22 = 1144, valid 1000. */
static void test_n5d_classes(const Stencil *st) {
  GpuSpec g = gpu("h200");
  GenOptions opt = {.backend = BACKEND_N5D, .dtype = DTYPE_FLOAT, .n5d = {.bt = 1, .bs = {32, 0}, .hsn = 10, .rows = 1}};
  Problem pb = {{20, 50, 0}, 1};
  Prediction p;
  EXPECT(!model_predict(st, &opt, &pb, &g, &p), "predict");
  ThreadClasses c = p.classes;
  EXPECT(near(c.out_of_bound, 240) && near(c.boundary, 152) && near(c.redundant, 144) && near(c.valid, 1000),
         "classes %g %g %g %g", c.out_of_bound, c.boundary, c.redundant, c.valid);
  EXPECT(p.blocks == 4, "blocks %ld", p.blocks);
  /* global: (1296 reads + 1000 writes) * 4 B; shared (diagonal-free: the two x neighbours read,
   * one write): 1536 * 3 * 4 B */
  EXPECT(near(p.gm_bytes, 2296 * 4) && near(p.sm_bytes, 1536 * 3 * 4), "%g %g", p.gm_bytes, p.sm_bytes);
  EXPECT(near(p.t_gm, 2296 * 4 / 4258e9), "t_gm %g", p.t_gm);
  /* registers 20 + 1 + 3 = 24; 32 threads: 32 blocks per SM (the block limit); 4 blocks fill
   * 4 / (32 * 132) of a wave */
  EXPECT(p.regs == 24 && p.blocks_per_sm == 32, "regs %d blocks/SM %d", p.regs, p.blocks_per_sm);
  EXPECT(near(p.eff_sm, 4.0 / (32 * 132)), "eff_sm %g", p.eff_sm);
  double worst = fmax(p.t_gm, fmax(p.t_sm, p.t_comp));
  EXPECT(near(p.seconds, worst / p.eff_sm) && near(p.gcells, 1000 / p.seconds / 1e9), "time");
  /* register pressure: a cap under the estimate is pruned */
  opt.n5d.regs = 24, opt.n5d.bt = 2;
  EXPECT(model_predict(st, &opt, &pb, &g, &p) == -1, "cap 24 under the estimate 20+2+6");
}

static void test_naive(const Stencil *st) {
  GpuSpec g = gpu("h200");
  GenOptions opt = {.backend = BACKEND_NAIVE, .dtype = DTYPE_FLOAT};
  Problem pb = {{1024, 1024, 0}, 10};
  Prediction p;
  EXPECT(!model_predict(st, &opt, &pb, &g, &p), "naive predict");
  /* DRAM: every cell read and written once a step; default block 8x32 */
  EXPECT(near(p.t_gm, 2.0 * 1024 * 1024 * 4 / 4258e9), "t_gm %g", p.t_gm);
  long n[3] = {1024, 1024, 1};
  int blk[3] = {32, 8, 1}, halo[3] = {2, 2, 0};
  EXPECT(near(p.l2_bytes, model_tabik_transactions(n, blk, halo, 32) * 32 * 4), "l2 bytes");
  EXPECT(p.bound == BOUND_GLOBAL && near(p.seconds, 10 * p.t_gm / p.eff_sm), "bound %s",
         model_bound_name(p.bound));
}

static void test_rank(const Stencil *st) {
  GpuSpec h200 = gpu("h200"), a100 = gpu("a100");
  Problem pb = {{4096, 4096, 0}, 100};
  Candidate *c, *d;
  int n = model_rank(st, DTYPE_FLOAT, &pb, &h200, &c), m = model_rank(st, DTYPE_FLOAT, &pb, &a100, &d);
  EXPECT(n > 50 && m > 50, "%d and %d candidates", n, m);
  bool naive = false, n5d = false;
  for (int i = 0; i < n; i++) {
    char why[256];
    EXPECT(!codegen_validate(st, &c[i].opt, why, sizeof why), "candidate %d refused: %s", i, why);
    EXPECT(i == 0 || c[i - 1].pred.gcells >= c[i].pred.gcells, "not sorted at %d", i);
    naive |= c[i].opt.backend == BACKEND_NAIVE;
    n5d |= c[i].opt.backend == BACKEND_N5D;
  }
  EXPECT(naive && n5d, "both strategies ranked");
  EXPECT(c[0].opt.backend == BACKEND_N5D, "temporal blocking wins on a first-order 2D stencil");
  EXPECT(c[0].pred.gcells > d[0].pred.gcells, "h200 %g vs a100 %g", c[0].pred.gcells, d[0].pred.gcells);
  char text[96];
  model_params_text(st, &(GenOptions){.backend = BACKEND_N5D, .n5d = {4, {256, 0}, 512, 64}}, text, sizeof text);
  EXPECT(!strcmp(text, "--bt 4 --bs 256 --hsn 512 --regs 64"), "%s", text);
  free(c);
  free(d);
}

int main(void) {
  Stencil st;
  if (frontend_parse("examples/j2d5pt.c", &st)) return 1;
  test_gpu_table();
  test_occupancy();
  test_ops_and_registers(&st);
  test_tabik();
  test_n5d_classes(&st);
  test_naive(&st);
  test_rank(&st);
  ir_free(&st);
  if (failures) {
    printf("test_model: %d failures\n", failures);
    return 1;
  }
  printf("test_model: all passed\n");
  return 0;
}
