/* The GPU table and the probe file that refines it. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"

/* Peaks follow from the SM count and the clock: FP32 lanes per SM (64 on sm_80, 128 on sm_90)
 * times 2 for the FMA; shared memory 32 banks of 4 bytes per clock per SM. DRAM: the H200 figure
 * is our measured device-to-device copy (bench/, 4258 GB/s); A100 and H100 carry the data sheet
 * figure until `stencilc probe` measures them. L2: NVIDIA's A100 whitepaper gives 5120 B/clock;
 * no figure is published for sm_90, so the same per-clock width is assumed. */
#define SM80(n, ghz) .sms = n, .clock_ghz = ghz, .fp32_gflops = n * 64 * 2 * ghz, \
    .fp64_gflops = n * 32 * 2 * ghz, .smem_gbs = n * 128 * ghz, .l2_gbs = 5120 * ghz
#define SM90(n, ghz) .sms = n, .clock_ghz = ghz, .fp32_gflops = n * 128 * 2 * ghz, \
    .fp64_gflops = n * 64 * 2 * ghz, .smem_gbs = n * 128 * ghz, .l2_gbs = 5120 * ghz
#define COMMON .regs_per_sm = 65536, .max_regs_per_thread = 255, .max_threads_per_sm = 2048, \
    .max_blocks_per_sm = 32, .smem_reserved = 1024, .max_threads_per_block = 1024, .max_block_z = 64

static const GpuSpec table[] = {
    {.key = "h200", .name = "NVIDIA H200", .arch = 90, SM90(132, 1.98), .mem_gbs = 4258, COMMON,
     .smem_per_sm = 228 * 1024, .smem_per_block = 227 * 1024, .l2_bytes = 60L << 20},
    {.key = "h100", .name = "NVIDIA H100 80GB HBM3", .arch = 90, SM90(132, 1.98), .mem_gbs = 3350,
     COMMON, .smem_per_sm = 228 * 1024, .smem_per_block = 227 * 1024, .l2_bytes = 50L << 20},
    {.key = "a100", .name = "NVIDIA A100-SXM4-80GB", .arch = 80, SM80(108, 1.41), .mem_gbs = 2039,
     COMMON, .smem_per_sm = 164 * 1024, .smem_per_block = 163 * 1024, .l2_bytes = 40L << 20},
};
enum { NGPUS = sizeof table / sizeof *table };

const GpuSpec *model_gpu_target(void) { return &table[0]; } /* sm_90, the H200 */

const char *model_gpu_keys(void) { return "h200, h100, a100"; }

const char *model_gpu_key_for_name(const char *device_name) {
  static const char *const marks[NGPUS] = {"H200", "H100", "A100"}; /* in table order */
  for (int i = 0; i < NGPUS; i++)
    if (strstr(device_name, marks[i])) return table[i].key;
  return NULL;
}

/* Fields a probe file may set: name, then numbers. */
typedef struct {
  const char *name;
  char type; /* 'i' int, 'l' long, 'd' double */
  size_t offset;
} Field;

static const Field fields[] = {
    {"sms", 'i', offsetof(GpuSpec, sms)},
    {"clock_ghz", 'd', offsetof(GpuSpec, clock_ghz)},
    {"mem_gbs", 'd', offsetof(GpuSpec, mem_gbs)},
    {"regs_per_sm", 'i', offsetof(GpuSpec, regs_per_sm)},
    {"max_threads_per_sm", 'i', offsetof(GpuSpec, max_threads_per_sm)},
    {"max_blocks_per_sm", 'i', offsetof(GpuSpec, max_blocks_per_sm)},
    {"smem_per_sm", 'l', offsetof(GpuSpec, smem_per_sm)},
    {"smem_per_block", 'l', offsetof(GpuSpec, smem_per_block)},
    {"smem_reserved", 'l', offsetof(GpuSpec, smem_reserved)},
    {"l2_bytes", 'l', offsetof(GpuSpec, l2_bytes)},
};

static void set_field(GpuSpec *g, const char *key, const char *value) {
  if (!strcmp(key, "name")) {
    snprintf(g->name, sizeof g->name, "%s", value);
    return;
  }
  for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
    if (strcmp(key, fields[i].name)) continue;
    char *at = (char *)g + fields[i].offset;
    if (fields[i].type == 'i') *(int *)at = atoi(value);
    else if (fields[i].type == 'l') *(long *)at = atol(value);
    else *(double *)at = atof(value);
  }
}

/* "key value" lines; the first line must be "gpu KEY" naming the table entry measured. Clock or
 * SM count changes rescale the peaks derived from them. */
static void apply_probe(GpuSpec *g, const char *path) {
  FILE *f = path ? fopen(path, "r") : NULL;
  if (!f) return;
  char line[256], key[32];
  bool same = fgets(line, sizeof line, f) && sscanf(line, "gpu %15s", key) == 1 && !strcmp(key, g->key);
  double per_clock = g->fp32_gflops / (g->sms * g->clock_ghz);
  double fp64_ratio = g->fp64_gflops / g->fp32_gflops;
  while (same && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    char *sp = strchr(line, ' ');
    if (!sp) continue;
    *sp = 0;
    set_field(g, line, sp + 1);
  }
  fclose(f);
  if (!same) return;
  g->fp32_gflops = per_clock * g->sms * g->clock_ghz;
  g->fp64_gflops = fp64_ratio * g->fp32_gflops;
  g->smem_gbs = 128 * g->sms * g->clock_ghz;
  g->l2_gbs = 5120 * g->clock_ghz;
}

int model_gpu_find(const char *key, const char *probe_path, GpuSpec *g) {
  for (int i = 0; i < NGPUS; i++)
    if (!strcmp(key, table[i].key)) {
      *g = table[i];
      apply_probe(g, probe_path);
      return 0;
    }
  return -1;
}
