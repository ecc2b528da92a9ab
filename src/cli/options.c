#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether `name` is one of the space-separated words of `allowed`. */
static bool allowed_option(const char *allowed, const char *name) {
  size_t n = strlen(name);
  for (const char *p = allowed; (p = strstr(p, name)); p += n)
    if ((p == allowed || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return true;
  return false;
}

/* A positive integer, or a size N / N0xN1 / N0xN1xN2 for -s. */
static bool valid_count(const char *s, bool size) {
  if (!*s) return false;
  for (const char *p = s; *p; p++)
    if (!((*p >= '0' && *p <= '9') || (size && *p == 'x' && p != s && p[1]))) return false;
  return atol(s) > 0;
}

/* Up to IR_MAX_DIMS counts separated by 'x', slowest axis first. */
static int parse_block(const char *v, int block[IR_MAX_DIMS]) {
  int n = 0;
  for (const char *p = v; p; p = strchr(p, 'x') ? strchr(p, 'x') + 1 : NULL) {
    if (n == IR_MAX_DIMS) return -1;
    block[n++] = atoi(p);
  }
  return 0;
}

static int bad(const char *help, const char *fmt, const char *arg) {
  fprintf(stderr, "stencilc: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", help);
  return -1;
}

/* A count option out of range: names the option, the limit and the value given. */
static int bad_count(const char *help, const char *opt, const char *arg) {
  fprintf(stderr, "stencilc: %s takes a count of at least 1, not '%s'\n%s", opt, arg, help);
  return -1;
}

/* Where the value of a count option goes: --bt, --hsn, --regs and --rows (n5d; --bt is ssam's
 * too, copied after parsing) and --p (ssam); NULL for any other option. */
static int *count_option(Options *o, const char *name) {
  if (!strcmp(name, "--bt")) return &o->n5d.bt;
  if (!strcmp(name, "--hsn")) return &o->n5d.hsn;
  if (!strcmp(name, "--regs")) return &o->n5d.regs;
  if (!strcmp(name, "--rows")) return &o->n5d.rows;
  if (!strcmp(name, "--p")) return &o->ssam.p;
  return NULL;
}

int options_parse(int argc, char **argv, const char *allowed, const char *help, Options *o) {
  memset(o, 0, sizeof *o);
  o->backend = BACKEND_NAIVE;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(help, stdout);
      return 1;
    }
    if (a[0] != '-') {
      if (o->input) return bad(help, "more than one input file ('%s')", a);
      o->input = a;
      continue;
    }
    if (!allowed_option(allowed, a)) return bad(help, "unknown option '%s'", a);
    if (!strcmp(a, "--fast-math")) {
      o->fast_math = true;
      continue;
    }
    if (!strcmp(a, "--cpu")) {
      o->cpu = true;
      continue;
    }
    if (!strcmp(a, "--no-diag-opt") || !strcmp(a, "--no-assoc-opt")) {
      *(a[5] == 'd' ? &o->n5d.no_diag_opt : &o->n5d.no_assoc_opt) = true;
      continue;
    }
    if (i + 1 >= argc) return bad(help, "option '%s' needs a value", a);
    const char *v = argv[++i];
    if (!strcmp(a, "-o")) o->output = v;
    else if (!strcmp(a, "--workdir")) o->workdir = v;
    else if (!strcmp(a, "--gpu")) o->gpu = v;
    else if (!strcmp(a, "--emit")) o->emit = v;
    else if (!strcmp(a, "--import")) o->import = v;
    else if (!strcmp(a, "--top")) {
      if (!valid_count(v, false)) return bad(help, "--top takes a positive count, not '%s'", v);
      o->top = atoi(v);
    }
    else if (!strcmp(a, "--backend")) {
      o->auto_backend = !strcmp(v, "auto");
      int b = o->auto_backend ? BACKEND_NAIVE : codegen_backend_from_name(v);
      if (b < 0) return bad(help, "unknown backend '%s'", v);
      o->backend = (Backend)b;
      o->backend_given = true;
    } else if (!strcmp(a, "--dtype")) {
      if (strcmp(v, "float") && strcmp(v, "double"))
        return bad(help, "--dtype takes float or double, not '%s'", v);
      o->dtype = strcmp(v, "float") ? DTYPE_DOUBLE : DTYPE_FLOAT;
      o->dtype_given = true;
    } else if (!strcmp(a, "-s")) {
      if (!valid_count(v, true)) return bad(help, "-s takes N, N0xN1 or N0xN1xN2, not '%s'", v);
      o->size = v;
    } else if (!strcmp(a, "--bs")) {
      if (!valid_count(v, true) || sscanf(v, "%d", &o->n5d.bs[0]) != 1)
        return bad(help, "--bs takes X (2D) or YxX (3D), not '%s'", v);
      if (strchr(v, 'x')) { /* YxX: y first, as the threads are laid out */
        o->n5d.bs[1] = o->n5d.bs[0];
        if (sscanf(strchr(v, 'x') + 1, "%d", &o->n5d.bs[0]) != 1 || strchr(strchr(v, 'x') + 1, 'x'))
          return bad(help, "--bs takes X (2D) or YxX (3D), not '%s'", v);
      }
    } else if (!strcmp(a, "--block")) { /* naive and 25d read their own copy */
      if (!valid_count(v, true) || parse_block(v, o->naive.block))
        return bad(help, "--block takes X, YxX or ZxYxX, not '%s'", v);
      memcpy(o->p25d.block, o->naive.block, sizeof o->p25d.block);
    } else if (!strcmp(a, "--placement")) {
      int p = codegen_placement_from_name(v);
      if (p < 0) return bad(help, "--placement takes global, shared, hybrid or register, not '%s'", v);
      o->p25d.placement = (Placement)p;
    } else if (count_option(o, a)) {
      if (!valid_count(v, false)) return bad_count(help, a, v);
      *count_option(o, a) = atoi(v);
    } else if (!strcmp(a, "-t") || !strcmp(a, "-r")) {
      if (!valid_count(v, false)) return bad_count(help, a, v);
      if (a[1] == 't') o->steps = v;
      else o->reps = v;
    }
  }
  if (!o->input) return bad(help, "%s", "no input file");
  if (o->p25d.placement && o->backend != BACKEND_25D)
    return bad(help, "%s", "--placement applies to --backend 25d only");
  /* --bt and --bs mean the same for both temporal-blocking backends */
  o->ssam.bt = o->n5d.bt;
  o->ssam.bs[0] = o->n5d.bs[0];
  o->ssam.bs[1] = o->n5d.bs[1];
  if (o->ssam.p && o->backend_given && !o->auto_backend && o->backend != BACKEND_SSAM)
    return bad(help, "%s", "--p is an option of --backend ssam");
  return 0;
}
