/* What the engine does between commands: a streamed rin-analyze writing
 * batches of info lines until the next command, or pondering. Above the
 * command table, whose handlers ask for a stream; gtp.h's entry points
 * start and stop it around each command. */
#ifndef RIN_GTP_BACKGROUND_H
#define RIN_GTP_BACKGROUND_H

#include <stdbool.h>
#include <stdio.h>

#include "gtp/gtp_commands.h"
#include "search/search.h"

/* The analysis search (made on first use); NULL, with the reply an error
 * message, when memory runs out. */
Search *gtp_analysis_search(Gtp *gtp);

/* Starts what the last response left to do: the lines of a streamed
 * rin-analyze (written to `out`) or pondering (gtp_start_background). */
void gtp_background_start(Gtp *gtp, FILE *out);

/* Stops the background search at once (gtp_stop_background). */
void gtp_background_stop(Gtp *gtp);

/* Whether a stream runs and has not yet ended by its limits
 * (gtp_streaming). */
bool gtp_background_streaming(Gtp *gtp);

/* At the end of the input: waits until a stream with limits reaches them
 * (one without limits is left to gtp_background_stop). */
void gtp_background_drain(Gtp *gtp);

#endif
