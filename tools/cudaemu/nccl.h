/* nccl.h for cudaemu: the point-to-point part of NCCL that the MPI programs use (rt_mpi.h built
 * with RT_MPI_NCCL), carried by MPI between the ranks' processes. Under cudaemu device memory is
 * host memory and every stream runs at once, so a send is an MPI_Isend of the device pointer
 * and a group completes when ncclGroupEnd waits for its requests, as NCCL's group semantics
 * require (sends and receives of one group may pair in any order). Only for testing the
 * programs' NCCL path on the CPU: the real library runs them on GPUs. */
#ifndef CUDAEMU_NCCL_H
#define CUDAEMU_NCCL_H

#include <mpi.h>

#include <string.h>
#include <vector>

typedef enum { ncclSuccess = 0, ncclInvalidUsage = 5 } ncclResult_t;
typedef enum { ncclFloat = 7, ncclDouble = 8 } ncclDataType_t;
typedef struct { char internal[128]; } ncclUniqueId;
typedef struct EmuNcclComm {
  MPI_Comm comm;
} *ncclComm_t;

static std::vector<MPI_Request> &emu_nccl_pending() {
  static std::vector<MPI_Request> pending;
  return pending;
}
static int &emu_nccl_depth() {
  static int depth = 0;
  return depth;
}

static inline const char *ncclGetErrorString(ncclResult_t r) {
  return r == ncclSuccess ? "no error" : "invalid usage (cudaemu's NCCL)";
}
static inline ncclResult_t ncclGetUniqueId(ncclUniqueId *id) {
  memset(id, 0, sizeof *id);
  strcpy(id->internal, "cudaemu");
  return ncclSuccess;
}
static inline ncclResult_t ncclCommInitRank(ncclComm_t *c, int nranks, ncclUniqueId id, int rank) {
  int size = 0, me = -1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (size != nranks || me != rank || strcmp(id.internal, "cudaemu") != 0) return ncclInvalidUsage;
  *c = new EmuNcclComm;
  MPI_Comm_dup(MPI_COMM_WORLD, &(*c)->comm);
  return ncclSuccess;
}
static inline ncclResult_t ncclCommDestroy(ncclComm_t c) {
  MPI_Comm_free(&c->comm);
  delete c;
  return ncclSuccess;
}

static inline ncclResult_t emu_nccl_settle(void) {
  if (emu_nccl_depth() > 0) return ncclSuccess;
  std::vector<MPI_Request> &p = emu_nccl_pending();
  MPI_Waitall((int)p.size(), p.data(), MPI_STATUSES_IGNORE);
  p.clear();
  return ncclSuccess;
}
static inline ncclResult_t ncclGroupStart(void) { return emu_nccl_depth()++, ncclSuccess; }
static inline ncclResult_t ncclGroupEnd(void) {
  if (emu_nccl_depth() == 0) return ncclInvalidUsage;
  emu_nccl_depth()--;
  return emu_nccl_settle();
}

static inline MPI_Datatype emu_nccl_type(ncclDataType_t t) { return t == ncclDouble ? MPI_DOUBLE : MPI_FLOAT; }
static inline ncclResult_t ncclSend(const void *buf, size_t count, ncclDataType_t t, int peer,
                                    ncclComm_t c, cudaStream_t) {
  MPI_Request r;
  MPI_Isend(buf, (int)count, emu_nccl_type(t), peer, 0, c->comm, &r);
  emu_nccl_pending().push_back(r);
  return emu_nccl_settle();
}
static inline ncclResult_t ncclRecv(void *buf, size_t count, ncclDataType_t t, int peer,
                                    ncclComm_t c, cudaStream_t) {
  MPI_Request r;
  MPI_Irecv(buf, (int)count, emu_nccl_type(t), peer, 0, c->comm, &r);
  emu_nccl_pending().push_back(r);
  return emu_nccl_settle();
}

#endif
