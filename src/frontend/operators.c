#include "operators.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cursor.h"

const char *const HINT_OPERATORS = "stencil expressions use + - * / and math functions";
static const char *const HINT_FORMS =
    "stencil expressions use + - * /, constants, grid reads and math functions";
const char *const MSG_MASK =
    "reads the _Bool array '%s' at the cell (a mask); grids hold float or double";
const char *const HINT_MASK =
    "declare the mask as a float or double array holding 0 and 1 and multiply by it: "
    "m[i][j] * (...) + (1 - m[i][j]) * A[t % 2][i][j]";

bool op_is_bool(CXCursor c) {
  return clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Bool;
}

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

/* ---- operands of integer type ----
 * C computes an operand of integer type in the arithmetic of that type, and converts it to
 * floating only where it meets a floating operand: with K an int table, K[1][1] / 16 is 0 and
 * K[1][1] * in[i] is (float)4 * in[i]. Such an operand is evaluated here as C does, to the
 * constant it is (exact in double: an integer within 2^53), or refused where C's result is
 * undefined (signed overflow, division by zero) or known at run time only. */

static const char *const HINT_INT =
    "integer operands must be compile-time constants (literals, macros, const variables, const "
    "integer tables read at constant subscripts or filter-loop variables); convert one operand "
    "to floating to compute in floating point: (float)K[a][b] / 16";

enum { MAX_INT_DEPTH = 256, EXACT_INT_BITS = 53 };

/* An integer type: its width in bits and signedness; _Bool (is_bool) converts any non-zero
 * value to 1. */
typedef struct {
  int bits;
  bool is_signed, is_bool;
} IntType;

/* t as an integer type (an enum's underlying type, _Bool); false for other types and __int128,
 * which is wider than the arithmetic here. */
static bool int_type(CXType t, IntType *it) {
  t = clang_getCanonicalType(t);
  if (t.kind == CXType_Enum)
    t = clang_getCanonicalType(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t)));
  it->is_bool = t.kind == CXType_Bool;
  bool is_unsigned = (t.kind >= CXType_Char_U && t.kind <= CXType_ULongLong) || it->is_bool;
  bool is_signed = t.kind >= CXType_Char_S && t.kind <= CXType_LongLong;
  long long size = clang_Type_getSizeOf(t);
  if ((!is_unsigned && !is_signed) || size < 1 || size > 8) return false;
  it->bits = (int)size * 8;
  it->is_signed = is_signed;
  return true;
}

static bool int_typed(CXCursor c) {
  IntType it;
  return int_type(clang_getCursorType(c), &it);
}

/* v in type it: reduced modulo 2^bits for an unsigned type (and, wrap, for a conversion to a
 * signed one, as gcc and clang define it); false when an operation's signed result overflows. */
static bool in_type(__int128 v, IntType it, bool wrap, __int128 *out) {
  if (it.is_bool) return *out = v != 0, true;
  unsigned __int128 mask = it.bits == 64 ? ~(unsigned __int128)0 >> 64 : ((unsigned __int128)1 << it.bits) - 1;
  __int128 lo = it.is_signed ? -((__int128)1 << (it.bits - 1)) : 0;
  __int128 hi = it.is_signed ? ((__int128)1 << (it.bits - 1)) - 1 : (__int128)mask;
  if (v >= lo && v <= hi) return *out = v, true;
  if (it.is_signed && !wrap) return false;
  unsigned __int128 bits = (unsigned __int128)v & mask;
  *out = it.is_signed && bits > (unsigned __int128)hi ? (__int128)bits - (__int128)mask - 1 : (__int128)bits;
  return true;
}

typedef struct {
  const ExprForms *forms;
  void *parser;
  int depth;
} IntEval;

static bool int_refuse(IntEval *ev, CXCursor at, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool int_refuse(IntEval *ev, CXCursor at, const char *hint, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  ev->forms->refuse(ev->parser, at, hint, msg);
  return false;
}

/* The type's spelling, for messages. */
static void type_text(CXCursor c, char *out, size_t size) {
  CXString s = clang_getTypeSpelling(clang_getCursorType(c));
  snprintf(out, size, "%s", clang_getCString(s));
  clang_disposeString(s);
}

/* What clang computes for the constant expression at c as an integer (a literal, a macro, an
 * enumerator, a const variable, sizeof, a cast of a floating constant); false when it cannot. */
static bool clang_int(CXCursor c, __int128 *v) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  bool ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
  if (ok)
    *v = clang_EvalResult_isUnsignedInt(r) ? (__int128)clang_EvalResult_getAsUnsigned(r)
                                           : (__int128)clang_EvalResult_getAsLongLong(r);
  if (r) clang_EvalResult_dispose(r);
  return ok;
}

static bool int_eval(IntEval *ev, CXCursor c, __int128 *v);

/* The element of a const integer table: its initializer's item converted to the element type
 * as C does (a floating item truncated toward zero). */
static bool int_element(IntEval *ev, CXCursor c, IntType it, __int128 *v) {
  CXCursor item;
  if (ev->forms->int_item(ev->parser, c, &item)) return false;
  if (clang_Cursor_isNull(item)) return *v = 0, true;
  CXEvalResult r = clang_Cursor_Evaluate(item);
  CXEvalResultKind k = r ? clang_EvalResult_getKind(r) : CXEval_UnExposed;
  double d = k == CXEval_Float ? clang_EvalResult_getAsDouble(r) : 0;
  if (r) clang_EvalResult_dispose(r);
  if (k == CXEval_Float && it.is_bool) return *v = d != 0, true; /* 0.5 is true */
  bool near = k == CXEval_Float && d > -0x1p64 && d < 0x1p64;
  __int128 whole = near ? (__int128)d : 0; /* truncated toward zero */
  if (near && in_type(whole, it, true, v) && *v == whole)
    return true; /* in the type's range: C leaves other conversions of a floating value undefined */
  /* computed here, not by clang: it reads (unsigned char)300 inside an int table as 300 */
  if (k != CXEval_Float) return int_eval(ev, item, v) && in_type(*v, it, true, v);
  return int_refuse(ev, item, "initialise integer tables with integer constants",
                    "cannot read this item of the integer table as a constant of its type");
}

static bool int_binary(IntEval *ev, CXCursor c, IntType it, __int128 *v) {
  char op[4];
  CXCursor kids[2];
  __int128 a, b;
  if (!cur_binary_op(clang_Cursor_getTranslationUnit(c), c, op) || cur_children(c, kids, 2) != 2) {
    if (clang_int(c, v)) return true; /* #define W (1 / 16): the operator is the macro's */
    return int_refuse(ev, c, "expand the macro by hand",
                      "cannot see the operator (it comes from a macro)");
  }
  if (strcmp(op, "+") && strcmp(op, "-") && strcmp(op, "*") && strcmp(op, "/") && strcmp(op, "%"))
    return int_refuse(ev, c, HINT_OPERATORS,
                      "operator '%s' is not supported in a stencil expression", op);
  if (!int_eval(ev, kids[0], &a) || !int_eval(ev, kids[1], &b)) return false;
  if ((op[0] == '/' || op[0] == '%') && b == 0)
    return int_refuse(ev, c, "divide by a non-zero constant", "integer division by the constant 0");
  __int128 r;
  if (it.is_signed) { /* operands of at most 64 bits: exact in 128 */
    switch (op[0]) {
    case '+': r = a + b; break;
    case '-': r = a - b; break;
    case '*': r = a * b; break;
    default: r = a / b; break; /* truncated toward zero, as C; % is checked through a / b */
    }
    if (op[0] == '%' && in_type(r, it, false, &r)) r = a % b;
  } else { /* modulo 2^128, then 2^bits */
    unsigned __int128 x = (unsigned __int128)a, y = (unsigned __int128)b;
    switch (op[0]) {
    case '+': r = (__int128)(x + y); break;
    case '-': r = (__int128)(x - y); break;
    case '*': r = (__int128)(x * y); break;
    case '/': r = (__int128)(x / y); break;
    default: r = (__int128)(x % y); break;
    }
  }
  if (in_type(r, it, false, v)) return true;
  char type[64];
  type_text(c, type, sizeof type);
  return int_refuse(ev, c,
                    "convert an operand to floating first ((double)K[a][b] * K[c][d]) or use a "
                    "wider integer type",
                    "the integer arithmetic overflows '%s' (C leaves its result undefined)", type);
}

static bool int_unary(IntEval *ev, CXCursor c, IntType it, __int128 *v) {
  char op[4];
  bool prefix;
  CXCursor kid;
  if (cur_children(c, &kid, 1) != 1 ||
      !cur_unary_op(clang_Cursor_getTranslationUnit(c), c, op, &prefix) || !prefix ||
      (strcmp(op, "-") && strcmp(op, "+")))
    return clang_int(c, v) || /* sizeof x */
           int_refuse(ev, c, HINT_OPERATORS,
                      "this unary operator is not supported in a stencil expression");
  if (!int_eval(ev, kid, v)) return false;
  if (op[0] == '+') return true;
  if (in_type(it.is_signed ? -*v : (__int128)(-(unsigned __int128)*v), it, false, v)) return true;
  return int_refuse(ev, c, "convert the operand to floating first",
                    "negating the integer overflows its type");
}

/* A conversion (implicit or a cast) or parentheses around one operand: the operand converted
 * to c's type. A floating operand converts only when it is a constant clang computes. */
static bool int_conversion(IntEval *ev, CXCursor c, CXCursor operand, IntType it, __int128 *v) {
  if (int_typed(operand)) return int_eval(ev, operand, v) && in_type(*v, it, true, v);
  if (clang_int(c, v)) return true; /* (int)2.5 */
  return int_refuse(ev, c, "keep the stencil's arithmetic in float or double",
                    "converts a value known at run time only to an integer");
}

/* Whether the name at c is a const variable with an initializer, which is its value
 * (const int total = K[0] + K[1] + K[2]; clang computes only C's constant expressions). */
static bool const_initialized(CXCursor c) {
  CXCursor decl = clang_getCursorReferenced(c);
  return clang_getCursorKind(decl) == CXCursor_VarDecl &&
         clang_isConstQualifiedType(clang_getCursorType(decl)) &&
         !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl));
}

static bool int_eval(IntEval *ev, CXCursor c, __int128 *v) {
  IntType it;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor kids[CUR_MAX_CHILDREN];
  int n = cur_children(c, kids, CUR_MAX_CHILDREN);
  if (!int_type(clang_getCursorType(c), &it)) {
    char type[64];
    type_text(c, type, sizeof type);
    return int_refuse(ev, c, HINT_INT, "an integer operand holds a value of type '%s'", type);
  }
  if (++ev->depth > MAX_INT_DEPTH) {
    ev->depth--;
    return int_refuse(ev, c, "compute the coefficient in floating point, or write it as one "
                             "constant",
                      "the integer expression nests more than %d operations", MAX_INT_DEPTH);
  }
  bool ok;
  long long named;
  if ((k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) && n == 1)
    ok = int_conversion(ev, c, kids[0], it, v);
  else if (k == CXCursor_CStyleCastExpr && n >= 1 && n <= CUR_MAX_CHILDREN)
    ok = int_conversion(ev, c, kids[n - 1], it, v);
  else if (k == CXCursor_BinaryOperator)
    ok = int_binary(ev, c, it, v);
  else if (k == CXCursor_UnaryOperator)
    ok = int_unary(ev, c, it, v);
  else if (k == CXCursor_ArraySubscriptExpr)
    ok = int_element(ev, c, it, v);
  else if (k == CXCursor_DeclRefExpr && ev->forms->int_name &&
           ev->forms->int_name(ev->parser, c, &named))
    ok = in_type(named, it, true, v);
  else if (clang_int(c, v))
    ok = true;
  else if (k == CXCursor_DeclRefExpr && const_initialized(c))
    ok = int_eval(ev, clang_Cursor_getVarDeclInitializer(clang_getCursorReferenced(c)), v) &&
         in_type(*v, it, true, v);
  else if (k == CXCursor_DeclRefExpr && ev->forms->loop_counter &&
           ev->forms->loop_counter(ev->parser, c))
    ok = int_refuse(ev, c,
                    "compute the values into an array before the time loop, one per position "
                    "along the axis (double k[n]; for (int j = 0; j < n; j++) k[j] = 1.0 + 0.5 * "
                    "j * h;), and read k[j] in the update: a 1D coefficient array",
                    "'%s' is a counter of the loops over the grid: a coefficient computed from "
                    "the cell's position is not taken", cur_ref_name(c));
  else if (k == CXCursor_DeclRefExpr)
    ok = int_refuse(ev, c, HINT_INT, "'%s' is not a compile-time constant", cur_ref_name(c));
  else
    ok = int_refuse(ev, c, HINT_INT, "cannot compute this integer operand at compile time");
  ev->depth--;
  return ok;
}

/* The operand one conversion, cast or parenthesis below c, the child cur_strip descends to;
 * false where c has no child to descend to. */
static bool strip_once(CXCursor c, CXCursor *operand) {
  CXCursor kids[CUR_MAX_CHILDREN];
  int n = cur_children(c, kids, CUR_MAX_CHILDREN);
  if (n < 1 || n > CUR_MAX_CHILDREN) return false;
  *operand = kids[clang_getCursorKind(c) == CXCursor_CStyleCastExpr ? n - 1 : 0];
  return true;
}

/* The outermost node of integer type from c down to cur_strip(c) (a null cursor when there is
 * none): (float)K[1][1] is K[1][1] read as an int, (int)2.5 the cast. */
static CXCursor integer_operand(CXCursor c) {
  for (CXCursor strip = cur_strip(c);; ) {
    if (int_typed(c)) return c;
    if (clang_equalCursors(c, strip) || !strip_once(c, &c)) return clang_getNullCursor();
  }
}

/* The integer operand at whole, whose stripped form is c, as a constant: the reader's own
 * constant for a plain literal or a name clang or the recogniser knows, of that value (its
 * spelling kept), else the value. */
static Expr *integer_constant(const ExprForms *forms, void *parser, CXCursor whole, CXCursor c) {
  IntEval ev = {forms, parser, 0};
  __int128 v;
  if (!int_eval(&ev, whole, &v)) return NULL;
  if (v > ((__int128)1 << EXACT_INT_BITS) || v < -((__int128)1 << EXACT_INT_BITS)) {
    int_refuse(&ev, whole, "write the coefficient as a floating constant",
               "the integer operand's value is beyond 2^%d, which double does not hold exactly",
               EXACT_INT_BITS);
    return NULL;
  }
  enum CXCursorKind k = clang_getCursorKind(c);
  __int128 known;
  long long bound;
  bool plain = int_typed(c) &&
               (k == CXCursor_IntegerLiteral ||
                (k == CXCursor_DeclRefExpr &&
                 (clang_int(c, &known) || (forms->int_name && forms->int_name(parser, c, &bound)))));
  if (plain) { /* the reader reads it without a refusal */
    Expr *e = form_of(forms, c)(parser, c);
    if (e && e->kind == EX_CONST && e->value == (double)v) return e->integer = true, e;
    ir_free_expr(e);
  }
  Expr *e = ir_new_expr(EX_CONST);
  e->value = (double)v;
  snprintf(e->text, sizeof e->text, "%lld.0", (long long)v);
  e->integer = true;
  return e;
}

static enum CXTypeKind type_kind(CXCursor c) {
  return clang_getCanonicalType(clang_getCursorType(c)).kind;
}

/* The conversion of a double value to float on the way from c down to cur_strip(c), such as
 * (float)0.1 or (float)(0.2 * a[i][j]); a null cursor when there is none. */
static CXCursor narrowing(CXCursor c) {
  for (CXCursor strip = cur_strip(c), kid; !clang_equalCursors(c, strip) && strip_once(c, &kid);
       c = kid) {
    enum CXTypeKind from = type_kind(kid);
    if (type_kind(c) == CXType_Float && (from == CXType_Double || from == CXType_LongDouble))
      return c;
  }
  return clang_getNullCursor();
}

/* The float value clang computes for the constant expression at c, such as (float)0.1 in a
 * double stencil (the float's value, which is not the literal's); NULL when it cannot. */
static Expr *float_constant(CXCursor c) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  Expr *e = NULL;
  if (r && clang_EvalResult_getKind(r) == CXEval_Float) {
    e = ir_new_expr(EX_CONST); /* no text: emitted from the value */
    e->value = (double)(float)clang_EvalResult_getAsDouble(r);
  }
  if (r) clang_EvalResult_dispose(r);
  return e;
}

Expr *op_rounded(Expr *e) {
  if (!e) return NULL;
  Expr *r = ir_new_expr(EX_FLOAT);
  r->nargs = 1;
  r->arg[0] = e;
  return r;
}

/* Whether C computes the stripped node c in float arithmetic: an operator or a call (sqrtf) of
 * float type; a sign change is exact. */
static bool float_arithmetic(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  return type_kind(c) == CXType_Float && (k == CXCursor_BinaryOperator || k == CXCursor_CallExpr);
}

/* The integer operand c (stripped) of a run-time value (ExprForms.int_runtime) read as floating:
 * exact where C's integer result is, which +, - and * of a step counter are; C truncates a
 * division and takes a remainder, which floating operators do not. */
static Expr *runtime_integer(const ExprForms *forms, void *parser, CXCursor c) {
  char op[4] = "";
  enum CXCursorKind k = clang_getCursorKind(c);
  bool int_grid = forms->int_grid && forms->int_grid(parser);
  if (int_grid && k == CXCursor_ArraySubscriptExpr) return forms->load(parser, c);
  if (int_grid && k != CXCursor_DeclRefExpr && type_kind(c) != CXType_Int) {
    char msg[200];
    type_text(c, msg, sizeof msg);
    char full[400];
    snprintf(full, sizeof full, "computes in '%s', not int, from the grid's values (unsigned or "
             "wider arithmetic, which stencilc does not reproduce)", msg);
    forms->refuse(parser, c, "compute in int: write constants without a suffix (16, not 16u)",
                  full);
    return NULL;
  }
  if (!int_typed(c)) { /* (int)(n * dt): C truncates */
    forms->refuse(parser, c, "keep the value in floating point: n * dt, not (int)(n * dt)",
                  "converts a value known at run time only to an integer");
    return NULL;
  }
  if (k == CXCursor_DeclRefExpr) return forms->variable(parser, c);
  if (k == CXCursor_UnaryOperator) return forms->unary(parser, c);
  if (k == CXCursor_BinaryOperator && cur_binary_op(clang_Cursor_getTranslationUnit(c), c, op) &&
      (!strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "*") ||
       (int_grid && (!strcmp(op, "/") || !strcmp(op, ">>")))))
    return forms->binary(parser, c);
  char msg[160];
  snprintf(msg, sizeof msg, "integer operator '%s' on a value known at run time only (C computes "
           "it in integers: a division truncates); stencilc reads +, - and * of it", op);
  forms->refuse(parser, c, "convert the counter to floating first: (double)n / 2, or compute the "
                           "value in floating point",
                op[0] ? msg : "an integer operand known at run time only, in a form stencilc "
                              "does not read");
  return NULL;
}

/* In an integer grid's update, a conversion of an int value known at run time to another
 * integer type (not to a floating one, which read as the int value is exact: ir_integer_range
 * bounds it below 2^24) on the way from c down to cur_strip(c) ((unsigned char)(a + b), (long)a): C wraps
 * or widens it there, which the update read in int would not; true after refusing it. */
static bool int_converted(const ExprForms *forms, void *parser, CXCursor c) {
  for (CXCursor strip = cur_strip(c), kid; !clang_equalCursors(c, strip) && strip_once(c, &kid);
       c = kid) {
    enum CXTypeKind to = type_kind(c);
    if (to == type_kind(kid) || to == CXType_Int || !int_typed(kid) || !int_typed(c)) continue;
    char type[128], msg[256];
    type_text(c, type, sizeof type);
    snprintf(msg, sizeof msg, "converts an int value known at run time only to '%s' inside the "
             "update (C wraps or widens it there)", type);
    forms->refuse(parser, c, "keep the update's arithmetic in int; the store converts the result "
                             "to the grid's type", msg);
    return true;
  }
  return false;
}

Expr *op_read(const ExprForms *forms, void *parser, CXCursor c) {
  CXCursor whole = integer_operand(c);
  CXCursor narrow = clang_Cursor_isNull(whole) ? narrowing(c) : clang_getNullCursor();
  Expr *narrowed = clang_Cursor_isNull(narrow) ? NULL : float_constant(narrow);
  if (narrowed) return narrowed;
  bool in_double = forms->in_double && forms->in_double(parser);
  CXCursor operand;
  if (!clang_Cursor_isNull(narrow) && in_double && strip_once(narrow, &operand))
    return op_rounded(forms->expr(parser, operand));
  bool runtime = !clang_Cursor_isNull(whole) && forms->int_runtime && forms->int_runtime(parser, whole);
  if (runtime && forms->int_grid && forms->int_grid(parser) && int_converted(forms, parser, c))
    return NULL;
  c = cur_strip(c);
  if (runtime) return runtime_integer(forms, parser, c);
  if (!clang_Cursor_isNull(whole)) return integer_constant(forms, parser, whole, c);
  if (in_double && float_arithmetic(c)) {
    Expr *folded = float_constant(c); /* 0.1f * 3.0f */
    if (folded) return folded;
  }
  ReadForm read = form_of(forms, c);
  if (read) return in_double && float_arithmetic(c) ? op_rounded(read(parser, c)) : read(parser, c);
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

ExprKind op_binary_kind_at(CXCursor c, const char *op) {
  if (int_typed(c) && !strcmp(op, "/")) return EX_IDIV;
  if (int_typed(c) && !strcmp(op, ">>")) return EX_SHR;
  return op_binary_kind(op);
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

bool op_is_fma(CXCursor c, const char *name) {
  return (!strcmp(name, "fma") || !strcmp(name, "fmaf")) && clang_Cursor_getNumArguments(c) == 3;
}

Expr *op_fma(const ExprForms *forms, void *parser, CXCursor c) {
  CXCursor args[3];
  for (int i = 0; i < 3; i++) args[i] = clang_Cursor_getArgument(c, (unsigned)i);
  Expr *sum = ir_new_expr(EX_ADD);
  sum->nargs = 2;
  if (!(sum->arg[0] = op_node(forms, parser, EX_MUL, args, 2)) ||
      !(sum->arg[1] = forms->expr(parser, args[2]))) {
    sum->nargs = sum->arg[0] ? 1 : 0;
    ir_free_expr(sum);
    return NULL;
  }
  return sum;
}

Expr *op_sign(const ExprForms *forms, void *parser, CXTranslationUnit tu, CXCursor c) {
  char op[4];
  bool prefix;
  CXCursor kid;
  if (cur_children(c, &kid, 1) == 1 && cur_unary_op(tu, c, op, &prefix) && prefix &&
      (!strcmp(op, "-") || !strcmp(op, "+")))
    return op[0] == '+' ? forms->expr(parser, kid) : op_node(forms, parser, EX_NEG, &kid, 1);
  if (cur_deref(tu, c)) {
    forms->refuse(parser, c, CUR_HINT_DEREF, CUR_MSG_DEREF);
    return NULL;
  }
  forms->refuse(parser, c, HINT_OPERATORS,
                "this unary operator is not supported in a stencil expression");
  return NULL;
}
