/* The tuned choice of strategy and parameters, shared by tune (which measures and caches it) and
 * gen/run --backend auto (which use it). */
#ifndef STENCILC_TUNE_H
#define STENCILC_TUNE_H

#include "backends/backends.h"
#include "options.h"

/* The GPU of --gpu (default h200), refined by a probe file; -1 after a message when unknown. */
int tune_gpu(const Options *o, GpuSpec *g);
/* The grid of -s (N or N0xN1[xN2], default the backends') and the steps of -t (default 1000);
 * -1 after a message when -s does not fit the stencil. */
int tune_problem(const Options *o, const Stencil *st, Problem *pb);

/* Fills o->gen's backend and parameters for --backend auto (o->gen.dtype set): the choice
 * `stencilc tune` cached for this stencil, GPU (--gpu, default h200), dtype and size class, else
 * the model's best. Prints which. Returns 0, or -1 after a message (unknown GPU, no candidate). */
int tune_choose(const Stencil *st, Options *o);

/* A choice as the options of `stencilc gen`: "--backend n5d --bt 4 --bs 256 --hsn 512". */
void tune_choice_text(const GenOptions *opt, char *buf, size_t n);
/* Parses such text (as the command line parses it) into o->gen's backend and parameters; 0, or
 * -1 after a message. */
int tune_apply_choice(const char *text, Options *o);

/* stencilc tune on a stencil program (cli/program.c dispatches it): ranks naive and n5d
 * candidates, writes them (--emit) or builds and times them; see tune.c. */
int tune_program(const Program *pr, Options *o);

#endif
