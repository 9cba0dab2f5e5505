/* `rin train-patterns`: fits the n-tuple pattern model to selfplay data and
 * writes a pattern weights file. */
#ifndef RIN_PATTERN_TRAIN_COMMAND_H
#define RIN_PATTERN_TRAIN_COMMAND_H

#include "cli/args.h"

/* argv holds the arguments after "train-patterns"; returns the exit status. */
int pattern_train_command_run(int argc, char **argv);

/* Its options' table (the usage text, and the man page's test). */
const ArgsCommand *pattern_train_command_args(void);

#endif
