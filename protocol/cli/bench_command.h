/* The measuring commands: rin playouts (random games per second), rin
 * perft (stone sequences counted), rin bench (the search's node-count
 * signature and speed) and rin suite (a tactical suite solved). */
#ifndef RIN_BENCH_COMMAND_H
#define RIN_BENCH_COMMAND_H

#include "cli/args.h"

/* argv holds the arguments after the command's name; each returns the
 * exit status. */
int playouts_command(int argc, char **argv);
int perft_command(int argc, char **argv);
int bench_command(int argc, char **argv);
int suite_command(int argc, char **argv);

/* Their options' tables (the usage texts, and the man page's test). */
const ArgsCommand *playouts_command_args(void);
const ArgsCommand *perft_command_args(void);
const ArgsCommand *bench_command_args(void);
const ArgsCommand *suite_command_args(void);

#endif
