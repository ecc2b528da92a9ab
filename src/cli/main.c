/* stencilc: an automated stencil compiler. Dispatches to the subcommands. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
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
    "\n"
    "'stencilc <command> --help' describes each command.\n"
    "\n"
    "exit codes:\n"
    "  0  success\n"
    "  1  a generated program ran and failed verification against the CPU reference\n"
    "  2  the input was refused (a diagnostic file:line:col: error: ... was printed) or the\n"
    "     arguments were wrong; no output file is written\n"
    "  3  a tool failed (compiler missing or failing, file not writable, program crashed)\n";

int main(int argc, char **argv) {
  if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
      !strcmp(argv[1], "help")) {
    fputs(MAIN_HELP, argc < 2 ? stderr : stdout);
    return argc < 2 ? EXIT_INPUT : EXIT_OK;
  }
  const char *cmd = argv[1];
  int rc;
  if (program_command(cmd, argc - 2, argv + 2, &rc)) return rc; /* several stages or fields */
  if (!strcmp(cmd, "info")) return cmd_info(argc - 2, argv + 2);
  if (!strcmp(cmd, "gen")) return cmd_gen(argc - 2, argv + 2);
  if (!strcmp(cmd, "run")) return cmd_run(argc - 2, argv + 2);
  if (!strcmp(cmd, "model")) return cmd_model(argc - 2, argv + 2);
  if (!strcmp(cmd, "probe")) return cmd_probe(argc - 2, argv + 2);
  if (!strcmp(cmd, "tune")) return cmd_tune(argc - 2, argv + 2);
  fprintf(stderr, "stencilc: unknown command '%s'\n\n%s", cmd, MAIN_HELP);
  return EXIT_INPUT;
}
