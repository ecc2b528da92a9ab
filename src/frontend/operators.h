/* Internal to the front end: the expression forms both recognisers read the same way, the
 * single stencil's (expr.c) and the stencil program's (program.c). Each keeps its own Parser,
 * leaves (constants, variables, grid reads) and refusals; what they share is the dispatch on a
 * construct's kind and how an operator node is built from its operands. */
#ifndef STENCILC_FRONTEND_OPERATORS_H
#define STENCILC_FRONTEND_OPERATORS_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "ir/ir.h"

/* Operations nested in one expression, in either front end (parser.h's single stencils,
 * program.c's programs): every later stage (classification, emission, the compilers of the
 * generated code) recurses once per level on an ordinary stack. 10,000 is 14 times the deepest
 * suite stencil (box3d4r's 729-term sum). */
enum { MAX_EXPR_DEPTH = 10000 };

/* The hint of a refused operator. */
extern const char *const HINT_OPERATORS;

/* A _Bool array read at the cell (a mask): the message (with the array's name) and its hint. */
extern const char *const MSG_MASK, *const HINT_MASK;
bool op_is_bool(CXCursor c);

/* A recogniser's reader of one form, called with its own parser. */
typedef Expr *(*ReadForm)(void *parser, CXCursor c);

/* How a recogniser reads each form a stencil expression takes, and records a refusal. */
typedef struct {
  ReadForm expr;     /* a whole operand: the recogniser's parse_expr */
  ReadForm literal;  /* IntegerLiteral, FloatingLiteral */
  ReadForm variable; /* DeclRefExpr */
  ReadForm load;     /* ArraySubscriptExpr */
  ReadForm binary, unary, call;
  void (*refuse)(void *parser, CXCursor at, const char *hint, const char *msg);
  /* Operands of integer type (op_read): the value of a name the recogniser binds (a filter-loop
   * variable), false when it binds none (NULL: none bound); and the initializer item that an
   * integer array element c reads, a const table's at constant subscripts (a null cursor for
   * one its list leaves out, which C makes zero), -1 after a refusal. */
  bool (*int_name)(void *parser, CXCursor ref, long long *v);
  int (*int_item)(void *parser, CXCursor c, CXCursor *item);
  /* Whether the integer operand c holds a value known at run time that the recogniser reads
   * (the time loop's counter in a point source's value, it * dt): its names, +, - and * are then
   * read by the readers of their forms as floating values, not evaluated (NULL: none). */
  bool (*int_runtime)(void *parser, CXCursor c);
  /* Whether the stencil computes in double, where what C computes in float is rounded to float
   * (EX_FLOAT): a cast or conversion of a double value to float, an operator or call of float
   * type. In a float stencil everything is computed in float anyway. */
  bool (*in_double)(void *parser);
  /* Whether the stencil updates an integer grid (NULL: never): its int operands known at run
   * time (grid reads, int accumulators) are read as C computes them in int: +, -, *, a
   * truncating / (EX_IDIV) and >> (EX_SHR), with no conversion to another integer type. */
  bool (*int_grid)(void *parser);
  /* Whether the name at ref is a counter of the spatial loops (NULL: never asked), so that a
   * value computed from the cell's position (double x = i * dx;) is refused as such. */
  bool (*loop_counter)(void *parser, CXCursor ref);
} ExprForms;

/* The expression at c (stripped of casts and parentheses) read by the reader of its form; NULL,
 * refused, when a stencil expression takes no such construct. An operand C computes in integer
 * arithmetic (K[1][1] / 16 with K an int table, 1 / 2, (int)2.5) is evaluated as C does, to the
 * constant it is, or refused (overflow, a run-time value). In a double stencil, a value C rounds
 * to float is an EX_FLOAT (forms->in_double). */
Expr *op_read(const ExprForms *forms, void *parser, CXCursor c);

/* e rounded to float: an EX_FLOAT over it (NULL stays NULL). */
Expr *op_rounded(Expr *e);

/* The node of a binary operator's spelling: EX_ADD, EX_SUB, EX_MUL, EX_DIV, or EX_CONST for an
 * operator a stencil expression does not take. */
ExprKind op_binary_kind(const char *op);
/* The same for the operator at c, where an int division is EX_IDIV and an int >> EX_SHR. */
ExprKind op_binary_kind_at(CXCursor c, const char *op);

/* A node of kind k whose operands, read in order by forms->expr, are at args[0..n-1]; NULL (the
 * node freed) as soon as one operand fails, the refusal being the reader's. */
Expr *op_node(const ExprForms *forms, void *parser, ExprKind k, const CXCursor *args, int n);

/* The math function call at c with its arguments read; f is the function called, and the call
 * has f->nargs arguments (the caller checked). */
Expr *op_call(const ExprForms *forms, void *parser, CXCursor c, const MathFunc *f);

/* fma(x, y, z) or fmaf at c (the callee's name): read as x * y + z, rounded twice where C rounds
 * once (within the checks' tolerance; nvcc and cc -O3 contract it back into one fma), so that
 * the update keeps its linear form (coefficients, partial sums). */
bool op_is_fma(CXCursor c, const char *name);
Expr *op_fma(const ExprForms *forms, void *parser, CXCursor c);

/* The UnaryOperator at c: a prefix + or - of its operand; anything else is refused. */
Expr *op_sign(const ExprForms *forms, void *parser, CXTranslationUnit tu, CXCursor c);

#endif
