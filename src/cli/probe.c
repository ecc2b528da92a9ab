/* stencilc probe: measure the GPU this machine has and store what the model's table should use
 * for it (cache directory, gpu.txt). The measuring is a small generated CUDA program: device
 * properties plus a timed device-to-device copy (the bandwidth figure bench/ uses). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "model/model.h"
#include "process.h"

static const char *const PROBE_HELP =
    "usage: stencilc probe\n"
    "Builds and runs a small CUDA program that reads the device properties and times a\n"
    "device-to-device copy, then stores the results in gpu.txt of $STENCILC_CACHE (default\n"
    "$XDG_CACHE_HOME/stencilc, else ~/.cache/stencilc), where 'stencilc model' prefers them to\n"
    "its built-in table, with the compute capability that nvcc then targets where nvidia-smi\n"
    "does not say. Exit 3 when there is no GPU or no nvcc ($NVCC, $STENCILC_CUDA_ARCH and\n"
    "$NVCCFLAGS as for run).\n";

/* Prints "key value" lines; exits 3 without a device (the convention of generated programs). */
static const char *const PROBE_CU =
    "#include <cstdio>\n"
    "#include <cuda_runtime.h>\n"
    "#define CHECK(x) do { if ((x) != cudaSuccess) { fprintf(stderr, \"%s\\n\", #x); return 4; } } while (0)\n"
    "int main(int argc, char **argv) {\n"
    "  int count = 0;\n"
    "  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) return 3;\n"
    "  cudaDeviceProp p;\n"
    "  CHECK(cudaGetDeviceProperties(&p, 0));\n"
    "  int khz = 0;\n"
    "  CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0));\n"
    "  const size_t bytes = (size_t)1 << 30; /* far beyond L2 */\n"
    "  const int reps = 20;\n"
    "  char *a, *b;\n"
    "  CHECK(cudaMalloc(&a, bytes));\n"
    "  CHECK(cudaMalloc(&b, bytes));\n"
    "  CHECK(cudaMemset(a, 1, bytes));\n"
    "  CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));\n"
    "  cudaEvent_t e0, e1;\n"
    "  CHECK(cudaEventCreate(&e0));\n"
    "  CHECK(cudaEventCreate(&e1));\n"
    "  CHECK(cudaEventRecord(e0));\n"
    "  for (int i = 0; i < reps; i++) CHECK(cudaMemcpyAsync(i % 2 ? a : b, i % 2 ? b : a, bytes,\n"
    "                                                       cudaMemcpyDeviceToDevice));\n"
    "  CHECK(cudaEventRecord(e1));\n"
    "  CHECK(cudaEventSynchronize(e1));\n"
    "  float ms = 0;\n"
    "  CHECK(cudaEventElapsedTime(&ms, e0, e1));\n"
    "  FILE *f = argc > 1 ? fopen(argv[1], \"w\") : NULL;\n"
    "  if (!f) return 4;\n"
    "  fprintf(f, \"name %s\\nsms %d\\nclock_ghz %.3f\\nmem_gbs %.1f\\n\", p.name,\n"
    "          p.multiProcessorCount, khz / 1e6, 2.0 * bytes * reps / (ms / 1e3) / 1e9);\n"
    "  fprintf(f, \"compute_cap %d%d\\n\", p.major, p.minor);\n"
    "  fprintf(f, \"regs_per_sm %d\\nmax_threads_per_sm %d\\nmax_blocks_per_sm %d\\n\",\n"
    "          p.regsPerMultiprocessor, p.maxThreadsPerMultiProcessor, p.maxBlocksPerMultiProcessor);\n"
    "  fprintf(f, \"smem_per_sm %zu\\nsmem_per_block %zu\\nsmem_reserved %zu\\nl2_bytes %d\\n\",\n"
    "          p.sharedMemPerMultiprocessor, p.sharedMemPerBlockOptin, p.reservedSharedMemPerBlock,\n"
    "          p.l2CacheSize);\n"
    "  return fclose(f) ? 4 : 0;\n"
    "}\n";

/* nvidia-smi's first device as "NAME, MAJOR.MINOR" into g; false when it lists none. */
static bool query_nvidia_smi(LocalGpu *g) {
  const char *smi = tool_find(NULL, "nvidia-smi", "/usr/bin/nvidia-smi");
  char cmd[4200], line[256];
  if (!smi || strchr(smi, '\'')) return false;
  snprintf(cmd, sizeof cmd, "'%s' --query-gpu=name,compute_cap --format=csv,noheader 2>/dev/null", smi);
  FILE *p = popen(cmd, "r");
  if (!p) return false;
  bool found = fgets(line, sizeof line, p) && strchr(line, ',');
  while (fgets(cmd, sizeof cmd, p)) /* the other devices: read to the end */
    ;
  pclose(p);
  if (!found) return false; /* "No devices were found", or an error */
  *strchr(line, ',') = 0;
  snprintf(g->name, sizeof g->name, "%.127s", line);
  int major, minor;
  if (sscanf(line + strlen(line) + 1, " %d.%d", &major, &minor) == 2) g->cc = major * 10 + minor;
  return true;
}

/* The name and compute capability `stencilc probe` stored, where nvidia-smi gave none. */
static void read_probe_file(LocalGpu *g) {
  const char *path = cache_file("gpu.txt");
  FILE *f = path ? fopen(path, "r") : NULL;
  char line[256];
  while (f && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (!g->name[0] && !strncmp(line, "name ", 5)) snprintf(g->name, sizeof g->name, "%.127s", line + 5);
    if (!g->cc && !strncmp(line, "compute_cap ", 12)) g->cc = atoi(line + 12);
  }
  if (f) fclose(f);
}

const LocalGpu *local_gpu(void) {
  static LocalGpu g;
  static bool looked;
  if (looked) return &g;
  looked = true;
  g.present = query_nvidia_smi(&g) || access("/dev/nvidia0", F_OK) == 0;
  read_probe_file(&g);
  return &g;
}

/* The measured lines, headed by "gpu KEY" for the table entry of the device's name. */
static int store(const char *measured, const char *path) {
  FILE *in = fopen(measured, "r");
  char text[2048] = "", name[128] = "";
  size_t len = in ? fread(text, 1, sizeof text - 1, in) : 0;
  if (in) fclose(in);
  text[len] = 0;
  if (sscanf(text, "name %127[^\n]", name) != 1) return -1;
  const char *key = model_gpu_key_for_name(name);
  if (!key) {
    fprintf(stderr, "stencilc probe: '%s' is not in the model's table (%s); nothing stored\n", name,
            model_gpu_keys());
    return -1;
  }
  FILE *out = path ? fopen(path, "w") : NULL;
  if (!out || fprintf(out, "gpu %s\n%s", key, text) < 0 || fclose(out)) {
    fprintf(stderr, "stencilc probe: cannot write '%s'\n", path ? path : "the cache");
    return -1;
  }
  printf("%s (%s): stored in %s\n%s", name, key, path, text);
  return 0;
}

int cmd_probe(int argc, char **argv) {
  if (argc > 0) {
    bool help = !strcmp(argv[0], "-h") || !strcmp(argv[0], "--help");
    fputs(PROBE_HELP, help ? stdout : stderr);
    return help ? EXIT_OK : EXIT_INPUT;
  }
  const char *nvcc = tool_find("NVCC", "nvcc", "/usr/local/cuda/bin/nvcc");
  if (!nvcc) {
    fprintf(stderr, "stencilc probe: nvcc not found (install the CUDA toolkit or set $NVCC)\n");
    return EXIT_TOOL;
  }
  char nvcc_path[4096], src[4200], exe[4200], measured[4200];
  snprintf(nvcc_path, sizeof nvcc_path, "%s", nvcc);
  Workdir dir; /* in $TMPDIR, as for run, tune and check */
  if (workdir_open(&dir, NULL, "probe")) return EXIT_TOOL;
  snprintf(src, sizeof src, "%s/probe.cu", dir.path);
  snprintf(exe, sizeof exe, "%s/probe", dir.path);
  snprintf(measured, sizeof measured, "%s/measured.txt", dir.path);
  Buf b = {0};
  buf_puts(&b, PROBE_CU);
  int rc = buf_write_file(&b, src) || process_wait(nvcc_start(nvcc_path, src, exe, NULL, NULL)) ? EXIT_TOOL : EXIT_OK;
  buf_free(&b);
  if (rc) {
    fprintf(stderr, "stencilc probe: could not build %s\n", src);
    return workdir_close(&dir, true, rc);
  }
  char *args[] = {exe, measured, NULL};
  int prc = process_run(args);
  if (prc == 3) fprintf(stderr, "stencilc probe: no GPU on this machine; nothing measured\n");
  else if (prc) fprintf(stderr, "stencilc probe: the probe failed (exit %d)\n", prc);
  else if (store(measured, cache_file("gpu.txt"))) prc = 4;
  return workdir_close(&dir, false, prc ? EXIT_TOOL : EXIT_OK);
}
