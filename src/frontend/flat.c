#include "flat.h"

#include <stdio.h>
#include <string.h>

#include "parser.h"

int flat_index(const FlatInput *in, CXCursor c, int nvars, const char (*vars)[IR_NAME_MAX],
               long long coef[], long long *k, char *msg, size_t cap) {
  Input input = {in->path, in->index, in->args, in->nargs, NULL};
  Parser p;
  memset(&p, 0, sizeof p);
  p.path = in->path;
  p.in = &input;
  p.tu = in->tu;
  p.time.at = in->scope;
  Sweep sw; /* the loop variables, which are no index locals */
  memset(&sw, 0, sizeof sw);
  sw.nloops = nvars < IR_MAX_DIMS ? nvars : IR_MAX_DIMS;
  for (int v = 0; v < sw.nloops; v++) snprintf(sw.loops[v].var, IR_NAME_MAX, "%s", vars[v]);
  p.sw = &sw;
  Poly poly;
  if (poly_of(&p, c, &poly)) {
    snprintf(msg, cap, "%s", p.why.msg);
    return -1;
  }
  memset(coef, 0, (size_t)nvars * sizeof *coef);
  *k = 0;
  for (int t = 0; t < poly.n; t++) {
    const Term *term = &poly.t[t];
    int v = -1;
    if (term->deg == 0) {
      *k += term->coef;
      continue;
    }
    for (int i = 0; term->deg == 1 && i < nvars; i++)
      if (!strcmp(p.syms[term->sym[0]], vars[i])) v = i;
    if (v < 0) {
      snprintf(msg, cap, "the index is not the loop variables times constant strides (a term in "
                         "'%s'%s)", p.syms[term->sym[0]], term->deg > 1 ? " times another name" : "");
      return -1;
    }
    coef[v] += term->coef;
  }
  return 0;
}
