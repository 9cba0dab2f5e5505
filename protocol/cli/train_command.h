/* `rin train`: fits the evaluation's weights to selfplay data and writes a
 * weights file. */
#ifndef RIN_TRAIN_COMMAND_H
#define RIN_TRAIN_COMMAND_H

/* argv holds the arguments after "train"; returns the exit status. */
int train_command_run(int argc, char **argv);

#endif
