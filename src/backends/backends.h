/* The table of backends: every backend stencilc has, each with its code generator (codegen/: name,
 * options, plan, emitter) and, for the GPU strategies, its performance model (model/: tuning space,
 * prediction). The command line, gen, run, model and tune reach a backend only through here.
 *
 * Why a layer of its own: codegen/ and model/ are separate stages (the model reads the plans that
 * codegen makes, codegen knows nothing of the model), so the one place that pairs a backend's
 * halves sits above both. The ranking of candidates lives here too, as it walks the table. */
#ifndef STENCILC_BACKENDS_H
#define STENCILC_BACKENDS_H

#include "codegen/codegen.h"
#include "ir/program.h"
#include "model/model.h"

typedef struct {
  const Backend *gen;         /* plan, emitter, options */
  const BackendModel *model;  /* tuning space and prediction; NULL: not ranked (cpu) */
} BackendEntry;

/* The backends in table order (the order of help text and of ranking ties). */
int backends_count(void);
const BackendEntry *backends_at(int i);
/* The backend called name, or NULL. */
const Backend *backends_find(const char *name);
/* The entry of backend b. */
const BackendEntry *backends_entry(const Backend *b);
/* The names in table order ("naive|cpu|n5d|..."), joined by sep. */
const char *backends_names(const char *sep);

/* Plans opt and predicts it with its backend's model (prune: see BackendModel). 0, or -1 when
 * the backend refuses the options, has no model, or the model says it cannot run well. */
int backends_predict(const Stencil *st, const GenOptions *opt, const Problem *pb, const GpuSpec *g,
                     bool prune, Prediction *p);

typedef struct {
  GenOptions opt;
  Prediction pred;
} Candidate;

/* Every candidate of every modelled backend's tuning space that the backend accepts and the model
 * does not prune, and each backend's defaults (backends_default_candidate), best predicted first.
 * Returns the count and a malloc'ed array in *out (NULL when none). */
int backends_rank(const Stencil *st, DType dt, const Problem *pb, const GpuSpec *g, Candidate **out);

/* Backend b's own default options (its rule, all parameters left to it), predicted without the
 * register pruning; -1 when it refuses them or the model cannot predict them. */
int backends_default_candidate(const Stencil *st, DType dt, const Backend *b, const Problem *pb,
                               const GpuSpec *g, Candidate *out);

/* Whether opt leaves every parameter to its backend (its defaults). */
bool backends_is_default(const GenOptions *opt);

/* The candidates of a stencil program (ir/program.h), best predicted first: naive, and n5d over
 * bT and block shapes for the programs n5d blocks (model/program.h predicts both). Returns the
 * count and a malloc'ed array in *out (NULL when none). */
int backends_rank_program(const Program *pr, DType dt, const Problem *pb, const GpuSpec *g,
                          Candidate **out);

#endif
