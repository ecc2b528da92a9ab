/* cufft.h for cudaemu: the part of cuFFT that the fft backend's programs use (codegen/fft.c),
 * carried out by FFTW on the CPU (device memory is host memory under cudaemu). Real-to-complex
 * and complex-to-real transforms, float and double, batched through cufftPlanMany with the basic
 * layout (inembed and onembed NULL, so strides and distances are those of contiguous arrays), out
 * of place. As in cuFFT, transforms are unnormalised: a forward and an inverse transform scale by
 * the number of points. build.sh links FFTW when a program includes this header. */
#ifndef CUDAEMU_CUFFT_H
#define CUDAEMU_CUFFT_H

#include <fftw3.h>

#include <cstdio>
#include <map>

typedef int cufftHandle;
typedef enum {
  CUFFT_SUCCESS = 0,
  CUFFT_INVALID_PLAN = 1,
  CUFFT_INVALID_TYPE = 4,
  CUFFT_INVALID_VALUE = 5,
  CUFFT_NOT_SUPPORTED = 16,
} cufftResult;
typedef enum { CUFFT_R2C = 0x2a, CUFFT_C2R = 0x2c, CUFFT_D2Z = 0x6a, CUFFT_Z2D = 0x6c } cufftType;
typedef float cufftReal;
typedef double cufftDoubleReal;
struct cufftComplex { float x, y; };
struct cufftDoubleComplex { double x, y; };

struct EmuFftPlan {
  cufftType type;
  fftwf_plan f; /* float plans */
  fftw_plan d;  /* double plans */
};

static std::map<cufftHandle, EmuFftPlan> &emu_fft_plans() {
  static std::map<cufftHandle, EmuFftPlan> plans;
  return plans;
}

/* Plans on scratch arrays of the transform's size, with FFTW_UNALIGNED, so that the new-array
 * execute functions may run them on any arrays of that layout. */
static inline cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride,
                                        int idist, int *onembed, int ostride, int odist,
                                        cufftType type, int batch) {
  (void)istride, (void)idist, (void)ostride, (void)odist;
  if (rank < 1 || rank > 3 || batch < 1) return CUFFT_INVALID_VALUE;
  if (inembed || onembed) return CUFFT_NOT_SUPPORTED; /* the advanced layout is not emulated */
  long real = 1;
  for (int a = 0; a < rank; a++) {
    if (n[a] < 1) return CUFFT_INVALID_VALUE;
    real *= n[a];
  }
  long freq = real / n[rank - 1] * (n[rank - 1] / 2 + 1);
  EmuFftPlan p = {type, NULL, NULL};
  const unsigned flags = FFTW_ESTIMATE | FFTW_UNALIGNED;
  if (type == CUFFT_R2C || type == CUFFT_C2R) {
    float *r = fftwf_alloc_real((size_t)(real * batch));
    fftwf_complex *c = fftwf_alloc_complex((size_t)(freq * batch));
    p.f = type == CUFFT_R2C
              ? fftwf_plan_many_dft_r2c(rank, n, batch, r, NULL, 1, (int)real, c, NULL, 1, (int)freq, flags)
              : fftwf_plan_many_dft_c2r(rank, n, batch, c, NULL, 1, (int)freq, r, NULL, 1, (int)real, flags);
    fftwf_free(r);
    fftwf_free(c);
    if (!p.f) return CUFFT_INVALID_VALUE;
  } else if (type == CUFFT_D2Z || type == CUFFT_Z2D) {
    double *r = fftw_alloc_real((size_t)(real * batch));
    fftw_complex *c = fftw_alloc_complex((size_t)(freq * batch));
    p.d = type == CUFFT_D2Z
              ? fftw_plan_many_dft_r2c(rank, n, batch, r, NULL, 1, (int)real, c, NULL, 1, (int)freq, flags)
              : fftw_plan_many_dft_c2r(rank, n, batch, c, NULL, 1, (int)freq, r, NULL, 1, (int)real, flags);
    fftw_free(r);
    fftw_free(c);
    if (!p.d) return CUFFT_INVALID_VALUE;
  } else {
    return CUFFT_INVALID_TYPE;
  }
  static cufftHandle next = 1;
  *plan = next++;
  emu_fft_plans()[*plan] = p;
  return CUFFT_SUCCESS;
}

/* The plan `plan` of type `type`, or NULL. In-place transforms are not emulated (the backend
 * runs out of place): a call with the same array in and out is refused, not run. */
static inline EmuFftPlan *emu_fft_find(cufftHandle plan, cufftType type, const void *in, const void *out) {
  std::map<cufftHandle, EmuFftPlan>::iterator it = emu_fft_plans().find(plan);
  if (it == emu_fft_plans().end() || it->second.type != type) return NULL;
  if (in == out) {
    fprintf(stderr, "cudaemu: in-place cuFFT transforms are not emulated\n");
    return NULL;
  }
  return &it->second;
}

static inline cufftResult cufftExecR2C(cufftHandle plan, cufftReal *in, cufftComplex *out) {
  EmuFftPlan *p = emu_fft_find(plan, CUFFT_R2C, in, out);
  if (!p) return CUFFT_INVALID_PLAN;
  fftwf_execute_dft_r2c(p->f, in, (fftwf_complex *)out);
  return CUFFT_SUCCESS;
}
static inline cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *in, cufftReal *out) {
  EmuFftPlan *p = emu_fft_find(plan, CUFFT_C2R, in, out);
  if (!p) return CUFFT_INVALID_PLAN;
  fftwf_execute_dft_c2r(p->f, (fftwf_complex *)in, out);
  return CUFFT_SUCCESS;
}
static inline cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *in, cufftDoubleComplex *out) {
  EmuFftPlan *p = emu_fft_find(plan, CUFFT_D2Z, in, out);
  if (!p) return CUFFT_INVALID_PLAN;
  fftw_execute_dft_r2c(p->d, in, (fftw_complex *)out);
  return CUFFT_SUCCESS;
}
static inline cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *in, cufftDoubleReal *out) {
  EmuFftPlan *p = emu_fft_find(plan, CUFFT_Z2D, in, out);
  if (!p) return CUFFT_INVALID_PLAN;
  fftw_execute_dft_c2r(p->d, (fftw_complex *)in, out);
  return CUFFT_SUCCESS;
}

static inline cufftResult cufftDestroy(cufftHandle plan) {
  std::map<cufftHandle, EmuFftPlan>::iterator it = emu_fft_plans().find(plan);
  if (it == emu_fft_plans().end()) return CUFFT_INVALID_PLAN;
  if (it->second.f) fftwf_destroy_plan(it->second.f);
  if (it->second.d) fftw_destroy_plan(it->second.d);
  emu_fft_plans().erase(it);
  return CUFFT_SUCCESS;
}

#endif
