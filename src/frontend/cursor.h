/* Small helpers over libclang's C API, which exposes neither operator kinds nor literal text:
 * both are recovered from tokens and source text here, so the recogniser reads like the grammar. */
#ifndef STENCILC_CURSOR_H
#define STENCILC_CURSOR_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "frontend.h"
#include "ir/ir.h"
#include "util/diag.h"

enum { CUR_MAX_CHILDREN = 16 };

/* Direct children of c, at most max of them; returns how many there are (possibly more than max). */
int cur_children(CXCursor c, CXCursor *out, int max);

/* The first cursor below root, in source order, that match(c, ctx) accepts: among root's
 * children only, or (deep) at any depth; a null cursor when there is none. The searches of the
 * front ends are this with their own test. */
CXCursor cur_find(CXCursor root, bool deep, bool (*match)(CXCursor c, void *ctx), void *ctx);

/* Whether c is the definition of a function in the main file (not in a header). */
bool cur_main_function(CXCursor c);

/* The byte offsets in the main file where c's extent begins and ends (through macro expansions). */
void cur_extent(CXCursor c, unsigned *begin, unsigned *end);

/* c's spelling (a name), cut to IR_NAME_MAX. */
void cur_name(CXCursor c, char out[IR_NAME_MAX]);

/* Skips implicit casts, parentheses and explicit casts down to the expression that matters. */
CXCursor cur_strip(CXCursor c);

/* Where c starts, as the user sees it (macro uses point at the use, not the definition). */
SrcLoc cur_loc(const char *main_path, CXCursor c);

/* Spelling of the operator of a BinaryOperator / CompoundAssignOperator ("+", "<=", "+=", ...);
 * false when it cannot be found (an operator produced by a function-like macro). */
bool cur_binary_op(CXTranslationUnit tu, CXCursor c, char op[4]);
/* cur_binary_op, also for an operator written in a function-like macro's argument, and with
 * `comparison`, for a comparison its body holds (MAX(a, b) as ((a) > (b) ? (a) : (b))), the only
 * comparison written in the macro's definition. */
bool cur_macro_binary_op(CXTranslationUnit tu, CXCursor c, bool comparison, char op[4]);

/* A loop condition read as `kids[0] op kids[1]` with op <, <= or != (false for another form or
 * operator): written the other way round (n - 1 > i, about `var`) it is turned, and `var` plus
 * or minus a constant on the left (i + 1 < n, as unsigned counters are compared so that n - 1
 * cannot wrap) leaves kids[0] the variable and *shift the constant, to take from the bound. */
bool cur_loop_cond(CXTranslationUnit tu, CXCursor cond, const char *var, CXCursor kids[2],
                   char op[4], long long *shift);

/* Spelling of a UnaryOperator's operator and whether it is a prefix one. */
bool cur_unary_op(CXTranslationUnit tu, CXCursor c, char op[4], bool *prefix);

/* Name a DeclRefExpr refers to (after stripping), or NULL when c is no plain variable reference.
 * The result is valid until the next call. */
const char *cur_ref_name(CXCursor c);

/* The integer variable the expression or statement s steps (idx++, --idx, idx += nx), as a
 * running index is; NULL when it steps none. The name is cur_ref_name's buffer. */
const char *cur_stepped(CXTranslationUnit tu, CXCursor s);

/* In a loop's increment i++, idx++ (a comma expression), a variable other than the counter
 * `var` that an operand steps (cur_stepped); NULL when there is none. */
const char *cur_other_step(CXTranslationUnit tu, CXCursor inc, const char *var);

/* Whether c (stripped) reads a grid through a dereferenced pointer, *(a + i * n + j); the message
 * and the hint of the refusal (stencilc reads grids through subscripts). */
bool cur_deref(CXTranslationUnit tu, CXCursor c);
extern const char *const CUR_MSG_DEREF, *const CUR_HINT_DEREF;

/* Whether the index expression c (stripped) is chosen per cell as C wraps an index around a
 * periodic domain or clamps it at an edge: a remainder, u[(i + 1) % n], or a choice,
 * (i == n - 1) ? 0 : i + 1. A stencil's sweep reads the same offsets at every cell, inside a
 * halo; the message and the hint of the refusal. */
bool cur_wrapping_index(CXTranslationUnit tu, CXCursor c);
extern const char *const CUR_MSG_PERIODIC, *const CUR_HINT_PERIODIC;

/* Whether the body of time_loop holds a sweep over the cells of one colour, as red-black
 * Gauss-Seidel and SOR write it: a loop over every other cell starting at an index's parity (for
 * (j = 1 + (i + 1) % 2; j < n - 1; j += 2)), or, inside a loop, a test of two indices' parity (if
 * ((i + j) % 2 == color)). Such a half-sweep updates the grid in place, which no stage of
 * stencilc does; *at is where the colour is chosen, what says how, for CUR_MSG_RED_BLACK's %s. */
enum { CUR_COLOUR_MAX = 3 * IR_NAME_MAX + 64 };
bool cur_colour_sweep(CXTranslationUnit tu, CXCursor time_loop, CXCursor *at, char what[CUR_COLOUR_MAX]);
extern const char *const CUR_MSG_RED_BLACK, *const CUR_HINT_RED_BLACK;

/* The hint of a loop whose increment also steps a running index. */
extern const char *const CUR_HINT_RUNNING_INDEX;

/* Whether the variable declared at decl has an integer type (char to __int128, signed or not). */
bool cur_integer_type(CXCursor decl);

/* Whether var, declared in loop body `body` before the next loop, is one the loops' readers
 * take: an integer (a row's offset, int row = i * nx;, read where it is used), a pointer (a row
 * pointer, read through), or a float or double with an initializer that body never changes (a
 * coefficient hoisted out of the inner loop, const double c = 1.0 - 4.0 * w;, read as the same
 * local declared in the cell's body; not an accumulator, acc += ... in a filter loop). */
bool cur_prelude_var(CXCursor body, CXCursor var);

/* Whether decl is assigned, incremented or has its address taken anywhere in scope, scope itself
 * included (its initializer aside): then its value is not its initializer's. *where: the first
 * such place. */
bool cur_written(CXTranslationUnit tu, CXCursor scope, CXCursor decl, CXCursor *where);
/* The number of such writes of decl in scope, scope itself included. */
int cur_writes(CXCursor scope, CXCursor decl);

/* Whether no element of the array or pointer variable decl changes in scope: every use
 * subscripts it (the variable itself never reaches a call, an assignment or another pointer;
 * sizeof aside) and no element is assigned, incremented or has its address taken. */
bool cur_elements_unchanged(CXCursor scope, CXCursor decl);

/* Whether decl is an array variable whose elements keep their initial values: of const elements
 * (static const float c[3] = {...}), or a local or a static with an initializer whose elements
 * nothing in its scope changes (float c[5] = {...}; read only as c[r], as codes that leave out
 * const write their coefficient tables). A pointer (const float *power) is no table. */
bool cur_read_only_table(CXCursor decl);

/* Why an array variable of non-const elements with an initializer is no such table (a phrase),
 * or NULL (a table, or no array variable with an initializer). */
const char *cur_table_changes(CXCursor decl);
/* The form to suggest with that phrase. */
extern const char *const CUR_HINT_TABLE;

/* The value the local variable declared at decl has at its use `use`: its initializer, or,
 * declared without one as C89 codes declare their indices (int c, w; ... c = x + y * nx;
 * w = c - 1;, in the loop body or at the top of the function, assigned again in each loop
 * nest), the right side of the last assignment `decl = e;` before the use in the innermost
 * block that holds one, when every write of decl is such an assignment standing in a block and
 * none comes between (*assigned: that statement, else a null cursor). A null cursor when it
 * has neither. */
CXCursor cur_local_value(CXCursor decl, CXCursor use, CXCursor *assigned);

/* cur_local_value at the main file's offset `at` (the start of a region). */
CXCursor cur_local_value_at(CXCursor decl, unsigned at, CXCursor *assigned);

/* Whether statement s is an assignment that gives an integer local declared without a value its
 * value (C89's int c; c = x + y * nx;: cur_local_value), every write of it being one, which the
 * index readers take where the local is used. */
bool cur_index_assignment(CXCursor s);

/* Whether cursors a and b are the same statement, by kind and extent (cursors of one statement
 * reached through different visits need not compare equal). */
bool cur_same_place(CXCursor a, CXCursor b);
/* Whether c is an assignment `lhs = rhs` (kids: lhs, rhs). */
bool cur_is_assignment(CXCursor c, CXCursor kids[2]);

/* Value of an integer constant expression (literals, macros, enumerators, const variables). */
bool cur_eval_int(CXCursor c, long long *v);

/* Value of a numeric literal (through macros): its value and its spelling with any suffix removed,
 * in a form that is a valid floating literal once an 'f' is appended ("5" becomes "5.0"). */
bool cur_literal(CXTranslationUnit tu, CXCursor c, double *value, char text[40]);

/* Value of a constant clang can evaluate (a macro, a const variable, constant arithmetic) and
 * its text, "%.17g" made a floating literal ("5" becomes "5.0"); false when it is no number. */
bool cur_eval_number(CXCursor c, double *value, char text[40]);

/* Whether the expression at c refers to the variable `name`. */
bool cur_mentions(CXCursor c, const char *name);
/* The same, also through the values of the local integer variables c reads, as an index
 * computed first (int idx = i * nx + j; a[idx + 1] mentions i and j), CUR_MAX_LOCAL_DEPTH
 * locals deep at most (int n = idx - nx reads idx, which reads i). */
enum { CUR_MAX_LOCAL_DEPTH = 8 };
bool cur_mentions_through_locals(CXCursor c, const char *name);

/* A counted loop, for (var = lo; var < ext - bound; var++), as both recognisers read it. */
typedef struct {
  CXCursor at;
  char var[IR_NAME_MAX];
  long long lo;          /* first value */
  char ext[IR_NAME_MAX]; /* upper bound symbol ("" when constant) */
  long long bound;       /* var < ext - bound, or var < bound when ext is "" */
  CXCursor body;
} Loop;

/* An array access name[sub[0]][sub[1]]..., its subscripts outermost first. */
typedef struct {
  char name[IR_NAME_MAX];
  CXCursor decl;
  CXCursor sub[1 + IR_MAX_DIMS];
  int nsub;
  /* Through a row pointer (const float *row = &u[i * nx]; row[j - 1]): name and decl are the
   * grid's (u), and row is the pointer's declaration, whose offset into the grid (i * nx) adds
   * to the one subscript; a null cursor otherwise (nest.c). */
  CXCursor row;
} Access;

typedef enum {
  CUR_ACCESS,      /* read into the Access */
  CUR_NO_ACCESS,   /* c is no subscript of a named array */
  CUR_ACCESS_DEEP, /* more than 1 + IR_MAX_DIMS subscripts */
} CurAccess;

/* Reads the array access at c (casts and parentheses stripped); the caller refuses the others. */
CurAccess cur_access(CXCursor c, Access *a);

/* The grid extent a constant loop bound rhs implies (i < rhs, or i <= rhs when le): N for N - R
 * or N (N a macro or a const), the number itself (plus one after <=) for a bare number, 0 when
 * rhs is no constant. A wrong guess only narrows the grid, which the halo check then refuses.
 * size_at (when not NULL): where N is written. */
long long cur_implied_size(CXTranslationUnit tu, CXCursor rhs, bool le, CXCursor *size_at);

/* Whether the declaration decl holds a pointer: declared as one, or a parameter declared as an
 * array whose first size is left out (double u[][N]: libclang gives the type as written). */
bool cur_pointer_decl(CXCursor decl);

/* Whether c subscripts a struct member (g->u[i * nx + j], s.u[i][j]): its name into member. */
bool cur_member_access(CXCursor c, char member[IR_NAME_MAX]);

/* The sizes written in the array declaration decl, in source order, at most 1 + IR_MAX_DIMS
 * (float u[3][nz][nx]: 3, nz, nx); returns how many. */
int cur_decl_sizes(CXCursor decl, CXCursor sizes[1 + IR_MAX_DIMS]);

/* The element type under the pointers and arrays of t (at most 8 levels), or t itself. */
CXType cur_element_type(CXType t);

/* Drops what the helpers remember about tu; call before disposing of it. */
void cur_forget(CXTranslationUnit tu);

/* Parsing the user's file (frontend.c), for every front end that reads it: the words clang reads
 * it with (gnu11, clang's own headers, then every one of the user's flags), an array to free
 * with its count in *n;
 * and running fn(arg) on a thread with the parse stack (libclang and the recognisers recurse as
 * deep as the input nests). */
const char **frontend_clang_args(const FrontendOptions *fo, int *n);
/* The stencil's name: the file's name without its folder and extension. */
void frontend_base_name(const char *path, char out[IR_NAME_MAX]);
void frontend_on_parse_stack(void (*fn)(void *), void *arg);

/* Why the local decl is no run-time local (a phrase: "is assigned in the time loop"), or NULL
 * when it is one: set once before time_loop (null: no loop), by its initializer, one assignment
 * or one call given its address (scanf("%lf", &r);), and never written in the loop. *where:
 * the write that refuses it (the declaration when there is none). A global: NULL when nothing
 * in the file assigns it. The convergence tolerance and the coefficients read such a local as
 * a run-time scalar that the caller passes by name. */
const char *cur_runtime_local_refusal(CXTranslationUnit tu, CXCursor time_loop, CXCursor decl,
                                      CXCursor *where);

/* X % 2 or X & 1, the 2 or 1 a constant: true with *operand X and *modulo whether it is the %
 * (negative for a negative X in C). */
bool cur_parity_operand(CXTranslationUnit tu, CXCursor c, CXCursor *operand, bool *modulo);

/* A test as a parity pick writes it, X, !X, X == c or X != c (any number of ! before it): *x the
 * expression tested (stripped), *comparand c (a null cursor when there is none), and *invert
 * whether a ! or != reverses the test. */
void cur_split_equality_test(CXTranslationUnit tu, CXCursor cond, CXCursor *x, CXCursor *comparand,
                             bool *invert);

/* The pointers the two branches of an if set, set[b][0..n[b]) (b 0: the if's, 1: the else's),
 * as a parity pick sets them: true when both branches set the same ones, pair[i] the index in
 * the else's of the if's i-th; else false, with *lacking the branch (1 or 2, as a child of the
 * if) that does not set a pointer the other sets, and why[] saying so. */
enum { CUR_WHY_MAX = 160 };
bool cur_pair_branch_sets(const CXCursor *const set[2], const int n[2], int *pair, int *lacking,
                          char why[CUR_WHY_MAX]);

#endif
