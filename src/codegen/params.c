/* A backend's parameters as command-line options: parsed from the text a user types, printed
 * back as the same text (the model's candidates, tune's cache), and described in help, all from
 * the backend's table of BackendOption. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "codegen.h"
#include "util/num.h"

const BackendOption *codegen_find_option(const Backend *b, const char *name) {
  for (const BackendOption *o = b->options; o && o->name; o++)
    if (!strcmp(o->name, name)) return o;
  return NULL;
}

/* "N", "N0xN1" ...: up to `max` counts of 1 to INT_MAX; their number, or -1. */
static int parse_counts(const char *value, int max, int *counts) {
  char copy[128];
  if (strlen(value) >= sizeof copy) return -1;
  snprintf(copy, sizeof copy, "%s", value);
  int n = 0;
  char *p = copy;
  for (;;) {
    char *x = strchr(p, 'x');
    if (x) *x = 0;
    if (n == max || num_parse_int(p, 1, INT_MAX, &counts[n])) return -1;
    n++;
    if (!x) return n;
    p = x + 1;
  }
}

int codegen_parse_option(GenOptions *opt, const BackendOption *o, const char *value, char *err,
                         size_t n) {
  int *v = &opt->params.v[o->at];
  switch (o->kind) {
  case OPT_FLAG:
    *v = 1;
    return 0;
  case OPT_COUNT:
    if (!num_parse_int(value, 1, INT_MAX, v)) return 0;
    snprintf(err, n, "%s takes a count of at least 1 (at most %d), not '%s'", o->name, INT_MAX, value);
    return -1;
  case OPT_CHOICE:
    for (int i = 0; o->choices[i]; i++)
      if (!strcmp(value, o->choices[i])) {
        *v = i + 1;
        return 0;
      }
    snprintf(err, n, "%s takes %s, not '%s'", o->name, o->arg, value);
    return -1;
  case OPT_SHAPE: {
    int counts[IR_MAX_DIMS], k = parse_counts(value, o->counts, counts);
    if (k < 0) {
      snprintf(err, n, "%s takes %s (at most %d counts of at least 1), not '%s'", o->name, o->arg,
               o->counts, value);
      return -1;
    }
    for (int i = 0; i < o->counts; i++) v[i] = i >= k ? 0 : o->x_first ? counts[k - 1 - i] : counts[i];
    return 0;
  }
  }
  return -1;
}

/* Appends " --name value" for option o when it was set. */
static void option_text(const GenOptions *opt, const BackendOption *o, Buf *out) {
  const int *v = &opt->params.v[o->at];
  if (!v[0]) return;
  buf_printf(out, " %s", o->name);
  if (o->kind == OPT_COUNT) buf_printf(out, " %d", v[0]);
  if (o->kind == OPT_CHOICE) buf_printf(out, " %s", o->choices[v[0] - 1]);
  if (o->kind != OPT_SHAPE) return;
  int k = 0;
  while (k < o->counts && v[k]) k++;
  for (int i = 0; i < k; i++) buf_printf(out, "%s%d", i ? "x" : " ", o->x_first ? v[k - 1 - i] : v[i]);
}

void codegen_params_text(const GenOptions *opt, char *buf, size_t n) {
  Buf out = {0};
  for (const BackendOption *o = opt->backend->options; o && o->name; o++) option_text(opt, o, &out);
  snprintf(buf, n, "%s", out.s ? out.s + 1 : "");
  buf_free(&out);
}

void codegen_options_help(Buf *out, const Backend *b) {
  if (!b->options) return;
  buf_printf(out, "%s options:\n", b->name);
  for (const BackendOption *o = b->options; o->name; o++) {
    char head[64];
    snprintf(head, sizeof head, "%s%s%s", o->name, o->kind == OPT_FLAG ? "" : " ",
             o->kind == OPT_FLAG ? "" : o->arg);
    if (strlen(head) > 17) buf_printf(out, "  %s\n  %-17s %s\n", head, "", o->help);
    else buf_printf(out, "  %-17s %s\n", head, o->help);
  }
}
