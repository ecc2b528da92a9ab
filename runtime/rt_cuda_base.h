/* rt_cuda_base.h: what every generated CUDA program carries, the single-stencil engine
 * (rt_cuda.h) and the stencil programs' (rt_program.h) alike: checked CUDA calls, the block
 * count of a grid axis and the device copy of the run-time weights. It comes after rt_common.h
 * and before either of them (src/codegen lists the runtime texts of a program). Every CUDA call
 * goes through RT_CUDA_CHECK; an error prints file:line and exits 4, but in a library (RT_LIBRARY,
 * gen --api), which must return errors to its caller: there the first error is kept in
 * rt_cuda_error for the entry point to return (rt_cuda_take_error), and the work goes on (what
 * is launched after a failure fails too, or does nothing). */
#ifndef STENCILC_RT_CUDA_BASE_H
#define STENCILC_RT_CUDA_BASE_H

#include <cuda_runtime.h>

#ifdef RT_LIBRARY
static cudaError_t rt_cuda_error = cudaSuccess;
RT_API void rt_cuda_check(cudaError_t err, const char *what, const char *file, int line) {
  (void)what, (void)file, (void)line;
  if (err != cudaSuccess && rt_cuda_error == cudaSuccess) rt_cuda_error = err;
}
/* The first error since the last call (cudaSuccess when none), and none kept after it. */
RT_API cudaError_t rt_cuda_take_error(void) {
  cudaError_t e = rt_cuda_error;
  rt_cuda_error = cudaSuccess;
  return e;
}
#else
RT_API void rt_cuda_check(cudaError_t err, const char *what, const char *file, int line) {
  if (err != cudaSuccess) {
    fprintf(stderr, "%s:%d: CUDA error: %s: %s\n", file, line, what, cudaGetErrorString(err));
    exit(4);
  }
}
#endif
#define RT_CUDA_CHECK(call) rt_cuda_check((call), #call, __FILE__, __LINE__)
/* Launch errors (bad configuration) surface in cudaGetLastError; faults inside the kernel
 * surface at the next synchronising call, which is checked too. */
#define RT_CUDA_LAUNCH_CHECK() rt_cuda_check(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)

/* Blocks of `block` threads covering n cells; exits 4 past the grid dimension limit (a library
 * keeps the error and launches no block). */
RT_API unsigned rt_cuda_blocks(long n, int block, long limit) {
  long b = (n + block - 1) / block;
  if (b > limit) {
#ifdef RT_LIBRARY
    rt_cuda_check(cudaErrorInvalidValue, "grid size", __FILE__, __LINE__);
    return 0;
#else
    fprintf(stderr, "stencilc: %ld blocks exceed the CUDA grid limit %ld\n", b, limit);
    exit(4);
#endif
  }
  return (unsigned)b;
}

/* The device of this process: 0, or on MPI ranks (one per GPU) the rank's place among the ranks
 * of its node. */
RT_API int rt_cuda_device(int count) {
  int device = 0;
#ifdef RT_MPI
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &device);
  MPI_Comm_free(&node);
#endif
  return device % count;
}

/* Pinned host memory for the halo slabs an MPI program stages: the copies run at full PCIe speed
 * and need no staging copy of their own. */
RT_API void *rt_cuda_host_alloc(size_t bytes) {
  void *p = NULL;
  RT_CUDA_CHECK(cudaMallocHost(&p, bytes ? bytes : 1));
  return p;
}
RT_API void rt_cuda_host_free(void *p) { RT_CUDA_CHECK(cudaFreeHost(p)); }

/* A block (rt_common.h) of a device buffer out to packed host memory (out = 1) or in from it, on
 * `stream`. */
RT_API void rt_cuda_block_copy(rt_real *dev, const RtBlock *b, rt_real *host, int out,
                               cudaStream_t stream) {
  size_t width = (size_t)b->chunk * sizeof(rt_real);
  size_t pitch = b->rows > 1 ? (size_t)b->pitch * sizeof(rt_real) : width;
  if (out)
    RT_CUDA_CHECK(cudaMemcpy2DAsync(host, width, dev + b->offset, pitch, width, (size_t)b->rows,
                                    cudaMemcpyDeviceToHost, stream));
  else
    RT_CUDA_CHECK(cudaMemcpy2DAsync(dev + b->offset, pitch, host, width, width, (size_t)b->rows,
                                    cudaMemcpyHostToDevice, stream));
}

#ifdef RT_NWEIGHTS
/* The kernels' copy of the run-time weights (rt_w_host), uploaded with the buffers: every
 * thread of a warp reads the same weight, which constant memory broadcasts. */
__constant__ rt_real rt_w[RT_NWEIGHTS];
#endif

#endif
