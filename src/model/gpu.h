/* The GPU description: the built-in table of GPUs (refined by `stencilc probe`), read by the model
 * for its rates and by the backends for the limits their plans must keep. */
#ifndef STENCILC_GPU_H
#define STENCILC_GPU_H


typedef struct {
  char key[16];             /* what --gpu takes: "h200" */
  char name[64];            /* "NVIDIA H200" */
  int arch;                 /* compute capability * 10: 80, 90 */
  int sms;
  double clock_ghz;         /* boost clock */
  double fp32_gflops, fp64_gflops; /* peak, an FMA counting two */
  double mem_gbs;           /* DRAM, bytes read + written per second (a measured copy if known) */
  double smem_gbs;          /* shared memory, all SMs: 32 banks * 4 B per clock per SM */
  double l2_gbs;            /* L2 read bandwidth, all slices */
  int regs_per_sm, max_regs_per_thread, max_threads_per_sm, max_blocks_per_sm;
  int max_threads_per_block, max_block_z; /* CUDA's limits on a block's shape */
  long smem_per_sm, smem_per_block; /* bytes; per block: the opt-in maximum */
  long smem_reserved;       /* bytes the driver reserves per block */
  long l2_bytes;
} GpuSpec;

/* The built-in table's keys, comma separated, for help and errors. */
const char *model_gpu_keys(void);

/* Fills *g for `key` from the built-in table, then overrides the fields that the probe file at
 * `probe_path` measured when that file describes the same GPU (key line equal). probe_path may be
 * NULL or missing. Returns 0, or -1 for an unknown key. */
int model_gpu_find(const char *key, const char *probe_path, GpuSpec *g);

/* The table key whose GPU name a device name contains ("NVIDIA H200" -> "h200"), or NULL. */
const char *model_gpu_key_for_name(const char *device_name);

/* The GPU generated code is built for (-gencode=arch=compute_90,code=sm_90): the limits the
 * backends check a plan against (threads, registers and shared memory per block and per SM) are
 * its, so that nothing is emitted that the hardware would refuse to launch. */
const GpuSpec *model_gpu_target(void);

#endif
