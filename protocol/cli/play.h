/* rin play: a game against the engine on the terminal for people, without
 * GTP: type a vertex for each stone, the board is redrawn with the last
 * turn's stones marked, the engine's stones are shown as it plays them and
 * every ring's fill and captures are announced. */
#ifndef RIN_PLAY_H
#define RIN_PLAY_H

#include "cli/args.h"

/* Runs `rin play` with the arguments after "play". Returns the exit status
 * (0, 1 on a failure, 2 on bad arguments). */
int play_command(int argc, char **argv);

/* Its options' table (the usage text, and the man page's test). */
const ArgsCommand *play_command_args(void);

#endif
