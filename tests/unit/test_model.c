// The performance models against values computed by hand (the arithmetic is in the comments).
// Runs from the repository root (tests/run.sh builds it against build/obj, without the CLI).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "backends/backends.h"
#include "codegen/fft.h"
#include "codegen/naive.h"
#include "codegen/ssam.h"
#include "expect.h"

static bool near(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(1, fabs(b)); }

/* Options of the named backend with its parameter struct (NULL: the defaults). */
static GenOptions options(const char *backend, DType dt, const void *params, size_t size) {
  GenOptions o = {.backend = backends_find(backend), .dtype = dt};
  if (params) codegen_set_params(&o, params, size);
  return o;
}

static int predict(const Stencil *st, const GenOptions *opt, const Problem *pb, const GpuSpec *g,
                   Prediction *p) {
  return backends_predict(st, opt, pb, g, true, p);
}

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
  N5dPlan df = {.mode = N5D_DIAGONAL_FREE, .bt = 4, .bsx = 256, .bsy = 1, .v = 1, .w = 3, .cols = 1};
  EXPECT(model_n5d_registers(&df, DTYPE_FLOAT, 0) == 36, "float %d", model_n5d_registers(&df, DTYPE_FLOAT, 0));
  EXPECT(model_n5d_registers(&df, DTYPE_DOUBLE, 0) == 58, "double %d", model_n5d_registers(&df, DTYPE_DOUBLE, 0));
  /* --cols 2: a ring per column, 4 * 3 registers more: 20 + 4 + 2 * 4 * 3 = 48 in float */
  N5dPlan wide = df;
  wide.cols = 2, wide.wide = true;
  EXPECT(model_n5d_registers(&wide, DTYPE_FLOAT, 0) == 48, "--cols 2: %d", model_n5d_registers(&wide, DTYPE_FLOAT, 0));
  N5dPlan general = {.mode = N5D_GENERAL, .bt = 4, .bsx = 256, .bsy = 1, .v = 1, .w = 3, .cols = 1};
  EXPECT(model_n5d_registers(&general, DTYPE_FLOAT, 0) == 24, "general: no register ring");
  /* 9 run-time weights add a register each in float, two in double: 36 + 9, 58 + 18 */
  EXPECT(model_n5d_registers(&df, DTYPE_FLOAT, 9) == 45, "float, weights");
  EXPECT(model_n5d_registers(&df, DTYPE_DOUBLE, 9) == 76, "double, weights");
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
  GenOptions opt = options("n5d", DTYPE_FLOAT, &(N5dParams){.bt = 1, .bs = {32, 0}, .hsn = 10, .rows = 1}, sizeof(N5dParams));
  Problem pb = {{20, 50, 0}, 1};
  Prediction p;
  EXPECT(!predict(st, &opt, &pb, &g, &p), "predict");
  ThreadClasses c = p.classes;
  EXPECT(near(c.out_of_bound, 240) && near(c.boundary, 152) && near(c.redundant, 144) && near(c.valid, 1000),
         "classes %g %g %g %g", c.out_of_bound, c.boundary, c.redundant, c.valid);
  EXPECT(p.blocks == 4, "blocks %ld", p.blocks);
  /* global: (1296 reads + 1000 writes) * 4 B; shared (diagonal-free: the two x neighbours read,
   * one write): 1536 * 3 * 4 B */
  EXPECT(near(p.gm_bytes, 2296 * 4) && near(p.sm_bytes, 1536 * 3 * 4), "%g %g", p.gm_bytes, p.sm_bytes);
  EXPECT(near(p.t_gm, 2296 * 4 / 4258e9), "t_gm %g", p.t_gm);
  /* no cap: nvcc may use all that __launch_bounds__(32) allows, 255 registers (8192 a warp), so
   * 8 blocks of one warp per SM; 4 blocks fill 4 / (8 * 132) of a wave */
  EXPECT(p.regs == 255 && p.blocks_per_sm == 8, "regs %d blocks/SM %d", p.regs, p.blocks_per_sm);
  EXPECT(near(p.eff_sm, 4.0 / (8 * 132)), "eff_sm %g", p.eff_sm);
  /* issue: 1536 thread-rows * (5 operations + 3 shared accesses + 8 of overhead) lane slots, at
   * 128 lanes per clock per SM; FLOPs: 9 each at eff_ALU 9 / 10 */
  EXPECT(near(p.t_comp, fmax(1536 * 9 / (g.fp32_gflops * 1e9 * 0.9), 1536 * 16 / (g.fp32_gflops / 2 * 1e9))),
         "t_comp %g", p.t_comp);
  /* n5d's attained fractions, 0.47 of DRAM and 0.70 on chip, the latter times sqrt(8 / 32) for
   * 8 resident warps */
  double worst = fmax(p.t_gm / 0.47, fmax(p.t_sm, p.t_comp) / (0.70 * 0.5));
  EXPECT(near(p.seconds, worst / p.eff_sm) && near(p.gcells, 1000 / p.seconds / 1e9), "time");
  /* register pressure: a cap under the estimate is pruned */
  opt = options("n5d", DTYPE_FLOAT, &(N5dParams){.bt = 2, .bs = {32, 0}, .hsn = 10, .rows = 1, .regs = 24}, sizeof(N5dParams));
  EXPECT(predict(st, &opt, &pb, &g, &p) == -1, "cap 24 under the estimate 20+2+6");
}

static void test_naive(const Stencil *st) {
  GpuSpec g = gpu("h200");
  GenOptions opt = options("naive", DTYPE_FLOAT, NULL, 0);
  Problem pb = {{1024, 1024, 0}, 10};
  Prediction p;
  EXPECT(!predict(st, &opt, &pb, &g, &p), "naive predict");
  /* DRAM: every cell read and written once a step; default block 8x32 */
  EXPECT(near(p.t_gm, 2.0 * 1024 * 1024 * 4 / 4258e9), "t_gm %g", p.t_gm);
  long n[3] = {1024, 1024, 1};
  int blk[3] = {32, 8, 1}, halo[3] = {2, 2, 0};
  EXPECT(near(p.l2_bytes, model_tabik_transactions(n, blk, halo, 32) * 32 * 4), "l2 bytes");
  EXPECT(p.bound == BOUND_GLOBAL && near(p.seconds, 10 * p.t_gm / 0.39 / p.eff_sm), "bound %s",
         model_bound_name(p.bound));
}

/* ssam, j2d5pt (5 points, radius 1) on a 20x50 interior, --bt 2 --p 4 --bs 64, 2 steps (one launch):
 *   columns: x = -1 and x = +1 (one product each, shuffled), the centre column 3 products: the
 *   chains start with a multiply each, the right one is added: 3 FMAs, 2 MULs, 1 ADD, 2 shuffles
 *   blocks: ceil(50 / (2 warps * (32 - 2*2*1) lanes)) = 1 along x, ceil(20 / 4) = 5 along y; 320 threads
 *   each computes level 1 on 4 + 2 rows and level 2 on 4: 3200 computed cells; cache 4 + 2*2 = 8
 *   DRAM: the 22x52 grid once, the 1000 interior cells written: (1144 + 1000) * 4 B
 *   L2: 320 * 8 loads + 1000 stores, * 4 B
 *   issue: 3200 * (6 operations + 4 of overhead) + 6400 shuffles + 320 * (8 + 4) loads and
 *   stores = 42240 lane slots */
static void test_ssam_2d(const Stencil *st) {
  GpuSpec g = gpu("h200");
  GenOptions opt = options("ssam", DTYPE_FLOAT, &(SsamParams){.bt = 2, .p = 4, .bs = {64, 0}}, sizeof(SsamParams));
  PlanStore store;
  char why[256];
  EXPECT(!codegen_plan(st, &opt, &store, why, sizeof why), "plan: %s", why);
  const SsamPlan pl = *(const SsamPlan *)store.bytes;
  EXPECT(pl.fma == 3 && pl.mul == 2 && pl.add == 1 && pl.shuffles == 2 && pl.cache == 8 && pl.smem == 0,
         "plan %d %d %d %d %d %ld", pl.fma, pl.mul, pl.add, pl.shuffles, pl.cache, pl.smem);
  Problem pb = {{20, 50, 0}, 2};
  Prediction p;
  EXPECT(!predict(st, &opt, &pb, &g, &p), "predict");
  EXPECT(p.blocks == 5, "blocks %ld", p.blocks);
  EXPECT(near(p.gm_bytes, 2144 * 4) && near(p.l2_bytes, 3560 * 4) && p.sm_bytes == 0, "%g %g %g",
         p.gm_bytes, p.l2_bytes, p.sm_bytes);
  EXPECT(near(p.flops, 3200 * 9) && near(p.shuffles, 6400), "flops %g shuffles %g", p.flops, p.shuffles);
  /* eff_ALU = 9 / 12; issue at 128 lanes per clock per SM (fp32 peak / 2) is the slower */
  EXPECT(near(p.t_comp, fmax(28800 / (g.fp32_gflops * 1e9 * 0.75), 42240 / (g.fp32_gflops / 2 * 1e9))),
         "t_comp %g", p.t_comp);
  EXPECT(near(p.t_shfl, 6400 / (32 * 132 * 1.98e9)), "t_shfl %g", p.t_shfl);
  EXPECT(near(p.t_gm, 2144 * 4 / 4258e9) && near(p.t_l2, 3560 * 4 / (5120 * 1.98e9)), "t_gm %g", p.t_gm);
  /* at the attained fractions (ssam 2D: 0.67 of DRAM, 0.57 on chip, 0.42 of the shuffle pipe)
   * the DRAM time is the largest: 8.6 KB at 0.67 * 4258 GB/s (3.0 ns), against 14.2 KB at 0.57 *
   * 5120 B per clock (2.5 ns), the issue slots (2.3 ns) and the shuffles (1.8 ns) */
  EXPECT(p.bound == BOUND_GLOBAL && near(p.seconds, p.t_gm / 0.67 / p.eff_sm), "bound %s", model_bound_name(p.bound));
  /* registers 8 + 8 * 8/3 = 29 (ssam.c's estimate); 64 threads: 32 blocks per SM, the block limit */
  EXPECT(pl.regs == 29 && p.regs == 29 && p.blocks_per_sm == 32 && !strcmp(p.occupancy_limit, "blocks"),
         "regs %d blocks/SM %d %s", p.regs, p.blocks_per_sm, p.occupancy_limit);
  /* 3 steps: a launch of 2 and one of 1 (cache 6, 320 threads computing 4 rows) */
  pb.steps = 3;
  Prediction q;
  EXPECT(!predict(st, &opt, &pb, &g, &q) && q.seconds > p.seconds, "3 steps");
}

/* ssam, star3d1r (7 points) on a 10x20x30 interior, --bt 1 --p 4 --bs 8x32, 1 step:
 *   columns x = -1 and +1 one product each, the centre 5 (two from the y neighbours, in shared
 *   memory), summed apart (3D with y offsets): 3 MULs, 4 FMAs, 2 ADDs, 2 shuffles, 2 shared loads
 *   blocks: 3 along z (P = 4), ceil(20 / (8 - 2)) = 4 along y, 1 along x: 12 of 256 threads
 *   computed: 3072 threads * 4 rows; cache 6; shared: 2 buffers of 10 planes of 4 rows x 32
 *   shared traffic: 12288 writes (each level's rows) + 12288 * 2 reads, * 4 B
 *   issue: 12288 * (9 + 4 of overhead) + 24576 shuffles + 36864 shared + 3072 * (6 + 4) = 251904 */
static void test_ssam_3d(void) {
  Stencil st;
  if (frontend_parse("examples/star3d1r.c", NULL, &st)) abort();
  GpuSpec g = gpu("h200");
  GenOptions opt = options("ssam", DTYPE_FLOAT, &(SsamParams){.bt = 1, .p = 4, .bs = {32, 8}}, sizeof(SsamParams));
  PlanStore store;
  char why[256];
  EXPECT(!codegen_plan(&st, &opt, &store, why, sizeof why), "plan: %s", why);
  const SsamPlan pl = *(const SsamPlan *)store.bytes;
  EXPECT(pl.fma == 4 && pl.mul == 3 && pl.add == 2 && pl.smem_reads == 2 && pl.smem_extra == 0 &&
         pl.smem == 2 * 10 * 4 * 32 * 4, "plan %d %d %d %d %d %ld", pl.fma, pl.mul, pl.add,
         pl.smem_reads, pl.smem_extra, pl.smem);
  Problem pb = {{10, 20, 30}, 1};
  Prediction p;
  EXPECT(!predict(&st, &opt, &pb, &g, &p), "predict");
  EXPECT(p.blocks == 12, "blocks %ld", p.blocks);
  EXPECT(near(p.sm_bytes, 36864 * 4) && near(p.gm_bytes, (12 * 22 * 32 + 6000) * 4) &&
         near(p.l2_bytes, (3072 * 6 + 6000) * 4), "%g %g %g", p.sm_bytes, p.gm_bytes, p.l2_bytes);
  EXPECT(near(p.flops, 12288 * 13) && near(p.shuffles, 24576), "flops %g", p.flops);
  EXPECT(near(p.t_comp, fmax(12288 * 13 / (g.fp32_gflops * 1e9 * 13.0 / 18), 251904 / (g.fp32_gflops / 2 * 1e9))),
         "t_comp %g", p.t_comp);
  EXPECT(near(p.t_sm, 36864 * 4 / g.smem_gbs / 1e9), "t_sm %g", p.t_sm);
  /* registers 8 + 6 * 8/3 + 2 * 6 / 8 = 25 (32 allocated): 8 blocks of 256 fit, as many as the
   * threads allow, which are counted first */
  EXPECT(p.regs == 25 && p.blocks_per_sm == 8 && !strcmp(p.occupancy_limit, "threads"), "regs %d, %d %s",
         p.regs, p.blocks_per_sm, p.occupancy_limit);
  ir_free(&st);
}

static void test_rank(const Stencil *st) {
  GpuSpec h200 = gpu("h200"), a100 = gpu("a100");
  Problem pb = {{4096, 4096, 0}, 100};
  Candidate *c, *d;
  int n = backends_rank(st, DTYPE_FLOAT, &pb, &h200, &c), m = backends_rank(st, DTYPE_FLOAT, &pb, &a100, &d);
  EXPECT(n > 50 && m > 50, "%d and %d candidates", n, m);
  bool naive = false, n5d = false, ssam = false;
  for (int i = 0; i < n; i++) {
    char why[256];
    PlanStore plan;
    EXPECT(!codegen_plan(st, &c[i].opt, &plan, why, sizeof why), "candidate %d refused: %s", i, why);
    EXPECT(i == 0 || c[i - 1].pred.gcells >= c[i].pred.gcells, "not sorted at %d", i);
    naive |= !strcmp(c[i].opt.backend->name, "naive");
    n5d |= !strcmp(c[i].opt.backend->name, "n5d");
    ssam |= !strcmp(c[i].opt.backend->name, "ssam");
  }
  EXPECT(naive && n5d && ssam, "every strategy ranked");
  EXPECT(!strcmp(c[0].opt.backend->name, "n5d") || !strcmp(c[0].opt.backend->name, "ssam"),
         "temporal blocking wins on a first-order 2D stencil");
  EXPECT(c[0].pred.gcells > d[0].pred.gcells, "h200 %g vs a100 %g", c[0].pred.gcells, d[0].pred.gcells);
  char text[96];
  GenOptions o = options("n5d", DTYPE_FLOAT, &(N5dParams){4, {256, 0}, 512, 64, 0, 0, 0, 0}, sizeof(N5dParams));
  codegen_params_text(&o, text, sizeof text);
  EXPECT(!strcmp(text, "--bt 4 --bs 256 --hsn 512 --regs 64"), "%s", text);
  o = options("ssam", DTYPE_FLOAT, &(SsamParams){3, 16, {128, 0}}, sizeof(SsamParams));
  codegen_params_text(&o, text, sizeof text);
  EXPECT(!strcmp(text, "--bt 3 --p 16 --bs 128"), "%s", text);
  /* gradient2d is not linear: no ssam candidate */
  Stencil grad;
  if (frontend_parse("examples/gradient2d.c", NULL, &grad)) abort();
  free(c);
  n = backends_rank(&grad, DTYPE_FLOAT, &pb, &h200, &c);
  for (int i = 0; i < n; i++) EXPECT(strcmp(c[i].opt.backend->name, "ssam"), "ssam candidate for gradient2d");
  ir_free(&grad);
  free(c);
  free(d);
}

/* fft, j2d5pt (reach 1 on each side) on a 4096^2 interior, --tile 64, 1 step: each tile keeps
 * 62 x 62 outputs, so 67 x 67 = 4489 tiles (67 * 62 = 4154 >= 4096). Bytes, with r = 4489 * 64^2
 * * 4 = 73547776 (the tiles) and s = 4489 * 64 * 33 * 8 = 75846144 (their half spectra):
 * gather 2r, each transform r + s + 2s (two passes over the spectra), product 2s, scatter 2 *
 * 4096^2 * 4 = 134217728: 4r + 8s + 134217728 = 1035177984. The time is those bytes over 0.75
 * of 4258 GB/s plus 7 launches of 4 us. Independent of the filter: conv2d-11x11 and -20x20 at
 * --tile 512 on 8192^2 differ only by their tiles (502 and 493 outputs: 17 x 17 tiles both). */
static void test_fft(const Stencil *st) {
  GpuSpec h200 = gpu("h200");
  Problem pb = {{4096, 4096, 0}, 1};
  GenOptions opt = options("fft", DTYPE_FLOAT, &(FftParams){64}, sizeof(FftParams));
  Prediction p;
  EXPECT(!predict(st, &opt, &pb, &h200, &p), "fft j2d5pt predicted");
  EXPECT(near(p.gm_bytes, 1035177984.0), "fft bytes %.0f", p.gm_bytes);
  EXPECT(near(p.seconds, 1035177984.0 / (0.75 * 4258e9) + 7 * 4e-6), "fft seconds %g", p.seconds);
  Stencil c11, c20;
  if (frontend_parse("examples/conv2d-11x11.c", NULL, &c11) ||
      frontend_parse("examples/conv2d-20x20.c", NULL, &c20))
    abort();
  Problem big = {{8192, 8192, 0}, 1};
  Prediction p11, p20;
  opt = options("fft", DTYPE_FLOAT, &(FftParams){512}, sizeof(FftParams));
  EXPECT(!predict(&c11, &opt, &big, &h200, &p11) && !predict(&c20, &opt, &big, &h200, &p20),
         "fft conv2d predicted");
  EXPECT(near(p11.seconds, p20.seconds), "fft 11x11 %g s, 20x20 %g s", p11.seconds, p20.seconds);
  ir_free(&c11);
  ir_free(&c20);
}

int main(void) {
  Stencil st;
  if (frontend_parse("examples/j2d5pt.c", NULL, &st)) return 1;
  test_gpu_table();
  test_occupancy();
  test_ops_and_registers(&st);
  test_tabik();
  test_n5d_classes(&st);
  test_naive(&st);
  test_ssam_2d(&st);
  test_ssam_3d();
  test_rank(&st);
  test_fft(&st);
  ir_free(&st);
  return expect_summary("test_model");
}
