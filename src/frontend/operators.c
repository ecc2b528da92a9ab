#include "operators.h"

#include <stdio.h>
#include <string.h>

#include "cursor.h"

const char *const HINT_OPERATORS = "stencil expressions use + - * / and math functions";
static const char *const HINT_FORMS =
    "stencil expressions use + - * /, constants, grid reads and math functions";

static ReadForm form_of(const ExprForms *forms, CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral: return forms->literal;
  case CXCursor_DeclRefExpr: return forms->variable;
  case CXCursor_ArraySubscriptExpr: return forms->load;
  case CXCursor_BinaryOperator: return forms->binary;
  case CXCursor_UnaryOperator: return forms->unary;
  case CXCursor_CallExpr: return forms->call;
  default: return NULL;
  }
}

Expr *op_read(const ExprForms *forms, void *parser, CXCursor c) {
  c = cur_strip(c);
  ReadForm read = form_of(forms, c);
  if (read) return read(parser, c);
  if (clang_getCursorKind(c) == CXCursor_ConditionalOperator) {
    forms->refuse(parser, c,
                  "pick the larger or smaller of two values with fmax or fmin; for a branch on a "
                  "parameter, write one loop nest per case and choose between them outside it",
                  "a conditional (?:) in the update: stencilc computes updates without branches");
    return NULL;
  }
  CXString s = clang_getCursorKindSpelling(clang_getCursorKind(c));
  char msg[256];
  snprintf(msg, sizeof msg, "unsupported construct in a stencil expression (%s)",
           clang_getCString(s));
  clang_disposeString(s);
  forms->refuse(parser, c, HINT_FORMS, msg);
  return NULL;
}

ExprKind op_binary_kind(const char *op) {
  if (!strcmp(op, "+")) return EX_ADD;
  if (!strcmp(op, "-")) return EX_SUB;
  if (!strcmp(op, "*")) return EX_MUL;
  if (!strcmp(op, "/")) return EX_DIV;
  return EX_CONST;
}

Expr *op_node(const ExprForms *forms, void *parser, ExprKind k, const CXCursor *args, int n) {
  Expr *e = ir_new_expr(k);
  for (int i = 0; i < n; i++) {
    e->nargs = i + 1;
    if (!(e->arg[i] = forms->expr(parser, args[i]))) {
      e->nargs = i;
      ir_free_expr(e);
      return NULL;
    }
  }
  return e;
}

Expr *op_call(const ExprForms *forms, void *parser, CXCursor c, const MathFunc *f) {
  CXCursor args[IR_MAX_ARGS];
  for (int i = 0; i < f->nargs; i++) args[i] = clang_Cursor_getArgument(c, (unsigned)i);
  Expr *e = op_node(forms, parser, EX_CALL, args, f->nargs);
  if (e) e->func = f->name;
  return e;
}

Expr *op_sign(const ExprForms *forms, void *parser, CXTranslationUnit tu, CXCursor c) {
  char op[4];
  bool prefix;
  CXCursor kid;
  if (cur_children(c, &kid, 1) == 1 && cur_unary_op(tu, c, op, &prefix) && prefix &&
      (!strcmp(op, "-") || !strcmp(op, "+")))
    return op[0] == '+' ? forms->expr(parser, kid) : op_node(forms, parser, EX_NEG, &kid, 1);
  forms->refuse(parser, c, HINT_OPERATORS,
                "this unary operator is not supported in a stencil expression");
  return NULL;
}
