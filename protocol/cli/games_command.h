/* `rin games`: what a binary file of self-play games (rin-games) holds,
 * summarised, or printed as the text format rin-selfplay. */
#ifndef RIN_GAMES_COMMAND_H
#define RIN_GAMES_COMMAND_H

#include "cli/args.h"

/* argv holds the arguments after "games"; returns the exit status (0 done,
 * 1 a file refused or unreadable, 2 bad arguments). */
int games_command(int argc, char **argv);

/* Its options' table (the usage text, and the man page's test). */
const ArgsCommand *games_command_args(void);

#endif
