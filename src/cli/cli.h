/* The stencilc subcommands. Each takes the arguments after its name and returns the process exit
 * code (see main.c for their meaning). */
#ifndef STENCILC_CLI_H
#define STENCILC_CLI_H

enum {
  EXIT_OK = 0,
  EXIT_VERIFY = 1, /* a generated program ran and failed its check */
  EXIT_INPUT = 2,  /* bad input file or bad arguments: nothing was written */
  EXIT_TOOL = 3,   /* a tool failed: compiler missing, build error, write error */
};

int cmd_info(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_model(int argc, char **argv);
int cmd_probe(int argc, char **argv);
int cmd_tune(int argc, char **argv);
int cmd_check(int argc, char **argv);

#endif
