/* rin judge: scores an evaluation on held-out positions whose games'
 * outcomes are known (formats/judge_set.h), and builds such sets from
 * self-play files and SGF records. */
#ifndef RIN_JUDGE_COMMAND_H
#define RIN_JUDGE_COMMAND_H

#include <stdbool.h>

#include "cli/args.h"

/* rin judge ARGS (argv without "rin judge"); returns the exit status. */
int judge_command(int argc, char **argv);

/* Its options' table (the usage text, and the man page's test). */
const ArgsCommand *judge_command_args(void);

#endif
