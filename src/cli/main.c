/* stencilc: an automated stencil compiler. Dispatches to the subcommands. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "options.h"
#include "util/version.h"
#include "program.h"

static const char *const MAIN_HELP =
    "usage: stencilc <command> [options]\n"
    "\n"
    "commands:\n"
    "  info FILE.c [--json]               what stencilc recognised in the stencil\n"
    "  gen FILE.c [--backend B] -o OUT    write a complete program (CUDA or C + OpenMP)\n"
    "  run FILE.c [-s SIZE] [-t STEPS]    generate, build, verify and time (GPU, else CPU)\n"
    "  model FILE.c [--gpu G] [--top N]   rank the GPU strategies by predicted speed\n"
    "  probe                              measure this machine's GPU for the model\n"
    "  tune FILE.c [--top K]              build and time the model's best, cache the fastest\n"
    "  check FILE.c [--backend B]         compare stencilc's program with the user's own code\n"
    "  rewrite FILE.c -o OUT.c            FILE.c with its stencil replaced by a call to a\n"
    "                                     generated library (gen --api) written beside OUT.c\n"
    "\n"
    "'stencilc <command> --help' describes each command; 'stencilc --version' the version.\n"
    "Every command that reads FILE.c takes the C compiler's -I DIR, -D NAME[=VALUE], -U NAME,\n"
    "-std=STD, -include FILE, and --function NAME; options take their value as --name VALUE or\n"
    "--name=VALUE (-s 512 or -s512).\n"
    "\n"
    "exit codes:\n"
    "  0  success\n"
    "  1  a generated program ran and failed verification against the CPU reference\n"
    "  2  the input was refused (a diagnostic file:line:col: error: ... was printed) or the\n"
    "     arguments were wrong; no output file is written\n"
    "  3  a tool failed (compiler missing or failing, file not writable, program crashed)\n";

static const Command *const commands[] = {&command_info, &command_gen, &command_run,
                                          &command_model, &command_tune, &command_check,
                                          &command_rewrite};

/* Options, the stencil (front end with the C flags, dtype defaulting to the source's, --backend
 * auto resolved), the command. */
static int run_command(const Command *c, int argc, char **argv) {
  Options o;
  Stencil st;
  int rc;
  if (program_command(c, argc, argv, &rc)) return rc; /* several stages or fields */
  rc = options_read(argc, argv, &c->options, c->help, &o, &st);
  if (rc >= 0) return rc;
  rc = c->run(&o, &st);
  ir_free(&st);
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
      !strcmp(argv[1], "help")) {
    fputs(MAIN_HELP, argc < 2 ? stderr : stdout);
    return argc < 2 ? EXIT_INPUT : EXIT_OK;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
    printf("stencilc %s\n", STENCILC_VERSION);
    return EXIT_OK;
  }
  if (!strcmp(cmd, "probe")) return cmd_probe(argc - 2, argv + 2);
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    if (!strcmp(cmd, commands[i]->name)) return run_command(commands[i], argc - 2, argv + 2);
  fprintf(stderr, "stencilc: unknown command '%s'\n\n%s", cmd, MAIN_HELP);
  return EXIT_INPUT;
}
