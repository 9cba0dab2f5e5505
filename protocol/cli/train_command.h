/* `rin train`: fits the evaluation's weights to selfplay data and writes a
 * weights file. */
#ifndef RIN_TRAIN_COMMAND_H
#define RIN_TRAIN_COMMAND_H

#include "cli/args.h"

/* argv holds the arguments after "train"; returns the exit status. */
int train_command_run(int argc, char **argv);

/* Its options' table (the usage text, and the man page's test). */
const ArgsCommand *train_command_args(void);

#endif
