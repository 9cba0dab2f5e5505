/* `rin solve`: the exact value of a small board, or of a position, under
 * perfect play, with the value of every first stone when asked for
 * (engine/solve/SOLVE.md). */
#ifndef RIN_SOLVE_COMMAND_H
#define RIN_SOLVE_COMMAND_H

#include "cli/args.h"

/* argv holds the arguments after "solve"; returns the exit status (0 the
 * solve ran, proven or stopped by a limit; 1 out of memory; 2 bad
 * arguments). */
int solve_command(int argc, char **argv);

/* Its options' table (the usage text, and the man page's test). */
const ArgsCommand *solve_command_args(void);

#endif
