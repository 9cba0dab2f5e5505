/* Interactive use on a terminal: a prompt with line editing (libedit),
 * history kept in ~/.rin_history and tab completion of command names. The
 * commands and their responses are exactly those of GTP. */
#ifndef RIN_TERMINAL_H
#define RIN_TERMINAL_H

#include "gtp/gtp.h"

/* Reads commands from the terminal on stdin until `quit` or end of input
 * (Ctrl-D); responses go to stdout. Returns the exit status (0). */
int terminal_run(Gtp *gtp);

#endif
