/* `rin train-patterns`: fits the n-tuple pattern model to selfplay data and
 * writes a pattern weights file. */
#ifndef RIN_PATTERN_TRAIN_COMMAND_H
#define RIN_PATTERN_TRAIN_COMMAND_H

/* argv holds the arguments after "train-patterns"; returns the exit status. */
int pattern_train_command_run(int argc, char **argv);

#endif
